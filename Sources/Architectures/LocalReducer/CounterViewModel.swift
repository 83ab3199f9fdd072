import Domain
import Observation

/// The counter with a remotely loaded quote as an observable view model with a local reducer
/// ("MVVM + Reducer Pattern", applied to the counter of "MVVM vs TCA").
///
/// All observable state is one ``State`` value; every change to it is an ``Action`` passed to
/// ``send(_:)``, reduced by a pure function that copies the state and returns the new one. `loadQuote`
/// also starts a fetch that feeds `quoteLoaded` back; a newer `loadQuote` cancels the older fetch, and
/// an answer that arrives after its task was cancelled is dropped.
///
/// ```swift
/// let counter = CounterViewModel(quoteClient: client)
/// counter.send(.increment)
/// counter.send(.loadQuote)
/// await counter.settle()
/// counter.state.quote
/// ```
@Observable
@MainActor
public final class CounterViewModel {
    public typealias State = CounterState

    /// Everything that changes a counter: what a user does, and the fetch's feedback.
    public enum Action: Equatable, Sendable {
        case increment
        case decrement
        case loadQuote
        /// Feedback from the fetch that `loadQuote` started.
        case quoteLoaded(Result<Quote, QuoteError>)
    }

    /// The kinds of work this view model runs.
    enum EffectID: Hashable {
        case fetchQuote
    }

    /// The counter's state. Only ``send(_:)`` changes it; observing it observes the whole counter.
    public private(set) var state: State

    #if DEBUG
        /// Debug builds only: when set, every action and the state fields it changed are logged.
        @ObservationIgnored public var stateChangeLog: StateChangeLog?
    #endif

    private let quoteClient: QuoteClient
    private let effects = EffectTasks<EffectID>()

    public init(initialState: State = State(), quoteClient: QuoteClient) {
        state = initialState
        self.quoteClient = quoteClient
    }

    isolated deinit {
        effects.cancelAll()
    }

    /// The number of effect tasks this view model holds: only running ones are kept.
    public var inFlightEffectCount: Int {
        effects.count
    }

    /// The single entry point for every state change: reduces `action`, then starts its effect.
    public func send(_ action: Action) {
        #if DEBUG
            let oldState = state
        #endif
        state = Self.reduce(state: state, action: action)
        #if DEBUG
            stateChangeLog?.record(action, by: Self.self, from: oldState, to: state)
        #endif
        handleEffect(for: action)
    }

    /// Returns once every effect started so far, and every effect those started, has finished.
    public func settle() async {
        await effects.settle()
    }

    // MARK: - Reducer

    /// The new state after `action`: a changed copy of `state`, never `state` changed in place.
    nonisolated static func reduce(state: State, action: Action) -> State {
        var newState = state

        switch action {
        case .increment:
            newState.count += 1

        case .decrement:
            newState.count -= 1

        case .loadQuote:
            newState.isLoading = true
            newState.errorMessage = nil

        case .quoteLoaded(.success(let quote)):
            newState.isLoading = false
            newState.quote = quote

        case .quoteLoaded(.failure(let error)):
            newState.isLoading = false
            newState.errorMessage = error.message
        }

        return newState
    }

    // MARK: - Effects

    private func handleEffect(for action: Action) {
        switch action {
        case .loadQuote:
            effects.cancel(.fetchQuote)
            effects.start(.fetchQuote) { [weak self, quoteClient] in
                let feedback = await Self.fetchQuote(using: quoteClient)
                guard let feedback, !Task.isCancelled else { return }
                self?.send(feedback)
            }

        case .increment, .decrement, .quoteLoaded:
            break
        }
    }

    /// Fetches a quote off the main actor and returns the action that reports it, or `nil` when the
    /// fetch was cancelled: a cancelled fetch changes nothing.
    nonisolated static func fetchQuote(using quoteClient: QuoteClient) async -> Action? {
        do {
            return .quoteLoaded(.success(try await quoteClient.fetch()))
        } catch is CancellationError {
            return nil
        } catch let error as QuoteError {
            return .quoteLoaded(.failure(error))
        } catch {
            return .quoteLoaded(.failure(QuoteError(message: String(describing: error))))
        }
    }
}
