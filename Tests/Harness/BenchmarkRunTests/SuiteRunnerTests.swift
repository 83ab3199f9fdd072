import BenchmarkEngine
import BenchmarkResults
import Domain
import Foundation
import Testing

@testable import BenchmarkRun
@testable import BenchmarkSuites

@MainActor
@Suite("Suite runner", .serialized)
struct SuiteRunnerTests {
    static let everyArchitecture = Set(ArchitectureID.builtIn.map(ArchitectureName.init))
    /// The metrics of a synchronous case: its time, its allocations and, where the runtime's entry
    /// points are interposed, its retains and releases.
    static let synchronousMetrics: Set<Metric> =
        !AllocationCounter.isAvailable
        ? [.time]
        : AllocationCounter.isCountingRetains
            ? [.time, .mallocs, .bytes, .retains, .releases] : [.time, .mallocs, .bytes]

    /// Runs `suites` at smoke size in this (debug) process, at `sizes` only when given, and derives
    /// the growth figures from the rows as a run plan does. Effects are counted in serial mode only
    /// in the quiet process: serial mode would send other tests' jobs to the main actor's thread,
    /// where a test blocking that thread could wait for them forever.
    static func run(_ suites: Set<Suite>, sizes: Set<Int> = []) async throws -> [ResultRow] {
        var runner = SuiteRunner(
            size: .smoke, configuration: .debug, selection: CaseSelector(suites: suites, sizes: sizes))
        runner.countsEffectsSerially = isQuietProcess
        return DerivedRows.adding(to: try await runner.run())
    }

    /// The sizes the sized suites run at here: every one up to 1,000. At N = 10,000 a debug build
    /// spent about 90% of these tests' time on the same plumbing; every quick run (`.ci/run`'s
    /// gated one, the instruction pass) measures those cases in release, and the count gate
    /// compares their rows with the baseline's.
    static let testedSizes = Set(CaseCatalogue.sizes.filter { $0 <= 1_000 })

    /// The sizes the synchronous suites run at here: up to 100. Their rows come from one code path
    /// whatever N is; state-copy's copies at N = 1,000 took about 60% of this test's CPU in a
    /// debug build (on the main actor, which the tests of every architecture wait for), and every
    /// case's body at every size is checked by `PostconditionTests`.
    static let synchronousSizes = Set(CaseCatalogue.sizes.filter { $0 <= 100 })

