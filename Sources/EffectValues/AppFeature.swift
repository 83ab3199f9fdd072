import Domain

/// The composed app (seed 004's app feature) in the single-store layout of seed 002: one reducer over
/// the whole app state that routes each child event to the child's reducer and wraps the child's
/// effects with where they came from (seed 002, "effect values").
///
/// Cross-feature rule: a counter's `loadQuote` also selects the counter tab.
public enum AppFeature: Reducer {
    /// The whole app: the selected tab, every counter and the transfer feature.
    public struct State: Equatable, Sendable {
        public var selectedTab: Tab
        public var counters: [CounterState]
        public var transfer: TransferState

        /// The app opens on the counter tab unless told otherwise.
        public init(
            selectedTab: Tab = .counter,
            counters: [CounterState],
            transfer: TransferState = TransferState()
        ) {
            self.selectedTab = selectedTab
            self.counters = counters
            self.transfer = transfer
        }

        /// `count` counters in their initial state, the transfer feature in its initial state.
        public init(counterCount count: Int) {
            self.init(counters: Array(repeating: CounterState(), count: count))
        }
    }

    /// A child's event, addressed to it, or a tab selection.
    public enum Event: Equatable, Sendable {
        case counter(index: Int, CounterFeature.Event)
        case transfer(TransferFeature.Event)
        case selectTab(Tab)
    }

    /// A child's effect, tagged with the child that asked for it.
    public enum Effect: Equatable, Sendable {
        case counter(index: Int, CounterFeature.Effect)
        case transfer(TransferFeature.Effect)
    }

    public static func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch event {
        case .counter(let index, let event):
            if case .loadQuote = event {
                state.selectedTab = .counter
            }
            return CounterFeature.reduce(&state.counters[index], event).map { .counter(index: index, $0) }
        case .transfer(let event):
            return TransferFeature.reduce(&state.transfer, event).map { .transfer($0) }
        case .selectTab(let tab):
            state.selectedTab = tab
            return []
        }
    }
}

/// Performs the app's effects by delegating each one to its child's handler and wrapping the child's
/// task names and events in the app's (seed 002, "effect values").
public struct AppEffectHandler: EffectHandler {
    /// A child's task name, qualified by the child: counter 1's quote fetch is not counter 2's.
    public enum TaskID: Hashable, Sendable {
        case counter(index: Int, CounterEffectHandler.TaskID)
        case transfer(TransferEffectHandler.TaskID)
    }

    public let counter: CounterEffectHandler
    public let transfer: TransferEffectHandler

    public init(counter: CounterEffectHandler, transfer: TransferEffectHandler) {
        self.counter = counter
        self.transfer = transfer
    }

    /// Every counter fetching from `dependencies.quoteClient`, the transfer feature using its use cases.
    public init(_ dependencies: Dependencies) {
        self.init(
            counter: CounterEffectHandler(quoteClient: dependencies.quoteClient),
            transfer: TransferEffectHandler(
                getAccounts: dependencies.getAccounts,
                transferMoney: dependencies.transferMoney
            )
        )
    }

    public func handle(_ effect: AppFeature.Effect) -> EffectExecution<TaskID, AppFeature.Event> {
        switch effect {
        case .counter(let index, let effect):
            return counter.handle(effect).map(
                taskID: { .counter(index: index, $0) },
                event: { .counter(index: index, $0) }
            )
        case .transfer(let effect):
            return transfer.handle(effect).map(taskID: { .transfer($0) }, event: { .transfer($0) })
        }
    }
}

/// The single-store layout (seed 002): the whole app as one loop. An observer of this loop is woken
/// by every event of every feature.
public typealias AppLoop = Loop<AppFeature, AppEffectHandler>

/// The multi-store layout (seed 002): one loop per counter, one for the transfer feature, and this
/// thin root holding the selected tab and routing the app's events to the child loops.
///
/// An observer of `counters[i]` is woken only by counter `i`'s events. Dispatch through the root, not
/// to a child loop directly, so the cross-feature rule (a counter's `loadQuote` selects the counter
/// tab) holds.
@MainActor
public final class AppRoot {
    public private(set) var selectedTab: Tab
    public let counters: [CounterLoop]
    public let transfer: TransferLoop

    /// The root of `state`'s features, each in its own loop, performing effects with `handler`'s
    /// child handlers.
    public init(state: AppFeature.State, handler: AppEffectHandler) {
        selectedTab = state.selectedTab
        counters = state.counters.map { CounterLoop(state: $0, handler: handler.counter) }
        transfer = TransferLoop(state: state.transfer, handler: handler.transfer)
    }

    /// The whole app as one value, the same value the single-store layout holds.
    public var state: AppFeature.State {
        AppFeature.State(selectedTab: selectedTab, counters: counters.map(\.state), transfer: transfer.state)
    }

    /// Effect tasks in flight across all child loops.
    public var inFlightEffectCount: Int {
        counters.reduce(transfer.inFlightEffectCount) { $0 + $1.inFlightEffectCount }
    }

    /// Routes `event` to the loop it belongs to; a tab selection stays in the root.
    public func dispatch(_ event: AppFeature.Event) {
        switch event {
        case .counter(let index, let event):
            if case .loadQuote = event {
                selectedTab = .counter
            }
            counters[index].dispatch(event)
        case .transfer(let event):
            transfer.dispatch(event)
        case .selectTab(let tab):
            selectedTab = tab
        }
    }

    /// Returns once no child loop has an effect in flight, including effects started meanwhile.
    public func settle() async {
        while inFlightEffectCount > 0 {
            for counter in counters {
                await counter.settle()
            }
            await transfer.settle()
        }
    }
}
