import Domain
import MobiusCore

/// The real MobiusCore as ArchitectureBench's harness builds it: the conformance scenarios and the
/// adapter rows drive it through these drivers.
public enum MobiusCoreArchitecture: Architecture {
    public static let id: ArchitectureID = "mobius-core"

    @MainActor
    public static func makeCounter(_ dependencies: Dependencies) -> any FeatureDriver<
        CounterIntent, CounterState
    > {
        CounterDriver(CounterFeature.makeStore(quoteClient: dependencies.quoteClient))
    }

    @MainActor
    public static func makeTransfer(_ dependencies: Dependencies) -> any FeatureDriver<
        TransferIntent, TransferState
    > {
        TransferDriver(TransferFeature.makeStore(dependencies: dependencies))
    }

    @MainActor
    public static func makeApp(layout: Layout, counters: Int, _ dependencies: Dependencies) -> any AppDriver {
        switch layout {
        case .singleStore, .singleStoreScoped:
            AppStoreDriver(
                AppFeature.makeStore(counters: counters, dependencies: dependencies), layout: layout)
        case .multiStore:
            AppRootDriver(AppRoot(counters: counters, dependencies: dependencies))
        }
    }
}

/// Drives a counter loop with the shared counter intents.
@MainActor
public final class CounterDriver: FeatureDriver {
    public let store: CounterStore

    public init(_ store: CounterStore) {
        self.store = store
    }

    public var snapshot: CounterState { store.model }
    public func send(_ intent: CounterIntent) { store.dispatch(CounterFeature.Event(intent)) }
    public func settle() async { await store.settle() }
}

/// Drives a transfer loop with the shared transfer intents.
@MainActor
public final class TransferDriver: FeatureDriver {
    public let store: TransferStore

    public init(_ store: TransferStore) {
        self.store = store
    }

    public var snapshot: TransferState { store.model }
    public func send(_ intent: TransferIntent) { store.dispatch(TransferFeature.Event(intent)) }
    public func settle() async { await store.settle() }
}

/// Drives the app's single loop. Observers are loop observers: observed whole, each is called with
/// every model the loop posts; scoped, each keeps the last counter it saw and is called only when
/// that counter changed (Mobius has no selector of its own, so this is how its users scope).
@MainActor
public final class AppStoreDriver: AppDriver {
    public let store: AppStore
    public let layout: Layout

    public init(_ store: AppStore, layout: Layout) {
        self.store = store
        self.layout = layout
    }

    public var snapshot: AppSnapshot { store.model.snapshot }
    public func send(_ intent: AppIntent) { store.dispatch(AppFeature.Event(intent)) }
    public func settle() async { await store.settle() }

    public func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        if layout == .singleStoreScoped {
            store.observeCounter(at: index, onChange: onChange)
        } else {
            store.addObserver { _ in onChange() }
        }
    }
}

/// Drives the multi-loop app; a counter's observer observes that counter's own loop.
@MainActor
public final class AppRootDriver: AppDriver {
    public let root: AppRoot
    public var layout: Layout { .multiStore }

    public init(_ root: AppRoot) {
        self.root = root
    }

    public var snapshot: AppSnapshot { root.model.snapshot }
    public func send(_ intent: AppIntent) { root.dispatch(AppFeature.Event(intent)) }
    public func settle() async { await root.settle() }

    public func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        root.counters[index].addObserver { _ in onChange() }
    }
}

extension AppStore {
    /// Calls `onChange` after each posted model in which counter `index` differs from the one
    /// before: a selector with distinct-until-changed over the loop's observer.
    public func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        var last = model.counters[index]
        addObserver { model in
            guard model.counters[index] != last else { return }
            last = model.counters[index]
            onChange()
        }
    }
}

extension AppFeature.Model {
    /// The model as the harness's common snapshot.
    public var snapshot: AppSnapshot {
        AppSnapshot(selectedTab: selectedTab, counters: counters, transfer: transfer)
    }
}

extension AppFeature.Event {
    /// The shared app intent as this app's event.
    public init(_ intent: AppIntent) {
        switch intent {
        case .counter(let index, let intent): self = .counter(index: index, CounterFeature.Event(intent))
        case .transfer(let intent): self = .transfer(TransferFeature.Event(intent))
        case .selectTab(let tab): self = .selectTab(tab)
        }
    }
}
