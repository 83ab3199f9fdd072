import BenchmarkReport

/// What the user asked `bench` to do, parsed from its arguments.
///
/// Parsing is separate from running so that every error message is tested without running a
/// benchmark. Each error is one line naming the problem (``UsageError``).
public enum Invocation: Equatable, Sendable {
    /// Run the selected benchmarks and write their results.
    case run(RunOptions)
    /// List suites, architectures and features (respecting a filter).
    case list(Filter)
    /// Compare two result files: the regression gate.
    case compare(CompareOptions)
    /// Print the help text.
    case help

    /// Options of a benchmark run.
    public struct RunOptions: Equatable, Sendable {
        public var filter = Filter()
        public var quick = false
        public var format = OutputFormat.csv
        public var output: String?
        public var allowDebug = false
        /// Timed samples per benchmark; `nil` picks the default for the run size.
        public var samples: Int?
        /// Run this many separate processes and keep each case's rows from its fastest process.
        public var bestOf = 1
        /// Seeds the shuffled order of the timing rounds; nil picks one from the clock.
        public var seed: UInt64?
        /// Count instructions per operation under Valgrind instead of timing (synchronous cases only).
        public var instructions = false

        public init() {}
    }

    /// Options of `bench compare`.
    public struct CompareOptions: Equatable, Sendable {
        public var baseline: String
        public var current: String
        /// Replaces every suite's own time tolerance (a fraction) when given.
        public var timeTolerance: Double?
        /// Also list metrics that did not change.
        public var showAll = false
        /// Compare times even when the two runs' metadata name different CPU models or Swift versions.
        public var allowOtherMachine = false
        /// Compare counts only (no time rows): the gate for a run without a same-machine baseline.
        public var countsOnly = false

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

/// A mistake in the command line: one line, printed after `bench: error:`, exit status 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

extension Invocation {
    /// Parses `arguments` (without the program name).
    public static func parse(_ arguments: [String], vocabulary: Vocabulary) throws(UsageError) -> Invocation {
        var arguments = arguments[...]
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help }
        switch arguments.first {
        case "help":
            return .help
        case "list":
            arguments.removeFirst()
            var options = try parseRunOptions(arguments, vocabulary: vocabulary, command: "list")
            options.format = .table
            return .list(options.filter)
        case "compare":
            arguments.removeFirst()
            return .compare(try parseCompareOptions(arguments))
        case "run":
            arguments.removeFirst()
            return .run(try parseRunOptions(arguments, vocabulary: vocabulary, command: "run"))
        case let word? where !word.hasPrefix("-"):
            throw UsageError(
                "unknown command '\(word)'; commands are run (the default), list, compare and help")
        default:
            return .run(try parseRunOptions(arguments, vocabulary: vocabulary, command: "run"))
        }
    }

