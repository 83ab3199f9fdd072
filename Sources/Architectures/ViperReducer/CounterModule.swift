import Domain

// MARK: - State and reducer

/// Everything that changes a counter's state (the actions of "VIPER Architecture with Reducer and
/// State", for the counter of "MVVM vs TCA").
///
/// The interactor is the only sender: `quoteRequested` when a load starts, `quoteLoaded` when its
/// quote client answers.
public enum CounterAction: Equatable, Sendable {
    case increment
    case decrement
    case quoteRequested
    case quoteLoaded(Result<Quote, QuoteError>)
}

/// The counter's reducer (the VIPER article): a pure function from the state and an action to the next
/// state.
///
/// Like the article's, it copies the state it is given, changes the copy and returns it. It performs no
/// work and starts none; loading the quote is the interactor's use case.
public enum CounterReducer {
    public static func reduce(state: CounterState, action: CounterAction) -> CounterState {
        var newState = state
        switch action {
        case .increment:
            newState.count += 1
        case .decrement:
            newState.count -= 1
        case .quoteRequested:
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
}

// MARK: - Contracts

/// What the counter presenter shows (the VIPER article's view contract). The presenter calls
/// ``render(_:)`` after every change of the counter's state.
@MainActor
public protocol CounterView: AnyObject {
    func render(_ state: CounterState)
}

/// The use cases the counter presenter asks its interactor for (the VIPER article's interactor input).
@MainActor
public protocol CounterInteractorInput: Interactor {
    /// Where the interactor reports every new state. Held weakly.
    var output: (any CounterInteractorOutput)? { get set }
    var state: CounterState { get }
    func increment()
    func decrement()
    /// Starts loading a quote; a load still running is cancelled and its answer never applied.
    func loadQuote()
}

/// What the counter interactor tells its presenter (the VIPER article's interactor output).
@MainActor
public protocol CounterInteractorOutput: AnyObject {
    func counterDidChange(_ state: CounterState)
}

/// The counter module's navigation (the VIPER article's router).
@MainActor
public protocol CounterRouting: AnyObject {
    /// Brings the counter's tab to the front, if the counter lives in a tab bar.
    func showCounterTab()
}

// MARK: - Interactor

/// Owns a counter's state and loads its quotes (the VIPER article's interactor, without the queue
/// hops).
///
/// Every change goes through ``CounterReducer`` on the main actor. A quote is fetched off the main
/// actor in a task this interactor owns; a newer ``loadQuote()`` cancels the older fetch and only the
/// newest answer is applied (see ``InteractorTasks``).
@MainActor
public final class CounterInteractor: CounterInteractorInput {
    private enum TaskKey: Hashable, Sendable {
        case quote
    }

    public weak var output: (any CounterInteractorOutput)?
    public private(set) var state: CounterState
    private let quoteClient: QuoteClient
    private let tasks = InteractorTasks<TaskKey>()

    public init(state: CounterState = CounterState(), quoteClient: QuoteClient) {
        self.state = state
        self.quoteClient = quoteClient
    }

    public var inFlightEffectCount: Int { tasks.count }

    public func settle() async {
        await tasks.settle()
    }

    public func increment() {
        apply(.increment)
    }

    public func decrement() {
        apply(.decrement)
    }

    public func loadQuote() {
        apply(.quoteRequested)
        tasks.run(
            .quote,
            operation: { [quoteClient] in await Self.fetchQuote(with: quoteClient) },
            deliver: { [weak self] result in self?.apply(.quoteLoaded(result)) }
        )
    }

    /// The only place the state changes: the reducer, then the presenter hears of it.
    private func apply(_ action: CounterAction) {
        state = CounterReducer.reduce(state: state, action: action)
        output?.counterDidChange(state)
    }

    /// Fetches a quote off the main actor; `nil` if the fetch was cancelled.
    @concurrent
    static func fetchQuote(with client: QuoteClient) async -> Result<Quote, QuoteError>? {
        do {
            return .success(try await client.fetch())
        } catch let error as QuoteError {
            return .failure(error)
        } catch is CancellationError {
            return nil
        } catch {
            return .failure(QuoteError(message: String(describing: error)))
        }
    }
}

// MARK: - Presenter

/// Turns the counter view's events into use cases and renders the counter's state (the VIPER article's
/// presenter).
///
/// The presenter keeps the views attached to it and renders every state its interactor reports to
/// all of them. The views do not own the presenter here: the module is held through its presenter
/// (``CounterRouter/makeModule(state:quoteClient:tabs:)`` returns it), so a view that sends events
/// back must hold its presenter weakly.
@MainActor
public final class CounterPresenter: CounterInteractorOutput {
    public let interactor: any CounterInteractorInput
    public let router: any CounterRouting
    private var views: [any CounterView] = []

    /// Wires a presenter to its interactor (becoming its output) and its router.
    public init(interactor: any CounterInteractorInput, router: any CounterRouting) {
        self.interactor = interactor
        self.router = router
        interactor.output = self
    }

    /// The state the views show.
    public var state: CounterState { interactor.state }

    /// Renders every later change of the counter to `view`.
    public func attach(_ view: any CounterView) {
        views.append(view)
    }

    /// Stops rendering to `view`.
    public func detach(_ view: any CounterView) {
        views.removeAll { $0 === view }
    }

    public func didTapIncrement() {
        interactor.increment()
    }

    public func didTapDecrement() {
        interactor.decrement()
    }

    /// Brings the counter's tab to the front (the cross-feature rule of "MVVM vs TCA"), then loads a
    /// quote. In this order a view that reacts to the load by navigating elsewhere has the last word.
    public func didTapLoadQuote() {
        router.showCounterTab()
        interactor.loadQuote()
    }

    public func counterDidChange(_ state: CounterState) {
        for view in views {
            view.render(state)
        }
    }
}

// MARK: - Router

/// The counter module's router (the VIPER article): builds the module and brings the counter's tab to
/// the front through the app's ``TabRouting``, when there is one.
@MainActor
public final class CounterRouter: CounterRouting {
    private weak var tabs: (any TabRouting)?

    /// A router selecting tabs with `tabs`; `nil` for a counter shown on its own.
    public init(tabs: (any TabRouting)? = nil) {
        self.tabs = tabs
    }

    /// Builds a counter module starting at `state` and returns its presenter.
    public static func makeModule(
        state: CounterState = CounterState(),
        quoteClient: QuoteClient,
        tabs: (any TabRouting)? = nil
    ) -> CounterPresenter {
        CounterPresenter(
            interactor: CounterInteractor(state: state, quoteClient: quoteClient),
            router: CounterRouter(tabs: tabs)
        )
    }

    public func showCounterTab() {
        tabs?.selectTab(.counter)
    }
}
