import BenchmarkEngine
import BenchmarkResults
import BenchmarkSuites
import Foundation

/// Runs the selected suites of one process and turns their measurements into result rows: the
/// part of a run (``RunPlan``) that happens in one process, on the cases the catalogue
/// (``CaseCatalogue``) builds; the engine times and counts each benchmark.
///
/// A suite runs in three steps: count its cases' allocations (``countAllocations(_:)``), take their
/// extra counts (observers woken, retained bytes) and time them (``time(_:_:heavy:calmest:)``);
/// ``passes`` can split the counting and the timing between two processes. The rows are the
/// measured ones: whoever owns the whole run derives the growth figures once, from all of them.
/// Timing follows the isolation rule in ``timingGroups(_:heavy:)``:
/// synchronous cases of one size share rounds with each other and a reference benchmark, in an
/// order shuffled every round, round trips have rounds of their own (with every thread on one CPU:
/// ``CPUConfinement``), a heavy case has rounds of its own, in a fresh process where there is a
/// ``heavyCaseTimer``, and the heap is trimmed between groups; the reference is also the gauge that
/// sets disturbed rounds aside (``SamplingParameters/Gauge``). Several processes can share every
/// group's rounds (``share``): each records what it measured (``recordsGroup``), and the last pools
/// the earlier ones' samples (``earlierShares``) with its own before it makes the rows. Which
/// processes run is not its business: the run plan sets these properties, and nothing outside
/// `BenchmarkRun` can.
@MainActor
struct SuiteRunner {
    var size: RunSize
    /// The build the rows say they come from.
    var configuration: BuildConfiguration
    /// Decides which cases run.
    var selection: CaseSelector
    /// The cases ``selection`` picks.
    var catalogue: CaseCatalogue { CaseCatalogue(selection: selection) }
    var progress: (String) -> Void
    /// Seeds the shuffled order of every timing round; recorded in the run's metadata.
    var seed: UInt64
    /// Whether effects are counted in serial mode (the default). Serial mode sends every job of the
    /// process to the main actor's thread, so it is only safe where nothing else runs: a process
    /// running other work at the same time (parallel tests) must turn it off, and then gets async
    /// counts that vary slightly with thread timing.
    var countsEffectsSerially = true
    /// Which passes this runner makes (default: all of them).
    var passes = Passes.all
    /// Whether round-trip groups are timed with every thread on one CPU (the default, where the
    /// platform can: ``CPUConfinement``); false times them with threads free on every CPU.
    var confinesRoundTrips = true
    /// Times a heavy case in a fresh process (``HeavyCaseTimer``); nil times it in this process.
    var heavyCaseTimer: HeavyCaseTimer?
    /// Which share of every timing group's rounds this process takes (``RoundShare``): its
    /// sampling parameters are the run size's ``RunSize/sharing(_:)``.
    var share = RoundShare.whole
    /// What the earlier shares' processes took, one per earlier share, in share order: the last
    /// share pools each group's samples with them before it makes the rows.
    var earlierShares: [TimingGroupResults] = []
    /// Hears every group this process timed, by ``TimingGroupResults`` key, before any pooling: an
    /// earlier share's process collects them for the last.
    var recordsGroup: (@MainActor (_ group: TimingGroupID, _ results: [BenchmarkResult]) -> Void)?

    /// Times one heavy case, given as its key, in a process of its own, with `seed` for its rounds,
    /// and returns its time rows, as this runner would have made them. `bench` starts itself for it
    /// (docs/measurement.md, "Heavy cases in a process of their own"): in a process that had timed
    /// other work first, heavy cases ran slower than alone.
    typealias HeavyCaseTimer =
        @MainActor (_ caseKey: ResultRow.CaseKey, _ seed: UInt64) async throws(RunFailure) -> [ResultRow]

    /// Where this runner's round trips run, for the run's metadata.
    var roundTripPlacement: RunMetadata.RoundTripPlacement {
        confinesRoundTrips && CPUConfinement.isAvailable ? .oneCPU : .everyCPU
    }

    /// The passes of a run. `bench` counts in some processes and times in others
    /// (docs/measurement.md, "Counting and timing in child processes"): ``counts`` in the first ones,
    /// ``times(counts:)`` with their rows in the others, which return the whole run.
    enum Passes: Sendable {
        /// Time, count, take the extra counts and derive the growth figures, in this process.
        case all
        /// Only count and take the extra counts: no time rows, no derived rows.
        case counts
        /// Only time, with `counts` (the rows of a ``counts`` run with the same selection and
        /// size) deciding which cases are heavy and standing in for this run's counts: the rows
        /// come out as an ``all`` run's would, in the same order.
        case times(counts: [ResultRow])