    @Test(
        "dispatch, dispatch-adapter and state-copy produce time and allocation rows for every architecture and action"
    )
    func synchronousSuites() async throws {
        #expect(Catalog.stateCopySizes == [10, 100, 1_000, 10_000])
        let rows = try await Self.run(
            [.dispatch, .dispatchAdapter, .stateCopy], sizes: Self.synchronousSizes)
        for suite in [Suite.dispatch, .dispatchAdapter, .stateCopy] {
            let suiteRows = rows.filter { $0.key.suite == suite }
            #expect(Set(suiteRows.map(\.key.architecture)) == Self.everyArchitecture, "\(suite)")
            // state-copy's submitTransfer is a round trip, which also reports CPU time.
            let metrics =
                suite == .stateCopy ? Self.synchronousMetrics.union([.cpuTime]) : Self.synchronousMetrics
            #expect(Set(suiteRows.map(\.key.metric)) == metrics, "\(suite)")
            #expect(suiteRows.allSatisfy { !$0.hitIterationLimit }, "\(suite)")
            #expect(Set(suiteRows.map(\.key.feature)).isSubset(of: Catalog.caseFeatures), "\(suite)")
        }
        let stateCopyTimes = rows.filter { $0.key.suite == .stateCopy && $0.key.metric == .time }
        let stateCopySizes = Catalog.stateCopySizes.filter(Self.synchronousSizes.contains)
        #expect(Set(stateCopyTimes.map(\.key.n)) == Set(stateCopySizes))
        #expect(stateCopyTimes.count == Self.everyArchitecture.count * stateCopySizes.count * 2)
        #expect(
            Set(stateCopyTimes.map(\.key.feature)) == ["transfer/updateAmount", "transfer/submitTransfer"])
        #expect(
            stateCopyTimes.allSatisfy {
                $0.unit == ($0.key.feature == "transfer/updateAmount" ? .nanoseconds : .microseconds)
            }
        )
        // A round trip (state-copy's submit, in µs) is divided by the round-trip reference, not by a
        // nanosecond struct mutation, which would give ratios in the tens of thousands.
        for row in stateCopyTimes where row.unit == .microseconds {
            #expect((row.ratioToReference ?? .infinity) < 1_000, "\(row.key)")
        }
        for row in rows where row.key.metric == .time {
            #expect(row.median > 0 && row.ratioToReference != nil, "\(row.key)")
            #expect(
                row.min <= row.p25 && row.p25 <= row.median && row.median <= row.p75 && row.p75 <= row.max)
            #expect(row.configuration == .debug)
        }
    }

    @Test("effects report µs, allocations and tasks for every architecture and feature")
    func effectsSuite() async throws {
        let rows = try await Self.run([.effects])
        #expect(Set(rows.map(\.key.architecture)) == Self.everyArchitecture.union(["reference"]))
        #expect(
            Set(rows.filter { $0.key.architecture != "reference" }.map(\.key.feature)) == [
                "counter/loadQuote", "transfer/submitTransfer", "transfer/loadAccounts",
            ])
        #expect(Set(rows.map(\.key.feature)).isSubset(of: Catalog.caseFeatures + ["reference/round-trip"]))
        let times = rows.filter { $0.key.metric == .time && $0.key.architecture != "reference" }
        #expect(times.count == Self.everyArchitecture.count * 3)
        #expect(times.allSatisfy { $0.unit == .microseconds && $0.ratioToReference != nil })
        let cpu = rows.filter { $0.key.metric == .cpuTime && $0.key.architecture != "reference" }
        #expect(cpu.count == times.count)
        let reference = rows.filter { $0.key.architecture == "reference" && $0.key.metric == .time }
        #expect(reference.map(\.key.feature) == ["reference/round-trip"])
        #expect(reference.first?.ratioToReference == 1)
        // A case the counts find heavy is timed in rounds of its own, beside a reference of its own
        // whose row is not written. In this process a round trip is counted on every thread, so what
        // other tests allocate meanwhile can make one heavy.
        let heavy = HeavyCases.among(times.map(\.key.caseKey), counts: rows)
        #expect(heavy.count < times.count, "every round trip counted heavy: nothing left to check")
        if let hop = reference.first?.median {
            for time in times where !heavy.contains(time.key.caseKey) {
                let expected = time.median / hop
                #expect(
                    abs((time.ratioToReference ?? 0) - expected) <= expected * 1e-12, "round trips: medians")
            }
        }
        if AllocationCounter.isCountingTasks {
            #expect(rows.filter { $0.key.metric == .tasks }.count == Self.everyArchitecture.count * 3)
        }
        let mallocs = rows.filter { $0.key.metric == .mallocs }
        #expect(mallocs.count == (AllocationCounter.isAvailable ? Self.everyArchitecture.count * 3 : 0))
        #expect(
            mallocs.allSatisfy { $0.sampleCount == RunSize.smoke.interleavedRoundTripCountRepetitions },
            "counted as many times as the run size says")
    }

    @Test(
        "layout sizes reach N = 10000; N = 1…1000 in all three layouts, increment and no-op, count observers and fit a growth exponent"
    )
    func layoutSuite() async throws {
        #expect(Catalog.layoutSizes == [1, 10, 100, 1_000, 10_000])
        let rows = try await Self.run([.layout], sizes: Self.testedSizes)
        for architecture in Self.everyArchitecture {
            for layout in Layout.allCases {
                for feature: FeatureName in ["app/increment", "app/no-op"] {
                    let series = rows.filter {
                        $0.key.architecture == architecture && $0.key.layout == LayoutName(layout)
                            && $0.key.feature == feature
                    }
                    let woken = series.filter { $0.key.metric == .observersWoken }
                    #expect(
                        woken.map(\.key.n) == [1, 10, 100, 1000],
                        "\(architecture) \(layout) \(feature)")
                    for row in woken {
                        let n = Double(row.key.n ?? 0)
                        let expected = Self.expectedWakes(layout, feature, n: n, architecture: architecture)
                        #expect(expected.contains(row.median), "\(row.key)")
                    }
                    #expect(series.filter { $0.key.metric == .growthExponent }.count == 1)
                }
            }
        }
    }

    /// Observers woken per operation: an increment wakes every observer of a single store observed
    /// whole and one otherwise (`closure-effects` observes its single store's counters apart); a
    /// no-op wakes none, or, in a single store observed whole that does not skip unchanged states,
    /// every one.
    static func expectedWakes(
        _ layout: Layout, _ feature: FeatureName, n: Double, architecture: ArchitectureName
    )
        -> Set<Double>
    {
        switch (layout, feature) {
        case (.singleStore, "app/increment") where architecture == "closure-effects": [1]
        case (.singleStore, "app/increment"): [n]
        case (.singleStore, _): [0, n]
        case (_, "app/increment"): [1]
        default: [0]
        }
    }

    @Test("baseline rows are the references, each a ratio to ordinary-work")
    func baselineSuite() async throws {
        let rows = try await Self.run([.reference]).filter { $0.key.metric == .time }
        #expect(
            rows.map(\.key.feature) == [
                "reference/ordinary-work", "reference/struct-mutation", "reference/closure-call",
                "reference/empty",
                "reference/decimal-equality", "reference/copy-1-object", "reference/copy-3-objects",
                "reference/nine-instructions",
            ])
        #expect(rows.first?.ratioToReference == 1)
        let empty = rows.first { $0.key.feature == "reference/empty" }
        #expect(empty?.unit == .nanosecondsPerSample && empty?.ratioToReference == nil)
    }

    @Test("the isolation rule: cases of one size share rounds, sizes never mix, heavy cases run alone")
    func timingGroups() {
        func sized(_ architecture: ArchitectureName, _ n: Int?) -> BenchmarkCase {
            BenchmarkCase(suite: .layout, architecture: architecture, feature: "app/increment", n: n)
        }
        let cases = [sized("a", 10), sized("a", 10_000), sized("b", 10), sized("b", 10_000), sized("c", nil)]
        let groups = SuiteRunner.timingGroups(cases)
        #expect(groups.map { $0.cases.map(\.n) } == [[10, 10], [10_000, 10_000], [nil]])
        #expect(groups[0].cases.map(\.architecture) == ["a", "b"])
        #expect(groups.allSatisfy { !$0.isHeavy })
        let heavy: Set = [sized("a", 10_000).key(metric: .time).caseKey]
        let isolated = SuiteRunner.timingGroups(cases, heavy: heavy)
        #expect(isolated.map { $0.cases.map(\.architecture) } == [["a", "b"], ["b"], ["a"], ["c"]])
        #expect(isolated.map { $0.cases.map(\.n) } == [[10, 10], [10_000], [10_000], [nil]])
        #expect(isolated.map(\.isHeavy) == [false, false, true, false])
    }

    @Test("round trips and synchronous cases of one size are timed in separate rounds")
    func roundTripsHaveRoundsOfTheirOwn() {
        func sized(_ architecture: ArchitectureName, _ n: Int, roundTrip: Bool) -> BenchmarkCase {
            var benchmarkCase = BenchmarkCase(
                suite: .stateCopy, architecture: architecture,
                feature: roundTrip ? "transfer/submitTransfer" : "transfer/updateAmount", n: n)
            benchmarkCase.benchmark =
                roundTrip
                ? Benchmark("\(architecture) round trip") { _ async in }
                : Benchmark(architecture.rawValue) { _ in }
            return benchmarkCase
        }
        let cases = [
            sized("a", 10, roundTrip: false), sized("a", 10, roundTrip: true),
            sized("b", 10, roundTrip: false),
            sized("b", 10, roundTrip: true), sized("a", 100, roundTrip: true),
            sized("a", 100, roundTrip: false),
        ]
        let groups = SuiteRunner.timingGroups(cases)
        #expect(groups.map { $0.cases.map(\.architecture) } == [["a", "b"], ["a", "b"], ["a"], ["a"]])
        #expect(
            groups.map { $0.cases.map { $0.benchmark?.isAsync == true } } == [
                [false, false], [true, true], [false], [true],
            ])
        #expect(groups.map(\.isRoundTrips) == [false, true, false, true])
    }

    @Test("round trips run on one CPU unless the runner is told otherwise, and the metadata says which")
    func roundTripPlacement() {
        var runner = SuiteRunner(size: .quick, configuration: .debug)
        #expect(runner.confinesRoundTrips)
        #expect(runner.roundTripPlacement == (CPUConfinement.isAvailable ? .oneCPU : .everyCPU))
        runner.confinesRoundTrips = false
        #expect(runner.roundTripPlacement == .everyCPU)
    }

    @Test("the gauge of a timing group is its ordinary-work reference, wherever it is")
    func gaugeIndex() {
        let reference = Catalog.ordinaryWorkReferenceCase(.stateCopy)
        let other = BenchmarkCase(
            suite: .stateCopy, architecture: "a", feature: "transfer/updateAmount", n: 10)
        #expect(
            CaseCatalogue.gaugeIndex(in: [
                other, other, reference, Catalog.roundTripReferenceCase(.stateCopy),
            ])
                == 2)
        #expect(CaseCatalogue.gaugeIndex(in: [Catalog.ordinaryWorkReferenceCase(.reference), other]) == 0)
        #expect(CaseCatalogue.gaugeIndex(in: [other, Catalog.roundTripReferenceCase()]) == nil)
    }

    @Test("each case is timed beside a reference of its own kind: ordinary work, or a round trip")
    func references() {
        let synchronous = Catalog.ordinaryWorkReferenceCase(.stateCopy)
        let roundTrip = Catalog.roundTripReferenceCase(.stateCopy)
        let features = { (suite: Suite, group: [BenchmarkCase]) in
            CaseCatalogue.references(for: suite, group: group).map(\.feature)
        }
        #expect(features(.reference, [synchronous]).isEmpty)
        #expect(features(.effects, [roundTrip]) == ["reference/round-trip"])
        for suite in [Suite.dispatch, .dispatchAdapter, .layout, .stateCopy] {
            #expect(features(suite, [synchronous]) == ["reference/ordinary-work"])
        }
        #expect(
            features(.stateCopy, [synchronous, roundTrip]) == [
                "reference/ordinary-work", "reference/round-trip",
            ])
    }

    @Test(
        "allocation counts of synchronous dispatch are identical across two runs",
        .enabled(if: AllocationCounter.isAvailable, "needs the malloc interposer (Linux with glibc)"))
    func allocationCountsRepeat() async throws {
        let first = try await Self.run([.dispatch]).filter { $0.key.metric != .time }
        let second = try await Self.run([.dispatch]).filter { $0.key.metric != .time }
        #expect(!first.isEmpty)
        #expect(first == second)
    }

    @Test(
        "a synchronous case is counted once, in a run of every size",
        .enabled(if: AllocationCounter.isAvailable, "needs the malloc interposer (Linux with glibc)"),
        arguments: [RunSize.full, .quick])
    func synchronousCountsOnce(_ size: RunSize) async throws {
        var size = size
        size.synchronousCountedOperationsLimit = RunSize.smoke.synchronousCountedOperationsLimit
        var runner = SuiteRunner(
            size: size, configuration: .debug,
            selection: CaseSelector(
                suites: [.dispatch], architectures: [ArchitectureName(Subjects.all[0].id)]))
        runner.passes = .counts
        let counts = try await runner.run().filter { $0.key.metric == .mallocs }
        #expect(!counts.isEmpty)
        #expect(counts.allSatisfy { $0.sampleCount == 1 && $0.min == $0.max }, "\(counts)")
    }

    @Test(
        "only the tests' smoke size counts a synchronous case over fewer operations and a round trip fewer times, and warms up for no round"
    )
    func countedOperationsLimit() {
        // The baselines' counts come from quick and full runs: a window of another length would move
        // every count with a one-off allocation in it.
        #expect(RunSize.full.synchronousCountedOperationsLimit == nil)
        #expect(RunSize.quick.synchronousCountedOperationsLimit == nil)
        #expect(RunSize.smoke.synchronousCountedOperationsLimit == 10)
        // Round trips, where they are not counted in serial mode: three counts in a run, one in the
        // tests.
        #expect([RunSize.full, .quick, .smoke].map(\.interleavedRoundTripCountRepetitions) == [3, 3, 1])
        // Warm-up: one round in a run (docs/measurement.md, "Rounds, shuffled"), none in the tests.
        #expect([RunSize.full, .quick, .smoke].map(\.warmUpRounds) == [1, 1, 0])
    }

    @Test("on real threads a round trip is counted as many times as the run size says")
    func roundTripsCountedOnRealThreads() {
        var runner = SuiteRunner(size: .full, configuration: .debug)
        runner.countsEffectsSerially = false
        #expect(runner.roundTripRepetitions == RunSize.full.interleavedRoundTripCountRepetitions)
    }

    /// A runner of the synchronous dispatch suite for one architecture, making `passes`. (Async
    /// cases would count in all-threads windows, which two tests on the main actor must not share.)
    func dispatchRunner(_ passes: SuiteRunner.Passes) -> SuiteRunner {
        var runner = SuiteRunner(
            size: .smoke, configuration: .debug,
            selection: CaseSelector(
                suites: [.dispatch], architectures: [ArchitectureName(Subjects.all[0].id)]))
        runner.passes = passes
        return runner
    }

    @Test(
        "without counters a run writes times and observers woken, and no count at all",
        .enabled(if: !AllocationCounter.isAvailable, "only where counting is unavailable"))
    func noCountsWithoutCounters() async throws {
        var runner = layoutRunner()
        runner.passes = .all
        let metrics = Set(try await runner.run().map(\.key.metric))
        #expect(metrics.isSubset(of: [.time, .cpuTime, .observersWoken]), "\(metrics)")
        #expect(metrics.isSuperset(of: [.time, .observersWoken]))
    }

    @Test("counting alone gives no time rows; timing with those counts gives every row in order")
    func countsThenTimes() async throws {
        let timeMetrics: Set<Metric> = [.time, .cpuTime, .growthExponent, .growthSlope, .costPerObserver]
        let counts = try await dispatchRunner(.counts).run()
        #expect(counts.contains { $0.key.metric == .mallocs } == AllocationCounter.isAvailable)
        #expect(!counts.contains { timeMetrics.contains($0.key.metric) })
        let timed = try await dispatchRunner(.times(counts: counts)).run()
        let whole = try await dispatchRunner(.all).run()
        #expect(timed.map(\.key) == whole.map(\.key))
        #expect(timed.filter { !timeMetrics.contains($0.key.metric) } == counts)
        #expect(timed.contains { $0.key.metric == .time && $0.ratioToReference != nil })
    }

    /// A runner of one architecture's single-store layout cases at N = 1 timing with `counts`.
    func layoutRunner(counts: [ResultRow]? = nil) -> SuiteRunner {
        var runner = SuiteRunner(
            size: .smoke, configuration: .debug, seed: 40,
            selection: CaseSelector(
                suites: [.layout], architectures: [ArchitectureName(Subjects.all[0].id)],
                layouts: [LayoutName(.singleStore)], sizes: [1]))
        runner.passes = counts.map { .times(counts: $0) } ?? .counts
        return runner
    }

    @Test("every timing group warms up for its run size's rounds", arguments: [RunSize.full, .quick, .smoke])
    func groupsWarmUpForTheRunSize(_ size: RunSize) {
        let runner = SuiteRunner(size: size, configuration: .release)
        #expect(
            runner.samplingParameters(seed: 1, gauge: nil, calmest: nil).warmUpRounds == size.warmUpRounds)
    }

    /// Counts of `layoutRunner` in which the increment allocates enough to be heavy.
    func countsWithHeavyIncrement() async throws -> [ResultRow] {
        try await layoutRunner().run().map { row in
            var row = row
            if row.key.feature == "app/increment" && row.key.metric == .bytes {
                row.median = ResultRow.heavyBytesPerOperation
            }
            return row
        }
    }

    @Test(
        "a heavy case goes to the heavy-case timer with its group's seed, and its rows keep their place",
        .enabled(
            if: AllocationCounter.isAvailable,
            "makes a case heavy through its bytes row: needs allocation counts"))
    func heavyCaseTimer() async throws {
        let counts = try await countsWithHeavyIncrement()
        let increment = try #require(ResultRow.heavyCases(in: counts).first)
        var runner = layoutRunner(counts: counts)
        var timedApart = ResultRow(
            key: ResultRow.Key(
                suite: .layout, architecture: increment.architecture, feature: increment.feature,
                layout: increment.layout, n: increment.n, metric: .time),
            unit: .nanoseconds, median: 5, p10: 4, p25: 4, p75: 6, min: 3, max: 7, sampleCount: 9,
            configuration: .debug)
        timedApart.ratioToReference = 0.5
        let calls = Calls()
        runner.heavyCaseTimer = { caseKey, seed in
            calls.list.append("\(caseKey.feature) \(seed)")
            return [timedApart]
        }
        let rows = try await runner.run()
        // The no-op's shared group is the size's first (seed 40), the increment's own the second.
        #expect(calls.list == ["app/increment 41"])
        #expect(rows.first { $0.key == timedApart.key } == timedApart)
        let inProcess = try await layoutRunner(counts: counts).run()
        #expect(rows.map(\.key) == inProcess.map(\.key), "the same rows in the same order")
    }

    @Test("a share of the rounds takes its part of the samples and of the span, the rest as a whole run")
    func runSizeShares() {
        let third = RunSize.full.sharing(RoundShare(2, of: 3))
        #expect(third.sampleCount == 9 && third.minimumSpan == .seconds(1) / 3)
        #expect(third.warmUpRounds == RunSize.full.warmUpRounds)
        #expect(third.targetSampleDuration == RunSize.full.targetSampleDuration)
        #expect(RunSize.full.sharing(.whole) == RunSize.full)
        #expect(RunSize.full.timingProcesses == 3 && RunSize.quick.timingProcesses == 1)
    }

    /// The one timing group of the dispatch suite.
    static let dispatchGroup = TimingGroupID(suite: .dispatch, n: nil, kind: .synchronous)

    @Test("an earlier share records every group; the last pools each case's samples with it")
    func sharesPoolTheirSamples() async throws {
        let counts = try await dispatchRunner(.counts).run()
        var earlier = dispatchRunner(.times(counts: counts))
        earlier.share = RoundShare(0, of: 2)
        let recorded = Recorded()
        earlier.recordsGroup = { key, results in recorded.results[key] = results }
        _ = try await earlier.run()
        #expect(Array(recorded.results.keys) == [Self.dispatchGroup])
        var last = dispatchRunner(.times(counts: counts))
        last.share = RoundShare(1, of: 2)
        last.earlierShares = [recorded.results]
        let own = Recorded()
        last.recordsGroup = { key, results in own.results[key] = results }
        let rows = try await last.run()
        let earlierResults = try #require(recorded.results[Self.dispatchGroup])
        let ownResults = try #require(own.results[Self.dispatchGroup])
        let times = rows.filter { $0.key.metric == .time }
        #expect(times.count == 3 && earlierResults.count == 4, "three cases and the reference")
        // Judged again against both shares' calmest reference round: the reference is the last.
        let judged = RunSize.smoke.gauge(at: 3, calmest: nil).judging([earlierResults, ownResults])
        for (row, (before, mine)) in zip(times, zip(judged[0], judged[1])) {
            #expect(before.name == "\(row.key.architecture) \(row.key.feature)")
            let pooled = try #require(BenchmarkResult.pooling([before, mine], calmRoundsNeeded: 3))
            let calm = (before.calmRounds + mine.calmRounds).filter { $0 }.count
            #expect(row.sampleCount == (calm >= 3 ? calm : before.samples.count + mine.samples.count))
            #expect(row.p10 == pooled.time.p10)
            #expect(row.roundsSetAside == pooled.roundsSetAside, "the pool's rounds set aside are written")
            #expect(
                row.sampleCount + (row.roundsSetAside ?? -1) == before.samples.count + mine.samples.count,
                "every round is either kept (samples) or set aside")
        }
        #expect(rows.filter { $0.key.metric != .time }.allSatisfy { $0.roundsSetAside == nil })
    }

    @Test("the last share judges every share's rounds against the calmest reference round of them all")
    func lastShareJudgesEveryShare() async throws {
        let times = try await Self.judgedTimes(
            dispatchRunner(.times(counts: try await dispatchRunner(.counts).run())))
        #expect(times.count == 3)
        // Smoke size: 2 rounds a share, 3 calm ones needed, only the earlier share's 2 are calm.
        #expect(
            times.allSatisfy { $0.wasDisturbed && $0.sampleCount == 4 && $0.roundsSetAside == 0 },
            "too few calm rounds: every round")
    }

    @Test("a heavy case's rounds are judged by its reference too")
    func heavyCasesHaveAGauge() async throws {
        let counts = try await countsWithHeavyIncrement()
        let times = try await Self.judgedTimes(layoutRunner(counts: counts))
        let heavy = try #require(times.first { $0.key.feature == "app/increment" })
        #expect(heavy.wasDisturbed && heavy.sampleCount == 4)
    }

    /// The time rows of `runner`'s run as the last of two shares, after an earlier share whose every
    /// group's reference (the group's last benchmark) ran ten times faster than anything the last one
    /// will see: by it, none of the last share's rounds is calm, though by its own fastest all are.
    static func judgedTimes(_ runner: SuiteRunner) async throws -> [ResultRow] {
        var earlier = runner
        earlier.share = RoundShare(0, of: 2)
        let recorded = Recorded()
        earlier.recordsGroup = { key, results in recorded.results[key] = results }
        _ = try await earlier.run()
        var faster: TimingGroupResults = [:]
        for (key, results) in recorded.results {
            faster[key] = try results.dropLast() + [scaling(results.last!, by: 0.1)]
        }
        var last = runner
        last.share = RoundShare(1, of: 2)
        last.earlierShares = [faster]
        return try await last.run().filter { $0.key.metric == .time }
    }

    /// `result` with every sample multiplied by `factor`, through the file format the shares use.
    static func scaling(_ result: BenchmarkResult, by factor: Double) throws -> BenchmarkResult {
        var object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as? [String: Any])
        object["samples"] = result.samples.map { $0 * factor }
        return try JSONDecoder().decode(
            BenchmarkResult.self, from: JSONSerialization.data(withJSONObject: object))
    }

    @Test("the last share fails in one line when an earlier share is missing or timed other benchmarks")
    func sharesMustAgree() async throws {
        let counts = try await dispatchRunner(.counts).run()
        var last = dispatchRunner(.times(counts: counts))
        last.share = RoundShare(2, of: 3)
        last.earlierShares = [[:]]
        await #expect {
            try await last.run()
        } throws: { error in
            "\(error)" == "share 3 of 3 was given 1 earlier shares"
        }
        last.earlierShares = [[:], [:]]
        await #expect {
            try await last.run()
        } throws: { error in
            "\(error)"
                == "the timing processes did not time the same benchmarks in group dispatch synchronous"
        }
    }

    @Test(
        "a heavy-case timer's failure stops the run with its message",
        .enabled(
            if: AllocationCounter.isAvailable,
            "makes a case heavy through its bytes row: needs allocation counts"))
    func heavyCaseTimerFailure() async throws {
        var runner = layoutRunner(counts: try await countsWithHeavyIncrement())
        runner.heavyCaseTimer = { _, _ throws(RunFailure) in
            throw RunFailure("the timing process of the increment failed with status 1")
        }
        await #expect {
            try await runner.run()
        } throws: { error in
            "\(error)" == "the timing process of the increment failed with status 1"
        }
    }
}

