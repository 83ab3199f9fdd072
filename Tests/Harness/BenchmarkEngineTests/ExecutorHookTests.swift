import BenchmarkEngine
import Foundation
import Testing

/// The identity of the calling thread, as a number: `pthread_t` is an integer on Linux but a
/// pointer on Darwin, which is not `Sendable` and so cannot come back across actors.
private func threadIdentity() -> UInt {
    #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
    #else
        UInt(pthread_self())
    #endif
}

/// The thread the global executor runs this on (a hop away from any actor).
@concurrent
private func currentThread() async -> UInt {
    threadIdentity()
}

/// Serial mode redirects every job of the process, so it is tested only where no other test runs
/// at the same time: `BENCH_QUIET_PROCESS=1 swift test --no-parallel --filter SerialExecutorTests`
/// (.ci/run's quiet step).
@MainActor
@Suite(
    "Serial executor",
    .serialized,
    .enabled(
        if: ProcessInfo.processInfo.environment["BENCH_QUIET_PROCESS"] == "1"
            && AllocationCounter.canRunSerially,
        "needs a quiet process: BENCH_QUIET_PROCESS=1 swift test --no-parallel --filter SerialExecutorTests")
)
struct SerialExecutorTests {
    @Test func globalJobsRunOnTheMainActorsThreadInSerialMode() async {
        let mainActorThread = threadIdentity()
        #expect(await AllocationCounter.serially { await currentThread() } == mainActorThread)
    }

    @Test func asyncCountsRepeatExactlyInSerialMode() async throws {
        let benchmark = Benchmark("round trips") { (iterations: Int) async in
            for _ in 0..<iterations {
                await Task { @MainActor in _ = await currentThread() }.value
            }
        }
        let first = try #require(
            await AllocationCounter.serially { await benchmark.measureAllocations(iterations: 100) })
        let second = try #require(
            await AllocationCounter.serially { await benchmark.measureAllocations(iterations: 100) })
        #expect(first.isExact && second.isExact)
        #expect(first.measurements == second.measurements)
        #expect(first.median.tasksPerOperation ?? 1 == 1)
    }

    @Test func preparationIsLeftOutOfCounts() async throws {
        let benchmark = preparedBenchmark()
        let report = try #require(await benchmark.measureAllocations(iterations: 8, scope: .allThreads))
        #expect(report.allocationsPerOperation < 0.5, "the prepare step's arrays were counted")
    }
}
