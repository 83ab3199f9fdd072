import Testing

/// The error a wait throws when its deadline passes, after recording an issue that says what it
/// waited for. Throwing stops the test there, so a broken effect fails its test instead of hanging
/// the run at the next step that depends on it.
public struct DeadlineExceeded: Error, CustomStringConvertible {
    /// What the test was waiting for.
    public var what: String
    /// How long it waited.
    public var timeout: Duration
    /// What the code under test did not do, in the words of its contract, when the waiter knows.
    public var cause: String? = nil

    public var description: String {
        let waited = "gave up after \(timeout) waiting until \(what)"
        return cause.map { "\($0) (\(waited))" } ?? waited
    }
}

/// How long a test waits for something that should happen on its own before it calls it a hang.
///
/// By default far above what any wait takes alone (milliseconds): in a full parallel `swift test` on
/// a loaded 2-core machine, the suites that run benchmarks on the main actor have starved other
/// main-actor tests for 5-8 s at a time, which failed waits of 5 and 10 s that had nothing wrong to
/// report, and in one run during a slow phase of the host, for over 30 s (five waits of correct code
/// failed at 30 s; the same build passed every test in the next run). A deadline only costs time
/// when a test is really broken, so it is set well above that.
///
/// A caller that runs no benchmarks beside its waits (an outside package's conformance run) sets a
/// short ``limit`` for a task and everything it starts with `TestDeadline.$limit.withValue(_:)`:
/// ``ConformanceCase`` does.
public enum TestDeadline {
    /// The deadline of every wait in the current task, when set; a long run of steps gets three
    /// times as long (``script``). Nil: the defaults below.
    @TaskLocal public static var limit: Duration?

    /// For a condition polled with ``waitUntil(_:timeout:isolation:sourceLocation:otherwise:_:)``.
    public static var condition: Duration { limit ?? .seconds(120) }
    /// For an operation raced against a timer with ``finishWithin(_:timeout:sourceLocation:otherwise:_:)``.
    public static var operation: Duration { limit ?? .seconds(180) }
    /// For a whole script of many steps raced against one timer.
    public static var script: Duration { limit.map { $0 * 3 } ?? .seconds(180) }
}

/// Yields until `condition` holds; records an issue and throws ``DeadlineExceeded`` when `timeout`
/// passes first. The issue leads with `cause`, evaluated then (it may read what the test saw, such
/// as how many requests wait at a gate), when it gives one.
///
/// For points no awaited call marks, such as a request parked at a gate. It never sleeps: it lets
/// queued work run and checks again. `condition` runs in the caller's isolation (the main actor for
/// `@MainActor` tests), so it may read main-actor state.
public func waitUntil(
    _ what: String = "the condition holds",
    timeout: Duration = TestDeadline.condition,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    otherwise cause: @autoclosure () -> String? = nil,
    _ condition: () -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else {
            let error = DeadlineExceeded(what: what, timeout: timeout, cause: cause())
            Issue.record("\(error)", sourceLocation: sourceLocation)
            throw error
        }
        await Task.yield()
    }
}

/// Runs `operation` on the main actor and returns its result; records an issue and throws
/// ``DeadlineExceeded`` when `timeout` passes first, leaving the operation running.
///
/// For awaiting something that should finish on its own (an architecture's `settle()`), where a bug
/// (a fetch left parked at a gate because it was never cancelled) would otherwise hang the suite.
/// It does not poll: the operation races a timer, and whichever ends first resumes the caller.
@MainActor
public func finishWithin<Value: Sendable>(
    _ what: String,
    timeout: Duration = TestDeadline.operation,
    sourceLocation: SourceLocation = #_sourceLocation,
    otherwise cause: String? = nil,
    _ operation: @escaping @MainActor () async -> Value
) async throws -> Value {
    let race = Race<Value>()
    let result = await withCheckedContinuation { continuation in
        race.continuation = continuation
        race.timer = Task { @MainActor in
            try? await Task.sleep(for: timeout)
            race.finish(.failure(DeadlineExceeded(what: what, timeout: timeout, cause: cause)))
        }
        Task { @MainActor in race.finish(.success(await operation())) }
    }
    if case .failure(let error) = result {
        Issue.record("\(error)", sourceLocation: sourceLocation)
    }
    return try result.get()
}

/// The operation and the timer of ``finishWithin(_:timeout:sourceLocation:otherwise:_:)``: the first to finish
/// resumes the caller and stops the timer; the other is ignored.
@MainActor
private final class Race<Value: Sendable> {
    var continuation: CheckedContinuation<Result<Value, DeadlineExceeded>, Never>?
    var timer: Task<Void, Never>?

    func finish(_ result: Result<Value, DeadlineExceeded>) {
        timer?.cancel()
        continuation?.resume(returning: result)
        continuation = nil
    }
}
