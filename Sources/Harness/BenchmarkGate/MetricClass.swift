import BenchmarkResults

/// How the regression gate treats a row: the one classification of metrics. A metric's own class
/// is ``Metric/metricClass``; a row's also depends on its case (``init(_:isHeavy:)``): the
/// reference's times are informational, and a time splits by the tolerance that applies to it.
/// The raw value is what the coverage report prints.
public enum MetricClass: String, CaseIterable, Sendable, Codable {
    /// A synchronous case's time: compared as a ratio to the in-run reference.
    case time
    /// The time of a heavy case (``ResultRow/heavyCases(in:)``), bound by memory.
    case heavyTime = "time (heavy)"
    /// The time of an effect round trip (``ResultRow/Key/isRoundTrip``), timed in µs.
    case roundTripTime = "time (round trip)"
    /// Allocations, retains and releases per operation.
    case counts
    /// Bytes allocated per operation.
    case bytes
    /// Instructions per operation counted under Valgrind (`bench --instructions`).
    case instructions
    /// Instructions outside lookups keyed by type-metadata addresses: a class of its own, since a
    /// rise in the program's own code is caught there at a far smaller size than in all of them.
    case instructionsOutsideMetadataLookups = "instructions outside metadata lookups"
    /// Observers woken and tasks started per operation: what an operation does, gated either way.
    case behaviour
    /// Heap bytes a store still holds per finished effect: a leak check.
    case retainedBytes = "retained-bytes"
    /// Derived or descriptive figures and the reference's times: reported, never gated.
    case informational

    /// The class of the row `key` names, `isHeavy` when the baseline says its case is heavy.
    ///
    /// The times of the reference benchmarks (architecture `reference`) are the denominators of
    /// every ratio: they describe the machine, not the code under test, so they are informational.
    public init(_ key: ResultRow.Key, isHeavy: Bool = false) {
        switch key.metric.metricClass {
        case .time where key.architecture == .reference: self = .informational
        case .time where key.isRoundTrip: self = .roundTripTime
        case .time where isHeavy: self = .heavyTime
        case let metricClass: self = metricClass
        }
    }

    /// The class of `row`, given the cases the baseline says are heavy.
    public init(_ row: ResultRow, heavy: Set<ResultRow.CaseKey>) {
        self.init(row.key, isHeavy: heavy.contains(row.key.caseKey))
    }

    /// True for the three time classes.
    public var isTime: Bool { self == .time || self == .heavyTime || self == .roundTripTime }

    /// True for the two instruction classes.
    public var isInstructions: Bool { self == .instructions || self == .instructionsOutsideMetadataLookups }

    /// True when the smallest change caught is a fraction of the baseline rather than an amount.
    public var isRelative: Bool { isTime || isInstructions }

    /// How far a row of this class may move before the gate calls it a change.
    public var tolerance: GateTolerance {
        GateTolerance.table[self] ?? GateTolerance(absolute: 0, relative: 0)
    }

    var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}

extension ResultRow {
    /// How the gate compares this row, not knowing whether its case is heavy (a heavy case's time
    /// classes as ``MetricClass/time`` here; ``MetricClass/init(_:heavy:)`` knows the heavy cases).
    public var metricClass: MetricClass { MetricClass(key) }
}

extension Metric {
    /// The class of the metric's rows, except the rows whose case makes a difference (the
    /// reference's times, round trips and heavy cases): see ``MetricClass/init(_:isHeavy:)``.
    public var metricClass: MetricClass {
        switch self {
        case .time: .time
        case .mallocs, .retains, .releases: .counts
        case .instructions: .instructions
        case .instructionsOutsideMetadataLookups: .instructionsOutsideMetadataLookups
        case .bytes: .bytes
        case .retainedBytes: .retainedBytes
        case .tasks, .observersWoken: .behaviour
        case .cpuTime, .growthExponent, .growthSlope, .costPerObserver, .processSpread: .informational
        }
    }
}

/// How far a row of one ``MetricClass`` may move before the gate calls it a change: the gate's
/// policy as data (``table``). What the two numbers mean depends on the class, as
/// ``Comparison`` applies them and docs/gate.md, "Tolerances", says with each one's reason:
///
/// - times: a ratio to the in-run reference counts when it moves by more than ``absolute`` and
///   rises above 1 + ``relative`` times the baseline's (or falls below its inverse); a fall of
///   more than ``suspiciousFall``-fold is suspicious;
/// - counts, behaviour, retained bytes: a move of more than ``absolute`` (behaviour either way);
/// - bytes: a move of more than ``absolute`` plus ``relative`` (or the suite's own, in
///   ``relativeBySuite``) of the baseline;
/// - instructions: a move either way of more than ``relative`` of the baseline, or of the row's
///   own spread over address offsets when that is more (``Comparison/instructionAllowance(for:)``);
/// - informational: moved when by more than ``absolute`` and by more than ``relative`` of the
///   baseline; reported, never failing.
public struct GateTolerance: Sendable, Equatable {
    /// The part of the allowance in the row's own unit (a ratio, for times).
    public var absolute: Double
    /// The part of the allowance as a fraction of the baseline.
    public var relative: Double
    /// For times, the fall (a factor) beyond which a ratio is suspicious rather than an improvement.
    public var suspiciousFall: Double? = nil
    /// For bytes, the suites whose ``relative`` part differs, and theirs.
    public var relativeBySuite: [Suite: Double] = [:]

    /// The ``relative`` part for a row of `suite`.
    public func relative(in suite: Suite) -> Double { relativeBySuite[suite] ?? relative }

    /// The gate's tolerances. Each entry's reason is its row of docs/gate.md, "Tolerances" (the
    /// class name is in that row), with the evidence that chose it linked there.
    public static let table: [MetricClass: GateTolerance] = [
        .time: GateTolerance(absolute: 0.01, relative: 0.20, suspiciousFall: 5),
        .heavyTime: GateTolerance(absolute: 0.01, relative: 1.0, suspiciousFall: 5),
        .roundTripTime: GateTolerance(absolute: 0.01, relative: 0.5, suspiciousFall: 5),
        .counts: GateTolerance(absolute: 0.5, relative: 0),
        .behaviour: GateTolerance(absolute: 0.5, relative: 0),
        .instructions: GateTolerance(absolute: 0, relative: 0.10),
        .instructionsOutsideMetadataLookups: GateTolerance(absolute: 0, relative: 0.002_5),
        .bytes: GateTolerance(absolute: 32, relative: 0.001, relativeBySuite: [.layout: 0.005]),
        .retainedBytes: GateTolerance(absolute: 1, relative: 0),
        .informational: GateTolerance(absolute: 0.1, relative: 0.25),
    ]
}
