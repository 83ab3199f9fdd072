import BenchmarkGate
import BenchmarkResults
import BenchmarkRun
import BenchmarkSuites

/// The commands of `bench`.
enum Command: String, CaseIterable, Sendable {
    case run
    case list
    case compare
    case doctor
    case updateBaseline = "baseline update"

    /// The values `--format` takes for this command, the default first.
    var formats: [String] {
        switch self {
        case .run: Invocation.OutputFormat.allCases.map(\.rawValue)
        case .compare: Invocation.ReportFormat.allCases.map(\.rawValue)
        case .list, .doctor, .updateBaseline: []
        }
    }
}

/// One option of `bench`, declared once: its name and value, the commands that accept it, its help
/// and how it is parsed.
///
/// Parsing and the help's USAGE lines and OPTIONS section are all driven by ``all``, so an option
/// cannot be parsed without being documented. (The children of a run are handed the run's request
/// as a typed message: `BenchmarkRun`'s `RunRequest`; the instruction pass's child, only its case.)
struct CommandOption: Sendable {
    /// What follows the option's name.
    enum Value: Sendable, Equatable {
        /// Nothing: the option is a flag.
        case flag
        /// A value, shown in help as the placeholder, e.g. `<names>`.
        case named(String)
        /// One of the command's formats (``Command/formats``).
        case format
    }

    /// Sets the option's value (the empty string for a flag) in the options being parsed.
    typealias Apply = @Sendable (_ value: String, _ into: inout ParsedOptions) throws(BenchError) -> Void

    let name: String
    let value: Value
    let commands: [Command]
    let help: String
    /// A value the option accepts, for tests and examples; nil for a flag.
    let example: String?
    let apply: Apply

    init(
        _ name: String, _ value: Value, _ commands: [Command], example: String? = nil, help: String,
        apply: @escaping Apply
    ) {
        self.name = name
        self.value = value
        self.commands = commands
        self.help = help
        self.example = example
        self.apply = apply
    }

    /// The value's placeholder for `command`, or nil for a flag.
    func placeholder(for command: Command) -> String? {
        switch value {
        case .flag: nil
        case .named(let text): text
        case .format: command.formats.joined(separator: "|")
        }
    }

    /// How the option appears in `command`'s USAGE line.
    func usage(for command: Command) -> String {
        "[" + [name, placeholder(for: command)].compactMap { $0 }.joined(separator: " ") + "]"
    }

    /// The option called `name`, whichever commands accept it.
    static func named(_ name: String) -> CommandOption? {
        all.first { $0.name == name }
    }
}

/// Every option's value while a command line is read; the command then takes what it accepts.
struct ParsedOptions {
    var command: Command
    var vocabulary: Vocabulary
    var run = Invocation.RunOptions()
    var compare = Invocation.CompareOptions(baseline: "", current: "")
    /// The names of the options given.
    var given: Set<String> = []
}

extension CommandOption {
    /// Every option, in the order help lists them.
    static let all: [CommandOption] = runOptions + compareOptions

    /// `span` in seconds for help text: "1 s", "0.25 s".
    static func seconds(_ span: Duration) -> String {
        "\(ReportText.short(span / .seconds(1))) s"
    }

    private static let measuring: [Command] = [.run, .updateBaseline]

