import BenchmarkReport

/// What the user asked `bench` to do, parsed from its arguments.
///
/// Parsing is separate from running so that every error message is tested without running a
/// benchmark. Each error is one line naming the problem (``BenchError/usage(_:)``). The options are
/// declared once, in ``CommandOption/all``.
public enum Invocation: Equatable, Sendable {
    /// Run the selected benchmarks and write their results.
    case run(RunOptions)
    /// List suites, architectures and features (respecting a filter).
    case list(Filter)
    /// Compare two result files: the regression gate.
    case compare(CompareOptions)
    /// Refresh the gate's baseline: a best-of-N release run written to ``baselinePath`` (or
    /// `--output`) with its metadata.
    case updateBaseline(RunOptions)
    /// Print the help text.
    case help

    /// Where `bench baseline update` writes unless given `--output`.
    public static let baselinePath = "results/baseline.csv"

    /// How many processes `bench baseline update` runs unless given `--best-of`.
    public static let baselineBestOf = 3

    /// Options of a benchmark run.
    public struct RunOptions: Equatable, Sendable {
        public var filter = Filter()
        public var quick = false
        public var format = OutputFormat.csv
        public var output: String?
        public var allowDebug = false
        /// Timed samples per benchmark; `nil` picks the default for the run size.
        public var samples: Int?
        /// Run this many separate processes and keep each case's rows from its middle process.
        public var bestOf = 1
        /// Time in this many processes that share every group's rounds; nil: the run size's default.
        public var timingProcesses: Int?
        /// Seeds the shuffled order of the timing rounds; nil picks one from the clock.
        public var seed: UInt64?
        /// Count instructions per operation under Valgrind instead of timing (synchronous cases only).
        public var instructions = false
        /// Time round trips with threads free on every CPU instead of confined to one.
        public var allCPUs = false

        public init() {}
    }

    /// Options of `bench compare`.
    public struct CompareOptions: Equatable, Sendable {
        public var baseline: String
        public var current: String
        /// Replaces the default time tolerances (a fraction) when given.
        public var timeTolerance: Double?
        /// Also list metrics that did not change.
        public var showAll = false
        /// Compare times even when the two runs' metadata name different CPU models or Swift versions.
        public var allowOtherMachine = false
        /// Compare counts only (no time rows): the gate for a run without a same-machine baseline.
        public var countsOnly = false
        /// How the report is written.
        public var format = ReportFormat.text

        public init(baseline: String, current: String, timeTolerance: Double? = nil) {
            self.baseline = baseline
            self.current = current
            self.timeTolerance = timeTolerance
        }
    }

    /// How results are printed.
    public enum OutputFormat: String, Equatable, Sendable, CaseIterable {
        case csv
        case table
        /// github-action-benchmark's `customSmallerIsBetter` list (``RunJSON``).
        case json
    }

    /// How the gate's report is printed.
    public enum ReportFormat: String, Equatable, Sendable, CaseIterable {
        /// An aligned table for a terminal or a CI log.
        case text
        /// For a pull request comment or a job summary (``MarkdownReport``).
        case markdown
        /// Every compared metric with its verdict (``ComparisonJSON``).
        case json
    }
}

/// Selects benchmarks by suite, architecture, feature, layout and size.
///
/// Terms are exact names, comma-separated or given in several `--filter` options; a size is written
/// `n=<N>`; a feature is a group (`transfer`) or one case's feature (`transfer/selectFrom`). A
/// benchmark is selected when it matches one of the terms of every kind that has any: `--filter
/// dispatch,effects` runs two suites for every architecture; `--filter
/// layout,closure-effects,single-store,n=10` runs one case.
public struct Filter: Equatable, Sendable {
    public var suites: Set<String> = []
    public var architectures: Set<String> = []
    public var features: Set<String> = []
    public var layouts: Set<String> = []
    public var sizes: Set<Int> = []

    public init(
        suites: Set<String> = [], architectures: Set<String> = [], features: Set<String> = [],
        layouts: Set<String> = [], sizes: Set<Int> = []
    ) {
        self.suites = suites
        self.architectures = architectures
        self.features = features
        self.layouts = layouts
        self.sizes = sizes
    }

    /// A filter that selects exactly the case `group` names (a heavy case's own timing process).
    public init(selecting group: ResultRow.Key.Group) {
        self.init(
            suites: [group.suite.rawValue], architectures: [group.architecture], features: [group.feature],
            layouts: group.layout.isEmpty ? [] : [group.layout], sizes: Int(group.n).map { [$0] } ?? [])
    }

    public var isEmpty: Bool { terms.isEmpty }

    /// `transfer` for `transfer/selectFrom`; a group is its own group.
    static func group(of feature: String) -> String {
        String(feature.prefix { $0 != "/" })
    }

    /// Every term, in a stable order: what a child process of `--best-of` is given.
    public var terms: [String] {
        suites.sorted() + architectures.sorted() + features.sorted() + layouts.sorted()
            + sizes.sorted().map { "n=\($0)" }
    }

    /// Whether a case is selected; a nil `layout` or `n` (a whole group being asked about) is not
    /// excluded by layout or size terms.
    public func selects(
        suite: String, architecture: String, feature: String, layout: String? = nil, n: Int? = nil
    ) -> Bool {
        (suites.isEmpty || suites.contains(suite))
            && (architectures.isEmpty || architectures.contains(architecture))
            && (features.isEmpty || features.contains(feature) || features.contains(Self.group(of: feature))
                || features.contains { Self.group(of: $0) == feature })
            && (layouts.isEmpty || layout.map { layouts.contains($0) } ?? true)
            && (sizes.isEmpty || n.map { sizes.contains($0) } ?? true)
    }
}

/// The names a filter may use, supplied by the benchmark catalogue.
public struct Vocabulary: Sendable {
    public var suites: [String]
    public var architectures: [String]
    public var features: [String]
    public var layouts: [String]
    public var sizes: [Int]

    public init(
        suites: [String], architectures: [String], features: [String], layouts: [String] = [],
        sizes: [Int] = []
    ) {
        self.suites = suites
        self.architectures = architectures
        self.features = features
        self.layouts = layouts
        self.sizes = sizes
    }
}

extension Filter {
    /// Adds the comma-separated terms of `text`, each sorted into its kind by `vocabulary`.
    static func add(_ text: String, to filter: inout Filter, vocabulary: Vocabulary) throws(BenchError) {
        for term in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            if vocabulary.suites.contains(term) {
                filter.suites.insert(term)
            } else if vocabulary.architectures.contains(term) {
                filter.architectures.insert(term)
            } else if vocabulary.features.contains(term) {
                filter.features.insert(term)
            } else if vocabulary.layouts.contains(term) {
                filter.layouts.insert(term)
            } else if term.hasPrefix("n="), let n = Int(term.dropFirst(2)), vocabulary.sizes.contains(n) {
                filter.sizes.insert(n)
            } else {
                throw .usage(
                    "unknown filter '\(term)'; suites: \(vocabulary.suites.joined(separator: ", ")); "
                        + "architectures: \(vocabulary.architectures.joined(separator: ", ")); "
                        + "features: \(vocabulary.features.joined(separator: ", ")); "
                        + "layouts: \(vocabulary.layouts.joined(separator: ", ")); "
                        + "sizes: \(vocabulary.sizes.map { "n=\($0)" }.joined(separator: ", "))"
                )
            }
        }
    }
}
