import BenchmarkSuites
import Domain

/// TinyStore as the benchmark suites call it (`BenchmarkSuites`' `StoreSubject`): its stores, how
/// each shared intent maps to a TinyStore action, and how a counter is observed. The suites derive
/// the rest; every timed call is the store's own `send(_:)` with the feature's own action.
public enum TinyStoreSubject: StoreSubject {
    public typealias Entry = TinyStoreArchitecture

    public static func makeCounter(quoteClient: QuoteClient) -> Store<CounterState, CounterAction> {
        Store(CounterState(), reduce: counterReducer(quoteClient))
    }

    public static func makeTransfer(_ state: TransferState, dependencies: Dependencies) -> Store<
        TransferState, TransferAction
    > {
        Store(state, reduce: transferReducer(dependencies))
    }

    public static func makeSingleStoreApp(counters: Int, dependencies: Dependencies) -> Store<
        AppSnapshot, AppAction
    > {
        let counters = Array(repeating: CounterState(), count: counters)
        let state = AppSnapshot(selectedTab: .counter, counters: counters, transfer: TransferState())
        return Store(state, reduce: appReducer(dependencies))
    }

    public static func makeMultiStoreApp(counters: Int, dependencies: Dependencies) -> AppRoot {
        AppRoot(counters: counters, dependencies: dependencies)
    }

    public static func counterAction(_ intent: CounterIntent) -> CounterAction {
        switch intent {
        case .increment: .increment
        case .decrement: .decrement
        case .loadQuote: .loadQuote
        }
    }

    public static func transferAction(_ intent: TransferIntent) -> TransferAction { .intent(intent) }

    public static func appAction(_ intent: AppIntent) -> AppAction {
        switch intent {
        case .counter(let index, let intent): .counter(index, counterAction(intent))
        case .transfer(let intent): .transfer(.intent(intent))
        case .selectTab(let tab): .selectTab(tab)
        }
    }

    /// A whole-store observer: woken by every change of the app.
    public static func observeCounter(
        _ app: Store<AppSnapshot, AppAction>, at index: Int, onChange: @escaping @MainActor () -> Void
    ) {
        app.observe { _ in onChange() }
    }

    /// A selector: woken only when counter `index` changes.
    public static func observeScopedCounter(
        _ app: Store<AppSnapshot, AppAction>, at index: Int, onChange: @escaping @MainActor () -> Void
    ) {
        app.observe({ $0.counters[index] }, onChange: { _ in onChange() })
    }

    /// The counter's own store.
    public static func observeCounter(
        _ app: AppRoot, at index: Int, onChange: @escaping @MainActor () -> Void
    ) {
        app.counters[index].observe { _ in onChange() }
    }

    /// Increments through the counter's own store, as an app of separate stores does.
    public static func increment(_ app: AppRoot, counterAt index: Int) {
        app.counters[index].send(.increment)
    }
}

extension Store: SubjectFeatureStore {}
extension AppRoot: SubjectStore {}
