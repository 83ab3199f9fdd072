import BenchmarkEngine
import BenchmarkResults

/// One case of the results: a benchmark plus where it belongs in the CSV and which extra
/// counts it reports. The catalogue (``CaseCatalogue``) builds them; `BenchmarkRun` counts and
/// times them, and reads them only.
@MainActor
public struct BenchmarkCase {
    /// The unit time medians are reported in: one of the time units of ``Metric/Unit``.
    public enum TimeUnit {
        case nanoseconds
        case microseconds
        /// Nanoseconds per whole sample, not per operation: what the harness itself costs.
        case nanosecondsPerSample

        public var unit: Metric.Unit {
            switch self {
            case .nanoseconds: .nanoseconds
            case .microseconds: .microseconds
            case .nanosecondsPerSample: .nanosecondsPerSample
            }
        }

        public var divisor: Double { self == .microseconds ? 1_000 : 1 }
    }

    public internal(set) var suite: Suite
    public internal(set) var architecture: ArchitectureName
    public internal(set) var feature: FeatureName
    public internal(set) var layout: LayoutName?
    public internal(set) var n: Int?
    public internal(set) var timeUnit = TimeUnit.nanoseconds
    /// The timed benchmark; nil for suites that only count (retention).
    public internal(set) var benchmark: Benchmark?
    /// Whether the allocation pass runs for it.
    public internal(set) var countsAllocations = true
    /// Whether tasks created per operation are reported (effects).
    public internal(set) var countsTasks = false
    /// Operations per counted sample. Fixed (never derived from timing) and even, so the counted
    /// work is the same in every run, including intents that alternate between two values.
    public internal(set) var allocationIterations = 1_000
    /// Operations of the counted warm-up sample that comes first; nil: ``allocationIterations``.
    public internal(set) var allocationWarmUp: Int?
    /// Extra exact counts measured after timing, e.g. observers woken per operation.
    public internal(set) var extraCounts: ExtraCounts?
    /// Runs the benchmark's own body for a few operations, untimed, and returns what it found wrong
    /// (empty: the body did the work the case is named for). Nil for the references, whose bodies
    /// touch no architecture, and for the retention suite, which has no timed body.
    var postcondition: Postcondition?

    /// The memberwise initializer, spelled out so that the `@inlinable` case builders (``Catalog``)
    /// may call it.
    @usableFromInline
    init(
        suite: Suite, architecture: ArchitectureName, feature: FeatureName, layout: LayoutName? = nil,
        n: Int? = nil, timeUnit: TimeUnit = .nanoseconds, benchmark: Benchmark? = nil,
        countsAllocations: Bool = true, countsTasks: Bool = false, allocationIterations: Int = 1_000,
        allocationWarmUp: Int? = nil, extraCounts: ExtraCounts? = nil, postcondition: Postcondition? = nil
    ) {
        self.suite = suite
        self.architecture = architecture
        self.feature = feature
        self.layout = layout
        self.n = n
        self.timeUnit = timeUnit
        self.benchmark = benchmark
        self.countsAllocations = countsAllocations
        self.countsTasks = countsTasks
        self.allocationIterations = allocationIterations
        self.allocationWarmUp = allocationWarmUp
        self.extraCounts = extraCounts
        self.postcondition = postcondition
    }

    /// Takes the extra counts of a case: per metric, its value (in the metric's ``Metric/unit``).
    public typealias ExtraCounts =
        @MainActor (_ size: RunSize) async -> [(metric: Metric, value: Double)]

    /// The key of this case's `metric` row.
    public func key(metric: Metric) -> ResultRow.Key {
        ResultRow.Key(caseKey, metric: metric)
    }

    /// The case's rows: its key without the metric.
    public var caseKey: ResultRow.CaseKey {
        ResultRow.CaseKey(suite: suite, architecture: architecture, feature: feature, layout: layout, n: n)
    }

    var name: String {
        [
            suite.rawValue, architecture.rawValue, feature.rawValue, layout?.rawValue ?? "",
            n.map { "n=\($0)" } ?? "",
        ]
        .filter { !$0.isEmpty }
        .joined(separator: " ")
    }
}