/// What a test's heavy-case timer was asked.
@MainActor
final class Calls {
    var list: [String] = []
}

/// The groups a test's runner recorded.
@MainActor
final class Recorded {
    var results: TimingGroupResults = [:]
}

/// Effects count every thread's activity, and each count is the difference of two windows (2N
/// round trips minus N), so tasks that tests running in parallel create while the N window is open
/// make a round trip look as if it ran less than one task. `.ci/run` runs this suite on its own with
/// `BENCH_QUIET_PROCESS=1 swift test --filter EffectTaskCountTests`.
@MainActor
@Suite(
    "Effect task counts",
    .enabled(
        if: isQuietProcess && AllocationCounter.isCountingTasks,
        "needs a quiet process and task counting: BENCH_QUIET_PROCESS=1 swift test --filter EffectTaskCountTests"
    )
)
struct EffectTaskCountTests {
    @Test("every effect round trip of every architecture runs at least one task")
    func everyRoundTripRunsATask() async throws {
        let rows = try await SuiteRunnerTests.run([.effects])
        let tasks = rows.filter { $0.key.metric == .tasks }
        #expect(tasks.count == ArchitectureID.builtIn.count * 3)
        let taskless = tasks.filter { $0.median < 1 }.map {
            "\($0.key.architecture) \($0.key.feature): \($0.median)"
        }
        #expect(taskless.isEmpty, "every round trip runs at least one task")
    }
}