    private static let runOptions: [CommandOption] = [
        CommandOption(
            "--filter", .named("<names>"), [.run, .list, .updateBaseline, .compare],
            example: "dispatch",
            help: "Comma-separated suites, architectures, features, layouts or sizes (n=<N>); "
                + "repeatable. A benchmark runs when it matches a name of every kind given: one case "
                + "is e.g. layout,closure-effects,single-store,n=10. compare: only the rows of the "
                + "cases it selects are compared, in both files.",
            apply: { text, options throws(BenchError) in
                try CaseSelector.add(text, to: &options.run.filter, vocabulary: options.vocabulary)
            }
        ),
        CommandOption(
            "--quick", .flag, [.run],
            help: "A CI-sized run (few samples, short batches).",
            apply: { _, options in options.run.quick = true }
        ),
        CommandOption(
            "--samples", .named("<n>"), measuring, example: "11",
            help:
                "Timed samples per benchmark, at least (default \(RunSize.full.sampleCount), --quick "
                + "\(RunSize.quick.sampleCount)); sampling goes on until each group's samples span "
                + "\(seconds(RunSize.full.minimumSpan)) (--quick \(seconds(RunSize.quick.minimumSpan))).",
            apply: { text, options throws(BenchError) in
                options.run.sampleCount = try wholeNumber("--samples", text, in: 3...100_000)
            }
        ),
        CommandOption(
            "--timing-processes", .named("<n>"), measuring, example: "1",
            help: "Time in <n> processes, one after another, each taking an equal share of every "
                + "group's rounds, and pool their samples (default \(RunSize.full.timingProcesses), "
                + "--quick \(RunSize.quick.timingProcesses)). Each process places code and data anew, "
                + "which moved single cases by up to 24% for a whole process (docs/measurement.md).",
            apply: { text, options throws(BenchError) in
                options.run.timingProcesses = try wholeNumber("--timing-processes", text, in: 1...8)
            }
        ),
        CommandOption(
            "--all-cpus", .flag, measuring,
            help: "Time effect round trips with threads free on every CPU, as an app's are. By default "
                + "they run on one CPU (Linux), where a hop does not wait for another CPU to wake: on a "
                + "virtual machine that wait comes and goes, and moved round-trip ratios by up to 98% "
                + "between processes (docs/measurement.md).",
            apply: { _, options in options.run.allCPUs = true }
        ),
        CommandOption(
            "--best-of", .named("<n>"), measuring, example: "3",
            help: "Time <n> runs, each in separate processes (the cases are counted once: counts do not "
                + "vary between processes); each case's rows come from the run whose time ratio "
                + "for it is the median of those that did not flag it disturbed (of all, if every one did; "
                + "of two, the higher: never the lowest), named in the best_of_process column. A shared "
                + "machine runs fast or slow for seconds at a time, either way. Default 1; for baseline "
                + "update, 3.",
            apply: { text, options throws(BenchError) in
                options.run.bestOf = try wholeNumber("--best-of", text, in: 1...20)
            }
        ),
        CommandOption(
            "--seed", .named("<n>"), measuring, example: "42",
            help: "Seed of the shuffled timing order (default: random; the seed used is written to the "
                + "metadata file, so a run can be repeated). With --best-of, run k uses seed + k - 1.",
            apply: { text, options throws(BenchError) in
                guard let seed = UInt64(text) else {
                    throw .usage("--seed must be a whole number from 0 to \(UInt64.max), not '\(text)'")
                }
                options.run.seed = seed
            }
        ),
        CommandOption(
            "--format", .format, [.run, .compare], example: "json",
            help: "run: csv (default), table (a summary that fits a screen: one line per architecture, "
                + "the highlights of each suite, where the rows are), rows (every row, one aligned line per "
                + "metric) or json (github-action-benchmark's customSmallerIsBetter list). compare: text (default), markdown (for a pull request or "
                + "a job summary) or json (every compared metric with its verdict).",
            apply: { text, options throws(BenchError) in try setFormat(text, in: &options) }
        ),
        CommandOption(
            "--output", .named("<file>"), measuring, example: "out.csv",
            help: "Write the results to <file> (and run metadata to <file>.meta.json) instead of "
                + "stdout; written only when the run completes. baseline update: default "
                + "\(Invocation.baselinePath).",
            apply: { text, options throws(BenchError) in
                guard !text.isEmpty else { throw .usage("--output needs a file path") }
                options.run.output = text
            }
        ),
        CommandOption(
            "--instructions", .flag, [.run],
            help: "Count instructions per operation of every timed case under Valgrind (callgrind) instead "
                + "of timing them, each case in a process of its own; needs Debian's valgrind package. Not "
                + "with --best-of: counts do not vary between processes.",
            apply: { _, options in options.run.instructions = true }
        ),
        CommandOption(
            "--address-offsets", .named("<k>"), [.run], example: "5",
            help: "Count instructions as --instructions does, each case under <k> address offsets (the "
                + "first as every run counts it, each other with Valgrind placing the program's memory "
                + "from another lowest address); a case whose count moves between them is counted under "
                + "\(InstructionPass.widerLook) in all. A row is their median, its min..max their spread, which the gate allows. "
                + "Default 1, as the committed instruction baseline is counted.",
            apply: { text, options throws(BenchError) in
                options.run.addressOffsets = try wholeNumber(
                    "--address-offsets", text, in: 1...InstructionPass.maximumOffsets)
                options.run.instructions = true
            }
        ),
        CommandOption(
            "--allow-debug", .flag, [.run],
            help: "Measure a debug build instead of re-running in release; every row is marked debug.",
            apply: { _, options in options.run.allowDebug = true }
        ),
    ]

