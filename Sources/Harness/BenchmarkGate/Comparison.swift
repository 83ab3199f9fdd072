import BenchmarkResults

/// The regression gate: compares a current run against a committed baseline (docs/gate.md).
///
/// Each row is judged by its ``MetricClass`` and that class's entry in ``GateTolerance/table``:
/// counts with small allowances (one more allocation per operation is always a regression), times
/// as ratios to the in-run reference, never as absolute nanoseconds, so a faster or slower machine
/// does not trip the gate. Growth exponents are reported only.
public struct Comparison: Sendable {
    /// What happened to one metric.
    public enum Verdict: String, Sendable, Comparable, CaseIterable {
        /// A cost rose beyond its tolerance.
        case regression
        /// Observers woken or tasks per operation moved either way: the code does something
        /// else now.
        case behaviourChanged = "behaviour-changed"
        /// A time ratio fell more than ``GateTolerance/suspiciousFall``-fold: more likely a body
        /// the optimiser removed than a real speed-up.
        case suspicious
        case improvement
        case changed
        case unchanged

        /// One line on what the verdict means, for reports.
        public var explanation: String {
            switch self {
            case .regression: "a cost rose beyond its tolerance"
            case .behaviourChanged:
                "observers woken or tasks per operation changed: the code now does something else"
            case .suspicious:
                "a time fell more than \(Int(Comparison.suspiciousSpeedUp))-fold: the body may have been optimised away"
            case .improvement: "a cost fell beyond its tolerance"
            case .changed: "an informational figure moved"
            case .unchanged: "within its tolerance"
            }
        }

        /// True for the verdicts that fail the gate (exit status 1).
        public var fails: Bool { self == .regression || self == .behaviourChanged || self == .suspicious }

        private var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }

