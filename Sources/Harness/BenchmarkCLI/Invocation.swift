import BenchmarkGate
import BenchmarkResults
import BenchmarkSummary

/// What the user asked `bench` to do, parsed from its arguments.
///
/// Parsing is separate from running so that every error message is tested without running a
/// benchmark. Each error is one line naming the problem (``BenchError/usage(_:)``). The options are
/// declared once, in ``CommandOption/all``.
public enum Invocation: Equatable, Sendable {
    /// Run the selected benchmarks and write their results.
    case run(RunOptions)
    /// List suites, architectures and features (respecting a filter).
    case list(CaseSelector)
    /// Compare two result files: the regression gate.
    case compare(CompareOptions)
    /// Check every counter on known work and print the results (docs/platforms.md).
    case doctor
    /// Refresh the gate's baseline: a release run of N processes, each case from its median process
    /// (`--best-of N`), written to ``baselinePath`` (or
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
        /// Which cases run (`--filter`).
        public var filter = CaseSelector()
        public var quick = false
        public var format = OutputFormat.csv
        public var output: String?
        public var allowDebug = false
        /// Timed samples per benchmark; `nil` picks the default for the run size.
        public var sampleCount: Int?
        /// Run this many separate processes and keep each case's rows from its middle process.
        public var bestOf = 1
        /// Time in this many processes that share every group's rounds; nil: the run size's default.
        public var timingProcesses: Int?
        /// Seeds the shuffled order of the timing rounds; nil picks one from the clock.
        public var seed: UInt64?
        /// Count instructions per operation under Valgrind instead of timing.
        public var instructions = false
        /// Under how many address offsets the instruction pass counts each case.
        public var addressOffsets = 1
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
        /// A second run of the same benchmarks: each time ratio is judged on the lower of the two.
        public var rerun: String?
        /// List the failing and improved rows under their causes.
        public var rows = false
        /// List every row: also the informational changes and the metrics that did not change.
        public var showAll = false
        /// Compare times even when the two runs' metadata name different CPU models or Swift versions.
        public var allowOtherMachine = false
        /// Compare counts only (no time rows): the gate for a run without a same-machine baseline.
        public var countsOnly = false
        /// How the report is written.
        public var format = ReportFormat.text
        /// Which cases are compared (`--filter`): the rows of the others are left out of both files.
        public var filter = CaseSelector()

        public init(baseline: String, current: String, timeTolerance: Double? = nil) {
            self.baseline = baseline
            self.current = current
            self.timeTolerance = timeTolerance
        }
    }

    /// How results are printed.
    public enum OutputFormat: String, Equatable, Sendable, CaseIterable {
        case csv
        /// A summary that fits a screen (``RunSummary``).
        case table
        /// Every row, one aligned line per metric (``ResultTable``).
        case rows
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

/// The names a filter may use, supplied by the benchmark catalogue.
public struct Vocabulary: Sendable {
    public var suites: [Suite]
    public var architectures: [ArchitectureName]
    public var features: [FeatureName]
    public var layouts: [LayoutName]
    public var sizes: [Int]

    public init(
        suites: [Suite] = Suite.allCases, architectures: [ArchitectureName], features: [FeatureName],
        layouts: [LayoutName] = [], sizes: [Int] = []
    ) {
        self.suites = suites
        self.architectures = architectures
        self.features = features
        self.layouts = layouts
        self.sizes = sizes
    }

    /// Every name of each kind, as the help text and errors list them.
    var spelled: (suites: String, architectures: String, features: String, layouts: String, sizes: String) {
        (
            suites.map(\.rawValue).joined(separator: ", "),
            architectures.map(\.rawValue).joined(separator: ", "),
            features.map(\.rawValue).joined(separator: ", "), layouts.map(\.rawValue).joined(separator: ", "),
            sizes.map { "n=\($0)" }.joined(separator: ", ")
        )
    }
}

extension CaseSelector {
    /// Adds the comma-separated terms of `text` (`--filter`), each sorted into its kind by
    /// `vocabulary`: a suite, an architecture, a feature, a layout or `n=<N>`, tried in that order.
    static func add(_ text: String, to selector: inout CaseSelector, vocabulary: Vocabulary)
        throws(BenchError)
    {
        for term in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            if let suite = vocabulary.suites.first(where: { $0.rawValue == term }) {
                selector.suites.insert(suite)
            } else if let architecture = vocabulary.architectures.first(where: { $0.rawValue == term }) {
                selector.architectures.insert(architecture)
            } else if let feature = vocabulary.features.first(where: { $0.rawValue == term }) {
                selector.features.insert(feature)
            } else if let layout = vocabulary.layouts.first(where: { $0.rawValue == term }) {
                selector.layouts.insert(layout)
            } else if term.hasPrefix("n="), let n = Int(term.dropFirst(2)), vocabulary.sizes.contains(n) {
                selector.sizes.insert(n)
            } else {
                let names = vocabulary.spelled
                throw .usage(
                    "unknown filter '\(term)'; suites: \(names.suites); architectures: \(names.architectures); "
                        + "features: \(names.features); layouts: \(names.layouts); sizes: \(names.sizes)")
            }
        }
    }
}
