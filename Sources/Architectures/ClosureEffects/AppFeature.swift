import Domain
import Observation

/// The composed app as one reducer for one store: N counters, one transfer feature and the selected tab
/// (the `AppFeature` of "MVVM vs TCA"; the single-store layout of "State containers").
///
/// The parent routes each child message to the child reducer by index, running it on the child's
/// slice of the state, and lifts the child's effect into app feedback and output with
/// ``Effect/map(feedback:output:)``. Each counter's effects are scoped by its index, so every counter
/// has its own `CancelID.fetch`: counter 3's `loadQuote` cancels only counter 3's fetch. Cross-feature
/// logic lives here too: a counter's `loadQuote` selects the counter tab.
///
/// A view for one counter row reads it through the store (`store.counters[3]`) or through a row
/// store, ``Store/scopeCounter(at:)``; either way an increment wakes that row's observers only.
///
/// ```swift
/// let store = Store(initialState: AppFeature.State(counterCount: 10), reducer: AppFeature(dependencies))
/// store.send(.counter(index: 3, .loadQuote))
/// ```
public struct AppFeature: Reducer {
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

        /// `counterCount` fresh counters, a fresh transfer feature and the counter tab.
        public init(counterCount: Int) {
            self.init(counters: Array(repeating: CounterState(), count: counterCount))
        }
    }

    /// The inputs: a child's input, routed by the parent, or a tab change.
    public enum Action: Equatable, Sendable {
        case counter(index: Int, CounterFeature.Action)
        case transfer(TransferFeature.Action)
        case selectTab(Tab)
    }

    /// A child's feedback, routed back to that child.
    public enum Feedback: Equatable, Sendable {
        case counter(index: Int, CounterFeature.Feedback)
        case transfer(TransferFeature.Feedback)
    }

    /// A child's output, passed on to the app store's listeners.
    public enum Output: Equatable, Sendable {
        case transfer(TransferFeature.Output)
    }

    private let counter: CounterFeature
    private let transfer: TransferFeature

    public init(counter: CounterFeature, transfer: TransferFeature) {
        self.counter = counter
        self.transfer = transfer
    }

    /// The app with every counter using `dependencies.quoteClient` and the transfer feature using the
    /// use cases in `dependencies`.
    public init(_ dependencies: Dependencies) {
        self.init(
            counter: CounterFeature(quoteClient: dependencies.quoteClient),
            transfer: TransferFeature(dependencies)
        )
    }

    public func reduce(into state: inout State, message: Message<Action, Feedback>) -> Effect<
        Feedback, Output
    > {
        switch message {
        case .input(.counter(let index, let action)):
            if case .loadQuote = action {
                state.selectedTab = .counter
            }
            return reduceCounter(at: index, into: &state, message: .input(action))

        case .feedback(.counter(let index, let feedback)):
            return reduceCounter(at: index, into: &state, message: .feedback(feedback))

        case .input(.transfer(let action)):
            return reduceTransfer(into: &state, message: .input(action))

        case .feedback(.transfer(let feedback)):
            return reduceTransfer(into: &state, message: .feedback(feedback))

        case .input(.selectTab(let tab)):
            state.selectedTab = tab
            return .none
        }
    }

    private func reduceCounter(
        at index: Int,
        into state: inout State,
        message: Message<CounterFeature.Action, CounterFeature.Feedback>
    ) -> Effect<Feedback, Output> {
        let effect = counter.reduce(into: &state.counters[index], message: message)
        // Most counter messages have no effect: skip lifting those, and the closure it would allocate.
        if effect.isNone {
            return .none
        }
        return effect.map(feedback: { .counter(index: index, $0) }).cancellationScoped(to: index)
    }

    private func reduceTransfer(
        into state: inout State,
        message: Message<TransferFeature.Action, TransferFeature.Feedback>
    ) -> Effect<Feedback, Output> {
        transfer.reduce(into: &state.transfer, message: message)
            .map(feedback: Feedback.transfer, output: Output.transfer)
    }
}

/// The app state's children: `store.counters` is observed by its elements' identity, element by element.
extension CounterState: ChildState {}
extension TransferState: ChildState {}

extension Store where R == AppFeature {
    /// A store for counter `index` alone: its observers wake only when that counter changes.
    public func scopeCounter(at index: Int) -> ScopedStore<CounterState, CounterFeature.Action> {
        scope(\.counters, index: index, action: AppFeature.Action.counter(index:_:))
    }
}

/// The composed app as one store per feature plus a thin root that holds the selected tab (the
/// multi-store layout of "State containers": bind the state as low as possible).
///
/// Each counter and the transfer feature have their own ``Store``, so observing one counter's
/// `state` is not woken by changes elsewhere. The root speaks the same ``AppFeature/Action``s as the
/// single store and routes each to its child store; the cross-feature rule (a counter's `loadQuote`
/// selects the counter tab) is the root's only logic.
@Observable
@MainActor
public final class MultiStoreApp {
    public private(set) var selectedTab: Tab
    public let counters: [Store<CounterFeature>]
    public let transfer: Store<TransferFeature>

    public init(
        selectedTab: Tab = .counter,
        counters: [CounterState],
        transfer: TransferState = TransferState(),
        dependencies: Dependencies
    ) {
        self.selectedTab = selectedTab
        let counterFeature = CounterFeature(quoteClient: dependencies.quoteClient)
        self.counters = counters.map { Store(initialState: $0, reducer: counterFeature) }
        self.transfer = Store(initialState: transfer, reducer: TransferFeature(dependencies))
    }

    /// `counterCount` fresh counters, a fresh transfer feature and the counter tab.
    public convenience init(counterCount: Int, dependencies: Dependencies) {
        self.init(
            counters: Array(repeating: CounterState(), count: counterCount),
            dependencies: dependencies
        )
    }

    /// Routes `action` to the store it belongs to.
    @discardableResult
    public func send(_ action: AppFeature.Action) -> StoreTask {
        switch action {
        case .counter(let index, let counterAction):
            if case .loadQuote = counterAction {
                selectedTab = .counter
            }
            return counters[index].send(counterAction)

        case .transfer(let transferAction):
            return transfer.send(transferAction)

        case .selectTab(let tab):
            selectedTab = tab
            return StoreTask()
        }
    }

    /// The number of effect tasks running in all child stores.
    public var inFlightEffectCount: Int {
        counters.reduce(transfer.inFlightEffectCount) { $0 + $1.inFlightEffectCount }
    }

    /// Returns once no child store has an effect running.
    public func settle() async {
        while inFlightEffectCount > 0 {
            for store in counters {
                await store.settle()
            }
            await transfer.settle()
        }
    }
}