        public static func < (lhs: Verdict, rhs: Verdict) -> Bool { lhs.order < rhs.order }
    }

    /// One metric, before and after.
    public struct Change: Sendable, Equatable {
        public var key: ResultRow.Key
        /// The row's unit; ``Metric/Unit/ratio`` for times, which are compared as ratios.
        public var unit: Metric.Unit
        /// For times, the ratio to the in-run reference; for counts, the value itself.
        public var baseline: Double
        public var current: Double
        public var verdict: Verdict
        /// For times, the rise the ratio was allowed (a fraction); nil for other metrics.
        public var timeTolerance: Double? = nil
        /// For instructions, how far the count per operation may move either way
        /// (``Comparison/instructionAllowance(for:)``); nil for other metrics.
        public var instructionAllowance: Double? = nil

        /// The relative change in percent, or `nil` when the baseline is zero.
        public var percent: Double? {
            baseline == 0 ? nil : (current - baseline) / baseline * 100
        }
    }

    /// The fall of a time ratio beyond which it is ``Verdict/suspicious`` (the time classes' shared
    /// ``GateTolerance/suspiciousFall``).
    public static var suspiciousSpeedUp: Double { MetricClass.time.tolerance.suspiciousFall ?? 5 }

    /// How far a baseline row's instructions per operation may move either way before it counts: at
    /// least its class's ``GateTolerance/relative`` of its median, or, for a row counted under several address
    /// offsets (`bench --address-offsets`), as far as it moved over them (its min..max around its
    /// median) plus the mean gap between those counts (min..max over samples − 1) when that is more.
    /// Each case is counted in a process of its own on a settled heap, so a build counts the same in
    /// every run; what still moves a row is where code, data and heap land in memory, which any
    /// change to the program shifts. Lookups keyed by type-metadata addresses move with it; the work
    /// outside them barely does, so that row is gated strictly and the total loosely, and one
    /// counting pass under one layout records a baseline (docs/gate.md, "Instructions").
    public static func instructionAllowance(for row: ResultRow) -> Double {
        let floor = MetricClass(row.key).tolerance.relative * row.median
        let reach = max(row.max - row.median, row.median - row.min)
        let gap = row.sampleCount > 1 ? (row.max - row.min) / Double(row.sampleCount - 1) : 0
        return max(reach + gap, floor)
    }

    /// The reference a run's synchronous time ratios are to: the reference suite's time row whose
    /// ratio is 1 (its first case). Nil when the run has no reference suite. Runs recorded before
    /// `reference/ordinary-work` became the reference name `reference/struct-mutation` here.
    public static func synchronousReference(in rows: [ResultRow]) -> FeatureName? {
        let reference = rows.first { row in
            row.key.suite == .reference && row.key.metric == .time && row.ratioToReference == 1
        }
        return reference?.key.feature
    }

    /// A time tolerance that replaces the default ones (synchronous, heavy, round trip), when given.
    public let timeTolerance: Double?
    /// False when only counts were compared (the runs come from different machines).
    public let comparesTimes: Bool
    /// False when instruction rows were skipped (the runs name different Swift versions or builds).
    public let comparesInstructions: Bool
    /// True when each time ratio was judged on the lower of two runs (``lowerTimes(_:_:)``).
    public let judgesTimesOnTwoRuns: Bool
    /// Every compared metric, failures first, then improvements, then other changes, then the rest.
    public let changes: [Change]

    public var regressions: [Change] { changes.filter { $0.verdict == .regression } }
    public var improvements: [Change] { changes.filter { $0.verdict == .improvement } }
    /// The changes that fail the gate: regressions, behaviour changes, suspicious speed-ups.
    public var failures: [Change] { changes.filter(\.verdict.fails) }
    /// Whether the gate fails: a change fails, or baseline counts were left uncompared.
    public var hasRegression: Bool { changes.contains(where: \.verdict.fails) || !uncompared.isEmpty }
    /// The baseline's counts the current run could not take (their counter was unavailable). Any
    /// fails the gate: a count it did not compare never passes as compared.
    public var uncompared = UncomparedCounts()
    /// One line per metric of ``uncompared``.
    public var notCompared: [String] { uncompared.lines }

    /// Compares two runs row by row.
    ///
    /// Process spreads are skipped (they describe a run's noise), and so are informational rows
    /// present on one side only; every other row must be on both. With `comparesTimes` false, time
    /// rows are skipped too, and so are the informational figures, all derived from times (CPU time,
    /// growth exponents and slopes, cost per observer); with `comparesInstructions` false,
    /// instruction rows. With a `rerun` (a
    /// second run of the same benchmarks), each time row of `current` is judged on the lower of its
    /// two ratios (``lowerTimes(_:_:)``); every other row comes from `current` alone.
    ///
    /// - Throws: ``ComparisonError`` when the runs cannot be compared: rows missing on either side,
    ///   a time row of `current` missing from `rerun`, units that differ, a debug run on either side,
    ///   or a time row without its ratio.
    public init(
        baseline: [ResultRow],
        current: [ResultRow],
        rerun: [ResultRow]? = nil,
        timeTolerance: Double? = nil,
        comparesTimes: Bool = true,
        comparesInstructions: Bool = true
    ) throws(ComparisonError) {
        self.timeTolerance = timeTolerance
        self.comparesTimes = comparesTimes
        self.comparesInstructions = comparesInstructions
        self.judgesTimesOnTwoRuns = rerun != nil && comparesTimes
        let current =
            try rerun.map { rerun throws(ComparisonError) in
                try Self.lowerTimes(current, rerun)
            } ?? current
        // A process spread describes how noisy a run was, not what the code costs: never compared.
        func compared(_ row: ResultRow) -> Bool {
            (comparesTimes || !row.metricClass.isTime && row.metricClass != .informational)
                && (comparesInstructions || !row.metricClass.isInstructions)
                && row.key.metric != .processSpread
        }
        let before = Dictionary(
            baseline.filter(compared).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(
            current.filter(compared).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        func required(_ key: ResultRow.Key) -> Bool { MetricClass(key) != .informational }
        let missingInCurrent = before.keys.filter { after[$0] == nil && required($0) }.sorted()
        let missingInBaseline = after.keys.filter { before[$0] == nil && required($0) }.sorted()
        if !missingInCurrent.isEmpty || !missingInBaseline.isEmpty {
            throw .missingRows(inCurrent: missingInCurrent, inBaseline: missingInBaseline)
        }
        if let debug = (baseline + current).first(where: { $0.configuration != .release }) {
            throw .debugBuild(debug.key)
        }
        let heavy = ResultRow.heavyCases(in: baseline)
        self.changes = try Self.changes(before, after, heavy: heavy, timeTolerance: timeTolerance)
    }

    /// Every row of `before` compared with its row in `after`, sorted by verdict then key.
    private static func changes(
        _ before: [ResultRow.Key: ResultRow], _ after: [ResultRow.Key: ResultRow],
        heavy: Set<ResultRow.CaseKey>, timeTolerance: Double?
    ) throws(ComparisonError) -> [Change] {
        var changes: [Change] = []
        for (key, old) in before {
            guard let new = after[key] else { continue }
            guard old.unit == new.unit else {
                throw .unitMismatch(key, baseline: old.unit, current: new.unit)
            }
            let tolerance = Self.timeTolerance(
                for: old, isHeavy: heavy.contains(key.caseKey), override: timeTolerance)
            changes.append(try Self.compare(old, new, timeTolerance: tolerance))
        }
        return changes.sorted { ($0.verdict, $0.key) < ($1.verdict, $1.key) }
    }

    /// The allowed rise of `row`'s time ratio: `--time-tolerance` when given; else its time class's
    /// (``MetricClass/roundTripTime``, ``MetricClass/heavyTime`` or ``MetricClass/time``).
    public static func timeTolerance(for row: ResultRow, isHeavy: Bool, override: Double? = nil) -> Double {
        override ?? MetricClass(row.key, isHeavy: isHeavy).tolerance.relative
    }

    private static func compare(_ old: ResultRow, _ new: ResultRow, timeTolerance: Double)
        throws(ComparisonError)
        -> Change
    {
        let metricClass = old.metricClass
        let tolerance = metricClass.tolerance
        switch metricClass {
        case .time, .heavyTime, .roundTripTime:
            return try time(old, new, tolerance: timeTolerance)
        case .counts, .retainedBytes:
            return rise(old, new, allowance: tolerance.absolute)
        case .instructions, .instructionsOutsideMetadataLookups:
            var change = rise(old, new, allowance: instructionAllowance(for: old))
            change.instructionAllowance = instructionAllowance(for: old)
            return change
        case .bytes:
            return rise(
                old, new, allowance: tolerance.absolute + tolerance.relative(in: old.key.suite) * old.median)
        case .behaviour:
            let moved = abs(new.median - old.median) > tolerance.absolute
            return Change(
                key: old.key, unit: old.unit, baseline: old.median, current: new.median,
                verdict: moved ? .behaviourChanged : .unchanged)
        case .informational:
            // Moved: by a quarter, and by more than 0.1 (a flat series' exponent wanders by a few
            // hundredths around 0 between runs).
            let moved =
                abs(new.median - old.median) > max(tolerance.absolute, tolerance.relative * abs(old.median))
            return Change(
                key: old.key,
                unit: old.unit,
                baseline: old.median,
                current: new.median,
                verdict: moved ? .changed : .unchanged
            )
        }
    }

    /// A time compared by its ratio to the in-run reference: a regression above `tolerance`, an
    /// improvement below it, suspicious beyond ``suspiciousSpeedUp``; a move smaller than the time
    /// classes' ``GateTolerance/absolute`` (0.01) is none of these, however large in percent.
    private static func time(_ old: ResultRow, _ new: ResultRow, tolerance: Double) throws(ComparisonError)
        -> Change
    {
        guard let before = old.ratioToReference, let after = new.ratioToReference else {
            throw .missingRatio(old.key)
        }
        let verdict: Verdict =
            if abs(after - before) <= MetricClass.time.tolerance.absolute {
                .unchanged
            } else if after > before * (1 + tolerance) {
                .regression
            } else if after < before / suspiciousSpeedUp {
                .suspicious
            } else if after < before / (1 + tolerance) {
                .improvement
            } else {
                .unchanged
            }
        return Change(
            key: old.key, unit: .ratio, baseline: before, current: after, verdict: verdict,
            timeTolerance: tolerance)
    }

    /// A count compared with an allowance for noise: a regression above it, an improvement below.
    private static func rise(_ old: ResultRow, _ new: ResultRow, allowance: Double) -> Change {
        let verdict: Verdict =
            if new.median > old.median + allowance {
                .regression
            } else if new.median < old.median - allowance {
                .improvement
            } else {
                .unchanged
            }
        return Change(
            key: old.key, unit: old.unit, baseline: old.median, current: new.median, verdict: verdict)
    }
}

/// Why two runs cannot be compared. The gate exits with status 2 for these.
public enum ComparisonError: Error, Equatable, CustomStringConvertible {
    case missingRows(inCurrent: [ResultRow.Key], inBaseline: [ResultRow.Key])
    case unitMismatch(ResultRow.Key, baseline: Metric.Unit, current: Metric.Unit)
    case missingRatio(ResultRow.Key)
    case debugBuild(ResultRow.Key)
    /// Time rows of the current run that its rerun lacks (``Comparison/lowerTimes(_:_:)``).
    case missingInRerun([ResultRow.Key])

    public var description: String {
        switch self {
        case .missingRows(let inCurrent, let inBaseline):
            var parts: [String] = []
            if !inCurrent.isEmpty {
                parts.append(
                    "\(inCurrent.count) baseline row(s) missing from the current run, first: \(inCurrent[0])")
            }
            if !inBaseline.isEmpty {
                parts.append(
                    "\(inBaseline.count) current row(s) missing from the baseline, first: \(inBaseline[0])")
            }
            return parts.joined(separator: "; ")
        case .unitMismatch(let key, let baseline, let current):
            return
                "\(key): unit is \(baseline.rawValue) in the baseline but \(current.rawValue) in the current run"
        case .missingRatio(let key):
            return "\(key): a time row without ratio_to_reference"
        case .debugBuild(let key):
            return "\(key): measured in a debug build; only release numbers can be compared"
        case .missingInRerun(let keys):
            return "\(keys.count) time row(s) of the current run missing from the rerun, first: \(keys[0]); "
                + "rerun the same benchmarks"
        }
    }
}