    private static func parseRunOptions(
        _ arguments: ArraySlice<String>,
        vocabulary: Vocabulary,
        command: String
    ) throws(UsageError) -> RunOptions {
        var options = RunOptions()
        var arguments = arguments
        var formatGiven = false
        while let argument = arguments.popFirst() {
            let (name, inlineValue) = split(argument)
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = arguments.popFirst(), !next.hasPrefix("--") else {
                    throw UsageError("\(name) needs a value")
                }
                return next
            }
            switch name {
            case "--filter":
                try add(try value(), to: &options.filter, vocabulary: vocabulary)
            case "--quick" where command == "run":
                try noValue(name, inlineValue)
                options.quick = true
            case "--instructions" where command == "run":
                try noValue(name, inlineValue)
                options.instructions = true
            case "--allow-debug" where command == "run":
                try noValue(name, inlineValue)
                options.allowDebug = true
            case "--format" where command == "run":
                let text = try value()
                guard let format = OutputFormat(rawValue: text) else {
                    throw UsageError("--format must be csv or table, not '\(text)'")
                }
                options.format = format
                formatGiven = true
            case "--output" where command == "run":
                let path = try value()
                guard !path.isEmpty else { throw UsageError("--output needs a file path") }
                options.output = path
            case "--best-of" where command == "run":
                let text = try value()
                guard let count = Int(text), (1...20).contains(count) else {
                    throw UsageError("--best-of must be a whole number from 1 to 20, not '\(text)'")
                }
                options.bestOf = count
            case "--seed" where command == "run":
                let text = try value()
                guard let seed = UInt64(text) else {
                    throw UsageError("--seed must be a whole number from 0 to \(UInt64.max), not '\(text)'")
                }
                options.seed = seed
            case "--samples" where command == "run":
                let text = try value()
                guard let samples = Int(text), (3...100_000).contains(samples) else {
                    throw UsageError("--samples must be a whole number from 3 to 100000, not '\(text)'")
                }
                options.samples = samples
            default:
                if argument.hasPrefix("-") {
                    throw UsageError("unknown option '\(name)' for \(command); see 'bench --help'")
                }
                throw UsageError("unexpected argument '\(argument)' for \(command); see 'bench --help'")
            }
        }
        if options.instructions && options.bestOf > 1 {
            throw UsageError(
                "--instructions and --best-of conflict: instruction counts do not vary between processes")
        }
        if options.quick && options.samples != nil {
            throw UsageError("--quick and --samples conflict: --quick fixes a small sample count")
        }
        if options.output != nil && formatGiven && options.format == .table {
            throw UsageError("--output writes CSV for other tools; drop --format table or --output")
        }
        return options
    }

    private static func parseCompareOptions(_ arguments: ArraySlice<String>) throws(UsageError)
        -> CompareOptions
    {
        var paths: [String] = []
        var tolerance: Double?
        var showAll = false
        var flags: Set<String> = []
        var arguments = arguments
        while let argument = arguments.popFirst() {
            let (name, inlineValue) = split(argument)
            switch name {
            case "--time-tolerance":
                guard let text = inlineValue ?? arguments.popFirst() else {
                    throw UsageError("--time-tolerance needs a value in percent")
                }
                guard let percent = Double(text.hasSuffix("%") ? String(text.dropLast()) : text),
                    percent >= 0,
                    percent <= 1000
                else {
                    throw UsageError("--time-tolerance must be a percentage from 0 to 1000, not '\(text)'")
                }
                tolerance = percent
            case "--all":
                try noValue(name, inlineValue)
                showAll = true
            case "--allow-other-machine":
                try noValue(name, inlineValue)
                flags.insert(name)
            case "--counts-only":
                try noValue(name, inlineValue)
                flags.insert(name)
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    throw UsageError("unknown option '\(name)' for compare; see 'bench --help'")
                }
                paths.append(argument)
            }
        }
        guard paths.count == 2 else {
            throw UsageError("compare needs two files, BASELINE and CURRENT; got \(paths.count)")
        }
        var options = CompareOptions(
            baseline: paths[0], current: paths[1], timeTolerance: tolerance.map { $0 / 100 })
        options.showAll = showAll
        options.allowOtherMachine = flags.contains("--allow-other-machine")
        options.countsOnly = flags.contains("--counts-only")
        if options.countsOnly && tolerance != nil {
            throw UsageError("--counts-only compares no times, so --time-tolerance has nothing to apply to")
        }
        return options
    }

    private static func add(_ text: String, to filter: inout Filter, vocabulary: Vocabulary)
        throws(UsageError)
    {
        let terms = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        for term in terms {
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
                throw UsageError(
                    "unknown filter '\(term)'; suites: \(vocabulary.suites.joined(separator: ", ")); "
                        + "architectures: \(vocabulary.architectures.joined(separator: ", ")); "
                        + "features: \(vocabulary.features.joined(separator: ", ")); "
                        + "layouts: \(vocabulary.layouts.joined(separator: ", ")); "
                        + "sizes: \(vocabulary.sizes.map { "n=\($0)" }.joined(separator: ", "))"
                )
            }
        }
    }

    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
            return (argument, nil)
        }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func noValue(_ name: String, _ value: String?) throws(UsageError) {
        if value != nil { throw UsageError("\(name) takes no value") }
    }
}
