import Domain

/// The counter with a remotely loaded quote ("MVVM vs TCA") as a workflow with one worker ("State
/// containers", "effect objects").
///
/// Its rendering is the `CounterState` a counter screen shows. While a quote is loading, the render
/// asks for a ``FetchQuote`` numbered with the load it belongs to: a newer `loadQuote` numbers a new
/// load, so the next render asks for a worker that is not equivalent, and the host cancels the older
/// fetch and drops its answer. Only the newest answer is ever applied. Run it with
/// `WorkflowHost(state: CounterFeature.State(), workflow: CounterFeature(quoteClient: ...))`.
public struct CounterFeature: Workflow, Sendable {
    /// The counter as its screen shows it, and the number of the newest quote load.
    public struct State: Equatable, Sendable {
        public var counter: CounterState
        /// How many loads have started; the newest load's number.
        public var loads: Int

        public init(_ counter: CounterState = CounterState(), loads: Int = 0) {
            self.counter = counter
            self.loads = loads
        }
    }

    /// What can happen to a counter: the user's intents and the answer of a quote fetch.
    public enum Action: Equatable, Sendable {
        case increment
        case decrement
        case loadQuote
        case quoteLoaded(Result<Quote, QuoteError>)
    }

    /// The client every ``FetchQuote`` this workflow asks for uses.
    public var quoteClient: QuoteClient

    public init(quoteClient: QuoteClient) {
        self.quoteClient = quoteClient
    }

    public func apply(_ action: Action, to state: inout State) {
        switch action {
        case .increment:
            state.counter.count += 1
        case .decrement:
            state.counter.count -= 1
        case .loadQuote:
            state.loads += 1
            state.counter.isLoading = true
            state.counter.errorMessage = nil
        case .quoteLoaded(.success(let quote)):
            state.counter.isLoading = false
            state.counter.quote = quote
        case .quoteLoaded(.failure(let error)):
            state.counter.isLoading = false
            state.counter.errorMessage = error.message
        }
    }

    public func render(state: State, context: inout RenderContext<Action>) -> CounterState {
        if state.counter.isLoading {
            context.run(FetchQuote(client: quoteClient, load: state.loads)) { .quoteLoaded($0) }
        }
        return state.counter
    }
}

/// Loads one quote ("State containers", "effect objects"; a Workflow worker).
///
/// Two fetches are equivalent when they belong to the same load, so re-rendering while loading keeps
/// the running fetch, and a newer load replaces it. A cancelled fetch reports nothing.
public struct FetchQuote: Worker {
    public let client: QuoteClient
    /// The number of the load this fetch belongs to.
    public let load: Int

    public init(client: QuoteClient, load: Int) {
        self.client = client
        self.load = load
    }

    public func isEquivalent(to other: FetchQuote) -> Bool {
        load == other.load
    }

    public func run() async -> Result<Quote, QuoteError>? {
        do {
            return .success(try await client.fetch())
        } catch is CancellationError {
            return nil
        } catch let error as QuoteError {
            return .failure(error)
        } catch {
            return .failure(QuoteError(message: String(describing: error)))
        }
    }
}
