import BenchmarkEngine
import BenchmarkReport
import Foundation
import Testing

@testable import BenchmarkCLI

/// Counting here, timing in a child bound with `LD_DYNAMIC_WEAK=1`.
@MainActor
@Suite("timing pass")
struct TimingPassTests {
    @Test("the timing child refuses to run without LD_DYNAMIC_WEAK=1, in one line")
    func childNeedsWeakBinding() async {
        let captured = Captured()
        let status = await BenchCommand.main(
            [TimingPass.childCommand, "counts.csv", "times.csv", "--filter", "baseline"],
            output: captured.output, environment: [:])
        #expect(status == ExitStatus.badInput.rawValue)
        #expect(captured.errors == ["__time is bench's timing process; it needs LD_DYNAMIC_WEAK=1"])
        #expect(captured.data.isEmpty)
    }

    @Test("the timing child and the instruction child bind the libraries' retains to the runtime")
    func childrenBindWeakly() {
        #expect(
            TimingPass.childEnvironment(["PATH": "/usr/bin"]) == ["PATH": "/usr/bin", "LD_DYNAMIC_WEAK": "1"])
        #expect(InstructionPass.childEnvironment([:])["LD_DYNAMIC_WEAK"] == "1")
    }

    @Test("only the bench program splits the passes (a test runner has no timing child)")
    func onlyBenchSplits() {
        #expect(TimingPass.isBench("/work/.build/release/bench"))
        #expect(!TimingPass.isBench("/work/.build/debug/ArchitectureBenchPackageTests.xctest"))
    }

    @Test(
        "a run split between the processes has the counting process's counts and the child's times",
        .enabled(
            if: AllocationCounter.isCountingRetains && InstructionPassTests.benchProgram != nil,
            "needs the retain counters and the bench program built next to the tests"))
    func splitRun() async throws {
        guard
            case .run(let options) = try Invocation.parse(
                ["--allow-debug", "--quick", "--filter", "baseline"], vocabulary: BenchCommand.vocabulary)
        else { throw CancellationError() }
        let rows = try await TimingPass.run(
            options, seed: 7, output: Captured().output, environment: ProcessInfo.processInfo.environment,
            program: InstructionPassTests.benchProgram)
        let copy = rows.filter { $0.key.feature == "reference/copy-1-reference" }
        #expect(copy.first { $0.key.metric == .retains }?.median == 1)
        #expect(copy.first { $0.key.metric == .time }.map { $0.median > 0 } == true)
        let inProcess = await BenchCommand.runner(options, seed: 7, output: Captured().output).run()
        #expect(rows.map(\.key) == inProcess.map(\.key), "the same rows in the same order")
    }
}

/// Child processes: a failure is one line naming the program.
@MainActor
@Suite("child processes")
struct ChildProcessTests {
    @Test("a program that fails, or cannot start, is one error naming it")
    func failuresNameTheProgram() async {
        await #expect(throws: BenchError.unusableInput("the test program failed with status 3")) {
            try await ChildProcess.run("/bin/sh", ["-c", "exit 3"], what: "the test program")
        }
        await #expect {
            try await ChildProcess.run("/nonexistent/bench", [], what: "bench")
        } throws: { error in
            "\(error)".contains("cannot start /nonexistent/bench")
        }
    }
}
