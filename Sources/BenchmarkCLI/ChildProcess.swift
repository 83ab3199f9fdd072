import Foundation

/// Another program run to completion: the timing child, Valgrind, `strip`, a `--best-of` process.
enum ChildProcess {
    /// Runs `path` with `arguments` (and `environment` and working `directory`, when given) and
    /// suspends until it exits; throws unless it exits with status 0. It suspends rather than
    /// blocking its thread, so the main actor stays free meanwhile (tests running beside it need it).
    static func run(
        _ path: String, _ arguments: [String], what: String, environment: [String: String]? = nil,
        directory: URL? = nil
    ) async throws(BenchError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let status: Result<Int32, BenchError> = await withCheckedContinuation { finished in
            process.terminationHandler = { finished.resume(returning: .success($0.terminationStatus)) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                finished.resume(
                    returning: .failure(.unusableInput("cannot start \(path): \(error.localizedDescription)"))
                )
            }
        }
        let exitStatus = try status.get()
        guard exitStatus == 0 else {
            throw .unusableInput("\(what) failed with status \(exitStatus)")
        }
    }

    /// The run options a child `bench` of this run is given, from the option table: every option
    /// declared ``CommandOption/forwarded`` (the selection, the size, the seed, the build check).
    static func forwardedArguments(_ options: Invocation.RunOptions) -> [String] {
        CommandOption.all.filter { $0.forwarded && $0.commands.contains(.run) }.flatMap {
            $0.arguments(options)
        }
    }

    /// Runs `body` with a new directory `bench-<name>-<16 random hex digits>` in `parent` (the
    /// temporary directory unless given), for the files this process and its children exchange,
    /// and removes it afterwards. The name is random, so two calls of one process (tests run in
    /// parallel) never share it, and of one length, so a child started in it sees a path of the
    /// same length every time (``InstructionPass/childEnvironment`` says why that matters).
    static func withScratchDirectory<T>(
        _ name: String, in parent: URL = FileManager.default.temporaryDirectory,
        isolation: isolated (any Actor)? = #isolation, _ body: (URL) async throws(BenchError) -> T
    ) async throws(BenchError) -> T {
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let directory = parent.appendingPathComponent(
            "bench-\(name)-\(String(repeating: "0", count: 16 - random.count))\(random)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .unusableInput("cannot create \(directory.path): \(error.localizedDescription)")
        }
        return try await body(directory)
    }
}
