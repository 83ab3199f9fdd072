import Domain
import ReSwift

/// What can happen to a counter: the user's intents and the quote fetch's answer.
public enum CounterAction: Action, Equatable, Sendable {
    case increment
    case decrement
    case loadQuote
    case quoteLoaded(Result<Quote, QuoteError>)
}

/// The counter with a remotely loaded quote, as ReSwift models it: a state, actions, a pure
/// reducer, and a middleware that fetches the quote when a `loadQuote` goes by.
public enum CounterFeature {
    /// The counter's reducer: the only code that changes a counter's state. Like every ReSwift
    /// reducer it is handed any action and returns the state unchanged for actions not its own.
    public static func reducer(action: Action, state: CounterState?) -> CounterState {
        var state = state ?? CounterState()
        guard let action = action as? CounterAction else { return state }
        switch action {
        case .increment:
            state.count += 1
        case .decrement:
            state.count -= 1
        case .loadQuote:
            state.isLoading = true
            state.errorMessage = nil
        case .quoteLoaded(.success(let quote)):
            state.isLoading = false
            state.quote = quote
        case .quoteLoaded(.failure(let error)):
            state.isLoading = false
            state.errorMessage = error.message
        }
        return state
    }

    /// A middleware that fetches a quote for every action `request` maps to a counter index and
    /// dispatches `answer` of that index with the result. A newer fetch for the same index cancels
    /// the older one, whose answer is then dropped.
    static func quoteMiddleware<State>(
        _ quoteClient: QuoteClient, effects: EffectTasks,
        request: @escaping @Sendable (Action) -> Int?,
        answer: @escaping @Sendable (Int, CounterAction) -> Action
    ) -> Middleware<State> {
        { dispatch, _ in
            { next in
                { action in
                    next(action)
                    guard let index = request(action) else { return }
                    // Safe: `dispatch` is the store's own (`{ [weak store] in store?.dispatch($0) }`),
                    // the store is only ever used on the main actor (MainStore confines it there), and
                    // this task runs on the main actor, so no two calls to it can overlap.
                    nonisolated(unsafe) let dispatch = dispatch
                    MainActor.assumeIsolated {
                        effects.start(replacing: .quote(index)) {
                            guard let result = await fetchQuote(quoteClient), !Task.isCancelled else {
                                return
                            }
                            dispatch(answer(index, result))
                        }
                    }
                }
            }
        }
    }

    /// The quote as a `quoteLoaded` action; nothing when the fetch was cancelled.
    static func fetchQuote(_ quoteClient: QuoteClient) async -> CounterAction? {
        do {
            return .quoteLoaded(.success(try await quoteClient.fetch()))
        } catch let error as QuoteError {
            return .quoteLoaded(.failure(error))
        } catch is CancellationError {
            return nil
        } catch {
            return .quoteLoaded(.failure(QuoteError(message: String(describing: error))))
        }
    }

    /// A counter's store on the main actor, starting from `state`.
    @MainActor
    public static func makeStore(_ state: CounterState = CounterState(), quoteClient: QuoteClient)
        -> CounterStore
    {
        let effects = EffectTasks()
        let middleware: Middleware<CounterState> = quoteMiddleware(
            quoteClient, effects: effects,
            request: { $0 as? CounterAction == .loadQuote ? 0 : nil },
            answer: { _, action in action })
        let store = Store(reducer: reducer, state: state, middleware: [middleware])
        return CounterStore(store: store, effects: effects)
    }
}

/// A counter's store, as a screen holds it.
public typealias CounterStore = MainStore<CounterState>

extension CounterAction {
    /// The shared counter intent as this feature's action.
    public init(_ intent: CounterIntent) {
        switch intent {
        case .increment: self = .increment
        case .decrement: self = .decrement
        case .loadQuote: self = .loadQuote
        }
    }
}
