import Domain

/// The store-subclass architecture's entry point for the harness ("The Many Flavors of Unidirectional
/// Architectures in Swift", "mixing everything").
public enum StoreSubclassArchitecture: Architecture {
    public static let id = ArchitectureID.storeSubclass

    public static func makeCounter(_ dependencies: Dependencies) -> any FeatureDriver<
        CounterIntent, CounterState
    > {
        CounterStoreDriver(store: CounterStore(quoteClient: dependencies.quoteClient))
    }

    public static func makeTransfer(
        _ dependencies: Dependencies
    ) -> any FeatureDriver<TransferIntent, TransferState> {
        TransferStoreDriver(store: TransferStore(dependencies: dependencies))
    }

    public static func makeApp(layout: Layout, counters: Int, _ dependencies: Dependencies) -> any AppDriver {
        switch layout {
        case .singleStore, .singleStoreScoped:
            SingleStoreAppDriver(
                store: AppStore(counters: counters, dependencies: dependencies),
                scoped: layout == .singleStoreScoped)
        case .multiStore:
            MultiStoreAppDriver(root: AppRootStore(counters: counters, dependencies: dependencies))
        }
    }
}

/// Drives a ``CounterStore`` with the shared counter intents.
@MainActor
public final class CounterStoreDriver: FeatureDriver {
    public let store: CounterStore
    private let intents = RunningIntents()

    public init(store: CounterStore) {
        self.store = store
    }

    public var snapshot: CounterState {
        store.state
    }

    public func send(_ intent: CounterIntent) {
        switch intent {
        case .increment: store.increment()
        case .decrement: store.decrement()
        case .loadQuote: intents.start { [store] in await store.loadQuote() }
        }
    }

    public func settle() async {
        await intents.settle()
        await store.settle()
    }
}

/// Drives a ``TransferStore`` with the shared transfer intents.
@MainActor
public final class TransferStoreDriver: FeatureDriver {
    public let store: TransferStore
    private let intents = RunningIntents()

    public init(store: TransferStore) {
        self.store = store
    }

    public var snapshot: TransferState {
        store.state
    }

    public func send(_ intent: TransferIntent) {
        switch intent {
        case .loadAccounts: intents.start { [store] in await store.loadAccounts() }
        case .selectFrom(let account): store.selectFrom(account)
        case .selectTo(let account): store.selectTo(account)
        case .updateAmount(let amount): store.updateAmount(amount)
        case .submitTransfer: intents.start { [store] in await store.submitTransfer() }
        case .resetError: store.resetError()
        }
    }

    public func settle() async {
        await intents.settle()
        await store.settle()
    }
}

/// Drives the single-store app: every intent is a method of the one ``AppStore``, and every
/// counter's observer observes that store's whole state.
@MainActor
public final class SingleStoreAppDriver: AppDriver {
    public let store: AppStore
    private let intents = RunningIntents()
    private let scoped: Bool

    public init(store: AppStore, scoped: Bool = false) {
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
        switch intent {
        case .selectTab(let tab): store.selectTab(tab)
        case .counter(let index, .increment): store.increment(counterAt: index)
        case .counter(let index, .decrement): store.decrement(counterAt: index)
        case .counter(let index, .loadQuote):
            intents.start { [store] in await store.loadQuote(counterAt: index) }
        case .transfer(.loadAccounts): intents.start { [store] in await store.loadAccounts() }
        case .transfer(.selectFrom(let account)): store.selectFrom(account)
        case .transfer(.selectTo(let account)): store.selectTo(account)
        case .transfer(.updateAmount(let amount)): store.updateAmount(amount)
        case .transfer(.submitTransfer): intents.start { [store] in await store.submitTransfer() }
        case .transfer(.resetError): store.resetError()
        }
    }

    public func settle() async {
        await intents.settle()
        await store.settle()
    }

    /// Observes the whole app store, or, scoped, the counter's own ``CounterRowStore``.
    public func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        if scoped {
            store.row(at: index).observeState(onChange: onChange)
        } else {
            store.observeState(onChange: onChange)
        }
    }
}

/// Drives the multi-store app: intents go to the child stores, a counter's quote load through the
/// root, and each counter's observer observes only that counter's store.
@MainActor
public final class MultiStoreAppDriver: AppDriver {
    public let root: AppRootStore
    private let intents = RunningIntents()

    public init(root: AppRootStore) {
        self.root = root
    }

    public var layout: Layout {
        .multiStore
    }

    public var snapshot: AppSnapshot {
        AppSnapshot(
            selectedTab: root.selectedTab,
            counters: root.counters.map(\.state),
            transfer: root.transfer.state
        )
    }

    public func send(_ intent: AppIntent) {
        switch intent {
        case .selectTab(let tab): root.selectTab(tab)
        case .counter(let index, .increment): root.counters[index].increment()
        case .counter(let index, .decrement): root.counters[index].decrement()
        case .counter(let index, .loadQuote):
            intents.start { [root] in await root.loadQuote(counterAt: index) }
        case .transfer(let intent): send(intent, to: root.transfer)
        }
    }

    private func send(_ intent: TransferIntent, to transfer: TransferStore) {
        switch intent {
        case .loadAccounts: intents.start { await transfer.loadAccounts() }
        case .selectFrom(let account): transfer.selectFrom(account)
        case .selectTo(let account): transfer.selectTo(account)
        case .updateAmount(let amount): transfer.updateAmount(amount)
        case .submitTransfer: intents.start { await transfer.submitTransfer() }
        case .resetError: transfer.resetError()
        }
    }

    public func settle() async {
        await intents.settle()
        await root.settle()
    }

    public func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        root.counters[index].observeState(onChange: onChange)
    }
}
