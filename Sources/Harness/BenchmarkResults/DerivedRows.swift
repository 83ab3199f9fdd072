import Foundation

/// Numbers computed from measured rows rather than measured themselves: how the `layout` times
/// grow with N, and what one more woken observer costs.
///
/// They are derived once, from a run's whole set of measured rows (after ``MedianProcess`` merges several
/// runs, from the merged ones), so they always describe the medians that stand in the file beside
/// them. Their metrics are the ones whose
/// ``Metric/isDerived`` is true, and they are informational.
public enum DerivedRows {
    /// The derived rows of `rows`, which must not contain derived rows themselves.
    public static func compute(from rows: [ResultRow]) -> [ResultRow] {
        let woken = Dictionary(
            rows.filter { $0.key.metric == .observersWoken }.map { (seriesPoint($0.key), $0.median) },
            uniquingKeysWith: { first, _ in first })
        return series(of: rows).flatMap { points in
            derived(from: points, woken: woken)
        }
    }

    /// `rows` with their derived rows, each after the last row of the suite it is derived from (the
    /// place a run has always written them).
    public static func adding(to rows: [ResultRow]) -> [ResultRow] {
        let derived = compute(from: rows)
        guard let suite = derived.first?.key.suite else { return rows }
        let end = (rows.lastIndex { $0.key.suite == suite } ?? rows.endIndex - 1) + 1
        return Array(rows[..<end]) + derived + rows[end...]
    }

    /// `rows` without any derived row.
    public static func removing(from rows: [ResultRow]) -> [ResultRow] {
        rows.filter { !$0.key.metric.isDerived }
    }

    /// The `layout` time rows, one array per architecture, feature and layout, in order of N.
    static func series(of rows: [ResultRow]) -> [[(n: Double, row: ResultRow)]] {
        let sized = rows.compactMap { row -> (n: Double, row: ResultRow)? in
            guard row.key.suite == .layout, row.key.metric == .time, let n = row.key.n.map(Double.init), n > 0
            else { return nil }
            return (n, row)
        }
        let grouped = Dictionary(grouping: sized) { seriesPoint($0.row.key, n: "") }
        return grouped.keys.sorted().compactMap { name in
            let points = grouped[name, default: []].sorted { $0.n < $1.n }
            return points.count >= 2 ? points : nil
        }
    }

    private static func derived(from points: [(n: Double, row: ResultRow)], woken: [String: Double])
        -> [ResultRow]
    {
        let first = points[0]
        var exponentKey = first.row.key
        exponentKey.metric = .growthExponent
        exponentKey.n = nil
        let fit = slope(points.map { (log($0.n), log($0.row.median)) })
        var rows = [row(exponentKey, .exponent, fit, like: first.row, sampleCount: points.count)]
        for (smaller, larger) in zip(points, points.dropFirst()) {
            var key = larger.row.key
            key.metric = .growthSlope
            let step = (log(larger.row.median) - log(smaller.row.median)) / (log(larger.n) - log(smaller.n))
            rows.append(row(key, .exponent, step, like: larger.row, sampleCount: 2))
            let extra = (woken[seriesPoint(larger.row.key)] ?? 0) - (woken[seriesPoint(first.row.key)] ?? 0)
            guard extra > 0 else { continue }
            key.metric = .costPerObserver
            let cost = (larger.row.median - first.row.median) / extra
            rows.append(row(key, larger.row.unit, cost, like: larger.row, sampleCount: 2))
        }
        return rows
    }

    private static func row(
        _ key: ResultRow.Key, _ unit: Metric.Unit, _ value: Double, like: ResultRow, sampleCount: Int
    )
        -> ResultRow
    {
        .count(key, unit: unit, value: value, sampleCount: sampleCount, configuration: like.configuration)
    }

    /// Identifies one point of a series across metrics.
    private static func seriesPoint(_ key: ResultRow.Key, n: String? = nil) -> String {
        "\(key.architecture) \(key.feature) \(key.layout?.rawValue ?? "") \(n ?? key.n.map(String.init) ?? "")"
    }

    /// Least-squares slope of `points`.
    public static func slope(_ points: [(x: Double, y: Double)]) -> Double {
        let count = Double(points.count)
        let meanX = points.reduce(0) { $0 + $1.x } / count
        let meanY = points.reduce(0) { $0 + $1.y } / count
        let covariance = points.reduce(0) { $0 + ($1.x - meanX) * ($1.y - meanY) }
        let variance = points.reduce(0) { $0 + ($1.x - meanX) * ($1.x - meanX) }
        return variance == 0 ? 0 : covariance / variance
    }
}
