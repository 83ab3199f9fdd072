import Domain
import ReSwift

/// A counter's action in the app, tagged with the counter's index.
public struct CounterRowAction: Action, Equatable, Sendable {
    public var index: Int
    public var action: CounterAction

    public init(index: Int, _ action: CounterAction) {
        self.index = index
        self.action = action
    }
}

/// Selects a tab of the app.
public struct SelectTab: Action, Equatable, Sendable {
    public var tab: Tab

    public init(_ tab: Tab) {
        self.tab = tab
    }
}

/// The composed app in one store: N counters, the transfer and the selected tab in one state.
/// ReSwift composes reducers by hand: the app's reducer builds the next state from one reducer per
/// part, each handed every action, and the middleware list holds each feature's middleware.
public enum AppFeature {
    /// The app's reducer. Transfer actions travel untagged (the transfer is the app's only one);
    /// a counter's travel as a `CounterRowAction`.
    public static func reducer(action: Action, state: AppSnapshot?) -> AppSnapshot {
        AppSnapshot(
            selectedTab: tabReducer(action: action, state: state?.selectedTab),
            counters: countersReducer(action: action, state: state?.counters ?? []),
            transfer: TransferFeature.reducer(action: action, state: state?.transfer))
    }

    /// The tab: `SelectTab` sets it, and a counter's `loadQuote` selects the counter tab (the one
    /// rule that crosses features).
    static func tabReducer(action: Action, state: Tab?) -> Tab {
        switch action {
        case let action as SelectTab: action.tab
        case let action as CounterRowAction where action.action == .loadQuote: .counter
        default: state ?? .counter
        }
    }

    /// The counters: a `CounterRowAction` goes to its counter's reducer.
    static func countersReducer(action: Action, state: [CounterState]) -> [CounterState] {
        guard let action = action as? CounterRowAction else { return state }
        var counters = state
        counters[action.index] = CounterFeature.reducer(action: action.action, state: counters[action.index])
        return counters
    }

    /// The app in one store on the main actor, with `counters` counters.
    @MainActor
    public static func makeStore(counters: Int, dependencies: Dependencies) -> AppStore {
        let effects = EffectTasks()
        let quotes: Middleware<AppSnapshot> = CounterFeature.quoteMiddleware(
            dependencies.quoteClient, effects: effects,
            request: { ($0 as? CounterRowAction).flatMap { $0.action == .loadQuote ? $0.index : nil } },
            answer: { CounterRowAction(index: $0, $1) })
        let transfer: Middleware<AppSnapshot> = TransferFeature.middleware(dependencies, effects: effects) {
            $0.transfer
        }
        let state = AppSnapshot(
            selectedTab: .counter, counters: Array(repeating: CounterState(), count: counters),
            transfer: TransferState())
        let store = Store(reducer: reducer, state: state, middleware: [quotes, transfer])
        return AppStore(store: store, effects: effects)
    }
}

/// The app's single store, as the app's root view holds it.
public typealias AppStore = MainStore<AppSnapshot>
