import BenchmarkEngine
import Foundation
import Testing

/// Batch sizing, interleaving and the black hole. No test depends on how fast the machine is.
struct RunnerTests {
    @Test func batchSizingReachesItsTarget() async {
        let runner = BenchmarkRunner(
            sampling: SamplingParameters(targetSampleDuration: .microseconds(200)))
        let size = await runner.batchSize(for: ReferenceBenchmarks.structMutation)
        #expect(!size.reachedIterationLimit)
        #expect(size.sampleNanoseconds >= 200_000)
        #expect(size.iterations > 1)
    }

    @Test func batchSizingStopsAtTheIterationLimit() async {
        let sampling = SamplingParameters(
            targetSampleDuration: .seconds(10), maximumIterations: 1000)
        let size = await BenchmarkRunner(sampling: sampling).batchSize(
            for: Benchmark("nothing") { _ in })
        #expect(size.reachedIterationLimit)
        #expect(size.iterations == 1000)
    }

    @Test(
        "one iteration far over the target is taken without a second run; one just over it is confirmed",
        arguments: [(multiple: 20.0, runs: 1), (multiple: 1.5, runs: 2)])
    func slowIterationIsNotConfirmed(multiple: Double, runs: Int) async {
        final class Calls {
            var count = 0
        }
        let calls = Calls()
        let target = Duration.microseconds(200)
        // Spun and timed in this thread's CPU time, so that a preemption cannot stretch the 1.5x
        // iteration past the unconfirmed multiple.
        let spin = UInt64((target * multiple) / .nanoseconds(1))
        let benchmark = Benchmark("slow") { iterations in
            calls.count += 1
            let end = MonotonicClock.threadCPUTime() + spin * UInt64(iterations)
            while MonotonicClock.threadCPUTime() < end {}
        }
        let sampling = SamplingParameters(targetSampleDuration: target, clock: .threadCPUTime)
        let size = await BenchmarkRunner(sampling: sampling).batchSize(for: benchmark)
        #expect(size.iterations == 1)
        #expect(calls.count == runs)
    }

    @Test func blackHoledWorkTakesTime() async throws {
        let sampling = SamplingParameters(
            targetSampleDuration: .microseconds(100), warmUpRounds: 1, sampleCount: 5)
        let benchmark = Self.blackHoledLoop("black-holed")
        let result = try #require(await BenchmarkRunner(sampling: sampling).run([benchmark]).first)
        #expect(!result.reachedIterationLimit)
        #expect(result.time.min > 0)
        #expect(result.samples.count == 5)
        #expect(result.samples.allSatisfy { $0 > 0 })
    }

    @Test func everyRoundSamplesEachBenchmarkOnceInTheSeededOrder() async {
        final class Log {
            var entries: [String] = []
        }
        let log = Log()
        let names = ["a", "b", "c", "d"]
        let benchmarks = names.map { name in
            Benchmark(name) { iterations in
                log.entries.append(name)
                for index in 0..<iterations { blackHole(index) }
            }
        }
        let sampling = SamplingParameters(
            targetSampleDuration: .microseconds(50), warmUpRounds: 2, sampleCount: 4, seed: 11)
        let runner = BenchmarkRunner(sampling: sampling)
        let results = await runner.run(benchmarks)
        #expect(results.map(\.name) == names)
        #expect(results.allSatisfy { $0.samples.count == 4 && $0.time.count == 4 })
        let orders = runner.roundOrders(count: 4)
        #expect(orders.count == 6)
        #expect(orders.allSatisfy { $0.sorted() == [0, 1, 2, 3] })
        #expect(Array(log.entries.suffix(6 * 4)) == orders.flatMap { $0.map { names[$0] } })
    }

    @Test func aMinimumSpanAddsRoundsThatContinueTheSeededOrder() async throws {
        final class Log {
            var entries: [Int] = []
            var finished: (rounds: Int, span: Duration)?
        }
        let log = Log()
        let benchmarks = (0..<3).map { name in
            Benchmark("\(name)") { iterations in
                log.entries.append(name)
                for index in 0..<iterations { blackHole(index) }
            }
        }
        let sampling = SamplingParameters(
            targetSampleDuration: .microseconds(100), warmUpRounds: 1, sampleCount: 4, seed: 3,
            minimumSpan: .milliseconds(30))
        let runner = BenchmarkRunner(sampling: sampling)
        let results = await runner.run(benchmarks) { update in
            if case .finished(let rounds, let span, _, _) = update { log.finished = (rounds, span) }
        }
        let finished = try #require(log.finished)
        #expect(finished.span >= .milliseconds(30))
        // Three samples of at least 0.1 ms each make a round of at least 0.3 ms: 30 ms takes more
        // than the four configured rounds.
        #expect(finished.rounds > 4)
        #expect(results.allSatisfy { $0.samples.count == finished.rounds })
        let orders = runner.roundOrders(count: 3, rounds: 1 + finished.rounds)
        #expect(Array(log.entries.suffix(orders.count * 3)) == orders.flatMap { $0 })
    }

