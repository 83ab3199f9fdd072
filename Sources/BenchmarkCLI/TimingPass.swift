import BenchmarkEngine
import BenchmarkReport
import BenchmarkSuites
import Foundation

/// Counting and timing in two processes, so that no time includes the counters.
///
/// To count retains and releases, the executable defines the runtime's entry points
/// (`swift_retain`, …), and every call from the shared libraries (Observation, Foundation) passes
/// through them on its way to the runtime. That detour cost the styles built on Observation up to
/// 23.5% of a dispatch (docs/measurement.md, "Counting and timing in two processes"). So `bench`
/// counts in its own process (``SuiteRunner/Passes/counts``) and times in a child,
/// ``childCommand``, that it starts with `LD_DYNAMIC_WEAK=1`: the dynamic linker then binds the
/// libraries' calls to the runtime's own definitions instead of the executable's weak ones. The
/// child is given the counts, times with them (``SuiteRunner/Passes/times(counts:)``) and writes
/// the whole run, which this process reads back. The child times each heavy case in a process of
/// its own, ``heavyCaseCommand`` (``SuiteRunner/HeavyCaseTimer``).
@MainActor
enum TimingPass {
    /// The first argument of the timing child: `__time <counts.csv> <times.csv> <run options>`.
    nonisolated static let childCommand = "__time"

    /// The first argument of a heavy case's timing process: `__time-heavy <counts.csv> <times.csv>
    /// <run options selecting the case>`. It is the timing child, but times every case itself.
    nonisolated static let heavyCaseCommand = "__time-heavy"

    /// The environment variable, and its value, that makes the dynamic linker prefer the runtime's
    /// strong definitions to the executable's weak ones (glibc's `LD_DYNAMIC_WEAK`).
    static let weakBinding = (name: "LD_DYNAMIC_WEAK", value: "1")

    /// The rows of one run: counted here and timed in a child when this process counts retains
    /// through the runtime's entry points and runs as the `bench` program; else all in this process
    /// (a test process, or a platform without the counters).
    static func run(
        _ options: Invocation.RunOptions, seed: UInt64, output: Output, environment: [String: String],
        program: String? = Bundle.main.executablePath
    ) async throws(BenchError) -> [ResultRow] {
        var runner = BenchCommand.runner(options, seed: seed, output: output)
        guard AllocationCounter.isCountingRetains, let program, Self.isBench(program) else {
            return try await rows(of: runner)
        }
        runner.passes = .counts
        let counts = try await rows(of: runner)
        output.progress("timing in a child process, whose shared libraries call the runtime directly")
        return try await time(counts, options, seed: seed, environment: environment, program: program)
    }

    /// The rows of `runner`'s run; a failed heavy-case process is a one-line error.
    static func rows(of runner: SuiteRunner) async throws(BenchError) -> [ResultRow] {
        do {
            return try await runner.run()
        } catch {
            throw .unusableInput(error.description)
        }
    }

    /// Whether `path` is the `bench` program (not, say, the test runner, which has no child mode).
    static func isBench(_ path: String) -> Bool {
        URL(fileURLWithPath: path).lastPathComponent == "bench"
    }

    /// Runs the timing child with `counts` and returns its rows.
    private static func time(
        _ counts: [ResultRow], _ options: Invocation.RunOptions, seed: UInt64, environment: [String: String],
        program: String
    ) async throws(BenchError) -> [ResultRow] {
        var child = options
        child.seed = seed
        return try await ChildProcess.withScratchDirectory("timing") { directory throws(BenchError) in
            let countsPath = directory.appendingPathComponent("counts.csv").path
            let timesPath = directory.appendingPathComponent("times.csv").path
            do {
                try ResultCSV.render(counts).write(toFile: countsPath, atomically: true, encoding: .utf8)
            } catch {
                throw .unusableInput(
                    "cannot write the counts for the timing process: \(error.localizedDescription)")
            }
            try await ChildProcess.run(
                program, [childCommand, countsPath, timesPath] + ChildProcess.forwardedArguments(child),
                what: "the timing process", environment: childEnvironment(environment))
            return try BenchCommand.readRows(timesPath)
        }
    }

