import BenchmarkEngine
import Testing

/// Batch sizing, interleaving and the black hole. No test depends on how fast the machine is.
struct RunnerTests {
    @Test func batchSizingReachesItsTarget() async {
        let runner = BenchmarkRunner(
            configuration: BenchmarkConfiguration(targetSampleDuration: .microseconds(200)))
        let size = await runner.batchSize(for: ReferenceBenchmarks.structMutation)
        #expect(!size.reachedIterationLimit)
        #expect(size.sampleNanoseconds >= 200_000)
        #expect(size.iterations > 1)
    }

    @Test func batchSizingStopsAtTheIterationLimit() async {
        let configuration = BenchmarkConfiguration(
            targetSampleDuration: .seconds(10), maximumIterations: 1000)
        let size = await BenchmarkRunner(configuration: configuration).batchSize(
            for: Benchmark("nothing") { _ in })
        #expect(size.reachedIterationLimit)
        #expect(size.iterations == 1000)
    }

    @Test func blackHoledWorkTakesTime() async throws {
        let configuration = BenchmarkConfiguration(
            targetSampleDuration: .microseconds(100), warmUpRounds: 1, samples: 5)
        let benchmark = Benchmark("black-holed") { iterations in
            for index in 0..<iterations { blackHole(index) }
        }
        let result = try #require(await BenchmarkRunner(configuration: configuration).run([benchmark]).first)
        #expect(!result.reachedIterationLimit)
        #expect(result.time.min > 0)
        #expect(result.samples.count == 5)
        #expect(result.samples.allSatisfy { $0 > 0 })
    }

    @Test func roundsAreInterleavedAndRotated() async {
        final class Log {
            var entries: [String] = []
        }
        let log = Log()
        let names = ["a", "b", "c"]
        let benchmarks = names.map { name in
            Benchmark(name) { iterations in
                log.entries.append(name)
                for index in 0..<iterations { blackHole(index) }
            }
        }
        let configuration = BenchmarkConfiguration(
            targetSampleDuration: .microseconds(50), warmUpRounds: 2, samples: 4)
        let results = await BenchmarkRunner(configuration: configuration).run(benchmarks)
        #expect(results.map(\.name) == names)
        #expect(results.allSatisfy { $0.samples.count == 4 && $0.time.count == 4 })
        let rounds = 2 + 4
        let expected = (0..<rounds).flatMap { round in (0..<3).map { names[(round + $0) % 3] } }
        #expect(Array(log.entries.suffix(rounds * 3)) == expected)
    }

    @Test func asyncBenchmarksRun() async throws {
        let configuration = BenchmarkConfiguration(
            targetSampleDuration: .microseconds(100), warmUpRounds: 0, samples: 3)
        let benchmark = Benchmark("yield") { (iterations: Int) async in
            for _ in 0..<iterations { await Task.yield() }
        }
        #expect(benchmark.isAsync)
        let result = try #require(await BenchmarkRunner(configuration: configuration).run([benchmark]).first)
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
        let configuration = BenchmarkConfiguration(
            targetSampleDuration: .microseconds(50), warmUpRounds: 0, samples: 2)
        let results = await BenchmarkRunner(configuration: configuration).run([
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
        let configuration = BenchmarkConfiguration(
            targetSampleDuration: .microseconds(100), warmUpRounds: 1, samples: 3)
        let results = await BenchmarkRunner(configuration: configuration).run(ReferenceBenchmarks.all)
        #expect(results.map(\.name) == ["empty", "struct-mutation", "closure-call"])
        for result in results.dropFirst() {
            #expect(!result.reachedIterationLimit)
            #expect(result.time.median > 0)
        }
        #expect(results[1].ratio(to: results[1]) == 1)
    }

    @Test func threadCPUClockAppliesToSyncBenchmarksOnly() async {
        let configuration = BenchmarkConfiguration(
            targetSampleDuration: .microseconds(100), warmUpRounds: 0, samples: 2, clock: .threadCPUTime)
        let results = await BenchmarkRunner(configuration: configuration).run([
            Benchmark("sync") { iterations in
                for index in 0..<iterations { blackHole(index) }
            },
            Benchmark("async") { (iterations: Int) async in
                for _ in 0..<iterations { await Task.yield() }
            },
        ])
        #expect(results.map(\.clock) == [.threadCPUTime, .monotonic])
        #expect(!results[0].reachedIterationLimit)
        #expect(results[0].time.min > 0)
    }

    @Test func blackHoleAndOpaqueKeepValues() {
        #expect(opaque(42) == 42)
        #expect(opaque("text") == "text")
        blackHole([1, 2, 3])
    }
}

/// The build configuration is reported, so a runner can refuse debug numbers.
struct BuildConfigurationTests {
    @Test func nameMatchesFlag() {
        #expect(BuildConfiguration.name == (BuildConfiguration.isDebug ? "debug" : "release"))
        #if DEBUG
            #expect(BuildConfiguration.isDebug)
        #else
            #expect(!BuildConfiguration.isDebug)
        #endif
    }
}