    @Test func aMinimumSpanStopsAtTheRoundLimit() async throws {
        let sampling = SamplingParameters(
            targetSampleDuration: .microseconds(20), warmUpRounds: 0, sampleCount: 2,
            minimumSpan: .seconds(3_600)
        )
        let benchmark = Self.blackHoledLoop("cheap")
        let result = try #require(await BenchmarkRunner(sampling: sampling).run([benchmark]).first)
        #expect(sampling.maximumRounds == 200)
        #expect(result.samples.count == 200)
    }

    @Test func withoutAMinimumSpanARunKeepsExactlyTheConfiguredSamples() async throws {
        let sampling = SamplingParameters(
            targetSampleDuration: .microseconds(20), warmUpRounds: 0, sampleCount: 6)
        let benchmark = Self.blackHoledLoop("cheap")
        let result = try #require(await BenchmarkRunner(sampling: sampling).run([benchmark]).first)
        #expect(result.samples.count == 6)
    }

    @Test("a round is calm when the gauge ran within the tolerance of its calmest sample")
    func calmRounds() {
        let gauge = SamplingParameters.Gauge(index: 0, tolerance: 0.2)
        #expect(gauge.calmRounds([100, 130, 101, 120, 121]) == [0, 2, 3])
        var earlier = gauge
        earlier.calmest = 80
        #expect(earlier.calmRounds([100, 130, 96, 97]) == [2])
        earlier.calmest = 200
        #expect(earlier.calmRounds([100, 130]) == [0])
    }

    @Test("rounds in which the gauge ran slow are set aside, and sampling goes on until enough are calm")
    func disturbedRoundsAreSetAside() async throws {
        let (benchmarks, disturbance) = Self.gaugedPair()
        let sampling = SamplingParameters(
            targetSampleDuration: .microseconds(100), warmUpRounds: 0, sampleCount: 4,
            gauge: SamplingParameters.Gauge(index: 1, tolerance: 3, maximumSpan: .seconds(60)))
        let results = await BenchmarkRunner(sampling: sampling).run(benchmarks) { update in
            if case .batchSized(let name, _) = update, name == "gauge" { disturbance.remaining = 3 }
        }
        let gauge = results[1]
        #expect(gauge.roundsSetAside >= 3)
        #expect(!gauge.wasDisturbed)
        #expect(gauge.samples.count >= 4 && results[0].samples.count == gauge.samples.count)
        // The kept gauge samples are the calm ones: none took the 5 ms a disturbed round adds.
        #expect(gauge.samples.allSatisfy { $0 <= 4 * gauge.time.min })
        #expect(gauge.samples.allSatisfy { $0 * Double(gauge.iterationsPerSample) < 5_000_000 })
    }

