/// One measured number: a suite × architecture × feature × layout × parameter × metric.
///
/// This is the unit of the CSV the runner writes and the gate compares (docs/measurement.md, "Output").
/// Count metrics (allocations, bytes, observers, tasks) are exact and repeat their value in every
/// statistic column; time metrics carry the distribution of their samples.
public struct ResultRow: Equatable, Sendable, Codable {
    /// Identifies a row across runs: everything but the numbers.
    public struct Key: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
        public var suite: Suite
        public var architecture: ArchitectureName
        public var feature: FeatureName
        /// The app's layout, for the `layout` suite's rows; nil for the others.
        public var layout: LayoutName?
        /// The size N the case was built at; nil for cases without a size.
        public var n: Int?
        public var metric: Metric

        public init(
            suite: Suite, architecture: ArchitectureName, feature: FeatureName, layout: LayoutName? = nil,
            n: Int? = nil, metric: Metric
        ) {
            self.suite = suite
            self.architecture = architecture
            self.feature = feature
            self.layout = layout
            self.n = n
            self.metric = metric
        }

        /// Ordered by the CSV spellings, column by column.
        public static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.caseKey.spellings + [lhs.metric.rawValue]).lexicographicallyPrecedes(
                rhs.caseKey.spellings + [rhs.metric.rawValue])
        }

        public var description: String { "\(caseKey) / \(metric.rawValue)" }

        /// Whether the row is of an effect round trip: the `effects` suite, or the submit of a
        /// transfer (whose other rows are in `state-copy`), including the round-trip reference.
        public var isRoundTrip: Bool { suite == .effects || feature == .submitTransfer }
    }

    public var key: Key
    /// The unit of the statistic columns.
    public var unit: Metric.Unit
    public var median: Double
    public var p10: Double
    public var p25: Double
    public var p75: Double
    public var min: Double
    public var max: Double
    /// How many samples the row kept (or, for a count, how many times it was counted): the CSV's
    /// `samples` column.
    public var sampleCount: Int
    /// For time metrics, the row's cost divided by the cost of the reference of its kind timed in the
    /// same rounds: the 10th percentiles for synchronous work, the medians for round trips (the
    /// engine's `CostStatistic`); `nil` otherwise. The CSV's `ratio_to_reference` column.
    public var ratioToReference: Double?
    /// The build that produced the number.
    public var configuration: BuildConfiguration
    /// True when batch sizing stopped at its iteration limit before a sample lasted its target
    /// duration: the body costs next to nothing, which for anything but a reference means the
    /// optimiser removed the work. Written as `iteration-limit` in the CSV's `flags` column.
    public var hitIterationLimit: Bool
    /// True when the machine never ran at its usual speed while this row was timed: its group's
    /// gauge found too few calm rounds within the longest span allowed, so every round was kept
    /// (docs/measurement.md, "Calm rounds"). Written as `disturbed` in the CSV's `flags` column.
    public var wasDisturbed = false
    /// For a row timed in rounds (`time`, `cpu-time`): how many of the rounds its group sampled were
    /// set aside because the gauge found them disturbed; `sampleCount` counts the rounds kept
    /// (docs/measurement.md, "Calm rounds"). Nil for rows not timed in rounds and in files written
    /// before the CSV had its `rounds_set_aside` column.
    public var roundsSetAside: Int?
    /// With `--best-of`, the process this row was taken from: k for the k-th, which ran with seed
    /// + k − 1 (``MedianProcess``). Nil in a run of one process, for rows computed from several processes
    /// (`process-spread`, the derived rows) and in files written before the CSV had its
    /// `best_of_process` column.
    public var bestOfProcess: Int?

    public init(
        key: Key,
        unit: Metric.Unit,
        median: Double,
        p10: Double,
        p25: Double,
        p75: Double,
        min: Double,
        max: Double,
        sampleCount: Int,
        ratioToReference: Double? = nil,
        configuration: BuildConfiguration,
        hitIterationLimit: Bool = false
    ) {
        self.key = key
        self.unit = unit
        self.median = median
        self.p10 = p10
        self.p25 = p25
        self.p75 = p75
        self.min = min
        self.max = max
        self.sampleCount = sampleCount
        self.ratioToReference = ratioToReference
        self.configuration = configuration
        self.hitIterationLimit = hitIterationLimit
    }

    /// A row for an exact count: every statistic is the value itself.
    public static func count(
        _ key: Key,
        unit: Metric.Unit,
        value: Double,
        sampleCount: Int = 1,
        configuration: BuildConfiguration
    ) -> ResultRow {
        ResultRow(
            key: key,
            unit: unit,
            median: value,
            p10: value,
            p25: value,
            p75: value,
            min: value,
            max: value,
            sampleCount: sampleCount,
            configuration: configuration
        )
    }

    /// Bytes allocated per operation from which a case is heavy: 32 KiB, a quarter of glibc's
    /// initial threshold for serving a block by `mmap` (a case just under 64 KiB timed twice as slow
    /// after the rest of a run as alone: docs/measurement.md, "Heavy cases in a process of their
    /// own"). Above it, an operation's allocations outgrow the
    /// per-core caches and can change how the allocator serves large blocks for everything that
    /// runs after it, so a heavy case is timed in rounds of its own, and its time, bound by memory
    /// rather than by the reference's kind of work, is gated with a wider tolerance (the gate's
    /// `MetricClass.heavyTime`).
    public static let heavyBytesPerOperation = 32_768.0

    /// Whether this row is the time of an effect round trip (``Key/isRoundTrip``), timed in µs.
    public var isRoundTripTime: Bool { key.metric == .time && key.isRoundTrip }

    /// Retains per operation from which a case is heavy though it allocates little: 10,000. Such an
    /// operation walks that many objects, and where they lie, which depends on what the process
    /// allocated before the case was built, decides its time: `closure-effects`' scoped no-op at
    /// N = 10,000 (10,011 retains and 112 B per operation) timed about 6,100 times the reference
    /// alone and 9,000 to 11,800 times after the rest of a quick run, on two builds in one hour
    /// (docs/measurement.md, "Heavy cases in a process of their own").
    public static let heavyRetainsPerOperation = 10_000.0

    /// The cases `rows` says are heavy: those whose bytes per operation reach
    /// ``heavyBytesPerOperation`` or whose retains per operation reach ``heavyRetainsPerOperation``.
    public static func heavyCases(in rows: [ResultRow]) -> Set<CaseKey> {
        let threshold: [Metric: Double] = [
            .bytes: heavyBytesPerOperation, .retains: heavyRetainsPerOperation,
        ]
        return Set(
            rows.filter { row in threshold[row.key.metric].map { row.median >= $0 } ?? false }.map(
                \.key.caseKey))
    }
}
