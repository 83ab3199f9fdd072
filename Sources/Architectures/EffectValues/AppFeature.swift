import Domain

/// The composed app (the app feature of "MVVM vs TCA") in the single-store layout of "State
/// containers": one update over the whole app state that routes each child event to the child's
/// update and wraps the child's effects with where they came from ("effect values").
///
/// Like Mobius's update it returns a new app state, so a counter's change copies the `counters`
/// array the loop still holds (one allocation of the whole array per changed counter). Cross-feature
/// rule: a counter's `loadQuote` also selects the counter tab.
public enum AppFeature: Update {
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

    public static func update(_ state: State, _ event: Event) -> Next<State, Effect> {
        switch event {
        case .counter(let index, let event):
            return updateCounter(at: index, state, event)
        case .transfer(let event):
            return TransferFeature.update(state.transfer, event).map(
                state: { transfer in
                    var state = state
                    state.transfer = transfer
                    return state
                },
                effect: { .transfer($0) }
            )
        case .selectTab(let tab):
            guard tab != state.selectedTab else { return .noChange }
            var state = state
            state.selectedTab = tab
            return .next(state)
        }
    }

    /// Counter `index`'s update, its effects tagged with the index; a `loadQuote` selects the tab.
    private static func updateCounter(
        at index: Int,
        _ state: State,
        _ event: CounterFeature.Event
    ) -> Next<State, Effect> {
        let child = CounterFeature.update(state.counters[index], event)
        let effects = child.effects.map { Effect.counter(index: index, $0) }
        let selectsTab = event == .loadQuote && state.selectedTab != .counter
        guard child.state != nil || selectsTab else { return .dispatch(effects) }
        var state = state
        if let counter = child.state {
            state.counters[index] = counter
        }
        if selectsTab {
            state.selectedTab = .counter
        }
        return .next(state, effects: effects)
    }
}

/// Performs the app's effects by delegating each one to its child's handler and wrapping the child's
/// task names and events in the app's ("State containers", "effect values").
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

/// The single-store layout ("State containers"): the whole app as one loop. An observer added with
/// ``Loop/addObserver(_:)`` is woken by every event of any feature that returns a new state; one
/// added with the project's own ``Loop/addObserver(selecting:onChange:)`` (say `{ $0.counters[3] }`)
/// only when its part changes.
public typealias AppLoop = Loop<AppFeature, AppEffectHandler>

/// The multi-store layout ("State containers"): one loop per counter, one for the transfer feature, and this
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
