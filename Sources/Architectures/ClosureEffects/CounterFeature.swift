import Domain

/// The counter with a remotely loaded quote, as a reducer (the `CounterFeature` of "MVVM vs TCA").
///
/// The state is Domain's ``CounterState``. Incrementing and decrementing are pure state changes;
/// `loadQuote` marks the counter as loading and returns a fetch effect that feeds `quoteLoaded` back
/// as ``Feedback``, which only that effect can send.
/// The fetch is cancellable by ``CancelID/fetch`` with `cancelInFlight`, so a newer `loadQuote` cancels
/// the older fetch and only the newest quote ever reaches the state.
///
/// ```swift
/// let store = Store(initialState: CounterState(), reducer: CounterFeature(quoteClient: client))
/// store.send(.increment)
/// store.send(.loadQuote)
/// await store.settle()
/// ```
public struct CounterFeature: Reducer {
    public typealias State = CounterState

    /// The inputs: what a view or a parent may send.
    public enum Action: Equatable, Sendable {
        case increment
        case decrement
        case loadQuote
    }

    /// What the fetch started by `loadQuote` sends back.
    public enum Feedback: Equatable, Sendable {
        case quoteLoaded(Result<Quote, QuoteError>)
    }

    /// Names the work this feature can cancel.
    public enum CancelID: Hashable, Sendable {
        case fetch
    }

    private let quoteClient: QuoteClient

    public init(quoteClient: QuoteClient) {
        self.quoteClient = quoteClient
    }

    public func reduce(
        into state: inout CounterState, message: Message<Action, Feedback>
    ) -> Effect<Feedback, Never> {
        switch message {
        case .input(.increment):
            state.count += 1
            return .none

        case .input(.decrement):
            state.count -= 1
            return .none

        case .input(.loadQuote):
            state.isLoading = true
            state.errorMessage = nil
            return .run { [quoteClient] send in
                do {
                    let quote = try await quoteClient.fetch()
                    await send(.quoteLoaded(.success(quote)))
                } catch is CancellationError {
                    return
                } catch let error as QuoteError {
                    await send(.quoteLoaded(.failure(error)))
                } catch {
                    await send(.quoteLoaded(.failure(QuoteError(message: String(describing: error)))))
                }
            }
            .cancellable(id: CancelID.fetch, cancelInFlight: true)

        case .feedback(.quoteLoaded(.success(let quote))):
            state.isLoading = false
            state.quote = quote
            return .none

        case .feedback(.quoteLoaded(.failure(let error))):
            state.isLoading = false
            state.errorMessage = error.message
            return .none
        }
    }
}
