import Foundation

/// Another program run to completion: the timing child, Valgrind, `strip`, a `--best-of` process.
enum ChildProcess {
    /// Runs `path` with `arguments` (and `environment`, when given) and suspends until it exits;
    /// throws unless it exits with status 0. It suspends rather than blocking its thread, so the main
    /// actor stays free meanwhile (tests running beside it need it).
    static func run(
        _ path: String, _ arguments: [String], what: String, environment: [String: String]? = nil
    ) async throws(BenchError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
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
}
