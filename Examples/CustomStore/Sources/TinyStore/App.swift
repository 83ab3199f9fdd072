import Domain

/// The composed app's actions: a child's action, tagged with the child, or a tab change.
public enum AppAction: Equatable {
    case counter(Int, CounterAction)
    case transfer(TransferAction)
    case selectTab(Tab)
}

/// The app in one store (the single-store layouts): the children's reducers over their slices of
/// one `AppSnapshot`, plus the cross-feature rule (a counter's `loadQuote` selects the counter tab).
public func appReducer(_ dependencies: Dependencies) -> Store<AppSnapshot, AppAction>.Reducer {
    let counter = counterReducer(dependencies.quoteClient)
    let transfer = transferReducer(dependencies)
    return { state, action in
        switch action {
        case .counter(let index, let action):
            if action == .loadQuote { state.selectedTab = .counter }
            return counter(&state.counters[index], action).map { $0.embed(in: index) { .counter(index, $0) } }
        case .transfer(let action):
            return transfer(&state.transfer, action).map { $0.embed(in: "transfer") { .transfer($0) } }
        case .selectTab(let tab):
            state.selectedTab = tab
            return []
        }
    }
}

/// The app as one store per child (the multi-store layout), with the selected tab kept here.
@MainActor
public final class AppRoot {
    public private(set) var selectedTab = Tab.counter
    public let counters: [Store<CounterState, CounterAction>]
    public let transfer: Store<TransferState, TransferAction>

    public init(counters: Int, dependencies: Dependencies) {
        self.counters = (0..<counters).map { _ in
            Store(CounterState(), reduce: counterReducer(dependencies.quoteClient))
        }
        transfer = Store(TransferState(), reduce: transferReducer(dependencies))
    }

    /// The app's state, gathered from its stores.
    public var state: AppSnapshot {
        AppSnapshot(selectedTab: selectedTab, counters: counters.map(\.state), transfer: transfer.state)
    }

    public func send(_ action: AppAction) {
        switch action {
        case .counter(let index, let action):
            if action == .loadQuote { selectedTab = .counter }
            counters[index].send(action)
        case .transfer(let action): transfer.send(action)
        case .selectTab(let tab): selectedTab = tab
        }
    }

    public func settle() async {
        while counters.contains(where: { $0.runningEffects > 0 }) || transfer.runningEffects > 0 {
            for counter in counters { await counter.settle() }
            await transfer.settle()
        }
    }
}
