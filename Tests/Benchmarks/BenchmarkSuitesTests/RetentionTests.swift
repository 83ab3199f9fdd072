import BenchmarkEngine
import BenchmarkResults
import Foundation
import Testing

@testable import BenchmarkSuites

/// The store in "The Many Flavors of Unidirectional Architectures in Swift" appends every task it
/// starts to an array and never removes it. This is a minimal copy of that mistake, kept here to prove
/// the retention suite catches it.
@MainActor
final class TaskHoardingStore {
    private(set) var count = 0
    private var tasks: [Task<Void, Never>] = []

    func load() async {
        let task = Task { self.count += 1 }
        tasks.append(task)
        await task.value
    }
}

/// The same store done right: it forgets a task once it finished.
@MainActor
final class TaskForgettingStore {
    private(set) var count = 0
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var nextID = 0

    func load() async {
        let id = nextID
        nextID += 1
        let task = Task { self.count += 1 }
        tasks[id] = task
        await task.value
        tasks[id] = nil
    }

    var inFlight: Int { tasks.count }
}

/// Retention reads the live bytes of the whole process, so these tests need a process that runs
/// nothing else: tests of other suites running in parallel allocate and free meanwhile. `swift test`
/// skips them; `.ci/run` runs them on their own with
/// `BENCH_QUIET_PROCESS=1 swift test --filter RetentionTests`.
let isQuietProcess = ProcessInfo.processInfo.environment["BENCH_QUIET_PROCESS"] == "1"

@MainActor
@Suite(
    "Retention",
    .serialized,
    .enabled(
        if: isQuietProcess, "needs a quiet process: BENCH_QUIET_PROCESS=1 swift test --filter RetentionTests")
)
struct RetentionTests {
    @Test(
        "A store that keeps finished tasks is caught; one that forgets them holds nothing (counted serially, as bench does)",
        .enabled(if: AllocationCounter.isAvailable, "needs the malloc interposer (Linux with glibc)")
    )
    func hoardingIsCaught() async throws {
        func measure(_ body: @MainActor () async -> Double?) async -> Double? {
            await AllocationCounter.serially { await body() }
        }
        let hoarding = TaskHoardingStore()
        let leaked = try #require(
            await measure {
                await Retention.bytesHeldPerEffect(
                    effects: 2_000, runEffect: { await hoarding.load() }, inFlight: { 0 })
            }
        )
        #expect(leaked >= 64, "a hoarded Task is a heap object; \(leaked) B per effect is too little")
        #expect(hoarding.count == 2_200)

        let forgetting = TaskForgettingStore()
        let held = try #require(
            await measure {
                await Retention.bytesHeldPerEffect(
                    effects: 2_000,
                    runEffect: { await forgetting.load() },
                    inFlight: { forgetting.inFlight }
                )
            }
        )
        #expect(held < 4, "\(held) B per effect held by a store that forgets its tasks")
    }
}
