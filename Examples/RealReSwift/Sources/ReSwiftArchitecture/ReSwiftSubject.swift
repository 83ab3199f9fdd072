import BenchmarkSuites
import Domain
import ReSwift

/// The real ReSwift as the benchmark suites call it (`BenchmarkSuites`' `StoreSubject`): each timed
/// call is the ReSwift store's own `dispatch(_:)` with the feature's own action.
public enum ReSwiftSubject: StoreSubject {
    public typealias Entry = ReSwiftArchitecture

    public static func makeCounter(quoteClient: QuoteClient) -> CounterStore {
        CounterFeature.makeStore(quoteClient: quoteClient)
    }

    public static func makeTransfer(_ state: TransferState, dependencies: Dependencies) -> TransferStore {
        TransferFeature.makeStore(state, dependencies: dependencies)
    }

    public static func makeSingleStoreApp(counters: Int, dependencies: Dependencies) -> AppStore {
        AppFeature.makeStore(counters: counters, dependencies: dependencies)
    }

    public static func makeMultiStoreApp(counters: Int, dependencies: Dependencies) -> AppRoot {
        AppRoot(counters: counters, dependencies: dependencies)
    }

    public static func counterAction(_ intent: CounterIntent) -> any Action { CounterAction(intent) }
    public static func transferAction(_ intent: TransferIntent) -> any Action { TransferAction(intent) }

    public static func appAction(_ intent: AppIntent) -> any Action {
        switch intent {
        case .counter(let index, let intent): CounterRowAction(index: index, CounterAction(intent))
        case .transfer(let intent): TransferAction(intent)
        case .selectTab(let tab): SelectTab(tab)
        }
    }

    /// A subscriber of the whole app state: woken by every change of the app.
    public static func observeCounter(
        _ app: AppStore, at index: Int, onChange: @escaping @MainActor () -> Void
    ) {
        app.observe(onChange)
    }

    /// A subscriber of one counter, through ReSwift's `select` (and the store's `skipRepeats`).
    public static func observeScopedCounter(
        _ app: AppStore, at index: Int, onChange: @escaping @MainActor () -> Void
    ) {
        app.observe({ $0.counters[index] }, onChange: onChange)
    }

    /// A subscriber of the counter's own store.
    public static func observeCounter(
        _ app: AppRoot, at index: Int, onChange: @escaping @MainActor () -> Void
    ) {
        app.counters[index].observe(onChange)
    }

    /// Increments through the counter's own store, as an app of separate stores does.
    public static func increment(_ app: AppRoot, counterAt index: Int) {
        app.counters[index].dispatch(CounterAction.increment)
    }
}

extension MainStore: SubjectFeatureStore {
    public func send(_ action: any Action) { dispatch(action) }
    public var runningEffects: Int { effects.count }
}

extension AppRoot: SubjectStore {
    public func send(_ action: any Action) { dispatch(action) }
}

/// The real ReSwift as ArchitectureBench's harness builds it: the conformance scenarios drive its
/// stores through the suites' shared drivers.
public enum ReSwiftArchitecture: Architecture {
    public static let id: ArchitectureID = "reswift"

    @MainActor public static func makeCounter(_ dependencies: Dependencies) -> any FeatureDriver<
        CounterIntent, CounterState
    > {
        ReSwiftSubject.makeCounterDriver(dependencies)
    }

    @MainActor public static func makeTransfer(_ dependencies: Dependencies) -> any FeatureDriver<
        TransferIntent, TransferState
    > {
        ReSwiftSubject.makeTransferDriver(dependencies)
    }

    @MainActor public static func makeApp(layout: Layout, counters: Int, _ dependencies: Dependencies)
        -> any AppDriver
    {
        ReSwiftSubject.makeAppDriver(layout: layout, counters: counters, dependencies)
    }
}
