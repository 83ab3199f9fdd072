import Domain
import Foundation

// MARK: - Single store: state and reducer

/// The whole composed app as one value (the app of "MVVM vs TCA"): the selected tab, every counter and
/// the transfer module. The single-store interactor owns it.
public struct AppState: Equatable, Sendable {
    public var selectedTab: Tab
    public var counters: [CounterState]
    public var transfer: TransferState

    /// The app opens on the counter tab unless told otherwise.
    public init(
        selectedTab: Tab = .counter, counters: [CounterState], transfer: TransferState = TransferState()
    ) {
        self.selectedTab = selectedTab
        self.counters = counters
        self.transfer = transfer
    }

    /// `count` counters and the transfer module, all in their initial state.
    public init(counterCount count: Int) {
        self.init(counters: Array(repeating: CounterState(), count: count))
    }

    /// The app as the harness compares it.
    public var snapshot: AppSnapshot {
        AppSnapshot(selectedTab: selectedTab, counters: counters, transfer: transfer)
    }
}

/// Everything that changes the app's state: a child's action addressed to it, or a tab selection.
public enum AppAction: Equatable, Sendable {
    case counter(index: Int, CounterAction)
    case transfer(TransferAction)
    case selectTab(Tab)
}

/// The single-store app's reducer ("VIPER Architecture with Reducer and State"): routes each child
/// action to the child's reducer by index, and applies the cross-feature rule of "MVVM vs TCA": a
/// counter's quote request selects the counter tab.
///
/// Like the article's, it copies the whole app state, changes the copy and returns it. While the
/// interactor still holds the old state, changing one counter in the copy copies the `counters`
/// array: each counter action costs time proportional to the number of counters. The benchmarks'
/// single-store layout rows show that cost.
public enum AppReducer {
    public static func reduce(state: AppState, action: AppAction) -> AppState {
        var newState = state
        switch action {
        case .counter(let index, let action):
            if case .quoteRequested = action {
                newState.selectedTab = .counter
            }
            newState.counters[index] = CounterReducer.reduce(state: newState.counters[index], action: action)
        case .transfer(let action):
            newState.transfer = TransferReducer.reduce(state: newState.transfer, action: action)
        case .selectTab(let tab):
            newState.selectedTab = tab
        }
        return newState
    }
}

// MARK: - Single store: contracts

/// What the single-store app presenter shows (the VIPER article's view contract): the whole app, after
/// every change of any of its parts.
@MainActor
public protocol AppView: AnyObject {
    func render(_ state: AppState)
}

/// The use cases the single-store app presenter asks its interactor for: every child's, addressed by
/// index, plus the tab selection (the VIPER article's interactor input).
@MainActor
public protocol AppInteractorInput: Interactor {
    /// Where the interactor reports every new state. Held weakly.
    var output: (any AppInteractorOutput)? { get set }
    var state: AppState { get }
    func selectTab(_ tab: Tab)
    func increment(counterAt index: Int)
    func decrement(counterAt index: Int)
    /// Starts loading a quote for counter `index`, cancelling that counter's older load only.
    func loadQuote(counterAt index: Int)
    func loadAccounts()
    func selectFrom(_ account: Account)
    func selectTo(_ account: Account)
    func updateAmount(_ amount: Decimal)
    func submitTransfer()
    func resetError()
}

/// What the single-store app interactor tells its presenter (the VIPER article's interactor output).
@MainActor
public protocol AppInteractorOutput: AnyObject {
    func appDidChange(_ state: AppState)
    /// Counter `index` was the target of the action just applied; `state` is its new value.
    func counterDidChange(at index: Int, _ state: CounterState)
}

// MARK: - Single store: interactor

/// The single-store layout's interactor (the VIPER article, with the single store of "The Many Flavors
/// of Unidirectional Architectures in Swift"): one interactor owns the whole ``AppState`` and performs
/// every child's use cases, changing the state only through ``AppReducer`` on the main actor.
///
/// Its tasks are keyed by child, so counter 1's newer load cancels counter 1's older one and nothing
/// else. Each change is reported as the whole app state, so every view of the app is rendered after
/// every change of any part: the honest cost of one store.
@MainActor
public final class AppInteractor: AppInteractorInput {
    private enum TaskKey: Hashable, Sendable {
        case quote(counter: Int)
        case accounts
        case submission
    }

    public weak var output: (any AppInteractorOutput)?
    public private(set) var state: AppState
    private let dependencies: Dependencies
    private let tasks = InteractorTasks<TaskKey>()

    public init(state: AppState, dependencies: Dependencies) {
        self.state = state
        self.dependencies = dependencies
    }

    public var inFlightEffectCount: Int { tasks.count }

    public func settle() async {
        await tasks.settle()
    }

    public func selectTab(_ tab: Tab) {
        apply(.selectTab(tab))
    }

    public func increment(counterAt index: Int) {
        apply(.counter(index: index, .increment))
    }

    public func decrement(counterAt index: Int) {
        apply(.counter(index: index, .decrement))
    }

    public func loadQuote(counterAt index: Int) {
        apply(.counter(index: index, .quoteRequested))
        tasks.run(
            .quote(counter: index),
            operation: { [quoteClient = dependencies.quoteClient] in
                await CounterInteractor.fetchQuote(with: quoteClient)
            },
            deliver: { [weak self] result in self?.apply(.counter(index: index, .quoteLoaded(result))) }
        )
    }

    public func loadAccounts() {
        apply(.transfer(.accountsRequested))
        tasks.run(
            .accounts,
            operation: { [getAccounts = dependencies.getAccounts] in
                await TransferInteractor.fetchAccounts(with: getAccounts)
            },
            deliver: { [weak self] result in self?.apply(.transfer(.accountsLoaded(result))) }
        )
    }

