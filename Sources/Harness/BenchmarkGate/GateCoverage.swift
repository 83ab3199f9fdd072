import BenchmarkResults

/// What a comparison gated: for every row of either run, whether the gate judged it and, if so, the
/// smallest rise it catches; if not, why (docs/gate.md, "What the report says it gated").
///
/// Built from a ``Comparison`` and the two runs' rows, it is what the text, Markdown and JSON
/// reports summarise per suite and metric class, so a reader sees how many rows each rule covered,
/// the tolerance it applied, and which rows no rule covered.
public struct GateCoverage: Sendable, Equatable {
    /// Why a row was not gated.
    public enum Reason: String, CaseIterable, Sendable {
        /// An informational row the current run has and the baseline lacks.
        case noBaselineRow = "no-baseline-row"
        /// An informational row the baseline has and the current run lacks.
        case noCurrentRow = "no-current-row"
        /// A time ratio at or below the time classes' ``GateTolerance/absolute``: only a rise of more than the
        /// floor counts, so the row would have to more than double.
        case belowTimeFloor = "below-time-floor"
        /// Times were not compared (`--counts-only`).
        case timesNotCompared = "times-not-compared"
        /// Instructions were not compared: the runs name another Swift version or build.
        case instructionsNotCompared = "instructions-not-compared"
        /// Reported, never gated: growth figures, reference times, CPU time, process spreads.
        case informational

        /// A few words for reports.
        public var phrase: String {
            switch self {
            case .noBaselineRow: "no baseline row"
            case .noCurrentRow: "no current row"
            case .belowTimeFloor:
                "below the \(ReportText.short(MetricClass.time.tolerance.absolute)) ratio floor"
            case .timesNotCompared: "times not compared"
            case .instructionsNotCompared: "other Swift version or build"
            case .informational: "informational"
            }
        }
    }

    /// One row of either run.
    public struct Entry: Sendable, Equatable {
        public var key: ResultRow.Key
        public var metricClass: MetricClass
        /// Why the row was not gated; nil when it was.
        public var reason: Reason?
        /// For a gated row, the rise beyond which the gate fails even when the current run lands at
        /// the low end of the baseline's own spread: a fraction of the baseline for times and
        /// instructions, else in the row's unit per operation. Nil when the row was not gated.
        public var smallestCaught: Double?
    }

    /// Every row of either run, in key order.
    public let entries: [Entry]
    /// Why no time was gated, when none was; nil when some time was.
    public let noTimeGated: String?
    /// The time tolerance that replaced the defaults (`--time-tolerance`), when given.
    public let timeTolerance: Double?

    /// The rows `comparison` judged and those it did not, with the reason.
    ///
    /// `baseline` and `current` are the rows the comparison was made from: the baseline gives each
    /// time row's spread (its `process-spread` row, or its p25..p75 relative to the median without
    /// one) and each count's min..max. `machineNote` says why times were left out, when the caller
    /// knows more than `--counts-only` (another CPU model).
    public init(
        _ comparison: Comparison, baseline: [ResultRow] = [], current: [ResultRow] = [],
        machineNote: String? = nil
    ) {
        let rows = GateCoverageRows(comparison, baseline: baseline)
        var entries = rows.compared()
        let judged = Set(entries.map(\.key))
        entries += rows.uncompared(baseline.filter { !judged.contains($0.key) }, present: current)
        entries += rows.onlyCurrent(current, baseline: baseline, judged: judged)
        self.entries = entries.sorted { $0.key < $1.key }
        self.timeTolerance = comparison.timeTolerance
        self.noTimeGated =
            self.entries.contains { $0.metricClass.isTime && $0.reason == nil }
            ? nil : Self.noTimeReason(comparison, self.entries, machineNote: machineNote)
    }

    /// Why no time was gated, as a phrase.
    private static func noTimeReason(_ comparison: Comparison, _ entries: [Entry], machineNote: String?)
        -> String
    {
        if !comparison.comparesTimes {
            return "counts only (--counts-only)" + (machineNote.map { ", \($0)" } ?? "")
        }
        let timeRows = entries.filter { $0.metricClass.isTime }
        return timeRows.isEmpty
            ? "the baseline has no time rows"
            : "every time row is \(timeRows.first?.reason?.phrase ?? "not gated")"
    }

    /// The gated entries.
    public var gated: [Entry] { entries.filter { $0.reason == nil } }

    /// One coverage line per suite and metric class, in the order a run executes the suites.
    public var lines: [GateCoverageLine] {
        let grouped = Dictionary(grouping: entries) {
            SuiteClass(suite: $0.key.suite, metricClass: $0.metricClass)
        }
        return grouped.keys.sorted().map { GateCoverageLine(entries: grouped[$0] ?? [], coverage: self) }
    }

    /// The entries grouped per metric class across suites: the text report's short version.
    public var classes: [GateCoverageLine] {
        let grouped = Dictionary(grouping: entries, by: \.metricClass)
        return MetricClass.allCases.compactMap { metricClass in
            grouped[metricClass].map { GateCoverageLine(entries: $0, coverage: self) }
        }
    }

    private struct SuiteClass: Hashable, Comparable {
        var suite: Suite
        var metricClass: MetricClass

        static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.suite.order, lhs.metricClass.order) < (rhs.suite.order, rhs.metricClass.order)
        }
    }
}
