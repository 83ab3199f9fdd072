import Synchronization

/// Holds fake remote calls until a test lets them through, one ticket at a time.
///
/// Every call that passes the gate takes the next ticket (0, 1, 2, …) and waits until the test calls
/// ``release(_:)`` with that ticket. Tests use it to keep a request "in flight" and to answer
/// requests in any order, which is how the conformance suite proves that only the newest quote is
/// applied and that a double submit moves money once.
///
/// A gate that ``honorsCancellation`` makes a waiting call throw `CancellationError` as soon as its
/// task is cancelled, as a well-behaved network client does. A gate that does not models a server
/// that answers anyway: the caller receives the response after it was cancelled and must discard it.
public final class ResponseGate: Sendable {
    private struct Waiter {
        var ticket: Int
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var nextTicket = 0
        var released: Set<Int> = []
        var waiters: [Waiter] = []
    }

    private let state = Mutex(State())

    /// Whether a call waiting at the gate throws `CancellationError` when its task is cancelled.
    public let honorsCancellation: Bool

    public init(honorsCancellation: Bool = true) {
        self.honorsCancellation = honorsCancellation
    }

    /// The number of calls that have taken a ticket so far.
    public var ticketsIssued: Int {
        state.withLock { $0.nextTicket }
    }

    /// The number of calls currently waiting.
    public var waitingCount: Int {
        state.withLock { $0.waiters.count }
    }

    /// Lets the call holding `ticket` through, now or whenever it arrives.
    public func release(_ ticket: Int) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            state.released.insert(ticket)
            guard let index = state.waiters.firstIndex(where: { $0.ticket == ticket }) else { return nil }
            return state.waiters.remove(at: index).continuation
        }
        continuation?.resume()
    }

    /// Lets every call through, including calls that arrive later.
    public func releaseAll(upTo count: Int = 1024) {
        for ticket in 0..<count {
            release(ticket)
        }
    }

    /// Takes the next ticket and waits until it is released.
    public func pass() async throws {
        let ticket = state.withLock { state in
            defer { state.nextTicket += 1 }
            return state.nextTicket
        }
        if honorsCancellation {
            try await withTaskCancellationHandler {
                try await wait(for: ticket)
            } onCancel: {
                cancel(ticket)
            }
        } else {
            try await wait(for: ticket)
        }
    }

    private func wait(for ticket: Int) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let outcome = state.withLock { state -> Result<Void, any Error>? in
                if state.released.contains(ticket) { return .success(()) }
                if honorsCancellation && Task.isCancelled { return .failure(CancellationError()) }
                state.waiters.append(Waiter(ticket: ticket, continuation: continuation))
                return nil
            }
            if let outcome {
                continuation.resume(with: outcome)
            }
        }
    }

    private func cancel(_ ticket: Int) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard let index = state.waiters.firstIndex(where: { $0.ticket == ticket }) else { return nil }
            return state.waiters.remove(at: index).continuation
        }
        continuation?.resume(throwing: CancellationError())
    }
}
