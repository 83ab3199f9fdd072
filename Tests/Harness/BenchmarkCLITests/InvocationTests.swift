import BenchmarkCLI
import BenchmarkResults
import Testing

@Suite("Command line")
struct InvocationTests {
    let vocabulary = Vocabulary(
        suites: [.reference, .dispatch, .effects],
        architectures: ["closure-effects", "effect-values"],
        features: ["counter", "transfer"],
        layouts: ["single-store", "multi-store"],
        sizes: [1, 10, 100]
    )

    func parse(_ arguments: String) throws -> Invocation {
        try Invocation.parse(arguments.split(separator: " ").map(String.init), vocabulary: vocabulary)
    }

    @Test("No arguments runs everything as CSV on stdout")
    func defaults() throws {
        #expect(try parse("") == .run(.init()))
        #expect(try parse("run") == .run(.init()))
    }

    @Test("Run options are read in any order, with or without '='")
    func runOptions() throws {
        var expected = Invocation.RunOptions()
        expected.quick = true
        expected.format = .csv
        expected.output = "/tmp/q.csv"
        expected.allowDebug = true
        expected.filter = CaseSelector(suites: [.dispatch], architectures: ["effect-values"])
        #expect(
            try parse("--quick --output /tmp/q.csv --allow-debug --filter dispatch --filter=effect-values")
                == .run(expected))
        #expect(
            try parse("run --output=/tmp/q.csv --filter dispatch,effect-values --quick --allow-debug")
                == .run(expected))
    }

    @Test("A filter matches one name of every kind it names")
    func filterSemantics() {
        let filter = CaseSelector(suites: [.dispatch, .effects], architectures: ["effect-values"])
        #expect(filter.selects(suite: .dispatch, architecture: "effect-values", feature: "counter"))
        #expect(filter.selects(suite: .effects, architecture: "effect-values", feature: "transfer"))
        #expect(!filter.selects(suite: .dispatch, architecture: "closure-effects", feature: "counter"))
        #expect(!filter.selects(suite: .reference, architecture: "effect-values", feature: "counter"))
        #expect(CaseSelector().selects(suite: .layout, architecture: "at", feature: "all"))
    }

    @Test(
        "A heavy case's filter selects that case and none of its neighbours",
        arguments: [
            ResultRow.Key(
                suite: .layout, architecture: "local-reducer", feature: "app/increment",
                layout: "single-store",
                n: 10000, metric: .time
            ).caseKey,
            ResultRow.Key(
                suite: .stateCopy, architecture: "viper-reducer", feature: "transfer/submitTransfer",
                layout: nil,
                n: 10000, metric: .time
            ).caseKey,
        ])
    func filterSelectingOneCase(_ caseKey: ResultRow.CaseKey) {
        let filter = CaseSelector(selecting: caseKey)
        let (layout, n) = (caseKey.layout, caseKey.n)
        func selects(
            suite: Suite? = nil, architecture: ArchitectureName? = nil, feature: FeatureName? = nil,
            layout: LayoutName? = layout,
            n: Int? = n
        ) -> Bool {
            filter.selects(
                suite: suite ?? caseKey.suite, architecture: architecture ?? caseKey.architecture,
                feature: feature ?? caseKey.feature, layout: layout, n: n)
        }
        #expect(selects())
        #expect(selects(feature: FeatureName(rawValue: caseKey.feature.featureGroup), layout: nil, n: nil))
        #expect(!selects(architecture: "closure-effects"))
        #expect(!selects(feature: "app/no-op") && !selects(feature: "transfer/updateAmount"))
        #expect(!selects(n: 1000))
        #expect(!selects(suite: .dispatch))
        #expect(!selects(layout: "multi-store") || layout == nil)
    }

    @Test("Layouts and sizes narrow a filter to single cases; a nil layout or size is not excluded")
    func layoutAndSizeTerms() throws {
        var expected = Invocation.RunOptions()
        expected.filter = CaseSelector(suites: [.dispatch], layouts: ["single-store"], sizes: [10])
        #expect(try parse("--filter dispatch,single-store,n=10") == .run(expected))
        let filter = expected.filter
        #expect(
            filter.selects(
                suite: .dispatch, architecture: "a", feature: "app", layout: "single-store", n: 10))
        #expect(
            !filter.selects(
                suite: .dispatch, architecture: "a", feature: "app", layout: "multi-store", n: 10))
        #expect(
            !filter.selects(
                suite: .dispatch, architecture: "a", feature: "app", layout: "single-store", n: 1))
        #expect(filter.selects(suite: .dispatch, architecture: "a", feature: "app"))
        #expect(filter.terms == ["dispatch", "single-store", "n=10"])
    }

    @Test("--seed takes a whole number; compare takes --allow-other-machine and --counts-only")
    func seedAndMachineOptions() throws {
        var expected = Invocation.RunOptions()
        expected.seed = 42
        #expect(try parse("--seed 42") == .run(expected))
        var compare = Invocation.CompareOptions(baseline: "a.csv", current: "b.csv")
        compare.allowOtherMachine = true
        #expect(try parse("compare a.csv b.csv --allow-other-machine") == .compare(compare))
        compare.allowOtherMachine = false
        compare.countsOnly = true
        #expect(try parse("compare --counts-only a.csv b.csv") == .compare(compare))
    }

    @Test("--all-cpus frees the round trips' threads for run and baseline update; compare refuses it")
    func allCPUs() throws {
        var expected = Invocation.RunOptions()
        expected.allCPUs = true
        #expect(try parse("--all-cpus") == .run(expected))
        expected.bestOf = Invocation.baselineBestOf
        expected.output = Invocation.baselinePath
        #expect(try parse("baseline update --all-cpus") == .updateBaseline(expected))
        #expect(throws: BenchError.self) { try parse("compare a.csv b.csv --all-cpus") }
    }

    @Test(
        "--address-offsets counts instructions under that many offsets; run takes it, baseline update does not"
    )
    func addressOffsets() throws {
        var expected = Invocation.RunOptions()
        expected.instructions = true
        expected.addressOffsets = 5
        #expect(try parse("--address-offsets 5") == .run(expected))
        #expect(try parse("--instructions --address-offsets 5") == .run(expected))
        #expect(throws: BenchError.self) { try parse("baseline update --address-offsets 5") }
    }

    @Test("list, compare and help")
    func otherCommands() throws {
        #expect(try parse("list --filter counter") == .list(CaseSelector(features: ["counter"])))
        var compare = Invocation.CompareOptions(baseline: "a.csv", current: "b.csv", timeTolerance: 0.4)
        #expect(try parse("compare a.csv b.csv --time-tolerance 40") == .compare(compare))
        compare.timeTolerance = nil
        compare.showAll = true
        #expect(try parse("compare --all a.csv b.csv") == .compare(compare))
        compare.showAll = false
        compare.rerun = "c.csv"
        #expect(try parse("compare a.csv b.csv --rerun c.csv") == .compare(compare))
        compare.rerun = nil
        #expect(try parse("--help") == .help)
        #expect(try parse("compare -h") == .help)
        #expect(try parse("help") == .help)
        compare.showAll = false
        compare.format = .markdown
        #expect(try parse("compare a.csv b.csv --format markdown") == .compare(compare))
        var json = Invocation.RunOptions()
        json.format = .json
        json.output = "r.json"
        #expect(try parse("--format json --output r.json") == .run(json))
    }

    @Test("baseline update takes the median of 3 processes into results/baseline.csv unless told otherwise")
    func baselineUpdate() throws {
        var expected = Invocation.RunOptions()
        expected.bestOf = 3
        expected.output = "results/baseline.csv"
        #expect(try parse("baseline update") == .updateBaseline(expected))
        expected.bestOf = 5
        expected.output = "other.csv"
        expected.seed = 9
        #expect(
            try parse("baseline update --best-of 5 --output other.csv --seed 9") == .updateBaseline(expected))
        expected = Invocation.RunOptions()
        expected.output = "results/baseline.csv"
        #expect(try parse("baseline update --best-of 1") == .updateBaseline(expected))
    }

    @Test(
        "Bad input is one line naming the problem",
        arguments: [
            ("frobnicate", "unknown command 'frobnicate'"),
            ("--fast", "unknown option '--fast' for run"),
            ("--filter", "--filter needs a value"),
            (
                "--filter dispach",
                "unknown filter 'dispach'; suites: reference, dispatch, effects; architectures:"
            ),
            ("--filter dispatch,", "unknown filter ''"),
            ("--format yaml", "--format for run must be csv, table, rows or json, not 'yaml'"),
            (
                "compare a.csv b.csv --format csv",
                "--format for compare must be text, markdown or json, not 'csv'"
            ),
            ("--quick --samples 50", "--quick and --samples conflict"),
            ("--samples 2", "--samples must be a whole number from 3 to 100000"),
            ("--timing-processes 0", "--timing-processes must be a whole number from 1 to 8"),
            ("--timing-processes 9", "--timing-processes must be a whole number from 1 to 8"),
            ("--instructions --timing-processes 2", "--instructions and --timing-processes conflict"),
            ("--address-offsets 0", "--address-offsets must be a whole number from 1 to 16"),
            ("--address-offsets 3 --best-of 2", "--instructions and --best-of conflict"),
            ("--format table --output x.csv", "--output writes CSV or JSON"),
            ("--format rows --output x.csv", "drop --format rows or --output"),
            ("baseline", "baseline takes one subcommand, update"),
            ("baseline update --quick", "unknown option '--quick' for baseline update"),
            ("baseline update --allow-debug", "unknown option '--allow-debug' for baseline update"),
            ("baseline update --format json", "unknown option '--format' for baseline update"),
            ("list --format table", "unknown option '--format' for list"),
            ("--quick=yes", "--quick takes no value"),
            ("list --quick", "unknown option '--quick' for list"),
            ("run extra", "unexpected argument 'extra' for run"),
            ("compare a.csv", "compare needs two files, BASELINE and CURRENT; got 1"),
            ("compare a.csv b.csv c.csv", "got 3"),
            ("compare a.csv b.csv --time-tolerance lots", "--time-tolerance must be a percentage"),
            ("compare a.csv b.csv --time-tolerance", "--time-tolerance needs a value"),
            ("compare a.csv b.csv --strict", "unknown option '--strict' for compare"),
            ("--filter n=7", "unknown filter 'n=7'"),
            ("--seed -1", "--seed must be a whole number"),
            ("compare a.csv b.csv --counts-only --time-tolerance 10", "--counts-only compares no times"),
            ("compare a.csv b.csv --counts-only --rerun c.csv", "a --rerun has nothing to judge"),
            ("compare a.csv b.csv --rerun", "--rerun needs a value"),
            ("compare a.csv b.csv --rerun=", "--rerun needs a file path"),
        ]
    )
    func errors(arguments: String, message: String) {
        #expect {
            try parse(arguments)
        } throws: { error in
            guard let error = error as? BenchError, case .usage(let text) = error else { return false }
            return text.contains(message) && !text.contains("\n")
        }
    }

    @Test("The help text names every suite, architecture and feature and shows examples")
    func helpText() {
        let text = Invocation.helpText(vocabulary: vocabulary)
        let names =
            vocabulary.suites.map(\.rawValue) + vocabulary.architectures.map(\.rawValue)
            + vocabulary.features.map(\.rawValue)
        for name in names {
            #expect(text.contains(name))
        }
        #expect(text.contains("EXAMPLES:"))
        #expect(text.contains("bench compare"))
        // The gate's count allowances are shown with their defaults.
        #expect(text.contains("mallocs, retains and releases 0.5"))
        #expect(text.contains("instructions outside metadata lookups"))
    }
}