/// Round trips counted in serial mode, which sends every job of the process to the main thread, so
/// it needs a process that runs nothing else. `.ci/run` runs this suite on its own with
/// `BENCH_QUIET_PROCESS=1 swift test --no-parallel --filter SerialRoundTripCountTests`.
@MainActor
@Suite(
    "Round trips counted in serial mode",
    .serialized,
    .enabled(
        if: isQuietProcess && AllocationCounter.isAvailable && AllocationCounter.canRunSerially,
        "needs a quiet process, the malloc interposer and the runtime's global-enqueue hook"
    )
)
struct SerialRoundTripCountTests {
    @Test("in serial mode a round trip is counted once, and two runs count the same")
    func roundTripsCountedOnceSerially() async throws {
        // A full run's repetitions and windows: smoke counts once anyway.
        var runner = SuiteRunner(
            size: .full, configuration: .debug,
            selection: CaseSelector(suites: [.effects], architectures: [ArchitectureName(Subjects.all[0].id)])
        )
        (runner.passes, runner.countsEffectsSerially) = (.counts, true)
        #expect(runner.roundTripRepetitions == 1)
        #expect(RunSize.full.interleavedRoundTripCountRepetitions > 1)
        let (first, second) = (try await runner.run(), try await runner.run())
        let counts = first.filter { $0.key.metric == .mallocs }
        #expect(counts.count == 3, "one architecture's three round trips")
        #expect(counts.allSatisfy { $0.sampleCount == 1 }, "samples: \(counts.map(\.sampleCount))")
        let moved = zip(first, second).filter { $0 != $1 }.map {
            "\($0.key): \($0.median), then \($1.median)"
        }
        #expect(first.count == second.count)
        #expect(moved.isEmpty, "counts that moved between two runs: \(moved)")
    }
}
