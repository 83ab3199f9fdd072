import Foundation

/// Another program run to completion: a timing process, Valgrind, `strip`, a `--best-of` process.
enum ChildProcess {
    /// Runs `path` with `arguments` (and `environment` and working `directory`, when given) and
    /// suspends until it exits; throws unless it exits with status 0. It suspends rather than
    /// blocking its thread, so the main actor stays free meanwhile (tests running beside it need it).
    static func run(
        _ path: String, _ arguments: [String], what: String, environment: [String: String]? = nil,
        directory: URL? = nil
    ) async throws(RunFailure) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let status: Result<Int32, RunFailure> = await withCheckedContinuation { finished in
            process.terminationHandler = { finished.resume(returning: .success($0.terminationStatus)) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                finished.resume(
                    returning: .failure(RunFailure("cannot start \(path): \(error.localizedDescription)"))
                )
            }
        }
        let exitStatus = try status.get()
        guard exitStatus == 0 else {
            throw RunFailure("\(what) failed with status \(exitStatus)")
        }
    }

    /// `work` on each of `items`, at most `width` at a time, its results in the order of `items`.
    /// After a failure it starts no more; once the running ones have ended it throws the failure of
    /// the earliest item that failed.
    static func concurrently<Item: Sendable, Value: Sendable>(
        _ items: [Item], width: Int, _ work: @escaping @Sendable (Item) async throws(RunFailure) -> Value
    ) async throws(RunFailure) -> [Value] {
        let outcomes = await withTaskGroup(of: (Int, Result<Value, RunFailure>).self) { group in
            var pending = Array(items.enumerated())[...]
            func startNext() {
                guard let (index, item) = pending.popFirst() else { return }
                group.addTask {
                    do throws(RunFailure) {
                        return (index, .success(try await work(item)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            for _ in 0..<max(1, width) { startNext() }
            var outcomes: [(Int, Result<Value, RunFailure>)] = []
            for await outcome in group {
                outcomes.append(outcome)
                if case .failure = outcome.1 { pending = [] } else { startNext() }
            }
            return outcomes
        }
        return try outcomes.sorted { $0.0 < $1.0 }.map { outcome throws(RunFailure) in try outcome.1.get() }
    }

    /// Runs `body` with a new directory `bench-<name>-<16 random hex digits>` in `parent` (the
    /// temporary directory unless given), for the files this process and its children exchange,
    /// and removes it afterwards. The name is random, so two calls of one process (tests run in
    /// parallel) never share it, and of one length, so a child started in it sees a path of the
    /// same length every time (``InstructionPass/childEnvironment`` says why that matters).
    static func withScratchDirectory<T>(
        _ name: String, in parent: URL = FileManager.default.temporaryDirectory,
        isolation: isolated (any Actor)? = #isolation, _ body: (URL) async throws(RunFailure) -> T
    ) async throws(RunFailure) -> T {
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let directory = parent.appendingPathComponent(
            "bench-\(name)-\(String(repeating: "0", count: 16 - random.count))\(random)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw RunFailure("cannot create \(directory.path): \(error.localizedDescription)")
        }
        return try await body(directory)
    }
}
