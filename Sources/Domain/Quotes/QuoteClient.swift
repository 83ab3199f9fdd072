import Synchronization

/// The only way the counter feature reaches a quote: one async, throwing function.
///
/// "MVVM vs TCA" injects a quote client into both its view model and its reducer; this is the same
/// dependency as a value, so every architecture receives exactly the same one. Errors thrown by
/// `fetch` are ``QuoteError``s, or `CancellationError` when the calling task was cancelled.
/// The factories below are deterministic: nothing here touches the network.
public struct QuoteClient: Sendable {
    public var fetch: @Sendable () async throws -> Quote

    public init(fetch: @escaping @Sendable () async throws -> Quote) {
        self.fetch = fetch
    }
}

extension QuoteClient {
    /// A client that answers every call with `quote` after `latency`.
    public static func constant(_ quote: Quote, latency: Latency = .immediate) -> QuoteClient {
        QuoteClient {
            try await latency.wait()
            return quote
        }
    }

    /// A client that answers call *i* with `results[i]`, after `latency`; calls beyond the script
    /// fail with a ``QuoteError`` saying so.
    public static func scripted(
        _ results: [Result<Quote, QuoteError>],
        latency: Latency = .immediate
    ) -> QuoteClient {
        let script = Script(results)
        return QuoteClient {
            let result = script.next()
            try await latency.wait()
            return try result.get()
        }
    }

    /// A client whose every call fails with `error`.
    public static func failing(
        _ error: QuoteError = QuoteError(message: "The quote service is unavailable."),
        latency: Latency = .immediate
    ) -> QuoteClient {
        QuoteClient {
            try await latency.wait()
            throw error
        }
    }

    /// A client whose call *i* waits at `gate` for ticket *i*, then answers with `results[i]`.
    public static func gated(_ gate: ResponseGate, results: [Result<Quote, QuoteError>]) -> QuoteClient {
        let script = Script(results)
        return QuoteClient {
            let result = script.next()
            try await gate.pass()
            return try result.get()
        }
    }
}

/// A thread-safe cursor over scripted answers.
private final class Script: Sendable {
    private let results: [Result<Quote, QuoteError>]
    private let cursor = Atomic(0)

    init(_ results: [Result<Quote, QuoteError>]) {
        self.results = results
    }

    func next() -> Result<Quote, QuoteError> {
        let index = cursor.add(1, ordering: .relaxed).oldValue
        guard index < results.count else {
            return .failure(QuoteError(message: "The script has no answer for call \(index)."))
        }
        return results[index]
    }
}
