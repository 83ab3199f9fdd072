import BenchmarkResults

/// `bench compare --format json`: every compared metric with its verdict, for tools that track the
/// gate's decisions.
///
/// The top level says whether the gate passed (`"pass"` or `"fail"`, the same decision as the exit
/// status), what was compared, and how many metrics got each verdict; `metrics` lists every
/// compared metric in the order of the text report (failures first).
public enum ComparisonJSON {
    /// The whole comparison.
    public struct Report: Codable, Equatable, Sendable {
        public var verdict: String
        /// ``Comparison/notCompared``: the baseline counts the current run could not take.
        public var notCompared: [String]
        /// False when only counts were compared (`--counts-only`).
        public var comparesTimes: Bool
        /// True when each time ratio is the lower of two runs (`--rerun`).
        public var judgesTimesOnTwoRuns: Bool
        /// The tolerance given with `--time-tolerance`, as a fraction; absent when the default ones applied.
        public var timeTolerance: Double?
        /// How many metrics got each verdict; every verdict is present.
        public var verdicts: [String: Int]
        public var metrics: [Metric]
        /// What the gate checked per suite and metric class, and every row it did not, with why.
        public var coverage: GateCoverageJSON
    }

    /// One compared metric.
    public struct Metric: Codable, Equatable, Sendable {
        /// ``ReportText/name(_:)``: the same name `bench run --format json` gives the row.
        public var name: String
        /// `ratio` for times (compared as ratios to the in-run reference), else the row's unit.
        public var unit: String
        public var baseline: Double
        public var current: Double
        /// The relative change in percent; absent when the baseline is 0.
        public var changePercent: Double?
        /// ``Comparison/toleranceText(_:)``.
        public var tolerance: String
        public var verdict: String
        /// Whether this verdict fails the gate.
        public var fails: Bool
    }

    /// The report; `coverage` defaults to one made from `comparison` alone, without the runs' rows.
    public static func report(_ comparison: Comparison, coverage: GateCoverage? = nil) -> Report {
        Report(
            verdict: comparison.hasRegression ? "fail" : "pass",
            notCompared: comparison.notCompared,
            comparesTimes: comparison.comparesTimes,
            judgesTimesOnTwoRuns: comparison.judgesTimesOnTwoRuns,
            timeTolerance: comparison.timeTolerance,
            verdicts: Dictionary(
                uniqueKeysWithValues: Comparison.Verdict.allCases.map { verdict in
                    (verdict.rawValue, comparison.changes.filter { $0.verdict == verdict }.count)
                }),
            metrics: comparison.changes.map { change in
                Metric(
                    name: ReportText.name(change.key), unit: change.unit.rawValue,
                    baseline: change.baseline, current: change.current, changePercent: change.percent,
                    tolerance: comparison.toleranceText(change), verdict: change.verdict.rawValue,
                    fails: change.verdict.fails)
            },
            coverage: GateCoverageJSON(coverage ?? GateCoverage(comparison))
        )
    }

    /// The report as pretty-printed JSON, ending with a newline.
    public static func render(_ comparison: Comparison, coverage: GateCoverage? = nil) throws -> String {
        try ReportJSON.encode(report(comparison, coverage: coverage))
    }
}