    @Test("a gauge that never calms keeps every round until its longest span and flags the results")
    func aGaugeThatNeverCalmsFlagsTheRun() async throws {
        let (benchmarks, _) = Self.gaugedPair()
        let sampling = SamplingParameters(
            targetSampleDuration: .microseconds(100), warmUpRounds: 0, sampleCount: 3,
            gauge: SamplingParameters.Gauge(index: 1, calmest: 1e-6, maximumSpan: .milliseconds(20)))
        let results = await BenchmarkRunner(sampling: sampling).run(benchmarks)
        #expect(results.allSatisfy { $0.wasDisturbed && $0.roundsSetAside == 0 })
        // Three rounds of two 0.1 ms samples take under 20 ms: it waited for calm rounds past them.
        #expect(results[0].samples.count > 3)
        let ungauged = try #require(
            await BenchmarkRunner(sampling: SamplingParameters(sampleCount: 3)).run([benchmarks[0]])
                .first)
        #expect(!ungauged.wasDisturbed && ungauged.samples.count == 3)
    }

    /// A measured loop and a gauge; while `remaining` is above zero, each gauge sample spins 5 ms
    /// more, as if the machine were disturbed.
    static func gaugedPair() -> ([Benchmark], Disturbance) {
        let disturbance = Disturbance()
        let gauge = Benchmark("gauge") { iterations in
            if disturbance.remaining > 0 {
                disturbance.remaining -= 1
                let end = ContinuousClock.now + .milliseconds(5)
                while ContinuousClock.now < end { blackHole(0) }
            }
            for index in 0..<iterations { blackHole(index) }
        }
        return ([blackHoledLoop("measured"), gauge], disturbance)
    }

    /// How many more gauge samples are disturbed.
    final class Disturbance {
        var remaining = 0
    }

    @Test func aSeedReproducesItsOrderAndAnotherSeedShufflesDifferently() {
        func orders(_ seed: UInt64) -> [[Int]] {
            BenchmarkRunner(sampling: SamplingParameters(warmUpRounds: 3, sampleCount: 25, seed: seed))
                .roundOrders(count: 14)
        }
        #expect(orders(5) == orders(5))
        #expect(orders(5) != orders(6))
        // No case always follows the same neighbour: across 28 rounds of 14, a case's predecessor varies.
        let predecessors = orders(5).compactMap { order in
            order.firstIndex(of: 7).flatMap { $0 > 0 ? order[$0 - 1] : nil }
        }
        #expect(Set(predecessors).count > 3)
    }

    @Test func preparationIsLeftOutOfTimeAndCounts() async throws {
        let benchmark = preparedBenchmark(busyWork: 20_000)
        let sampling = SamplingParameters(
            targetSampleDuration: .microseconds(200), warmUpRounds: 0, sampleCount: 3)
        let result = try #require(await BenchmarkRunner(sampling: sampling).run([benchmark]).first)
        let unprepared = Benchmark("plain") { iterations in
            for index in 0..<iterations { for _ in 0..<20_000 { blackHole(index) } }
        }
        let plain = try #require(await BenchmarkRunner(sampling: sampling).run([unprepared]).first)
        #expect(result.time.median * 10 < plain.time.median, "the prepare loop was timed")
        // That the prepare step's allocations are not counted is checked in the quiet process
        // (SerialExecutorTests): an all-threads window here would count the parallel tests' too.
    }

    @Test func asyncBenchmarksRun() async throws {
        let sampling = SamplingParameters(
            targetSampleDuration: .microseconds(100), warmUpRounds: 0, sampleCount: 3)
        let benchmark = Benchmark("yield") { (iterations: Int) async in
            for _ in 0..<iterations { await Task.yield() }
        }
        #expect(benchmark.isAsync)
        let result = try #require(await BenchmarkRunner(sampling: sampling).run([benchmark]).first)
        #expect(result.samples.count == 3)
        #expect(result.time.min > 0)
    }

    @MainActor
    @Test func mainActorStateCanBeBenchmarked() async throws {
        @MainActor final class Store {
            var count = 0
            func increment() { count += 1 }
            func load() async { count += 1 }
        }
        let store = Store()
        let sampling = SamplingParameters(
            targetSampleDuration: .microseconds(50), warmUpRounds: 0, sampleCount: 2)
        let results = await BenchmarkRunner(sampling: sampling).run([
            Benchmark("sync") { iterations in for _ in 0..<iterations { store.increment() } },
            Benchmark("async") { iterations in for _ in 0..<iterations { await store.load() } },
            Benchmark(
                "set-up", setUp: { Store() },
                run: { state, iterations in
                    for _ in 0..<iterations { state.increment() }
                }),
        ])
        #expect(results.count == 3)
        #expect(store.count > 0)
    }

    @Test func referencesAreMeasured() async {
        let sampling = SamplingParameters(
            targetSampleDuration: .microseconds(100), warmUpRounds: 1, sampleCount: 3)
        let results = await BenchmarkRunner(sampling: sampling).run(ReferenceBenchmarks.all)
        #expect(
            results.map(\.name) == [
                "empty", "struct-mutation", "ordinary-work", "closure-call", "round-trip",
            ])
        for result in results.dropFirst() {
            #expect(!result.reachedIterationLimit)
            #expect(result.time.median > 0)
        }
        #expect(results[1].ratio(to: results[1]) == 1)
    }

    /// A synchronous benchmark that passes each iteration's index to `blackHole`.
    static func blackHoledLoop(_ name: String) -> Benchmark {
        Benchmark(name) { iterations in
            for index in 0..<iterations { blackHole(index) }
        }
    }

    /// A synchronous benchmark and an async one, in that order.
    static func syncAndAsync() -> [Benchmark] {
        [
            blackHoledLoop("sync"),
            Benchmark("async") { (iterations: Int) async in
                for _ in 0..<iterations { await Task.yield() }
            },
        ]
    }

    @Test func threadCPUClockAppliesToSyncBenchmarksOnly() async {
        let sampling = SamplingParameters(
            targetSampleDuration: .microseconds(100), warmUpRounds: 0, sampleCount: 2, clock: .threadCPUTime)
        let results = await BenchmarkRunner(sampling: sampling).run(Self.syncAndAsync())
        #expect(results.map(\.clock) == [.threadCPUTime, .monotonic])
        #expect(!results[0].reachedIterationLimit)
        #expect(results[0].time.min > 0)
    }

    @Test func synchronousBenchmarksCostTheirTenthPercentileRoundTripsTheirMedian() async {
        let sampling = SamplingParameters(
            targetSampleDuration: .microseconds(100), warmUpRounds: 0, sampleCount: 5)
        let results = await BenchmarkRunner(sampling: sampling).run(Self.syncAndAsync())
        #expect(results.map(\.costStatistic) == [.p10, .median])
        #expect(results[0].cost == results[0].time.p10)
        #expect(results[1].cost == results[1].time.median)
        #expect(results[0].ratio(to: results[1]) == results[0].time.p10 / results[1].time.median)
    }

    @Test(
        "shares of a benchmark's rounds pool into one result, keeping their calm rounds when they are enough")
    func sharesPool() async throws {
        let sampling = SamplingParameters(
            targetSampleDuration: .microseconds(50), warmUpRounds: 0, sampleCount: 4)
        let runner = BenchmarkRunner(sampling: sampling)
        var first = try #require(await runner.run([Self.blackHoledLoop("loop")]).first)
        first.calmRounds = [true, false, true, true]
        var second = try #require(await runner.run([Self.blackHoledLoop("loop")]).first)
        second.calmRounds = [true, true, true, false]
        let calm = [0, 2, 3].map { first.samples[$0] } + [0, 1, 2].map { second.samples[$0] }
        let pooled = try #require(BenchmarkResult.pooling([first, second], calmRoundsNeeded: 6))
        #expect(pooled.samples == calm && pooled.time == Statistics(calm))
        #expect(pooled.roundsSetAside == 2 && !pooled.wasDisturbed && pooled.name == "loop")
        #expect(pooled.iterationsPerSample == min(first.iterationsPerSample, second.iterationsPerSample))
        let short = try #require(BenchmarkResult.pooling([first, second], calmRoundsNeeded: 7))
        #expect(short.samples == first.samples + second.samples, "too few calm: every round")
        #expect(short.roundsSetAside == 0 && short.wasDisturbed)
        let other = try #require(await runner.run([Self.blackHoledLoop("other")]).first)
        #expect(
            BenchmarkResult.pooling([first, other], calmRoundsNeeded: 1) == nil,
            "shares of different benchmarks")
        #expect(BenchmarkResult.pooling([], calmRoundsNeeded: 1) == nil)
        var mismatched = first
        mismatched.calmRounds = [true]
        #expect(
            BenchmarkResult.pooling([mismatched, second], calmRoundsNeeded: 1) == nil,
            "marks for 1 of 4 samples")
    }

    /// A result with these samples, as a share's file would hold it.
    static func shareResult(_ name: String, _ samples: [Double]) throws -> BenchmarkResult {
        let json = """
            {"name": "\(name)", "iterationsPerSample": 1, "samples": \(samples), "reachedIterationLimit": false,
             "clock": "monotonic", "costStatistic": "p10", "processCPUSamples": [], "roundsSetAside": 0,
             "wasDisturbed": false, "calmRounds": \(samples.map { _ in true })}
            """
        return try JSONDecoder().decode(BenchmarkResult.self, from: Data(json.utf8))
    }

    @Test("shares are judged against the calmest gauge round of them all, so a wholly slow share drops out")
    func judgingShares() throws {
        // The case in position 0, the gauge in position 1; the second share ran about 1.45 times slow
        // throughout, and had marked every round calm by its own fastest.
        let calmShare = [
            try Self.shareResult("case", [10, 11, 10]), try Self.shareResult("gauge", [100, 104, 150]),
        ]
        let slowShare = [
            try Self.shareResult("case", [16, 15, 16]), try Self.shareResult("gauge", [145, 146, 144]),
        ]
        let judged = SamplingParameters.Gauge(index: 1).judging([calmShare, slowShare])
        #expect(
            judged.map { $0.map(\.calmRounds) } == [
                [[true, true, false], [true, true, false]],
                Array(repeating: [false, false, false], count: 2),
            ])
        let pooled = try #require(BenchmarkResult.pooling(judged.map { $0[0] }, calmRoundsNeeded: 2))
        #expect(pooled.samples == [10, 11] && !pooled.wasDisturbed && pooled.roundsSetAside == 4)
        let unjudged = try #require(
            BenchmarkResult.pooling([calmShare[0], slowShare[0]], calmRoundsNeeded: 2))
        #expect(unjudged.samples.count == 6, "by their own marks every round was calm")
        let earlier = SamplingParameters.Gauge(index: 1, calmest: 50).judging([calmShare, slowShare])
        #expect(
            earlier.allSatisfy { $0.allSatisfy { !$0.calmRounds.contains(true) } }, "an earlier, calmer group"
        )
        var markedShare = calmShare
        markedShare[1].calmRounds = [true, false, true]
        let kept = SamplingParameters.Gauge(index: 1).judging([markedShare, slowShare])
        #expect(kept[0][0].calmRounds == [true, false, false], "a round its own share set aside stays aside")
    }

    @Test("a share keeps every round and marks the calm ones; a whole group keeps only its calm rounds")
    func aShareMarksItsCalmRounds() async throws {
        // The gauge's calmest is below anything it can measure, so no round is calm.
        var sampling = SamplingParameters(
            targetSampleDuration: .microseconds(50), warmUpRounds: 0, sampleCount: 4,
            gauge: .init(index: 0, calmest: 1e-6, maximumSpan: .milliseconds(5)))
        sampling.share = RoundShare(0, of: 2)
        let share = try #require(
            await BenchmarkRunner(sampling: sampling).run([Self.blackHoledLoop("a")]).first)
        #expect(share.calmRounds.count == share.samples.count && !share.calmRounds.contains(true))
        #expect(share.wasDisturbed && share.roundsSetAside == share.samples.count)
        sampling.gauge = nil
        let calm = try #require(
            await BenchmarkRunner(sampling: sampling).run([Self.blackHoledLoop("a")]).first)
        #expect(calm.calmRounds == Array(repeating: true, count: calm.samples.count) && !calm.wasDisturbed)
        sampling.share = .whole
        let whole = try #require(
            await BenchmarkRunner(sampling: sampling).run([Self.blackHoledLoop("a")]).first)
        #expect(whole.calmRounds.isEmpty)
    }

    @Test("a result read back from JSON has the same samples, flags and statistics")
    func resultsTravelAsJSON() async throws {
        let sampling = SamplingParameters(
            targetSampleDuration: .microseconds(50), warmUpRounds: 0, sampleCount: 3)
        let results = await BenchmarkRunner(sampling: sampling).run([
            Self.blackHoledLoop("sync"), Benchmark("async") { iterations in await Task.yield() },
        ])
        var disturbed = results
        disturbed[0].wasDisturbed = true
        disturbed[0].roundsSetAside = 5
        disturbed[0].calmRounds = [true, false, true]
        let read = try JSONDecoder().decode([BenchmarkResult].self, from: JSONEncoder().encode(disturbed))
        #expect(read == disturbed)
        #expect(read[1].processCPUTime != nil && read[1].processCPUSamples.count == 3)
        let empty =
            Data(#"[{"name":"x","iterationsPerSample":1,"samples":[],"reachedIterationLimit":false,"#.utf8)
            + Data(
                #""clock":"monotonic","costStatistic":"p10","processCPUSamples":[],"roundsSetAside":0,"#.utf8)
            + Data(#""wasDisturbed":false,"calmRounds":[]}]"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([BenchmarkResult].self, from: empty) }
    }

    @Test func blackHoleAndOpaqueKeepValues() {
        #expect(opaque(42) == 42)
        #expect(opaque("text") == "text")
        blackHole([1, 2, 3])
    }
}