        /// Whether these passes time the cases (all but ``counts``).
        var includesTiming: Bool {
            if case .counts = self { false } else { true }
        }
    }

    init(
        size: RunSize,
        configuration: BuildConfiguration = .current,
        seed: UInt64 = 0,
        selection: CaseSelector = .all,
        progress: @escaping (String) -> Void = { _ in }
    ) {
        self.size = size
        self.configuration = configuration
        self.seed = seed
        self.selection = selection
        self.progress = progress
    }

    /// Runs every selected suite and returns its measured rows (no derived ones), in suite order;
    /// throws only what ``heavyCaseTimer`` throws.
    func run() async throws(RunFailure) -> [ResultRow] {
        let started = ContinuousClock.now
        var rows: [ResultRow] = []
        var calmest: Double?
        let suites = catalogue.selectedSuites
        for (position, suite) in suites.enumerated() {
            progress(
                "[\(position + 1)/\(suites.count)] \(suite.rawValue): \(suite.summary) "
                    + "(\(Self.seconds(since: started)) elapsed)")
            rows += try await run(suite, calmest: &calmest)
        }
        let outcome = passes.includesTiming ? "done" : "counted"
        progress("\(outcome): \(rows.count) rows in \(Self.seconds(since: started))")
        return rows
    }

    /// Runs one suite. A sized suite runs one size at a time, building the objects of that size
    /// just before they are measured and releasing them after: in a run that had built every size
    /// up front, the 70 apps of the layout suite (up to 10,000 counters and observers each) sat in
    /// memory while the small ones were timed, and slowed the Observation single stores at N = 100
    /// and 1,000.
    private func run(_ suite: Suite, calmest: inout Double?) async throws(RunFailure) -> [ResultRow] {
        guard let sizes = CaseCatalogue.sizes(of: suite) else {
            return try await run(suite, catalogue.cases(of: suite), calmest: &calmest)
        }
        var rows: [ResultRow] = []
        for n in sizes where catalogue.selects(suite: suite, n: n) {
            rows += try await run(suite, catalogue.cases(of: suite, n: n), calmest: &calmest)
        }
        return rows
    }

    private static func seconds(since start: ContinuousClock.Instant) -> String {
        (ContinuousClock.now - start).formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))
    }

    /// Runs `cases` of `suite` (counts, extra counts, times) in a process of their own.
    func run(_ suite: Suite, _ cases: [BenchmarkCase]) async throws(RunFailure) -> [ResultRow] {
        var calmest: Double?
        return try await run(suite, cases, calmest: &calmest)
    }

    /// Runs `cases` of `suite`; `calmest` carries the gauge's fastest time from group to group
    /// (``SamplingParameters/Gauge``).
    private func run(
        _ suite: Suite, _ cases: [BenchmarkCase], calmest: inout Double?
    ) async throws(RunFailure) -> [ResultRow] {
        let measured = cases.filter { $0.benchmark != nil }
        let counts: [ResultRow]
        if case .times(let given) = passes {
            let measuredCases = Set(cases.map(\.caseKey))
            counts = given.filter { measuredCases.contains($0.key.caseKey) }
        } else {
            counts = CounterAvailability.keepingRowsOfPassed(
                await countAllocations(measured.filter(\.countsAllocations))
                    + extraCounts(of: cases, in: suite),
                checks: await CounterAvailability.checks())
        }
        guard passes.includesTiming else { return counts }
        let heavy = HeavyCases.among(measured.map(\.caseKey), counts: counts)
        return try await time(suite, measured, heavy: heavy, calmest: &calmest) + counts
    }

    /// The extra counts (observers woken, retained bytes) of `cases`.
    private func extraCounts(of cases: [BenchmarkCase], in suite: Suite) async -> [ResultRow] {
        var rows: [ResultRow] = []
        for benchmarkCase in cases {
            guard let extraCounts = benchmarkCase.extraCounts else { continue }
            for (metric, value) in await extraCount(extraCounts, of: suite) {
                rows.append(countRow(benchmarkCase, metric, value))
            }
        }
        return rows
    }
}
