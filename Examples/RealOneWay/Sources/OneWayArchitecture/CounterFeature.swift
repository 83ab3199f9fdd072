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
        switch action {
        case .increment:
            state.count += 1
        case .decrement:
            state.count -= 1
        case .loadQuote:
            state.isLoading = true
            state.errorMessage = nil
            return fetchQuote()
        case .quoteLoaded(.success(let quote)):
            state.isLoading = false
            state.quote = quote
        case .quoteLoaded(.failure(let error)):
            state.isLoading = false
            state.errorMessage = error.message
        }
        return .none
    }

    /// The quote as a `quoteLoaded` action, cancellable by ``EffectID/quote``.
    func fetchQuote() -> AnyEffect<Action> {
        let quoteClient = quoteClient
        return AnyEffect.single {
            do {
                return .quoteLoaded(.success(try await quoteClient.fetch()))
            } catch let error as QuoteError {
                return .quoteLoaded(.failure(error))
            } catch {
                return .quoteLoaded(.failure(QuoteError(message: String(describing: error))))
            }
        }
        .cancellable(EffectID.quote)
    }
}
