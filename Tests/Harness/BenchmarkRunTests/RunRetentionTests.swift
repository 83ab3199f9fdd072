import BenchmarkEngine
import BenchmarkResults
import Foundation
import Testing

@testable import BenchmarkRun
@testable import BenchmarkSuites

/// Retention reads the live bytes of the whole process, so tests that run the retention suite or
/// time cases need a process that runs nothing else: tests of other suites running in parallel
/// allocate and free meanwhile. `swift test` skips them; `.ci/run` runs them on their own with
/// `BENCH_QUIET_PROCESS=1 swift test --filter "RetentionTests|…|GateEndToEndTests"`.
let isQuietProcess = ProcessInfo.processInfo.environment["BENCH_QUIET_PROCESS"] == "1"

/// The retention suite run by a ``SuiteRunner`` over every architecture (the suite's own check,
/// that it catches a store that keeps its tasks, is `BenchmarkSuitesTests`' `RetentionTests`).
@MainActor
@Suite(
    "Retention run",
    .serialized,
    .enabled(
        if: isQuietProcess, "needs a quiet process: BENCH_QUIET_PROCESS=1 swift test --filter RetentionTests")
)
struct RunRetentionTests {
    @Test(
        "Every architecture's store holds nothing after its effects finished",
        .enabled(if: AllocationCounter.isAvailable, "needs the malloc interposer (Linux with glibc)")
    )
    func architecturesDoNotRetain() async throws {
        let rows = try await SuiteRunner(
            size: RunSize.smoke.with(retentionEffects: 2_000),
            configuration: .debug,
            selection: CaseSelector(suites: [.retention])
        ).run()
        #expect(rows.count == Subjects.all.count * 2)
        for row in rows {
            #expect(row.key.metric == .retainedBytes)
            #expect(row.median < 4, "\(row.key): \(row.median) B per effect still held")
        }
    }
}

extension RunSize {
    func with(retentionEffects: Int) -> RunSize {
        var copy = self
        copy.retentionEffects = retentionEffects
        return copy
    }
}
