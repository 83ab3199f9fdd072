import Domain
import Observation

/// The composed app in the single-store layout: one view model whose one ``State`` holds the selected
/// tab, every counter and the transfer form (the "global AppStore" of "MVVM + Reducer Pattern", with an
/// app reducer).
///
/// The app reducer copies the app state and hands each child action to that feature's own reducer,
/// ``CounterViewModel`` or ``TransferViewModel``, on its slice: the features' reducers are composed,
/// their view models are not used. Counter actions carry the counter's index, and each counter has its
/// own fetch, so loading one counter's quote never cancels another's. Cross-feature rule ("MVVM vs
/// TCA"): a counter's `loadQuote` selects the counter tab.
///
/// Every action replaces the one `state`, so an observer of any part of it, one counter say, is woken
/// by every change anywhere in the app: the cost of a single store. Copying has its cost too: changing
/// one counter in the copy copies the whole `counters` array, which the old state still shares.
///
/// ```swift
/// let app = AppViewModel(counterCount: 10, dependencies: dependencies)
/// app.send(.counter(index: 3, .loadQuote))
/// await app.settle()
/// ```
@Observable
@MainActor
public final class AppViewModel {
    /// The whole app as one value.
    public struct State: Equatable, Sendable {
        public var selectedTab: Tab
        public var counters: [CounterState]
        public var transfer: TransferState

        public init(
            selectedTab: Tab = .counter, counters: [CounterState], transfer: TransferState = TransferState()
        ) {
            self.selectedTab = selectedTab
            self.counters = counters
            self.transfer = transfer
        }

        /// `counterCount` fresh counters, a fresh transfer form and the counter tab.
        public init(counterCount: Int) {
            self.init(counters: Array(repeating: CounterState(), count: counterCount))
        }
    }

    /// Every action of the app: a child's action, routed by the child it belongs to, or a tab change.
    public enum Action: Equatable, Sendable {
        case selectTab(Tab)
        case counter(index: Int, CounterViewModel.Action)
        case transfer(TransferViewModel.Action)
    }

    /// The kinds of work this view model runs: one quote fetch per counter, and the transfer's work.
    enum EffectID: Hashable {
        case fetchQuote(counter: Int)
        case loadAccounts
        case submitTransfer
    }

    /// The app's state. Only ``send(_:)`` changes it; observing any part of it observes all of it.
    public private(set) var state: State

    #if DEBUG
        /// Debug builds only: when set, every action and the state fields it changed are logged.
        @ObservationIgnored public var stateChangeLog: StateChangeLog?
    #endif

    private let quoteClient: QuoteClient
    private let getAccounts: GetAccountsUseCase
    private let transferMoney: TransferMoneyUseCase
    private let effects = EffectTasks<EffectID>()
    @ObservationIgnored private var rows: [Int: CounterRow] = [:]
    @ObservationIgnored private var isSending = false
    @ObservationIgnored private var queued: [Action] = []

    public init(initialState: State, dependencies: Dependencies) {
        state = initialState
        quoteClient = dependencies.quoteClient
        getAccounts = dependencies.getAccounts
        transferMoney = dependencies.transferMoney
    }

    /// An app with `counterCount` counters and a transfer form, all in their initial state.
    public convenience init(counterCount: Int, dependencies: Dependencies) {
        self.init(initialState: State(counterCount: counterCount), dependencies: dependencies)
    }

    isolated deinit {
        effects.cancelAll()
    }

    /// The number of effect tasks this view model holds: only running ones are kept.
    public var inFlightEffectCount: Int {
        effects.count
    }

    /// The single entry point for every state change: reduces `action`, then starts its effect.
    ///
    /// An action sent while another is being handled (by an observer that the state change woke,
    /// which Observation calls before the new state is stored) is queued and handled after it, so
    /// the two never overwrite each other's changes.
    public func send(_ action: Action) {
        guard !isSending else {
            queued.append(action)
            return
        }
        isSending = true
        defer { isSending = false }
        handle(action)
        while !queued.isEmpty {
            handle(queued.removeFirst())
        }
    }

    private func handle(_ action: Action) {
        #if DEBUG
            let oldState = state
        #endif
        state = Self.reduce(state: state, action: action)
        #if DEBUG
            stateChangeLog?.record(action, by: Self.self, from: oldState, to: state)
        #endif
        if case .counter(let index, _) = action {
            rows[index]?.state = state.counters[index]
        }
        handleEffect(for: action)
    }

    /// Returns once every effect started so far, and every effect those started, has finished.
    public func settle() async {
        await effects.settle()
    }

    /// Counter `index` as an observable object of its own, for a row view that should be woken by
    /// that counter's changes only (reading `state.counters[index]` tracks the whole state). `send`
    /// hands the row its counter's new value after every action on that counter; asking twice
    /// returns the same row.
    public func row(at index: Int) -> CounterRow {
        if let row = rows[index] { return row }
        let row = CounterRow(state.counters[index])
        rows[index] = row
        return row
    }

    // MARK: - Reducer

    /// The new app state after `action`: a changed copy, each child slice replaced by what its
    /// feature's reducer returns.
    nonisolated static func reduce(state: State, action: Action) -> State {
        var newState = state

        switch action {
        case .selectTab(let tab):
            newState.selectedTab = tab

        case .counter(let index, let action):
            if case .loadQuote = action {
                newState.selectedTab = .counter
            }
            newState.counters[index] = CounterViewModel.reduce(
                state: newState.counters[index], action: action)

        case .transfer(let action):
            newState.transfer = TransferViewModel.reduce(state: newState.transfer, action: action)
        }

        return newState
    }

