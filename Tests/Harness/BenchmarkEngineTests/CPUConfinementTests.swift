import BenchmarkEngine
import Foundation
import Testing

/// The CPUs a thread may run on, as its status file lists them ("0-1", "1"); `thread` is a path
/// under /proc ("thread-self", "self/task/1234").
private func allowedCPUs(of thread: String) -> String? {
    guard let status = try? String(contentsOfFile: "/proc/\(thread)/status", encoding: .utf8) else {
        return nil
    }
    let field = "Cpus_allowed_list:"
    return status.split(separator: "\n").first { $0.hasPrefix(field) }
        .map { $0.dropFirst(field.count).trimmingCharacters(in: .whitespaces) }
}

/// The CPUs every thread of the process may run on.
private func allowedCPUsOfEveryThread() -> [String] {
    let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return threads.compactMap { allowedCPUs(of: "self/task/\($0)") }
}

/// The CPUs of the pool thread the global executor runs this on.
@concurrent
private func poolThreadCPUs() async -> String? {
    allowedCPUs(of: "thread-self")
}

/// Confinement changes every thread of the process, so it is tested only where no other test runs
/// at the same time: `BENCH_QUIET_PROCESS=1 swift test --no-parallel --filter CPUConfinementTests`
/// (.ci/run's quiet step).
@MainActor
@Suite(
    "CPU confinement",
    .serialized,
    .enabled(
        if: ProcessInfo.processInfo.environment["BENCH_QUIET_PROCESS"] == "1" && CPUConfinement.isAvailable,
        "needs a quiet process on Linux: BENCH_QUIET_PROCESS=1 swift test --no-parallel --filter CPUConfinementTests"
    )
)
struct CPUConfinementTests {
    @Test(
        "inside, every thread, a pool thread included, runs on one CPU; after, every thread has its CPUs back"
    )
    func confinesEveryThreadAndGivesTheCPUsBack() async throws {
        let before = try #require(allowedCPUs(of: "thread-self"))
        let (inside, pool) = await CPUConfinement.onOneCPU {
            (allowedCPUsOfEveryThread(), await poolThreadCPUs())
        }
        let cpu = try #require(inside.first)
        #expect(Int(cpu) != nil, "one CPU, not '\(cpu)'")
        #expect(inside.allSatisfy { $0 == cpu })
        #expect(pool == cpu)
        #expect(allowedCPUsOfEveryThread().allSatisfy { $0 == before })
    }

    @Test("a confinement opened inside another joins it; the CPUs come back when the outer one ends")
    func nestedConfinementJoins() async throws {
        let before = try #require(allowedCPUs(of: "thread-self"))
        let afterInner = await CPUConfinement.onOneCPU {
            let outer = allowedCPUs(of: "thread-self")
            let inner = await CPUConfinement.onOneCPU { allowedCPUs(of: "thread-self") }
            #expect(inner == outer)
            return allowedCPUsOfEveryThread()
        }
        #expect(afterInner.allSatisfy { Int($0) != nil })
        #expect(allowedCPUsOfEveryThread().allSatisfy { $0 == before })
    }
}
