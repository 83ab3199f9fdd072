import BenchmarkReport
import Foundation

/// `--best-of N`: runs `bench` N times as separate processes and merges their rows with ``BestOf``.
@MainActor
enum BestOfRuns {
    static func run(_ options: Invocation.RunOptions, seed: UInt64, output: Output) throws(FileProblem)
        -> [ResultRow]
    {
        guard let executable = Bundle.main.executablePath else {
            throw FileProblem(description: "cannot find this program's path to run it again for --best-of")
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("bench-best-of-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw FileProblem(description: "cannot create \(directory.path): \(error.localizedDescription)")
        }
        var runs: [[ResultRow]] = []
        for index in 1...options.bestOf {
            output.progress("best of \(options.bestOf): process \(index)")
            let path = directory.appendingPathComponent("run-\(index).csv").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = childArguments(options, seed: seed, index: index, output: path)
            do {
                try process.run()
            } catch {
                throw FileProblem(description: "cannot start \(executable): \(error.localizedDescription)")
            }
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw FileProblem(
                    description: "run \(index) of --best-of failed with status \(process.terminationStatus)")
            }
            runs.append(try BenchCommand.readRows(path))
        }
        return BestOf.merge(runs)
    }

    /// The same run, for process `index` (from 1), writing CSV to `output`. Each process shuffles
    /// with its own seed, `seed + index - 1`, so the processes do not repeat one order.
    static func childArguments(_ options: Invocation.RunOptions, seed: UInt64, index: Int, output: String)
        -> [String]
    {
        var arguments = ["run", "--output", output, "--seed", String(seed &+ UInt64(index - 1))]
        if options.quick { arguments.append("--quick") }
        if options.allowDebug { arguments.append("--allow-debug") }
        if let samples = options.samples { arguments += ["--samples", String(samples)] }
        if !options.filter.isEmpty { arguments += ["--filter", options.filter.terms.joined(separator: ",")] }
        return arguments
    }
}
