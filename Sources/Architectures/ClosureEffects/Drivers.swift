import Domain
import Observation

/// The closure-effects architecture (`closure-effects`) as the harness sees it: its id and its
/// factories. Reducers returning closure effects, run by an observable ``Store`` ("MVVM vs TCA";
/// the closure effects of "State containers" by Luis Recuenco).
public enum ClosureEffectsArchitecture: Architecture {
    public static let id = ArchitectureID.closureEffects

    /// The single store observes each counter apart, as TCA's `@ObservableState` observes the
    /// elements of a collection of child states.
    public static var observesSingleStoreCountersApart: Bool { true }

    @MainActor
    public static func makeCounter(
        _ dependencies: Dependencies
    ) -> any FeatureDriver<CounterIntent, CounterState> {
        CounterDriver(
            store: Store(
                initialState: CounterState(),
                reducer: CounterFeature(quoteClient: dependencies.quoteClient)
            )
        )
    }

    @MainActor
    public static func makeTransfer(
        _ dependencies: Dependencies
    ) -> any FeatureDriver<TransferIntent, TransferState> {
        TransferDriver(store: Store(initialState: TransferState(), reducer: TransferFeature(dependencies)))
    }

    @MainActor
    public static func makeApp(
        layout: Layout,
        counters: Int,
        _ dependencies: Dependencies
    ) -> any AppDriver {
        switch layout {
        case .singleStore, .singleStoreScoped:
            SingleStoreAppDriver(
                store: Store(
                    initialState: AppFeature.State(counterCount: counters),
                    reducer: AppFeature(dependencies)
                ),
                scoped: layout == .singleStoreScoped
            )
        case .multiStore:
            MultiStoreAppDriver(app: MultiStoreApp(counterCount: counters, dependencies: dependencies))
        }
    }
}

/// Drives a counter ``Store`` with the shared intents (the harness's adapter path).
@MainActor
public final class CounterDriver: FeatureDriver {
    public let store: Store<CounterFeature>

    public init(store: Store<CounterFeature>) {
        self.store = store
    }

    public var snapshot: CounterState {
        store.state
    }

    public func send(_ intent: CounterIntent) {
        store.send(CounterFeature.Action(intent))
    }

    public func settle() async {
        await store.settle()
    }
}

/// Drives a transfer ``Store`` with the shared intents (the harness's adapter path).
@MainActor
public final class TransferDriver: FeatureDriver {
    public let store: Store<TransferFeature>

    public init(store: Store<TransferFeature>) {
        self.store = store
    }

    public var snapshot: TransferState {
        store.state
    }

    public func send(_ intent: TransferIntent) {
        store.send(TransferFeature.Action(intent))
    }

    public func settle() async {
        await store.settle()
    }
}

/// Drives the single-store app: one ``Store`` running ``AppFeature``.
///
/// An observer of counter `i` tracks the store's `counters` field, the collection as a whole, so every
/// counter action wakes every counter's observer (a transfer action wakes none): the cost of one store
/// observed without row stores. Built `scoped`, it observes each counter through its row store
/// (``Store/scopeCounter(at:)``), as a TCA row view does, so only that counter's changes wake it.
@MainActor
public final class SingleStoreAppDriver: AppDriver {
    public let store: Store<AppFeature>
    private let scoped: Bool

    public init(store: Store<AppFeature>, scoped: Bool = false) {
        self.store = store
        self.scoped = scoped
    }

    public var layout: Layout {
        scoped ? .singleStoreScoped : .singleStore
    }

    public var snapshot: AppSnapshot {
        let state = store.state
        return AppSnapshot(selectedTab: state.selectedTab, counters: state.counters, transfer: state.transfer)
    }

    public func send(_ intent: AppIntent) {
        store.send(AppFeature.Action(intent))
    }

    public func settle() async {
        await store.settle()
    }

    public func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        if scoped {
            let row = store.scopeCounter(at: index)
            observeEveryChange({ _ = row.state }, onChange: onChange)
        } else {
            let store = store
            observeEveryChange({ _ = store.counters[index] }, onChange: onChange)
        }
    }
}

/// Drives the multi-store app: a ``MultiStoreApp`` root with one ``Store`` per feature.
///
/// An observer of counter `i` tracks only that counter's store, so it wakes only for that counter.
@MainActor
public final class MultiStoreAppDriver: AppDriver {
    public let app: MultiStoreApp

    public init(app: MultiStoreApp) {
        self.app = app
    }

    public var layout: Layout {
        .multiStore
    }

    public var snapshot: AppSnapshot {
        AppSnapshot(
            selectedTab: app.selectedTab,
            counters: app.counters.map(\.state),
            transfer: app.transfer.state
        )
    }

    public func send(_ intent: AppIntent) {
        app.send(AppFeature.Action(intent))
    }

    public func settle() async {
        await app.settle()
    }

    public func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        let store = app.counters[index]
        observeEveryChange({ _ = store.state }, onChange: onChange)
    }
}

extension CounterFeature.Action {
    init(_ intent: CounterIntent) {
        switch intent {
        case .increment: self = .increment
        case .decrement: self = .decrement
        case .loadQuote: self = .loadQuote
        }
    }
}

extension TransferFeature.Action {
    init(_ intent: TransferIntent) {
        switch intent {
        case .loadAccounts: self = .loadAccounts
        case .selectFrom(let account): self = .selectFrom(account)
        case .selectTo(let account): self = .selectTo(account)
        case .updateAmount(let amount): self = .updateAmount(amount)
        case .submitTransfer: self = .submitTransfer
        case .resetError: self = .resetError
        }
    }
}

extension AppFeature.Action {
    init(_ intent: AppIntent) {
        switch intent {
        case .counter(let index, let counterIntent): self = .counter(index: index, .init(counterIntent))
        case .transfer(let transferIntent): self = .transfer(.init(transferIntent))
        case .selectTab(let tab): self = .selectTab(tab)
        }
    }
}
