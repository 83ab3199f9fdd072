import BenchmarkEngine
import BenchmarkGate
import BenchmarkResults

extension Invocation {
    /// The text `bench --help` prints. Its USAGE lines and OPTIONS section come from
    /// ``CommandOption/all``.
    public static func helpText(vocabulary: Vocabulary) -> String {
        """
        OVERVIEW: Measure what \(HelpText.count(vocabulary.architectures.count)) \
        app architectures cost for the same two features.

        \(HelpText.usage)

        \(HelpText.commands)

        OPTIONS:
        \(HelpText.options)
        NAMES:
          suites:         \(vocabulary.spelled.suites)
          architectures:  \(vocabulary.spelled.architectures)
          features:       \(vocabulary.spelled.features)
          layouts:        \(vocabulary.spelled.layouts)
          sizes:          \(vocabulary.spelled.sizes)

        EXAMPLES:
          swift run -c release bench --format table
          swift run -c release bench --filter dispatch,closure-effects --format table
          swift run -c release bench --filter layout,store-subclass,single-store,n=10 --format rows
          swift run -c release bench --quick --best-of 3 --output /tmp/current.csv
          swift run -c release bench --quick --format json --output /tmp/current.json
          swift run -c release bench compare results/baseline.csv /tmp/current.csv
          swift run -c release bench compare results/baseline.csv /tmp/current.csv --format markdown
          swift run -c release bench compare results/baseline.csv /tmp/current.csv --format json
          swift run -c release bench baseline update

        Progress goes to stderr; data goes to stdout or --output. Progress and errors never mix with data.
        Formats, with examples: docs/reports.md.

        """
    }
}

/// The generated parts of the help text.
enum HelpText {
    /// `count` in words up to twelve (the overview's "seven app architectures"), in digits above.
    static func count(_ count: Int) -> String {
        let words = [
            "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
            "twelve",
        ]
        return words.indices.contains(count) ? words[count] : String(count)
    }

    static let width = 100
    static let helpColumn = 26

    /// What each command does and the statuses it exits with.
    static var commands: String {
        """
        COMMANDS:
          run (default)           Run the benchmarks; results go to stdout or --output. Counts
                                  in child processes, one per CPU at a time, then times in
                                  child processes whose libraries bypass the retain counters
                                  (one per share of the rounds), and each heavy case
                                  (\(Int(ResultRow.heavyBytesPerOperation) / 1024) KiB or more allocated, or \(Int(ResultRow.heavyRetainsPerOperation)) or more
                                  retains, per operation) in a process of its own
                                  (docs/measurement.md). Rounds in which a reference ran over
                                  \(Int(SamplingParameters.Gauge.defaultTolerance * 100))% slow are set aside and counted in the CSV's
                                  rounds_set_aside column; times of a group that never calmed
                                  are flagged disturbed.
                                  Exit 0: done. 1: a measured body was optimised away (it
                                  reached the iteration limit); nothing is written. 2: bad input.
          list                    List the benchmarks a filter selects, without running them.
          compare                 The regression gate: compare a run with a baseline.
                                  Exit 0: pass. 1: a regression, a behaviour change (observers
                                  woken, tasks) or a time that fell over \(Int(Comparison.suspiciousSpeedUp))-fold. 2: unusable input.
                                  Counts may rise: mallocs, retains and releases \(ReportText.short(MetricClass.counts.tolerance.absolute))
                                  per operation; instructions outside metadata lookups
                                  \(ReportText.short(MetricClass.instructionsOutsideMetadataLookups.tolerance.relative * 100))%, all instructions \(ReportText.short(MetricClass.instructions.tolerance.relative * 100))% (or as far as a baseline
                                  counted under several address offsets moved; compared on any
                                  CPU; only when both runs name the same Swift version and build).
                                  --filter compares only the cases it selects, in both files.
                                  Counts the current run could not take (a counter unavailable)
                                  are listed as not compared, with the reason, and exit 1.
          doctor                  Check every counter on known work (mallocs of known size, one
                                  retain per object a copied struct holds, one task per Task {}, a loop of 9
                                  instructions under callgrind) and print each check and result.
                                  A counter that fails, or that this build lacks, is unavailable:
                                  runs leave its rows out (docs/platforms.md). Exit 1: a counter
                                  this build has failed its check.
          baseline update         Refresh the gate's baseline: a release run of \(Invocation.baselineBestOf) processes, each
                                  case's rows from its median process (--best-of), written to
                                  \(Invocation.baselinePath) and its .meta.json, only when every process
                                  succeeded. A debug build re-runs itself in release, as run does.
          help                    This text.
        """
    }

    /// One USAGE line per command, naming every option it accepts, wrapped under its command.
    static var usage: String {
        let lines = Command.allCases.map { command in
            let head = "bench " + (command == .run ? "[run]" : command.rawValue)
            let operands = command == .compare ? ["<baseline.csv>", "<current.csv>"] : []
            let words =
                operands
                + CommandOption.all.filter { $0.commands.contains(command) }.map { $0.usage(for: command) }
            return wrap(words, first: head + " ", indent: String(repeating: " ", count: 7 + head.count + 1))
        }
        let prefixed = lines.enumerated().map { ($0.offset == 0 ? "USAGE: " : "       ") + $0.element }
        return (prefixed + ["       bench help"]).joined(separator: "\n")
    }

    /// Every option with its value, its help and the commands that take it.
    static var options: String {
        CommandOption.all.map { option in
            var name = "  " + option.name
            if case .named(let placeholder) = option.value { name += " " + placeholder }
            if option.value == .format { name += " <format>" }
            let commands = option.commands.map(\.rawValue).joined(separator: ", ")
            let words = option.help.split(separator: " ").map(String.init) + ["[\(commands)]"]
            let padding = String(repeating: " ", count: max(helpColumn - name.count, 1))
            let indent = String(repeating: " ", count: helpColumn)
            let firstLine = name.count < helpColumn - 1 ? name + padding : name + "\n" + indent
            return wrap(words, first: firstLine, indent: indent) + "\n"
        }.joined()
    }

    /// `words` joined by spaces after `first`, starting a new line after `indent` before `width`.
    static func wrap(_ words: [String], first: String, indent: String) -> String {
        var lines: [String] = []
        var line = first
        var lineHasWord = false
        for word in words {
            let lastLineLength =
                line.split(separator: "\n", omittingEmptySubsequences: false).last?.count ?? 0
            if lineHasWord && lastLineLength + 1 + word.count > width {
                lines.append(line)
                line = indent + word
            } else {
                line += (lineHasWord ? " " : "") + word
            }
            lineHasWord = true
        }
        return (lines + [line]).joined(separator: "\n")
    }
}
