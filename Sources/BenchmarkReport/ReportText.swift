import Foundation

/// How reports name a row and print a number, shared by the text, Markdown and JSON reports.
public enum ReportText {
    /// `, and 12 baseline counts not compared` when the current run could not take some of the
    /// baseline's counts (``Comparison/notCompared``); empty otherwise.
    public static func notComparedClause(_ comparison: Comparison) -> String {
        guard !comparison.notCompared.isEmpty else { return "" }
        let rows = comparison.uncompared.count
        return
            ", and \(rows) baseline count\(rows == 1 ? " was" : "s were") not compared (counters unavailable)"
    }

    /// A row's stable name: suite, architecture, feature, then the layout and `n=<N>` when the row has
    /// them, then the metric, joined by `/`; e.g. `dispatch/closure-effects/counter/increment/time`
    /// or `layout/store-subclass/app/increment/single-store/n=10/mallocs`. It is made of the row's
    /// key alone, so the same benchmark has the same name in every run.
    public static func name(_ key: ResultRow.Key) -> String {
        [
            text(key.suite), text(key.architecture), text(key.feature), key.layout.map(text) ?? "",
            key.n.map { "n=\($0)" } ?? "", text(key.metric),
        ]
        .filter { !$0.isEmpty }
        .joined(separator: "/")
    }

    /// Three significant digits, without exponent notation for everyday magnitudes.
    public static func number(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value == value.rounded() && abs(value) < 1e9 { return String(Int(value)) }
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
        return String(format: "%.\(decimals)f", value)
    }

    /// ``number(_:)`` without trailing zeros: `0.5` rather than `0.500`.
    public static func short(_ value: Double) -> String {
        let text = number(value)
        guard text.contains(".") else { return text }
        return String(text.reversed().drop { $0 == "0" }.drop { $0 == "." }.reversed())
    }

    /// A change as the reports print it: in percent, or as the difference when the baseline is near
    /// zero, where a percentage says nothing (a growth exponent of 0.01 that becomes 0.05 moved by
    /// +0.04, not by +400%). Near zero is 0, an exponent, or below 1 for any figure but a time ratio
    /// (whose tolerance is a percentage of itself).
    public static func change(_ change: Comparison.Change) -> String {
        let nearZero =
            change.unit == .exponent || change.unit != .ratio && abs(change.baseline) < 1
        if let percent = change.percent, !nearZero { return String(format: "%+.1f%%", percent) }
        let difference = change.current - change.baseline
        return difference == 0 ? "0" : (difference > 0 ? "+" : "-") + number(abs(difference))
    }

    /// A key field as it is written in the CSV.
    static func text<Value: RawRepresentable>(_ value: Value) -> String where Value.RawValue == String {
        value.rawValue
    }
}

extension Comparison {
    /// The allowance `change` was judged with, as a reader would write it: `+50%` for a time ratio
    /// (the rise allowed before a regression), `±0.5` for a count, `±37 B` for bytes or retained bytes, `reported only`
    /// for informational figures.
    public func toleranceText(_ change: Change) -> String {
        let metricClass = MetricClass(change.key)
        let tolerance = metricClass.tolerance
        switch metricClass {
        case .time, .heavyTime, .roundTripTime:
            return "+\(ReportText.short((change.timeTolerance ?? 0) * 100))%"
        case .counts, .behaviour:
            return "±\(ReportText.short(tolerance.absolute))"
        case .instructions, .instructionsOutsideMetadataLookups:
            let allowance = change.instructionAllowance ?? 0
            return allowance == 0 ? "exact" : "±\(ReportText.short(allowance))"
        case .bytes:
            let bytes = tolerance.absolute + tolerance.relative(in: change.key.suite) * change.baseline
            return "±\(ReportText.short(bytes)) B"
        case .retainedBytes:
            return "±\(ReportText.short(tolerance.absolute)) B"
        case .informational:
            return "reported only"
        }
    }
}
