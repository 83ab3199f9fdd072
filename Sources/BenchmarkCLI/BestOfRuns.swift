import BenchmarkReport
import Foundation

/// `--best-of N`: runs `bench` N times as separate processes and merges their rows with ``BestOf``.
@MainActor
enum BestOfRuns {
    static func run(_ options: Invocation.RunOptions, seed: UInt64, output: Output) async throws(BenchError)
        -> [ResultRow]
    {
        guard let executable = Bundle.main.executablePath else {
            throw .unusableInput("cannot find this program's path to run it again for --best-of")
        }
        let runs = try await ChildProcess.withScratchDirectory("best-of") { directory throws(BenchError) in
            var runs: [[ResultRow]] = []
            for index in 1...options.bestOf {
                output.progress("best of \(options.bestOf): process \(index)")
                let path = directory.appendingPathComponent("run-\(index).csv").path
                try await ChildProcess.run(
                    executable, childArguments(options, seed: seed, index: index, output: path),
                    what: "run \(index) of --best-of")
                runs.append(try BenchCommand.readRows(path))
            }
            return runs
        }
        return BestOf.merge(runs)
    }

    /// The same run, for process `index` (from 1), writing CSV to `output`: every option declared
    /// ``CommandOption/forwarded`` is passed on. Each process shuffles with its own seed,
    /// `seed + index - 1`, so the processes do not repeat one order.
    static func childArguments(_ options: Invocation.RunOptions, seed: UInt64, index: Int, output: String)
        -> [String]
    {
        var child = options
        child.seed = seed &+ UInt64(index - 1)
        return ["run", "--output", output] + ChildProcess.forwardedArguments(child)
    }
}
