import Domain

/// The composed app in the single-store layout ("State containers", one single piece of state; the
/// composition of "MVVM vs TCA"): one workflow, run by one ``WorkflowHost``, owning the selected tab,
/// every counter and the transfer.
///
/// Child actions are routed to ``CounterFeature`` by index and to ``TransferFeature``. Its render
/// renders every child, as a Workflow render pass renders the whole tree: each counter's rendering
/// and the transfer's go into the app's ``Rendering``, and the workers the children ask for run in
/// slots scoped by the child (two counters' fetches never replace each other), their actions embedded
/// back into ``AppFeature/Action``. Cross-feature rule: a counter's `loadQuote` also selects the
/// counter tab.
public struct AppFeature: Workflow, Sendable {
    /// The whole app's state: the selected tab and every child's state.
    public struct State: Equatable, Sendable {
        public var selectedTab: Tab
        public var counters: [CounterFeature.State]
        public var transfer: TransferFeature.State

        public init(
            selectedTab: Tab = .counter,
            counters: [CounterFeature.State],
            transfer: TransferFeature.State = TransferFeature.State()
        ) {
            self.selectedTab = selectedTab
            self.counters = counters
            self.transfer = transfer
        }

        /// `counterCount` counters at their defaults, the default transfer and the counter tab.
        public init(counterCount: Int) {
            self.init(counters: Array(repeating: CounterFeature.State(), count: counterCount))
        }
    }

    /// The app as its screens show it: the selected tab and every child's rendering, one per row,
    /// with the sinks the rows send their actions to.
    ///
    /// Two renderings are equal when they show the same thing: the sinks, new in every render pass,
    /// are not compared.
    public struct Rendering: Equatable, Sendable {
        public var selectedTab: Tab
        public var counters: [CounterState]
        public var transfer: TransferState
        /// Counter `i`'s sink: where its row sends `CounterFeature.Action`s. Empty in a rendering
        /// built by hand.
        public var counterSinks: [Sink<CounterFeature.Action>]
        /// The transfer screen's sink; `nil` in a rendering built by hand.
        public var transferSink: Sink<TransferFeature.Action>?

        public init(
            selectedTab: Tab,
            counters: [CounterState],
            transfer: TransferState,
            counterSinks: [Sink<CounterFeature.Action>] = [],
            transferSink: Sink<TransferFeature.Action>? = nil
        ) {
            self.selectedTab = selectedTab
            self.counters = counters
            self.transfer = transfer
            self.counterSinks = counterSinks
            self.transferSink = transferSink
        }

        public static func == (lhs: Rendering, rhs: Rendering) -> Bool {
            lhs.selectedTab == rhs.selectedTab && lhs.counters == rhs.counters && lhs.transfer == rhs.transfer
        }
    }

    /// What can happen in the app: a child's action, routed by the parent, or a tab selection.
    public enum Action: Equatable, Sendable {
        case counter(index: Int, CounterFeature.Action)
        case transfer(TransferFeature.Action)
        case selectTab(Tab)
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

    public func apply(_ action: Action, to state: inout State) {
        switch action {
        case .counter(let index, let counterAction):
            if case .loadQuote = counterAction {
                state.selectedTab = .counter
            }
            counter.apply(counterAction, to: &state.counters[index])
        case .transfer(let transferAction):
            transfer.apply(transferAction, to: &state.transfer)
        case .selectTab(let tab):
            state.selectedTab = tab
        }
    }

    public func render(state: State, context: inout RenderContext<Action>) -> Rendering {
        var counters: [CounterState] = []
        var counterSinks: [Sink<CounterFeature.Action>] = []
        counters.reserveCapacity(state.counters.count)
        counterSinks.reserveCapacity(state.counters.count)
        for index in state.counters.indices {
            let child = context.render(counter, state: state.counters[index], key: index) {
                .counter(index: $0, $1)
            }
            counters.append(child.rendering)
            counterSinks.append(child.sink)
        }
        let transfer = context.render(transfer, state: state.transfer, key: ChildKey.transfer) {
            .transfer($1)
        }
        return Rendering(
            selectedTab: state.selectedTab, counters: counters, transfer: transfer.rendering,
            counterSinks: counterSinks, transferSink: transfer.sink)
    }

    /// The transfer child's key among the app's children.
    enum ChildKey: Hashable, Sendable {
        case transfer
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

/// The composed app in the multi-store layout ("State containers", different distributed pieces of
/// state):
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
        counters: [CounterFeature.State],
        transfer: TransferFeature.State = TransferFeature.State(),
        dependencies: Dependencies
    ) {
        self.selectedTab = selectedTab
        let counterFeature = CounterFeature(quoteClient: dependencies.quoteClient)
        self.counters = counters.map { WorkflowHost(state: $0, workflow: counterFeature) }
        self.transfer = WorkflowHost(state: transfer, workflow: TransferFeature(dependencies: dependencies))
    }

    /// `counterCount` counters at their defaults, the default transfer and the counter tab.
    public convenience init(counterCount: Int, dependencies: Dependencies) {
        self.init(
            counters: Array(repeating: CounterFeature.State(), count: counterCount),
            dependencies: dependencies
        )
    }

    /// The app's rendering, assembled from the children's latest renderings: the same value the
    /// single store renders.
    public var rendering: AppFeature.Rendering {
        AppFeature.Rendering(
            selectedTab: selectedTab,
            counters: counters.map(\.rendering),
            transfer: transfer.rendering
        )
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
