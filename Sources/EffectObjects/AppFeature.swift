import Domain

/// The composed app in the single-store layout (seed 002, "one single piece of state"; composition
/// from seed 004): one workflow, run by one ``WorkflowHost``, owning the selected tab, every counter
/// and the transfer.
///
/// Child actions are routed to ``CounterFeature`` by index and to ``TransferFeature``; the effects the
/// children return are wrapped in ``ChildEffect``s that embed their answers back into
/// ``AppFeature/Action`` and keep each counter's quote fetch apart from its siblings'. Cross-feature
/// rule: a counter's `loadQuote` also selects the counter tab.
public struct AppFeature: Workflow, Sendable {
    /// The whole app's state.
    public struct State: Equatable, Sendable {
        public var selectedTab: Tab
        public var counters: [CounterState]
        public var transfer: TransferState

        public init(
            selectedTab: Tab = .counter,
            counters: [CounterState],
            transfer: TransferState = TransferState()
        ) {
            self.selectedTab = selectedTab
            self.counters = counters
            self.transfer = transfer
        }

        /// `counterCount` counters at their defaults, the default transfer and the counter tab.
        public init(counterCount: Int) {
            self.init(counters: Array(repeating: CounterState(), count: counterCount))
        }
    }

    /// What can happen in the app: a child's action, routed by the parent, or a tab selection.
    public enum Action: Equatable, Sendable {
        case counter(index: Int, CounterFeature.Action)
        case transfer(TransferFeature.Action)
        case selectTab(Tab)
    }

    /// The child an effect belongs to: the scope of its cancellation key.
    public enum Child: Hashable, Sendable {
        case counter(Int)
        case transfer
    }

    public var counter: CounterFeature
    public var transfer: TransferFeature

    public init(counter: CounterFeature, transfer: TransferFeature) {
        self.counter = counter
        self.transfer = transfer
    }

    public init(dependencies: Dependencies) {
        self.init(
            counter: CounterFeature(quoteClient: dependencies.quoteClient),
            transfer: TransferFeature(dependencies: dependencies)
        )
    }

    public func reduce(into state: inout State, action: Action) -> [any Effect<Action>] {
        switch action {
        case .counter(let index, let counterAction):
            if case .loadQuote = counterAction {
                state.selectedTab = .counter
            }
            let effects = counter.reduce(into: &state.counters[index], action: counterAction)
            return effects.map { effect in
                ChildEffect(effect, scope: Child.counter(index)) { .counter(index: index, $0) }
            }

        case .transfer(let transferAction):
            let effects = transfer.reduce(into: &state.transfer, action: transferAction)
            return effects.map { effect in
                ChildEffect(effect, scope: Child.transfer) { .transfer($0) }
            }

        case .selectTab(let tab):
            state.selectedTab = tab
            return []
        }
    }
}

extension WorkflowHost where W == AppFeature {
    /// A single-store app with `counterCount` default counters.
    public convenience init(counterCount: Int, dependencies: Dependencies) {
        self.init(
            state: AppFeature.State(counterCount: counterCount),
            workflow: AppFeature(dependencies: dependencies)
        )
    }
}

/// The composed app in the multi-store layout (seed 002, "different distributed pieces of state"):
/// one ``WorkflowHost`` per counter and one for the transfer, under a thin root that holds only the
/// selected tab.
///
/// ``send(_:)`` takes the same ``AppFeature/Action``s as the single store and routes each to the
/// child's own host, applying the cross-feature rule on the way: a counter's `loadQuote` also
/// selects the counter tab. A subscriber of one counter's host is woken only by that counter.
@MainActor
public final class MultiStoreApp {
    /// The selected tab; the only state the root owns.
    public private(set) var selectedTab: Tab

    /// One host per counter.
    public let counters: [WorkflowHost<CounterFeature>]

    /// The transfer's host.
    public let transfer: WorkflowHost<TransferFeature>

    private var tabSubscribers = SubscriberList<Tab>()

    public init(
        selectedTab: Tab = .counter,
        counters: [CounterState],
        transfer: TransferState = TransferState(),
        dependencies: Dependencies
    ) {
        self.selectedTab = selectedTab
        let counterFeature = CounterFeature(quoteClient: dependencies.quoteClient)
        self.counters = counters.map { WorkflowHost(state: $0, workflow: counterFeature) }
        self.transfer = WorkflowHost(state: transfer, workflow: TransferFeature(dependencies: dependencies))
    }

    /// `counterCount` counters at their defaults, the default transfer and the counter tab.
    public convenience init(counterCount: Int, dependencies: Dependencies) {
        self.init(counters: Array(repeating: CounterState(), count: counterCount), dependencies: dependencies)
    }

    /// The app's whole state, assembled from the children.
    public var state: AppFeature.State {
        AppFeature.State(selectedTab: selectedTab, counters: counters.map(\.state), transfer: transfer.state)
    }

    /// The effects running in all children.
    public var inFlightEffectCount: Int {
        counters.reduce(transfer.inFlightEffectCount) { $0 + $1.inFlightEffectCount }
    }

    /// Routes `action` to the child it is for.
    public func send(_ action: AppFeature.Action) {
        switch action {
        case .counter(let index, let counterAction):
            if case .loadQuote = counterAction {
                select(.counter)
            }
            counters[index].send(counterAction)

        case .transfer(let transferAction):
            transfer.send(transferAction)

        case .selectTab(let tab):
            select(tab)
        }
    }

    /// Returns once no effect is running in any child.
    public func settle() async {
        while inFlightEffectCount > 0 {
            for counter in counters {
                await counter.settle()
            }
            await transfer.settle()
        }
    }

    /// Registers `onChange`, which the root calls with the selected tab each time it is set. Observe
    /// a child by subscribing to its host.
    @discardableResult
    public func subscribe(_ onChange: @escaping @MainActor (Tab) -> Void) -> Subscription {
        let id = tabSubscribers.insert(onChange)
        return Subscription { [weak self] in
            self?.tabSubscribers.remove(id)
        }
    }

    private func select(_ tab: Tab) {
        selectedTab = tab
        tabSubscribers.notify(tab)
    }
}
