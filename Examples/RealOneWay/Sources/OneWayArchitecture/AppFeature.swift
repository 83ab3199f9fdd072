import Domain
import OneWay

/// The composed app in one store: N counters, the transfer and the selected tab in one state.
/// OneWay has no reducer composition or effect mapping (an `AnyEffect` has no `map`), so its users
/// write this by hand: the app's reducer applies each child's rules to the child's slice and builds
/// the child's effect itself, wrapping its actions and registering it under an id per child.
public struct AppFeature: Reducer {
    public typealias State = AppSnapshot

    /// A child's action, tagged with the child, or a tab change.
    public enum Action: Sendable, Equatable {
        case counter(index: Int, CounterFeature.Action)
        case transfer(TransferFeature.Action)
        case selectTab(Tab)
    }

    /// The identifiers the children's effects are registered under: one quote fetch per counter.
    enum EffectID: Hashable, Sendable {
        case quote(counter: Int)
        case transfer(TransferFeature.EffectID)
    }

    let dependencies: Dependencies

    public init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    /// The app's state with `counters` counters, on the counter tab.
    public static func initialState(counters: Int) -> State {
        AppSnapshot(
            selectedTab: .counter, counters: Array(repeating: CounterState(), count: counters),
            transfer: TransferState())
    }

    /// The children's rules, plus the one cross-feature rule (a counter's `loadQuote` selects the
    /// counter tab).
    public func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
        switch action {
        case .counter(let index, let action):
            if action == .loadQuote {
                state.selectedTab = .counter
            }
            guard CounterFeature.apply(action, to: &state.counters[index]) else { return .none }
            return CounterFeature.fetchQuote(dependencies.quoteClient, id: EffectID.quote(counter: index)) {
                .counter(index: index, $0)
            }
        case .transfer(let action):
            guard let work = TransferFeature.apply(action, to: &state.transfer) else { return .none }
            return TransferFeature.effect(for: work, dependencies, ids: EffectID.transfer) { .transfer($0) }
        case .selectTab(let tab):
            state.selectedTab = tab
            return .none
        }
    }
}

extension AppFeature.Action {
    /// The shared app intent as this app's action.
    public init(_ intent: AppIntent) {
        switch intent {
        case .counter(let index, let intent): self = .counter(index: index, CounterFeature.Action(intent))
        case .transfer(let intent): self = .transfer(TransferFeature.Action(intent))
        case .selectTab(let tab): self = .selectTab(tab)
        }
    }
}
