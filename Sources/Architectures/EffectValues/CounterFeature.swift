import Domain

/// The counter with a remotely loaded quote ("MVVM vs TCA") as a pure update returning effect values
/// ("State containers", "effect values"). ``CounterEffectHandler`` performs its effects.
///
/// A `loadQuote` returns `[.cancelQuoteFetch, .fetchQuote]`: the update cannot tell from the state
/// alone whether a fetch is running, so it always asks for the older one to be cancelled before the
/// newer one starts (cancelling when nothing runs does nothing). That is how only the newest quote is
/// ever applied: the loop drops the result of a cancelled fetch. A `loadQuote` while one is loading
/// changes nothing an observer sees (loading already cleared the error), so it only dispatches the
/// two effects.
public enum CounterFeature: Update {
    public typealias State = CounterState

    /// Everything that can happen to a counter: the user's intents and the effect's feedback.
    public enum Event: Equatable, Sendable {
        case increment
        case decrement
        case loadQuote
        case quoteLoaded(Result<Quote, QuoteError>)
    }

    /// The work a counter asks for, as values.
    public enum Effect: Equatable, Sendable {
        /// Fetch a quote and report it as `quoteLoaded`.
        case fetchQuote
        /// Cancel the running quote fetch, if any; its result must never be applied.
        case cancelQuoteFetch
    }

    public static func update(_ state: CounterState, _ event: Event) -> Next<CounterState, Effect> {
        var state = state
        switch event {
        case .increment:
            state.count += 1
            return .next(state)
        case .decrement:
            state.count -= 1
            return .next(state)
        case .loadQuote:
            guard !state.isLoading else {
                return .dispatch([.cancelQuoteFetch, .fetchQuote])
            }
            state.isLoading = true
            state.errorMessage = nil
            return .next(state, effects: [.cancelQuoteFetch, .fetchQuote])
        case .quoteLoaded(.success(let quote)):
            state.isLoading = false
            state.quote = quote
            return .next(state)
        case .quoteLoaded(.failure(let error)):
            state.isLoading = false
            state.errorMessage = error.message
            return .next(state)
        }
    }
}

/// Performs the counter's effects with a ``QuoteClient`` ("State containers", "effect values": the impure
/// half).
public struct CounterEffectHandler: EffectHandler {
    /// The counter's only cancellable work.
    public enum TaskID: Hashable, Sendable {
        case quoteFetch
    }

    public let quoteClient: QuoteClient

    public init(quoteClient: QuoteClient) {
        self.quoteClient = quoteClient
    }

    public func handle(_ effect: CounterFeature.Effect) -> EffectExecution<TaskID, CounterFeature.Event> {
        switch effect {
        case .fetchQuote:
            return .run(.quoteFetch) { [quoteClient] in await Self.fetchQuote(with: quoteClient) }
        case .cancelQuoteFetch:
            return .cancel(.quoteFetch)
        }
    }

    /// The quote as a `quoteLoaded` event; nothing if the fetch was cancelled.
    @concurrent
    private static func fetchQuote(with client: QuoteClient) async -> CounterFeature.Event? {
        do {
            return .quoteLoaded(.success(try await client.fetch()))
        } catch let error as QuoteError {
            return .quoteLoaded(.failure(error))
        } catch is CancellationError {
            return nil
        } catch {
            return .quoteLoaded(.failure(QuoteError(message: String(describing: error))))
        }
    }
}

/// The counter as one loop: the counter feature's native API (`dispatch`, `state`, `addObserver`,
/// `settle`).
public typealias CounterLoop = Loop<CounterFeature, CounterEffectHandler>
