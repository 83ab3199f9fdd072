import Domain
import OneWay

/// The counter with a remotely loaded quote, as OneWay's users write it: a `Reducer` whose
/// `reduce` changes the state in place and returns an `AnyEffect`, the fetch cancellable by id.
public struct CounterFeature: Reducer {
    public typealias State = CounterState

    /// Everything that can happen to a counter: the user's intents and the fetch's feedback.
    public enum Action: Sendable, Equatable {
        case increment
        case decrement
        case loadQuote
        case quoteLoaded(Result<Quote, QuoteError>)
    }

    /// The identifier the quote fetch is cancellable by.
    enum EffectID: Hashable, Sendable {
        case quote
    }

    let quoteClient: QuoteClient

    public init(quoteClient: QuoteClient) {
        self.quoteClient = quoteClient
    }

    public func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
        guard Self.apply(action, to: &state) else { return .none }
        return Self.fetchQuote(quoteClient, id: EffectID.quote) { $0 }
    }

    /// Applies `action` to `state`; true when the action asks for a quote fetch. The app's reducer
    /// calls it too, so the counter's rules live here once.
    static func apply(_ action: Action, to state: inout State) -> Bool {
        switch action {
        case .increment:
            state.count += 1
        case .decrement:
            state.count -= 1
        case .loadQuote:
            state.isLoading = true
            state.errorMessage = nil
            return true
        case .quoteLoaded(.success(let quote)):
            state.isLoading = false
            state.quote = quote
        case .quoteLoaded(.failure(let error)):
            state.isLoading = false
            state.errorMessage = error.message
        }
        return false
    }

    /// The quote as a `quoteLoaded` action wrapped by `wrap`, registered under `id` so that a newer
    /// fetch cancels this one; nothing is sent when it was cancelled.
    ///
    /// `debounce(id:for:)` is OneWay's only effect that registers with `cancelInFlight: true`
    /// (`cancellable(_:)` keeps older fetches running), so newest-wins is a debounce of zero.
    static func fetchQuote<Wrapped: Sendable>(
        _ quoteClient: QuoteClient, id: some Hashable & Sendable,
        _ wrap: @escaping @Sendable (Action) -> Wrapped
    ) -> AnyEffect<Wrapped> {
        AnyEffect.sequence { send in
            do {
                send(wrap(.quoteLoaded(.success(try await quoteClient.fetch()))))
            } catch is CancellationError {
                return
            } catch let error as QuoteError {
                send(wrap(.quoteLoaded(.failure(error))))
            } catch {
                send(wrap(.quoteLoaded(.failure(QuoteError(message: String(describing: error))))))
            }
        }
        .debounce(id: id, for: .zero)
    }
}

extension CounterFeature.Action {
    /// The shared counter intent as this feature's action.
    public init(_ intent: CounterIntent) {
        switch intent {
        case .increment: self = .increment
        case .decrement: self = .decrement
        case .loadQuote: self = .loadQuote
        }
    }
}
