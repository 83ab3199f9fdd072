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
/// the whole run, which this process reads back.
@MainActor
enum TimingPass {
    /// The first argument of the timing child: `__time <counts.csv> <times.csv> <run options>`.
    static let childCommand = "__time"

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
            return await runner.run()
        }
        runner.passes = .counts
        let counts = await runner.run()
        output.progress("timing in a child process, whose shared libraries call the runtime directly")
        return try await time(counts, options, seed: seed, environment: environment, program: program)
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
    /// the second. Refuses to run without ``weakBinding``, or where the dynamic linker ignored it
    /// (the retain counters still see the libraries' calls): its times would include the counters.
    static func child(_ arguments: [String], output: Output, environment: [String: String]) async -> Int32 {
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
            var runner = BenchCommand.runner(options, seed: options.seed ?? 0, output: output)
            runner.passes = .times(counts: try BenchCommand.readRows(arguments[0]))
            let rows = await runner.run()
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
}
