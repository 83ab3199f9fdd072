import BenchmarkReport

extension Invocation {
    /// The text `bench --help` prints.
    public static func helpText(vocabulary: Vocabulary) -> String {
        let tolerances = Comparison.suiteTimeTolerances.sorted { $0.key < $1.key }
            .map { "\($0.key) \(Int(($0.value * 100).rounded()))" }
            .joined(separator: ", ")
        return """
            OVERVIEW: Measure what seven app architectures cost for the same two features.

            USAGE: bench [run] [--filter <names>] [--quick] [--format csv|table] [--output <file>]
                   bench list [--filter <names>]
                   bench compare <baseline.csv> <current.csv> [--time-tolerance <percent>] [--all]

            COMMANDS:
              run (default)           Run the benchmarks; results go to stdout or --output.
              list                    List the benchmarks a filter selects, without running them.
              compare                 The regression gate: compare a run with a baseline.
                                      Exit 0: no regression. 1: a regression. 2: unusable input.

            RUN OPTIONS:
              --filter <names>        Comma-separated suites, architectures or features; repeatable.
                                      A benchmark runs when it matches a name of every kind given.
              --quick                 A CI-sized run (few samples, short batches; about 30 s).
              --samples <n>           Timed samples per benchmark (default 25, --quick 7).
              --best-of <n>           Run <n> separate processes and keep each row's lowest figure.
                                      Whole processes run fast or slow; best-of-3 makes runs comparable.
              --format csv|table      csv (default) or an aligned table for reading.
              --output <file>         Write CSV to <file> (and run metadata to <file>.meta.json)
                                      instead of stdout. Written only when the run completes.
              --allow-debug           Run a debug build anyway; every row is marked debug.

            COMPARE OPTIONS:
              --time-tolerance <p>    Allowed rise of every time ratio, in percent. Default, per suite:
                                      \(tolerances).
              --all                   Also list metrics that did not change.

            NAMES:
              suites:         \(vocabulary.suites.joined(separator: ", "))
              architectures:  \(vocabulary.architectures.joined(separator: ", "))
              features:       \(vocabulary.features.joined(separator: ", "))

            EXAMPLES:
              swift run -c release bench --format table
              swift run -c release bench --filter dispatch,closure-effects --format table
              swift run -c release bench --quick --best-of 3 --output /tmp/current.csv
              swift run -c release bench compare results/baseline.csv /tmp/current.csv

            Progress goes to stderr; data goes to stdout or --output. Progress and errors never mix with data.

            """
    }
}