    /// The child's environment: `environment` with ``weakBinding``.
    static func childEnvironment(_ environment: [String: String]) -> [String: String] {
        environment.merging([weakBinding.name: weakBinding.value]) { _, weak in weak }
    }

    /// The child: times the selected cases with the counts in the first file and writes the run to
    /// the second; with `startsHeavyCaseProcesses`, each heavy case in a process of its own (the
    /// ``heavyCaseCommand`` child, which reports errors only). Refuses to run without
    /// ``weakBinding``, or where the dynamic linker ignored it (the retain counters still see the
    /// libraries' calls): its times would include the counters.
    static func child(
        _ arguments: [String], startsHeavyCaseProcesses: Bool = true, output: Output,
        environment: [String: String], program: String? = Bundle.main.executablePath
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
        guard arguments.count >= 2,
            case .run(let options)? = try? Invocation.parse(
                Array(arguments.dropFirst(2)), vocabulary: BenchCommand.vocabulary)
        else {
            output.error("\(childCommand) needs <counts.csv> <times.csv> and run options")
            return ExitStatus.badInput.rawValue
        }
        do {
            let rows = try await childRows(
                options, counts: arguments[0], startsHeavyCaseProcesses: startsHeavyCaseProcesses,
                output: output, environment: environment, program: program)
            try ResultCSV.render(rows).write(toFile: arguments[1], atomically: true, encoding: .utf8)
        } catch let error as BenchError {
            output.error(error.description)
            return error.status.rawValue
        } catch {
            output.error("cannot write \(arguments[1]): \(error.localizedDescription)")
            return ExitStatus.badInput.rawValue
        }
        return ExitStatus.success.rawValue
    }

    /// The child's rows: the selected cases timed with the counts in the file `counts`.
    private static func childRows(
        _ options: Invocation.RunOptions, counts: String, startsHeavyCaseProcesses: Bool, output: Output,
        environment: [String: String], program: String?
    ) async throws(BenchError) -> [ResultRow] {
        let quiet = Output(data: output.data, progress: { _ in }, error: output.error)
        var runner = BenchCommand.runner(
            options, seed: options.seed ?? 0, output: startsHeavyCaseProcesses ? output : quiet)
        runner.passes = .times(counts: try BenchCommand.readRows(counts))
        if startsHeavyCaseProcesses, let program {
            runner.heavyCaseTimer = heavyCaseTimer(
                options, counts: counts, program: program, environment: environment)
        }
        return try await rows(of: runner)
    }

    /// Times a heavy case, as the child's runner asks, in a ``heavyCaseCommand`` process given
    /// `options` with a filter selecting just that case, the group's seed and the same counts.
    static func heavyCaseTimer(
        _ options: Invocation.RunOptions, counts: String, program: String, environment: [String: String]
    ) -> SuiteRunner.HeavyCaseTimer {
        { group, seed throws(SuiteRunner.TimingFailure) in
            var heavy = options
            heavy.filter = Filter(selecting: group)
            heavy.seed = seed
            do throws(BenchError) {
                return try await timeHeavyCase(
                    group, heavy, counts: counts, program: program, environment: environment)
            } catch {
                throw SuiteRunner.TimingFailure(error.description)
            }
        }
    }

    /// Runs the ``heavyCaseCommand`` process for `group` and returns its time rows for `group`.
    private static func timeHeavyCase(
        _ group: ResultRow.Key.Group, _ options: Invocation.RunOptions, counts: String, program: String,
        environment: [String: String]
    ) async throws(BenchError) -> [ResultRow] {
        return try await ChildProcess.withScratchDirectory("heavy") { directory throws(BenchError) in
            let timesPath = directory.appendingPathComponent("times.csv").path
            try await ChildProcess.run(
                program, [heavyCaseCommand, counts, timesPath] + ChildProcess.forwardedArguments(options),
                what: "the timing process of \(group)", environment: childEnvironment(environment))
            let rows = try BenchCommand.readRows(timesPath).filter {
                $0.key.group == group && [.time, .cpuTime].contains($0.key.metric)
            }
            guard rows.contains(where: { $0.key.metric == .time }) else {
                throw .unusableInput("the timing process of \(group) wrote no time for it")
            }
            return rows
        }
    }
}
