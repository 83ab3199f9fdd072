import BenchmarkResults
import Foundation

extension ReportText {
    /// `, and 12 baseline counts not compared` when the current run could not take some of the
    /// baseline's counts (``Comparison/notCompared``); empty otherwise.
    public static func notComparedClause(_ comparison: Comparison) -> String {
        guard !comparison.notCompared.isEmpty else { return "" }
        let rows = comparison.uncompared.count
        return
            ", and \(rows) baseline count\(rows == 1 ? " was" : "s were") not compared (counters unavailable)"
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