    // MARK: - Effects

    private func handleEffect(for action: Action) {
        switch action {
        case .counter(let index, .loadQuote):
            effects.cancel(.fetchQuote(counter: index))
            effects.start(.fetchQuote(counter: index)) { [weak self, quoteClient] in
                let feedback = await CounterViewModel.fetchQuote(using: quoteClient)
                guard let feedback, !Task.isCancelled else { return }
                self?.send(.counter(index: index, feedback))
            }

        case .transfer(.accounts(.load)):
            effects.cancel(.loadAccounts)
            effects.start(.loadAccounts) { [weak self, getAccounts] in
                let feedback = await TransferViewModel.loadAccounts(using: getAccounts)
                guard let feedback, !Task.isCancelled else { return }
                self?.send(.transfer(.accounts(feedback)))
            }

        case .transfer(.transfer(.submit)):
            // While a transfer runs, `isSubmitting` is true and the reducer ignored this submit: the
            // transfer in flight is neither cancelled nor repeated.
            guard !effects.isRunning(.submitTransfer) else { return }
            let form = state.transfer
            let (from, to, amount) = (form.selectedFrom, form.selectedTo, form.amount)
            effects.start(.submitTransfer) { [weak self, transferMoney] in
                let feedback = await TransferViewModel.submitTransfer(
                    from: from,
                    to: to,
                    amount: amount,
                    using: transferMoney
                )
                guard let feedback, !Task.isCancelled else { return }
                self?.send(.transfer(.transfer(feedback)))
            }

        case .selectTab, .counter, .transfer:
            break
        }
    }
}

/// The composed app in the multi-store layout: one view model per feature under a thin root that holds
/// only the selected tab (the local reducers of "MVVM + Reducer Pattern", each view model keeping its
/// own state).
///
/// The root is itself a small local-reducer view model. It speaks the same ``AppViewModel/Action``s as
/// the single store: its reducer handles what is the root's own (the selected tab, and the
/// cross-feature rule that a counter's `loadQuote` selects the counter tab), and its effect for a
/// child's action is to send that action to the child. Views may also talk to a child directly; each
/// child is observed on its own, so a change to one counter wakes only that counter's observers.
///
/// ```swift
/// let app = AppRootViewModel(counterCount: 10, dependencies: dependencies)
/// app.send(.counter(index: 3, .loadQuote))
/// app.counters[3].state.isLoading
/// ```
@Observable
@MainActor
public final class AppRootViewModel {
    /// What the root itself holds.
    public struct State: Equatable, Sendable {
        public var selectedTab: Tab

        public init(selectedTab: Tab = .counter) {
            self.selectedTab = selectedTab
        }
    }

    public typealias Action = AppViewModel.Action

    /// The root's state. Only ``send(_:)`` changes it.
    public private(set) var state: State

    public let counters: [CounterViewModel]
    public let transfer: TransferViewModel

    #if DEBUG
        /// Debug builds only: when set, every action and the state fields it changed are logged.
        @ObservationIgnored public var stateChangeLog: StateChangeLog?
    #endif

    public init(
        initialState: State = State(),
        counters: [CounterState],
        transfer: TransferState = TransferState(),
        dependencies: Dependencies
    ) {
        state = initialState
        self.counters = counters.map {
            CounterViewModel(initialState: $0, quoteClient: dependencies.quoteClient)
        }
        self.transfer = TransferViewModel(initialState: transfer, dependencies: dependencies)
    }

    /// An app with `counterCount` counters and a transfer form, all in their initial state.
    public convenience init(counterCount: Int, dependencies: Dependencies) {
        self.init(counters: Array(repeating: CounterState(), count: counterCount), dependencies: dependencies)
    }

    /// The number of effect tasks the child view models hold.
    public var inFlightEffectCount: Int {
        counters.reduce(transfer.inFlightEffectCount) { $0 + $1.inFlightEffectCount }
    }

    /// Reduces `action` into the root's state, then passes a child's action on to that child.
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

    /// Returns once no child view model has an effect running.
    public func settle() async {
        while inFlightEffectCount > 0 {
            for counter in counters {
                await counter.settle()
            }
            await transfer.settle()
        }
    }

    // MARK: - Reducer

    /// The root's new state after `action`: the tab, and the cross-feature rule.
    nonisolated static func reduce(state: State, action: Action) -> State {
        var newState = state

        switch action {
        case .selectTab(let tab):
            newState.selectedTab = tab

        case .counter(_, .loadQuote):
            newState.selectedTab = .counter

        case .counter, .transfer:
            break
        }

        return newState
    }

    // MARK: - Effects

    private func handleEffect(for action: Action) {
        switch action {
        case .counter(let index, let action):
            counters[index].send(action)

        case .transfer(let action):
            transfer.send(action)

        case .selectTab:
            break
        }
    }
}

/// One counter of the single-store ``AppViewModel`` as its own `@Observable` object (the
/// `single-store-scoped` layout): the app's reducer owns the state and `send` copies counter
/// `index`'s new value here, so an observer of this row is woken by that counter only (and not when
/// the value did not change: the `@Observable` setter skips equal values).
@Observable
@MainActor
public final class CounterRow {
    public internal(set) var state: CounterState

    init(_ state: CounterState) {
        self.state = state
    }
}
