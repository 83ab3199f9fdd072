import BenchmarkSuites
import Domain
import Foundation

/// TinyStore as the benchmark suites call it (`BenchmarkSuites`' `ArchitectureSubject`): every
/// timed call is the store's own `send(_:)`, with the feature's own action.
public enum TinyStoreSubject: ArchitectureSubject {
    public typealias Entry = TinyStoreArchitecture
    public typealias CounterStore = Store<CounterState, CounterAction>
    public typealias TransferStore = Store<TransferState, TransferAction>
    public typealias AppStore = Store<AppSnapshot, AppAction>

    public static func makeCounter(quoteClient: QuoteClient) -> CounterStore {
        Store(CounterState(), reduce: counterReducer(quoteClient))
    }

    public static func increment(_ counter: CounterStore) { counter.send(.increment) }

    public static func loadQuote(_ counter: CounterStore) async {
        counter.send(.loadQuote)
        await counter.settle()
    }

    public static func inFlightEffects(_ counter: CounterStore) -> Int { counter.runningEffects }

    public static func makeTransfer(_ state: TransferState, dependencies: Dependencies) -> TransferStore {
        Store(state, reduce: transferReducer(dependencies))
    }

    public static func updateAmount(_ transfer: TransferStore, _ amount: Decimal) {
        transfer.send(.intent(.updateAmount(amount)))
    }

    public static func selectFrom(_ transfer: TransferStore, _ account: Account) {
        transfer.send(.intent(.selectFrom(account)))
    }

    public static func selectTo(_ transfer: TransferStore, _ account: Account) {
        transfer.send(.intent(.selectTo(account)))
    }

    public static func submitTransfer(_ transfer: TransferStore) async {
        transfer.send(.intent(.submitTransfer))
        await transfer.settle()
    }

    public static func loadAccounts(_ transfer: TransferStore) async {
        transfer.send(.intent(.loadAccounts))
        await transfer.settle()
    }

    public static func makeSingleStoreApp(counters: Int, dependencies: Dependencies) -> AppStore {
        let state = AppSnapshot(
            selectedTab: .counter, counters: Array(repeating: CounterState(), count: counters),
            transfer: TransferState())
        return Store(state, reduce: appReducer(dependencies))
    }

    public static func observeCounter(
        _ app: AppStore, at index: Int, onChange: @escaping @MainActor () -> Void
    ) {
        app.observe { _ in onChange() }
    }

    public static func increment(_ app: AppStore, counterAt index: Int) {
        app.send(.counter(index, .increment))
    }
    public static func selectTab(_ app: AppStore, _ tab: Tab) { app.send(.selectTab(tab)) }

    public static func observeScopedCounter(
        _ app: AppStore, at index: Int, onChange: @escaping @MainActor () -> Void
    ) {
        app.observe({ $0.counters[index] }, onChange: { _ in onChange() })
    }

    public static func makeMultiStoreApp(counters: Int, dependencies: Dependencies) -> AppRoot {
        AppRoot(counters: counters, dependencies: dependencies)
    }

    public static func observeCounter(
        _ app: AppRoot, at index: Int, onChange: @escaping @MainActor () -> Void
    ) {
        app.counters[index].observe { _ in onChange() }
    }

    public static func increment(_ app: AppRoot, counterAt index: Int) {
        app.counters[index].send(.increment)
    }
    public static func selectTab(_ app: AppRoot, _ tab: Tab) { app.send(.selectTab(tab)) }

    public static func transferDriver(_ transfer: TransferStore) -> any FeatureDriver<
        TransferIntent, TransferState
    > {
        StoreDriver(transfer) { .intent($0) }
    }

    public static func snapshot(_ counter: CounterStore) -> CounterState { counter.state }
    public static func snapshot(_ transfer: TransferStore) -> TransferState { transfer.state }
    public static func inFlightEffects(_ transfer: TransferStore) -> Int { transfer.runningEffects }
    public static func counterSnapshot(_ app: AppStore, at index: Int) -> CounterState {
        app.state.counters[index]
    }
    public static func counterSnapshot(_ app: AppRoot, at index: Int) -> CounterState {
        app.counters[index].state
    }
    public static func selectedTab(_ app: AppStore) -> Tab { app.state.selectedTab }
    public static func selectedTab(_ app: AppRoot) -> Tab { app.selectedTab }
}
