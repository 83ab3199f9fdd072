import BenchmarkResults

/// The baseline counts a comparison cannot judge because the current run has none of their kind:
/// its counter was unavailable (not built in, or it failed its self-check: docs/platforms.md). They
/// are listed as not compared, with the reason, and fail the gate: a count the gate did not
/// compare never passes as compared.
public struct UncomparedCounts: Equatable, Sendable {
    /// The baseline rows left out, by metric.
    public var rows: [Metric: [ResultRow]]
    /// Why each metric's rows are missing, where the current run's metadata says.
    public var reasons: [Metric: String]

    /// The baseline rows of `counted` metrics (those of the counters the current run's metadata
    /// names unavailable) for cases `current` measured, or that only such rows describe, where
    /// `current` has no row at all of that metric; `reasons` maps a metric to why.
    public init(baseline: [ResultRow], current: [ResultRow], counted: Set<Metric>, reasons: [Metric: String])
    {
        let missing = counted.subtracting(current.map(\.key.metric))
        // A case is the current run's when it has a row there, or when every baseline row it has is
        // of a missing metric (the retention suite writes retained bytes only).
        let measuredCases = Set(current.map(\.key.caseKey))
        let otherMetrics = Set(baseline.filter { !missing.contains($0.key.metric) }.map(\.key.caseKey))
        let left = Dictionary(
            grouping: baseline.filter { row in
                missing.contains(row.key.metric)
                    && (measuredCases.contains(row.key.caseKey) || !otherMetrics.contains(row.key.caseKey))
            },
            by: \.key.metric)
        rows = left
        self.reasons = reasons.filter { left[$0.key] != nil }
    }

    /// None left out.
    public init() {
        rows = [:]
        reasons = [:]
    }

    public var isEmpty: Bool { rows.isEmpty }

    /// The baseline without the rows left out.
    public func remaining(of baseline: [ResultRow]) -> [ResultRow] {
        let left = Set(rows.values.joined().map(\.key))
        return baseline.filter { !left.contains($0.key) }
    }

    /// How many baseline rows were left out.
    public var count: Int { rows.values.map(\.count).reduce(0, +) }

    /// One line per metric left out, with the first case and why; empty when none is.
    public var lines: [String] {
        Metric.allCases.compactMap { metric in
            guard let left = rows[metric] else { return nil }
            let why = reasons[metric] ?? "the current run has no \(metric.rawValue) rows"
            let first = left.map(\.key).min().map { ", first \($0)" } ?? ""
            return "not compared: \(left.count) \(metric.rawValue) row(s) of the baseline\(first): \(why)"
        }
    }
}
