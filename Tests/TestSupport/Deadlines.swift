import Testing

/// The error a wait throws when its deadline passes, after recording an issue that says what it
/// waited for. Throwing stops the test there, so a broken effect fails its test instead of hanging
/// the run at the next step that depends on it.
public struct DeadlineExceeded: Error, CustomStringConvertible {
    /// What the test was waiting for.
    public var what: String
    /// How long it waited.
    public var timeout: Duration

    public var description: String { "gave up after \(timeout) waiting until \(what)" }
}

/// Yields until `condition` holds; records an issue and throws ``DeadlineExceeded`` when `timeout`
/// passes first.
///
/// For points no awaited call marks, such as a request parked at a gate. It never sleeps: it lets
/// queued work run and checks again. `condition` runs in the caller's isolation (the main actor for
/// `@MainActor` tests), so it may read main-actor state.
public func waitUntil(
    _ what: String = "the condition holds",
    timeout: Duration = .seconds(5),
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else {
            let error = DeadlineExceeded(what: what, timeout: timeout)
            Issue.record("\(error)", sourceLocation: sourceLocation)
            throw error
        }
        await Task.yield()
    }
}

/// Runs `operation` on the main actor and waits for it; records an issue and throws
/// ``DeadlineExceeded`` when `timeout` passes first, leaving the operation running.
///
/// For awaiting something that should finish on its own (an architecture's `settle()`), where a bug
/// (a fetch left parked at a gate because it was never cancelled) would otherwise hang the suite.
@MainActor
public func finishWithin(
    _ what: String,
    timeout: Duration = .seconds(10),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: @escaping @MainActor () async -> Void
) async throws {
    let done = Flag()
    Task { @MainActor in
        await operation()
        done.isSet = true
    }
    try await waitUntil(what, timeout: timeout, sourceLocation: sourceLocation) { done.isSet }
}

/// A main-actor boolean that a task sets when it is done.
@MainActor
private final class Flag {
    var isSet = false
}
