/// The regression gate: compares a current run against a committed baseline (benchmarks.md,
/// "The regression gate").
///
/// Counts are exact, so any rise is a regression (beyond the spread of repeated counts, for the
/// few async counts that vary with thread timing). Times are compared as ratios to the in-run
/// reference, never as absolute nanoseconds, so a faster or slower machine does not trip the gate;
/// a ratio must rise by more than ``timeTolerance`` to count. Retained bytes per effect must not
/// rise by more than ``retentionAllowance``. Growth exponents are reported only.
public struct Comparison: Sendable {
    /// What happened to one metric.
    public enum Verdict: String, Sendable, Comparable {
        case regression
        case improvement
        case changed
        case unchanged

        private var order: Int {
            switch self {
            case .regression: 0
            case .improvement: 1
            case .changed: 2
            case .unchanged: 3
            }
        }

        public static func < (lhs: Verdict, rhs: Verdict) -> Bool { lhs.order < rhs.order }
    }

    /// One metric, before and after.
    public struct Change: Sendable, Equatable {
        public var key: ResultRow.Key
        public var unit: String
        /// For times, the ratio to the in-run reference; for counts, the value itself.
        public var baseline: Double
        public var current: Double
        public var verdict: Verdict

        /// The relative change in percent, or `nil` when the baseline is zero.
        public var percent: Double? {
            baseline == 0 ? nil : (current - baseline) / baseline * 100
        }
    }

    /// The default allowed rise of a time ratio, as a fraction (see README, "The regression gate").
    public static let defaultTimeTolerance = 0.25

    /// How many bytes per effect a retention figure may rise before it counts as a leak.
    public static let retentionAllowance = 1.0

    public let timeTolerance: Double
    /// Every compared metric, regressions first, then improvements, then other changes, then the rest.
    public let changes: [Change]

    public var regressions: [Change] { changes.filter { $0.verdict == .regression } }
    public var improvements: [Change] { changes.filter { $0.verdict == .improvement } }
    public var hasRegression: Bool { changes.contains { $0.verdict == .regression } }

    /// Compares two runs row by row.
    ///
    /// - Throws: ``ComparisonError`` when the runs cannot be compared: rows missing on either side,
    ///   units that differ, a debug run on either side, or a time row without its ratio.
    public init(
        baseline: [ResultRow],
        current: [ResultRow],
        timeTolerance: Double = Comparison.defaultTimeTolerance
    ) throws(ComparisonError) {
        self.timeTolerance = timeTolerance
        let before = Dictionary(baseline.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(current.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let missingInCurrent = before.keys.filter { after[$0] == nil }.sorted()
        let missingInBaseline = after.keys.filter { before[$0] == nil }.sorted()
        if !missingInCurrent.isEmpty || !missingInBaseline.isEmpty {
            throw .missingRows(inCurrent: missingInCurrent, inBaseline: missingInBaseline)
        }
        if let debug = (baseline + current).first(where: { $0.configuration != "release" }) {
            throw .debugBuild(debug.key)
        }
        var changes: [Change] = []
        for (key, old) in before {
            guard let new = after[key] else { continue }
            guard old.unit == new.unit else {
                throw .unitMismatch(key, baseline: old.unit, current: new.unit)
            }
            changes.append(try Self.compare(old, new, tolerance: timeTolerance))
        }
        self.changes = changes.sorted { ($0.verdict, $0.key) < ($1.verdict, $1.key) }
    }

    private static func compare(_ old: ResultRow, _ new: ResultRow, tolerance: Double) throws(ComparisonError)
        -> Change
    {
        switch old.kind {
        case .time:
            guard let before = old.ratioToBaseline, let after = new.ratioToBaseline else {
                throw .missingRatio(old.key)
            }
            let verdict: Verdict =
                if after > before * (1 + tolerance) {
                    .regression
                } else if after < before / (1 + tolerance) {
                    .improvement
                } else {
                    .unchanged
                }
            return Change(key: old.key, unit: "ratio", baseline: before, current: after, verdict: verdict)
        case .exactCount:
            // Exact when every repetition agreed (min == max): then any rise is a regression. Counts
            // of async work vary by a few runtime allocations per thousand operations with thread
            // timing; such rows carry the spread of their repetitions, and only a rise beyond the
            // larger of the two spreads counts.
            let noise = max(old.max - old.min, new.max - new.min)
            let verdict: Verdict =
                if new.median > old.median + noise {
                    .regression
                } else if new.median < old.median - noise {
                    .improvement
                } else {
                    .unchanged
                }
            return Change(
                key: old.key, unit: old.unit, baseline: old.median, current: new.median, verdict: verdict)
        case .retention:
            let verdict: Verdict =
                if new.median > old.median + retentionAllowance {
                    .regression
                } else if new.median < old.median - retentionAllowance {
                    .improvement
                } else {
                    .unchanged
                }
            return Change(
                key: old.key, unit: old.unit, baseline: old.median, current: new.median, verdict: verdict)
        case .informational:
            let moved = abs(new.median - old.median) > tolerance * max(abs(old.median), 0.1)
            return Change(
                key: old.key,
                unit: old.unit,
                baseline: old.median,
                current: new.median,
                verdict: moved ? .changed : .unchanged
            )
        }
    }
}

/// Why two runs cannot be compared. The gate exits with status 2 for these.
public enum ComparisonError: Error, Equatable, CustomStringConvertible {
    case missingRows(inCurrent: [ResultRow.Key], inBaseline: [ResultRow.Key])
    case unitMismatch(ResultRow.Key, baseline: String, current: String)
    case missingRatio(ResultRow.Key)
    case debugBuild(ResultRow.Key)

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
            return "\(key): unit is \(baseline) in the baseline but \(current) in the current run"
        case .missingRatio(let key):
            return "\(key): a time row without ratio_to_baseline"
        case .debugBuild(let key):
            return "\(key): measured in a debug build; only release numbers can be compared"
        }
    }
}
