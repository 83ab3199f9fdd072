import BenchmarkSuites
import Domain
import Foundation

/// TinyStore's entry point for the conformance scenarios (`ArchitectureConformance`): its id and
/// how to build each feature behind the shared drivers.
public enum TinyStoreArchitecture: Architecture {
    public static let id: ArchitectureID = "tiny-store"

    @MainActor
    public static func makeCounter(_ dependencies: Dependencies) -> any FeatureDriver<
        CounterIntent, CounterState
    > {
        StoreDriver(Store(CounterState(), reduce: counterReducer(dependencies.quoteClient))) { intent in
            switch intent {
            case .increment: .increment
            case .decrement: .decrement
            case .loadQuote: .loadQuote
            }
        }
    }

    @MainActor
    public static func makeTransfer(_ dependencies: Dependencies) -> any FeatureDriver<
        TransferIntent, TransferState
    > {
        StoreDriver(Store(TransferState(), reduce: transferReducer(dependencies))) { .intent($0) }
    }

    @MainActor
    public static func makeApp(layout: Layout, counters: Int, _ dependencies: Dependencies) -> any AppDriver {
        switch layout {
        case .singleStore, .singleStoreScoped:
            let store = Store(
                AppSnapshot(
                    selectedTab: .counter, counters: Array(repeating: CounterState(), count: counters),
                    transfer: TransferState()),
                reduce: appReducer(dependencies))
            return AppStoreDriver(store, layout: layout)
        case .multiStore:
            return AppRootDriver(AppRoot(counters: counters, dependencies: dependencies))
        }
    }
}

extension AppAction {
    /// The harness's intent as TinyStore's action.
    init(_ intent: AppIntent) {
        switch intent {
        case .counter(let index, let intent):
            self = .counter(
                index, intent == .increment ? .increment : intent == .decrement ? .decrement : .loadQuote)
        case .transfer(let intent): self = .transfer(.intent(intent))
        case .selectTab(let tab): self = .selectTab(tab)
        }
    }
}

/// Drives one feature's store with the shared intents.
@MainActor
final class StoreDriver<State: Equatable & Sendable, Action, Intent: Sendable>: FeatureDriver {
    let store: Store<State, Action>
    let action: (Intent) -> Action

    init(_ store: Store<State, Action>, action: @escaping (Intent) -> Action) {
        self.store = store
        self.action = action
    }

    var snapshot: State { store.state }
    func send(_ intent: Intent) { store.send(action(intent)) }
    func settle() async { await store.settle() }
}

/// Drives the single-store app; observed whole, or scoped to one counter with a selector.
@MainActor
final class AppStoreDriver: AppDriver {
    let store: Store<AppSnapshot, AppAction>
    let layout: Layout

    init(_ store: Store<AppSnapshot, AppAction>, layout: Layout) {
        self.store = store
        self.layout = layout
    }

    var snapshot: AppSnapshot { store.state }
    func send(_ intent: AppIntent) { store.send(AppAction(intent)) }
    func settle() async { await store.settle() }

    func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        if layout == .singleStoreScoped {
            store.observe({ $0.counters[index] }, onChange: { _ in onChange() })
        } else {
            store.observe { _ in onChange() }
        }
    }
}

/// Drives the multi-store app; a counter's observer observes that counter's store.
@MainActor
final class AppRootDriver: AppDriver {
    let root: AppRoot
    var layout: Layout { .multiStore }

    init(_ root: AppRoot) {
        self.root = root
    }

    var snapshot: AppSnapshot { root.snapshot }
    func send(_ intent: AppIntent) { root.send(AppAction(intent)) }
    func settle() async { await root.settle() }

    func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        root.counters[index].observe { _ in onChange() }
    }
}
