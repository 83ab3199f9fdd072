import BenchmarkEngine
import BenchmarkReport
import BenchmarkSuites
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
    func onlyBenchSplits() throws {
        #expect(TimingPass.isBench("/work/.build/release/bench"))
        #expect(!TimingPass.isBench("/work/.build/debug/ArchitectureBenchPackageTests.xctest"))
        let tests = "/work/.build/debug/ArchitectureBenchPackageTests.xctest"
        #expect(TimingPass.processes(try parsedRunOptions([]), program: tests) == 1)
        let bench = "/work/.build/release/bench"
        let split = AllocationCounter.isCountingRetains
        #expect(TimingPass.processes(try parsedRunOptions([]), program: bench) == (split ? 3 : 1))
        #expect(TimingPass.processes(try parsedRunOptions(["--quick"]), program: bench) == 1)
        let five = try parsedRunOptions(["--quick", "--timing-processes", "5"])
        #expect(TimingPass.processes(five, program: bench) == (split ? 5 : 1))
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
        "each share times a heavy case in a process of its own, and its rows keep their place",
        .enabled(
            if: AllocationCounter.isCountingRetains && InstructionPassTests.benchProgram != nil,
            "needs the retain counters and the bench program built next to the tests"),
        arguments: [1, 2])
    func heavyCaseApart(processes: Int) async throws {
        // At N = 100 an Observation single store allocates 66,748 B per increment: a heavy case.
        let options = try parsedRunOptions([
            "--allow-debug", "--quick", "--timing-processes", String(processes), "--filter",
            "layout,observable-viewmodel,single-store,n=100",
        ])
        let rows = try await TimingPass.run(
            options, seed: 7, output: Captured().output, environment: ProcessInfo.processInfo.environment,
            program: InstructionPassTests.benchProgram)
        let heavy = ResultRow.heavyCases(in: rows)
        #expect(heavy.map(\.feature) == ["app/increment"])
        let time = rows.first { heavy.contains($0.key.group) && $0.key.metric == .time }
        #expect(time.map { $0.median > 0 && $0.ratioToBaseline != nil } == true)
        let share = RunSize.quick.sharing(RoundShare(0, of: processes)).samples
        #expect(time.map { $0.samples >= processes * share } == true, "every share's samples, pooled")
        let inProcess = try await BenchCommand.runner(options, seed: 7, output: Captured().output).run()
        #expect(rows.map(\.key) == inProcess.map(\.key), "the same rows in the same order")
    }

    @Test(
        "a run in two timing processes pools their samples into the rows a one-process run has",
        .enabled(
            if: AllocationCounter.isCountingRetains && InstructionPassTests.benchProgram != nil,
            "needs the retain counters and the bench program built next to the tests"))
    func runInTwoProcesses() async throws {
        let split = try parsedRunOptions([
            "--allow-debug", "--quick", "--timing-processes", "2", "--filter", "dispatch,closure-effects",
        ])
        #expect(BenchCommand.runner(split, seed: 7, output: Captured().output).size.timingProcesses == 2)
        let captured = Captured()
        let rows = try await TimingPass.run(
            split, seed: 7, output: captured.output, environment: ProcessInfo.processInfo.environment,
            program: InstructionPassTests.benchProgram)
        let whole = try parsedRunOptions(["--allow-debug", "--quick", "--filter", "dispatch,closure-effects"])
        let inProcess = try await BenchCommand.runner(whole, seed: 7, output: Captured().output).run()
        #expect(rows.map(\.key) == inProcess.map(\.key), "the same rows in the same order")
        let sharePart = RunSize.quick.sharing(RoundShare(0, of: 2)).samples
        #expect(rows.filter { $0.key.metric == .time }.allSatisfy { $0.samples >= 2 * sharePart })
        #expect(captured.progress.contains { $0.hasPrefix("timing in 2 child processes, one after another") })
    }

    @Test("a timing child's arguments give its share and its files; anything else is its one-line usage")
    func childArguments() throws {
        let options = ["--quick", "--filter", "dispatch"]
        let last = try #require(
            TimingChild(
                TimingPass.childCommand,
                ["c.csv", "t.csv", "--earlier-share", "1.json", "--earlier-share", "2.json"] + options))
        #expect(last.share == RoundShare(2, of: 3) && last.earlierShares == ["1.json", "2.json"])
        #expect(last.counts == "c.csv" && last.output == "t.csv" && last.options.quick)
        #expect(!last.timesHeavyCasesItself)
        let whole = TimingChild(TimingPass.childCommand, ["c.csv", "t.csv"] + options)
        #expect(whole?.share == .whole && whole?.earlierShares == [])
        let heavy = TimingChild(
            TimingPass.heavyCaseCommand, ["c.csv", "h.json", "--share", "1", "3"] + options)
        #expect(heavy?.share == RoundShare(1, of: 3) && heavy?.timesHeavyCasesItself == true)
        let bad: [[String]] = [
            ["c.csv", "s.json", "--share", "2", "3"], ["c.csv", "s.json", "--share", "0", "1"],
            ["c.csv", "s.json", "--share", "x", "3"],
            ["c.csv", "s.json", "--share", "0", "3", "--share", "1", "3"],
            ["c.csv", "s.json", "--share", "0", "3", "--earlier-share", "1.json"],
            ["c.csv", "t.csv", "--no-such-option"],
        ]
        for arguments in bad {
            #expect(TimingChild(TimingPass.childCommand, arguments + options) == nil, "\(arguments)")
        }
        #expect(TimingChild(TimingPass.childCommand, ["c.csv"]) == nil)
        #expect(TimingChild("__time-other", ["c.csv", "t.csv"]) == nil)
        #expect(
            TimingChild.usage(TimingPass.childCommand)
                == "__time needs <counts.csv> <output>, then --share <index> <count> (index below count - 1) "
                + "or --earlier-share <samples.json> per earlier share, then run options")
        let captured = Captured()
        TimingChild(TimingPass.childCommand, ["c.csv", "s.json", "--share", "1", "3"] + options)?
            .progressOutput(captured.output).progress("timing 3 benchmarks")
        heavy?.progressOutput(captured.output).progress("not shown: the heavy case's parent reports it")
        #expect(captured.progress == ["share 2 of 3 · timing 3 benchmarks"])
    }

    @Test("every share of a heavy case writes beside the run's other files, under a name of its own")
    func heavyCaseFiles() {
        let group = ResultRow.Key(
            suite: .layout, architecture: "local-reducer", feature: "app/increment", layout: "single-store",
            n: "10000", metric: .time
        ).group
        #expect(
            TimingChild.heavySamplesFile(group, RoundShare(0, of: 3))
                == "heavy-1-layout---local-reducer---app-increment---single-store---n-10000.json")
        #expect(TimingChild.heavySamplesFile(group, RoundShare(2, of: 3)).hasSuffix(".csv"))
        #expect(TimingChild.samplesFile(RoundShare(1, of: 3)) == "share-2.json")
    }

    @Test("an earlier share's heavy process writes samples; the last is given them and returns its rows")
    func heavyCaseShares() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bench-heavy-shares-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let group = ResultRow.Key(
            suite: .layout, architecture: "local-reducer", feature: "app/increment", layout: "single-store",
            n: "100", metric: .time
        ).group
        let time = ResultRow(
            key: ResultRow.Key(
                suite: .layout, architecture: "local-reducer", feature: "app/increment",
                layout: "single-store",
                n: "100", metric: .time),
            unit: .nanoseconds, median: 5, p10: 4, p25: 4, p75: 6, min: 3, max: 7, samples: 9,
            configuration: "release")
        let rows = directory.appendingPathComponent("rows.csv")
        try ResultCSV.render([time]).write(to: rows, atomically: true, encoding: .utf8)
        // A stand-in for bench: logs its arguments, and writes the rows where the last share would.
        let log = directory.appendingPathComponent("arguments.log").path
        let program = directory.appendingPathComponent("bench").path
        try "#!/bin/sh\necho \"$*\" >> \(log)\ncase \"$3\" in *.csv) cp \(rows.path) \"$3\";; esac\n"
            .write(toFile: program, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program)
        func timer(_ share: RoundShare) -> SuiteRunner.HeavyCaseTimer {
            TimingPass.heavyCaseTimer(
                Invocation.RunOptions(), counts: "c.csv", program: program, environment: [:], share: share,
                directory: directory)
        }
        #expect(try await timer(RoundShare(0, of: 2))(group, 5) == [])
        #expect(try await timer(RoundShare(1, of: 2))(group, 5) == [time])
        let first = directory.appendingPathComponent(
            TimingChild.heavySamplesFile(group, RoundShare(0, of: 2))
        ).path
        let last = directory.appendingPathComponent(TimingChild.heavySamplesFile(group, RoundShare(1, of: 2)))
            .path
        let filter = "--filter layout,local-reducer,app/increment,single-store,n=100 --seed 5"
        #expect(
            try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n") == [
                "__time-heavy c.csv \(first) --share 0 2 \(filter)",
                "__time-heavy c.csv \(last) --earlier-share \(first) \(filter)",
            ])
    }

    @Test("a heavy case's process that fails is a one-line error naming the case")
    func heavyCaseFailure() async throws {
        let timer = TimingPass.heavyCaseTimer(
            Invocation.RunOptions(), counts: "/nonexistent/counts.csv", program: "/bin/false",
            environment: [:], share: .whole, directory: URL(fileURLWithPath: "/nonexistent"))
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
