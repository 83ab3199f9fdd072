import BenchmarkEngine
import BenchmarkReport
import Foundation
import Testing

@testable import BenchmarkCLI

/// Counting here, timing in a child bound with `LD_DYNAMIC_WEAK=1`.
@MainActor
@Suite("timing pass")
struct TimingPassTests {
    @Test(
        "the timing child and a heavy case's process refuse to run without LD_DYNAMIC_WEAK=1, in one line",
        arguments: [TimingPass.childCommand, TimingPass.heavyCaseCommand])
    func childNeedsWeakBinding(_ command: String) async {
        let captured = Captured()
        let status = await BenchCommand.main(
            [command, "counts.csv", "times.csv", "--filter", "baseline"],
            output: captured.output, environment: [:])
        #expect(status == ExitStatus.badInput.rawValue)
        #expect(captured.errors == ["__time is bench's timing process; it needs LD_DYNAMIC_WEAK=1"])
        #expect(captured.data.isEmpty)
    }

    @Test("the timing child and the instruction child bind the libraries' retains to the runtime")
    func childrenBindWeakly() {
        #expect(
            TimingPass.childEnvironment(["PATH": "/usr/bin"]) == ["PATH": "/usr/bin", "LD_DYNAMIC_WEAK": "1"])
        #expect(InstructionPass.childEnvironment["LD_DYNAMIC_WEAK"] == "1")
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
        let options = try parsedRunOptions(["--allow-debug", "--quick", "--filter", "baseline"])
        let rows = try await TimingPass.run(
            options, seed: 7, output: Captured().output, environment: ProcessInfo.processInfo.environment,
            program: InstructionPassTests.benchProgram)
        let copy = rows.filter { $0.key.feature == "reference/copy-1-reference" }
        #expect(copy.first { $0.key.metric == .retains }?.median == 1)
        #expect(copy.first { $0.key.metric == .time }.map { $0.median > 0 } == true)
        let inProcess = try await BenchCommand.runner(options, seed: 7, output: Captured().output).run()
        #expect(rows.map(\.key) == inProcess.map(\.key), "the same rows in the same order")
    }

    @Test(
        "the child times a heavy case in a process of its own, and its rows keep their place",
        .enabled(
            if: AllocationCounter.isCountingRetains && InstructionPassTests.benchProgram != nil,
            "needs the retain counters and the bench program built next to the tests"))
    func heavyCaseApart() async throws {
        // At N = 100 an Observation single store allocates 66,748 B per increment: a heavy case.
        let options = try parsedRunOptions([
            "--allow-debug", "--quick", "--filter", "layout,observable-viewmodel,single-store,n=100",
        ])
        let rows = try await TimingPass.run(
            options, seed: 7, output: Captured().output, environment: ProcessInfo.processInfo.environment,
            program: InstructionPassTests.benchProgram)
        let heavy = ResultRow.heavyCases(in: rows)
        #expect(heavy.map(\.feature) == ["app/increment"])
        let time = rows.first { heavy.contains($0.key.group) && $0.key.metric == .time }
        #expect(time.map { $0.median > 0 && $0.ratioToBaseline != nil } == true)
        let inProcess = try await BenchCommand.runner(options, seed: 7, output: Captured().output).run()
        #expect(rows.map(\.key) == inProcess.map(\.key), "the same rows in the same order")
    }

    @Test("a heavy case's process that fails is a one-line error naming the case")
    func heavyCaseFailure() async throws {
        let timer = TimingPass.heavyCaseTimer(
            Invocation.RunOptions(), counts: "/nonexistent/counts.csv", program: "/bin/false",
            environment: [:])
        let group = ResultRow.Key(
            suite: .layout, architecture: "local-reducer", feature: "app/increment", layout: "single-store",
            n: "10000", metric: .time
        ).group
        await #expect {
            try await timer(group, 3)
        } throws: { error in
            "\(error)"
                == "the timing process of layout / local-reducer / app/increment / single-store / n=10000 failed with status 1"
        }
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
