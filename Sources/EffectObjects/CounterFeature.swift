import Domain

/// The counter with a remotely loaded quote (seed 004) as a workflow of effect objects (seed 002,
/// "effect objects").
///
/// The reducer changes a `CounterState` and, for `loadQuote`, returns a ``FetchQuote`` that owns the
/// quote client. Run it with `WorkflowHost(state: CounterState(), workflow: CounterFeature(...))`.
public struct CounterFeature: Workflow, Sendable {
    public typealias State = CounterState

    /// What can happen to a counter: the user's intents and the answer of a quote fetch.
    public enum Action: Equatable, Sendable {
        case increment
        case decrement
        case loadQuote
        case quoteLoaded(Result<Quote, QuoteError>)
    }

    /// The client every ``FetchQuote`` this workflow returns uses.
    public var quoteClient: QuoteClient

    public init(quoteClient: QuoteClient) {
        self.quoteClient = quoteClient
    }

    public func reduce(into state: inout CounterState, action: Action) -> [any Effect<Action>] {
        switch action {
        case .increment:
            state.count += 1
            return []

        case .decrement:
            state.count -= 1
            return []

        case .loadQuote:
            state.isLoading = true
            state.errorMessage = nil
            return [FetchQuote(client: quoteClient)]

        case .quoteLoaded(.success(let quote)):
            state.isLoading = false
            state.quote = quote
            return []

        case .quoteLoaded(.failure(let error)):
            state.isLoading = false
            state.errorMessage = error.message
            return []
        }
    }
}

/// Loads one quote and answers `quoteLoaded` (seed 002, "effect objects").
///
/// One fetch runs per counter: a newer `FetchQuote` replaces the running one, whose answer, should it
/// still arrive, is dropped. A cancelled fetch answers nothing.
public struct FetchQuote: Effect {
    public let client: QuoteClient

    public init(client: QuoteClient) {
        self.client = client
    }

    public var cancellationKey: AnyHashable? {
        ObjectIdentifier(FetchQuote.self)
    }

    public func run() async -> CounterFeature.Action? {
        do {
            return .quoteLoaded(.success(try await client.fetch()))
        } catch is CancellationError {
            return nil
        } catch let error as QuoteError {
            return .quoteLoaded(.failure(error))
        } catch {
            return .quoteLoaded(.failure(QuoteError(message: String(describing: error))))
        }
    }
}
