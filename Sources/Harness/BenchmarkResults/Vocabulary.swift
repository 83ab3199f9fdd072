// The closed vocabulary of a result row: which suite measured it, what it measures and in which
// unit. Each raw value is the spelling in the CSV (docs/measurement.md, "Output"), so files written
// before these types existed read back unchanged; a value outside these sets is an error naming
// the value and its line (``ResultFileError``).

/// A benchmark suite (docs/measurement.md, "Suites and rows"), in the order a run executes them:
/// the CSV's `suite` column.
public enum Suite: String, CaseIterable, Sendable, Codable {
    /// The reference operations every time ratio divides by (spelled `baseline` in older files).
    case reference
    case dispatch
    case dispatchAdapter = "dispatch-adapter"
    case effects
    case layout
    case stateCopy = "state-copy"
    case retention
}

/// What a result row measures: the CSV's `metric` column.
///
/// Adding a metric is one case, whose raw value is its CSV spelling, plus its answers in two
/// switches: ``unit`` below (the unit every row of it carries, or nil when the unit depends on the
/// case) and, in the gate, `Metric.metricClass` (BenchmarkGate's `MetricClass.swift`: how the
/// regression gate compares it, the one classification of metrics). The compiler points at both.
/// An exact count of retains, say, is `case retains` with class `.counts` (gated like allocations)
/// or `.informational` (reported only) and unit `.count`. ``isDerived`` lists the metrics
/// ``DerivedRows`` computes. Files written before a metric existed still read; a file that names a
/// metric this list lacks is refused, naming the value and line.
public enum Metric: String, CaseIterable, Sendable, Codable {
    /// Wall-clock time per operation (or per sample, for the harness's own cost).
    case time
    /// Process CPU time per operation, reported beside the gated wall time.
    case cpuTime = "cpu-time"
    /// Heap allocations per operation.
    case mallocs
    /// Calls to the runtime's retain entry points per operation (an `_n` call counts n).
    case retains
    /// Calls to the runtime's release entry points per operation (an `_n` call counts n).
    case releases
    /// Instructions per operation, counted under Valgrind's callgrind (`bench --instructions`).
    case instructions
    /// The part of ``instructions`` that ran outside hash-table lookups keyed by type-metadata
    /// addresses (the Swift runtime's type caches, tables keyed by key paths), which probe more or
    /// fewer slots as addresses move (docs/measurement.md, "Instructions").
    case instructionsOutsideMetadataLookups = "instructions-outside-metadata-lookups"
    /// Bytes allocated per operation.
    case bytes
    /// Tasks started per operation.
    case tasks
    /// Observers notified per operation.
    case observersWoken = "observers-woken"
    /// Heap bytes still held per finished effect.
    case retainedBytes = "retained-bytes"
    /// The least-squares slope of log(time) against log(N) over a whole `layout` series: 0 means
    /// the cost does not grow with N, 1 that it grows linearly. One row per architecture and layout.
    case growthExponent = "growth-exponent"
    /// The same slope between one size and the next smaller one, on the row of the larger size: it
    /// shows where a series bends, which a single fit averages away.
    case growthSlope = "growth-slope"
    /// The extra time per extra woken observer against the smallest size of a series:
    /// (time(N) - time(N0)) / (woken(N) - woken(N0)); absent where no more observers woke.
    case costPerObserver = "cost-per-observer"
    /// Per time row of a `--best-of` run, the spread of its ratio across the processes:
    /// (largest - smallest) / smallest, in percent (``MedianProcess``).
    case processSpread = "process-spread"

    /// The unit of every row of this metric; nil for the metrics measured in the time unit of
    /// their case (`ns`, `us` or `ns/sample`).
    public var unit: Unit? {
        switch self {
        case .time, .cpuTime, .costPerObserver: nil
        case .mallocs, .retains, .releases, .instructions, .instructionsOutsideMetadataLookups, .tasks,
            .observersWoken:
            .count
        case .bytes, .retainedBytes: .bytes
        case .growthExponent, .growthSlope: .exponent
        case .processSpread: .percent
        }
    }