    private static let compareOptions: [CommandOption] = [
        CommandOption(
            "--time-tolerance", .named("<percent>"), [.compare], example: "40",
            help: "Allowed rise of every time ratio, in percent. Default: \(defaultTimeTolerances).",
            apply: { text, options throws(BenchError) in
                guard let percent = Double(text.hasSuffix("%") ? String(text.dropLast()) : text),
                    (0...1000).contains(percent)
                else {
                    throw .usage("--time-tolerance must be a percentage from 0 to 1000, not '\(text)'")
                }
                options.compare.timeTolerance = percent / 100
            }
        ),
        CommandOption(
            "--rerun", .named("<file>"), [.compare], example: "/tmp/rerun.csv",
            help: "A second run of the same benchmarks, made after CURRENT: a time ratio fails only when it "
                + "rose beyond its tolerance in both, each judged on the lower of its two ratios; every "
                + "count is judged from CURRENT. A shared host slows a case for seconds at a time; a "
                + "rise the code caused shows again (docs/gate.md, \"A second run\").",
            apply: { text, options throws(BenchError) in
                guard !text.isEmpty else { throw .usage("--rerun needs a file path") }
                options.compare.rerun = text
            }
        ),
        CommandOption(
            "--counts-only", .flag, [.compare],
            help: "Compare counts only, no times nor the figures derived from times: for runs on "
                + "different machines.",
            apply: { _, options in options.compare.countsOnly = true }
        ),
        CommandOption(
            "--allow-other-machine", .flag, [.compare],
            help: "Compare times even though the two runs' metadata name different CPU models or Swift "
                + "versions (refused otherwise, exit 2).",
            apply: { _, options in options.compare.allowOtherMachine = true }
        ),
        CommandOption(
            "--rows", .flag, [.compare],
            help: "text format: under the causes, list the rows behind them (markdown has them in "
                + "collapsed blocks, json always).",
            apply: { _, options in options.compare.rows = true }
        ),
        CommandOption(
            "--all", .flag, [.compare],
            help: "text format: list every row, the informational changes and the metrics that did not "
                + "change included (markdown and json always have them).",
            apply: { _, options in options.compare.showAll = true }
        ),
    ]

    /// `20; heavy cases (32 KiB or more allocated, or 10000 or more retains, per operation) 100; round
    /// trips (times in µs) 50`.
    private static var defaultTimeTolerances: String {
        func percent(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded()))" }
        return percent(MetricClass.time.tolerance.relative) + "; heavy cases ("
            + "\(Int(ResultRow.heavyBytesPerOperation) / 1024) KiB or more allocated, or "
            + "\(Int(ResultRow.heavyRetainsPerOperation)) or more retains, per operation) "
            + percent(MetricClass.heavyTime.tolerance.relative) + "; round trips (times in µs) "
            + percent(MetricClass.roundTripTime.tolerance.relative)
    }

    private static func wholeNumber(_ name: String, _ text: String, in range: ClosedRange<Int>)
        throws(BenchError) -> Int
    {
        guard let number = Int(text), range.contains(number) else {
            throw .usage(
                "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'"
            )
        }
        return number
    }

    private static func setFormat(_ text: String, in options: inout ParsedOptions) throws(BenchError) {
        let command = options.command
        if command == .run, let format = Invocation.OutputFormat(rawValue: text) {
            options.run.format = format
        } else if command == .compare, let format = Invocation.ReportFormat(rawValue: text) {
            options.compare.format = format
        } else {
            let names = command.formats
            throw .usage(
                "--format for \(command.rawValue) must be \(names.dropLast().joined(separator: ", ")) or "
                    + "\(names.last ?? ""), not '\(text)'")
        }
    }
}
