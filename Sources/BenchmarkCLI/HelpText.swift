import BenchmarkReport

extension Invocation {
    /// The text `bench --help` prints.
    public static func helpText(vocabulary: Vocabulary) -> String {
        let tolerances = Comparison.suiteTimeTolerances.sorted { $0.key < $1.key }
            .map { "\($0.key) \(Int(($0.value * 100).rounded()))" }
            .joined(separator: ", ")
        return """
            OVERVIEW: Measure what seven app architectures cost for the same two features.

            USAGE: bench [run] [--filter <names>] [--quick | --samples <n>] [--best-of <n>] [--seed <n>]
                             [--format csv|table] [--output <file>] [--allow-debug] [--instructions]
                   bench list [--filter <names>]
                   bench compare <baseline.csv> <current.csv> [--time-tolerance <percent>]
                                 [--counts-only | --allow-other-machine] [--all]

            COMMANDS:
              run (default)           Run the benchmarks; results go to stdout or --output.
                                      Exit 0: done. 1: a measured body was optimised away (it
                                      reached the iteration limit); nothing is written. 2: bad input.
              list                    List the benchmarks a filter selects, without running them.
              compare                 The regression gate: compare a run with a baseline.
                                      Exit 0: pass. 1: a regression, a behaviour change (observers
                                      woken, tasks) or a time that fell over \(Int(Comparison.suspiciousSpeedUp))-fold. 2: unusable input.

            RUN OPTIONS:
              --filter <names>        Comma-separated suites, architectures, features, layouts or
                                      sizes (n=<N>); repeatable. A benchmark runs when it matches a
                                      name of every kind given: one case is e.g.
                                      layout,closure-effects,single-store,n=10.
              --quick                 A CI-sized run (few samples, short batches).
              --samples <n>           Timed samples per benchmark (default 25, --quick 7).
              --best-of <n>           Run <n> separate processes; each case's rows come from the
                                      process where it ran fastest. Whole processes run fast or slow.
              --seed <n>              Seed of the shuffled timing order (default: random; the seed
                                      used is written to the metadata file, so a run can be repeated).
              --format csv|table      csv (default) or an aligned table for reading.
              --output <file>         Write CSV to <file> (and run metadata to <file>.meta.json)
                                      instead of stdout. Written only when the run completes.
              --allow-debug           Run a debug build anyway; every row is marked debug.
              --instructions          Count instructions per operation of the synchronous cases
                                      under Valgrind (callgrind) instead of timing them.

            COMPARE OPTIONS:
              --time-tolerance <p>    Allowed rise of every time ratio, in percent. Default, per suite:
                                      \(tolerances).
              --counts-only           Compare counts only, no times: for runs on different machines.
              --allow-other-machine   Compare times even though the two runs' metadata name different
                                      CPU models or Swift versions (refused otherwise, exit 2).
              --all                   Also list metrics that did not change.
                                      Instructions may rise \(Int(Comparison.instructionTolerance * 100))% (same CPU model only);
                                      mallocs, retains, releases \(Comparison.countAllowance) per operation.

            NAMES:
              suites:         \(vocabulary.suites.joined(separator: ", "))
              architectures:  \(vocabulary.architectures.joined(separator: ", "))
              features:       \(vocabulary.features.joined(separator: ", "))
              layouts:        \(vocabulary.layouts.joined(separator: ", "))
              sizes:          \(vocabulary.sizes.map { "n=\($0)" }.joined(separator: ", "))

            EXAMPLES:
              swift run -c release bench --format table
              swift run -c release bench --filter dispatch,closure-effects --format table
              swift run -c release bench --filter layout,store-subclass,single-store,n=10 --format table
              swift run -c release bench --quick --best-of 3 --output /tmp/current.csv
              swift run -c release bench compare results/baseline.csv /tmp/current.csv

            Progress goes to stderr; data goes to stdout or --output. Progress and errors never mix with data.

            """
    }
}