    /// True for the metrics ``DerivedRows`` computes from other rows after a run.
    public var isDerived: Bool {
        [.growthExponent, .growthSlope, .costPerObserver].contains(self)
    }
}

extension Metric {
    /// The unit of a row's statistic columns: the CSV's `unit` column. (Nested in ``Metric`` because
    /// Foundation already has a `Unit`.)
    public enum Unit: String, CaseIterable, Sendable, Codable {
        case nanoseconds = "ns"
        case microseconds = "us"
        /// Nanoseconds per whole sample, not per operation: what the harness itself costs.
        case nanosecondsPerSample = "ns/sample"
        case count
        case bytes = "B"
        /// A growth exponent or slope, without dimension.
        case exponent
        case percent = "%"
        /// A time divided by the in-run reference's time: the unit the gate compares times in
        /// (BenchmarkGate's `Comparison.Change.unit`). `bench` never writes it to a file.
        case ratio
    }
}

/// The build that produced a number: the CSV's `configuration` column and the metadata's.
public enum BuildConfiguration: String, CaseIterable, Sendable, Codable {
    case release
    case debug

    /// The configuration this code was compiled in. Times from a debug build are not meaningful,
    /// so a run refuses to report them unless asked, and labels them when it does.
    public static var current: BuildConfiguration {
        #if DEBUG
            .debug
        #else
            .release
        #endif
    }
}

/// A name in a result row's key (architecture, feature, layout), checked when it is made: its raw
/// value is its CSV spelling. A literal that is not a valid name stops the program, so a typo in
/// the code cannot make a row no reader accepts.
public protocol RowName: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    ExpressibleByStringLiteral,
    CustomStringConvertible
where RawValue == String, StringLiteralType == String {
    init?(rawValue: String)
}

extension RowName {
    public init(stringLiteral value: String) {
        guard let name = Self(rawValue: value) else {
            preconditionFailure("'\(value)' is not a valid \(Self.self)")
        }
        self = name
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }

    /// Whether `text` is a lowercase identifier: letters a-z and digits in words joined by single
    /// hyphens (`closure-effects`, `single-store-scoped`).
    static func isIdentifier(_ text: String) -> Bool {
        let words = text.split(separator: "-", omittingEmptySubsequences: false)
        return words.allSatisfy { word in
            !word.isEmpty
                && word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        } && text.first?.isLetter == true
    }
}

/// The architecture a row measures: one of the registered architectures' ids, or ``reference``.
///
/// Not a closed list: any lowercase identifier is a name, so a store added from outside the
/// package gets rows of its own without a change here.
public struct ArchitectureName: RowName {
    public let rawValue: String

    public init?(rawValue: String) {
        guard Self.isIdentifier(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// The architecture column of the reference benchmarks, whose times every ratio divides by.
    public static let reference: ArchitectureName = "reference"
}

/// What a row's operation is: a feature group, or a feature group and an operation of it
/// (`transfer/selectFrom`).
public struct FeatureName: RowName {
    public let rawValue: String

    /// Any text but the empty one.
    public init?(rawValue: String) {
        guard !rawValue.isEmpty else { return nil }
        self.rawValue = rawValue
    }

    /// The feature group: `transfer` for `transfer/selectFrom`; a feature group is its own.
    public var featureGroup: String { String(rawValue.prefix { $0 != "/" }) }

    /// The submit of a transfer, the one round trip outside the `effects` suite (in `state-copy`).
    public static let submitTransfer: FeatureName = "transfer/submitTransfer"
}

/// How a `layout` row's app is composed (`single-store`, `single-store-scoped`, `multi-store`).
public struct LayoutName: RowName {
    public let rawValue: String

    public init?(rawValue: String) {
        guard Self.isIdentifier(rawValue) else { return nil }
        self.rawValue = rawValue
    }
}