    public func selectFrom(_ account: Account) {
        apply(.transfer(.selectFrom(account)))
    }

    public func selectTo(_ account: Account) {
        apply(.transfer(.selectTo(account)))
    }

    public func updateAmount(_ amount: Decimal) {
        apply(.transfer(.updateAmount(amount)))
    }

    /// Sends the chosen transfer to the bank, unless one is already in flight: then nothing at all.
    public func submitTransfer() {
        guard !state.transfer.isSubmitting else { return }
        let request = TransferRequest(state.transfer)
        apply(.transfer(.transferSubmitted))
        tasks.run(
            .submission,
            operation: { [transferMoney = dependencies.transferMoney] in
                await request.execute(with: transferMoney)
            },
            deliver: { [weak self] action in self?.apply(.transfer(action)) }
        )
    }

    public func resetError() {
        apply(.transfer(.resetError))
    }

    /// The only place the state changes: the reducer, then the presenter hears of it.
    private func apply(_ action: AppAction) {
        state = AppReducer.reduce(state: state, action: action)
        output?.appDidChange(state)
        if case .counter(let index, _) = action {
            output?.counterDidChange(at: index, state.counters[index])
        }
    }
}

// MARK: - Single store: presenter and router

/// The single-store app's presenter (the VIPER article): forwards every child's events to the one
/// interactor and renders the whole app state to every attached view after each change.
@MainActor
public final class AppPresenter: AppInteractorOutput {
    public let interactor: any AppInteractorInput
    public let router: any TransferRouting
    private var views: [any AppView] = []
    private var rows: [Int: AppCounterRowPresenter] = [:]
    private var alert = ErrorAlert()

    /// Wires a presenter to its interactor (becoming its output) and its router.
    public init(interactor: any AppInteractorInput, router: any TransferRouting) {
        self.interactor = interactor
        self.router = router
        interactor.output = self
    }

    /// The state the views show.
    public var state: AppState { interactor.state }

    /// Renders every later change of the app, whichever part changed, to `view`.
    public func attach(_ view: any AppView) {
        views.append(view)
    }

    /// The presenter of counter `index`'s row, over this module's one interactor: its views are
    /// rendered only after actions on that counter. Asking twice returns the same presenter.
    public func row(at index: Int) -> AppCounterRowPresenter {
        if let row = rows[index] { return row }
        let row = AppCounterRowPresenter(interactor: interactor, index: index)
        rows[index] = row
        return row
    }

    /// Stops rendering to `view`.
    public func detach(_ view: any AppView) {
        views.removeAll { $0 === view }
    }

    public func didSelectTab(_ tab: Tab) {
        interactor.selectTab(tab)
    }

    public func didTapIncrement(counterAt index: Int) {
        interactor.increment(counterAt: index)
    }

    public func didTapDecrement(counterAt index: Int) {
        interactor.decrement(counterAt: index)
    }

    /// Loads a quote for counter `index`; the reducer selects the counter tab, as the tab is state here.
    public func didTapLoadQuote(counterAt index: Int) {
        interactor.loadQuote(counterAt: index)
    }

    public func didRequestAccounts() {
        interactor.loadAccounts()
    }

    public func didSelectFrom(_ account: Account) {
        interactor.selectFrom(account)
    }

    public func didSelectTo(_ account: Account) {
        interactor.selectTo(account)
    }

    public func didChangeAmount(_ amount: Decimal) {
        interactor.updateAmount(amount)
    }

    public func didTapSubmit() {
        interactor.submitTransfer()
    }

    public func didDismissError() {
        interactor.resetError()
    }

    public func appDidChange(_ state: AppState) {
        for view in views {
            view.render(state)
        }
        alert.show(state.transfer.error, with: router)
    }

    public func counterDidChange(at index: Int, _ state: CounterState) {
        rows[index]?.counterDidChange(state)
    }
}

/// The presenter of one counter row of the single-store app (the `single-store-scoped` layout): a
/// presenter per row over the app's one interactor. Its view events name its counter, and its views
/// are rendered with that counter's state only when an action on that counter was applied.
@MainActor
public final class AppCounterRowPresenter {
    public let interactor: any AppInteractorInput
    public let index: Int
    private var views: [any CounterView] = []

    init(interactor: any AppInteractorInput, index: Int) {
        self.interactor = interactor
        self.index = index
    }

    public var state: CounterState { interactor.state.counters[index] }

    public func attach(_ view: any CounterView) {
        views.append(view)
    }

    public func didTapIncrement() {
        interactor.increment(counterAt: index)
    }

    public func didTapDecrement() {
        interactor.decrement(counterAt: index)
    }

    public func didTapLoadQuote() {
        interactor.loadQuote(counterAt: index)
    }

    func counterDidChange(_ state: CounterState) {
        for view in views {
            view.render(state)
        }
    }
}

/// The single-store app's router (the VIPER article): builds the module and presents the transfer tab's
/// error alert. The selected tab is part of ``AppState`` in this layout, so selecting a tab is a use
/// case of the interactor, not navigation.
@MainActor
public final class AppRouter: TransferRouting {
    /// The error the alert on screen shows, if any.
    public private(set) var presentedError: TransferError?

    public init() {}

    /// Builds the single-store app starting at `state` and returns its presenter.
    public static func makeModule(state: AppState, dependencies: Dependencies) -> AppPresenter {
        AppPresenter(
            interactor: AppInteractor(state: state, dependencies: dependencies),
            router: AppRouter()
        )
    }

    public func presentError(_ error: TransferError) {
        presentedError = error
    }

    public func dismissError() {
        presentedError = nil
    }
}
