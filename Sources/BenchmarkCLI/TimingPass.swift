import BenchmarkEngine
import BenchmarkReport
import BenchmarkSuites
import Foundation

/// Counting and timing in separate processes, so that no time includes the counters.
///
/// To count retains and releases, the executable defines the runtime's entry points
/// (`swift_retain`, …), and every call from the shared libraries (Observation, Foundation) passes
/// through them on its way to the runtime. That detour cost the styles built on Observation up to
/// 23.5% of a dispatch (docs/measurement.md, "Counting and timing in two processes"). So `bench`
/// counts in its own process (``SuiteRunner/Passes/counts``) and times in children,
/// ``childCommand``, that it starts with `LD_DYNAMIC_WEAK=1`: the dynamic linker then binds the
/// libraries' calls to the runtime's own definitions instead of the executable's weak ones. The
/// children are given the counts and time with them (``SuiteRunner/Passes/times(counts:)``), one
/// after another, each taking a share of every group's rounds (``RoundShare``): the earlier ones
/// write their samples, the last pools them with its own and writes the whole run, which this
/// process reads back. Each child times each heavy case's share in a process of its own,
/// ``heavyCaseCommand`` (``SuiteRunner/HeavyCaseTimer``). ``TimingChild`` is what a child does.
@MainActor
enum TimingPass {
    /// The first argument of a timing child: `__time <counts.csv> <output> [--share <index> <count>]
    /// [--earlier-share <samples.json>]... <run options>` (``TimingChild``).
    nonisolated static let childCommand = "__time"

    /// The first argument of a heavy case's timing process, with the arguments of ``childCommand``
    /// and run options selecting the case. It is a timing child, but times every case itself.
    nonisolated static let heavyCaseCommand = "__time-heavy"

    /// The environment variable, and its value, that makes the dynamic linker prefer the runtime's
    /// strong definitions to the executable's weak ones (glibc's `LD_DYNAMIC_WEAK`).
    static let weakBinding = (name: "LD_DYNAMIC_WEAK", value: "1")

    /// The rows of one run: counted here and timed in children (``processes(_:program:)`` of them)
    /// when this process counts retains through the runtime's entry points and runs as the `bench`
    /// program; else all in this process (a test process, or a platform without the counters).
    static func run(
        _ options: Invocation.RunOptions, seed: UInt64, output: Output, environment: [String: String],
        program: String? = Bundle.main.executablePath
    ) async throws(BenchError) -> [ResultRow] {
        var runner = BenchCommand.runner(options, seed: seed, output: output)
        guard let program, Self.timesInChildren(program) else {
            return try await rows(of: runner)
        }
        runner.passes = .counts
        let counts = try await rows(of: runner)
        let processes = runner.size.timingProcesses
        output.progress(
            processes == 1
                ? "timing in a child process, whose shared libraries call the runtime directly"
                : "timing in \(processes) child processes, one after another, whose shared libraries call "
                    + "the runtime directly; each takes 1/\(processes) of every group's rounds")
        return try await time(
            counts, options, processes: processes, seed: seed, environment: environment, program: program)
    }

    /// The rows of `runner`'s run; a failed heavy-case process is a one-line error.
    static func rows(of runner: SuiteRunner) async throws(BenchError) -> [ResultRow] {
        do {
            return try await runner.run()
        } catch {
            throw .unusableInput(error.description)
        }
    }

    /// Whether this process, running `program`, times in child processes: when it counts retains
    /// through the runtime's entry points and is the `bench` program.
    static func timesInChildren(_ program: String) -> Bool {
        AllocationCounter.isCountingRetains && isBench(program)
    }

    /// How many processes time a run with `options` from this process: the run size's (or
    /// `--timing-processes`') where it times in children, else 1, this process.
    static func processes(
        _ options: Invocation.RunOptions, program: String? = Bundle.main.executablePath
    ) -> Int {
        guard let program, timesInChildren(program) else { return 1 }
        return BenchCommand.runSize(options).timingProcesses
    }

    /// Whether `path` is the `bench` program (not, say, the test runner, which has no child mode).
    static func isBench(_ path: String) -> Bool {
        URL(fileURLWithPath: path).lastPathComponent == "bench"
    }

    /// Runs the timing children with `counts`, one per share of the rounds (the earlier shares' first,
    /// the last, which pools them and writes the run, at the end), and returns the last one's rows.
    private static func time(
        _ counts: [ResultRow], _ options: Invocation.RunOptions, processes: Int, seed: UInt64,
        environment: [String: String], program: String
    ) async throws(BenchError) -> [ResultRow] {
        var child = options
        child.seed = seed
        let forwarded = ChildProcess.forwardedArguments(child)
        return try await ChildProcess.withScratchDirectory("timing") { directory throws(BenchError) in
            let countsPath = directory.appendingPathComponent("counts.csv").path
            let timesPath = directory.appendingPathComponent("times.csv").path
            do {
                try ResultCSV.render(counts).write(toFile: countsPath, atomically: true, encoding: .utf8)
            } catch {
                throw .unusableInput(
                    "cannot write the counts for the timing process: \(error.localizedDescription)")
            }
            var earlier: [String] = []
            for index in 0..<(processes - 1) {
                let share = RoundShare(index, of: processes)
                let samplesPath = directory.appendingPathComponent(TimingChild.samplesFile(share)).path
                try await ChildProcess.run(
                    program,
                    [childCommand, countsPath, samplesPath] + TimingChild.shareArguments(share) + forwarded,
                    what: "timing process \(index + 1) of \(processes)",
                    environment: childEnvironment(environment))
                earlier.append(samplesPath)
            }
            try await ChildProcess.run(
                program,
                [childCommand, countsPath, timesPath] + TimingChild.earlierShareArguments(earlier)
                    + forwarded,
                what: processes == 1 ? "the timing process" : "timing process \(processes) of \(processes)",
                environment: childEnvironment(environment))
            return try BenchCommand.readRows(timesPath)
        }
    }

    /// The child's environment: `environment` with ``weakBinding``.
    static func childEnvironment(_ environment: [String: String]) -> [String: String] {
        environment.merging([weakBinding.name: weakBinding.value]) { _, weak in weak }
    }

    /// A timing child: `command` (``childCommand`` or ``heavyCaseCommand``) with its arguments
    /// (``TimingChild``). It refuses to run without ``weakBinding``, or where the dynamic linker
    /// ignored it (the retain counters still see the libraries' calls): its times would include
    /// the counters.
    static func child(
        _ command: String, _ arguments: [String], output: Output, environment: [String: String],
        program: String? = Bundle.main.executablePath
    ) async -> Int32 {
        guard environment[weakBinding.name] == weakBinding.value else {
            output.error("\(childCommand) is bench's timing process; it needs \(weakBinding.name)=1")
            return ExitStatus.badInput.rawValue
        }
        guard !AllocationCounter.isCountingRetains else {
            output.error(
                "the dynamic linker ignored \(weakBinding.name)=1: the shared libraries still call the "
                    + "retain counters, and the times would include them")
            return ExitStatus.badInput.rawValue
        }
        guard let child = TimingChild(command, arguments) else {
            output.error(TimingChild.usage(command))
            return ExitStatus.badInput.rawValue
        }
        do {
            try await child.run(output: output, environment: environment, program: program)
        } catch {
            output.error(error.description)
            return error.status.rawValue
        }
        return ExitStatus.success.rawValue
    }
}
