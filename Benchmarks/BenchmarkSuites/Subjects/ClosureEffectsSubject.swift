import ClosureEffects
import Domain
import Foundation

/// `closure-effects`: a TCA-like `Store<Reducer>`; effects are async closures run as tasks.
enum ClosureEffectsSubject: ArchitectureSubject {
    typealias Entry = ClosureEffectsArchitecture

    static func makeCounter(quoteClient: QuoteClient) -> Store<CounterFeature> {
        Store(initialState: CounterState(), reducer: CounterFeature(quoteClient: quoteClient))
    }

    static func increment(_ counter: Store<CounterFeature>) {
        counter.send(.increment)
    }

    static func loadQuote(_ counter: Store<CounterFeature>) async {
        counter.send(.loadQuote)
        await counter.settle()
    }

    static func inFlightEffects(_ counter: Store<CounterFeature>) -> Int {
        counter.inFlightEffectCount
    }

    static func makeTransfer(_ state: TransferState, dependencies: Dependencies) -> Store<TransferFeature> {
        Store(initialState: state, reducer: TransferFeature(dependencies))
    }

    static func updateAmount(_ transfer: Store<TransferFeature>, _ amount: Decimal) {
        transfer.send(.updateAmount(amount))
    }

    static func selectFrom(_ transfer: Store<TransferFeature>, _ account: Account) {
        transfer.send(.selectFrom(account))
    }

    static func selectTo(_ transfer: Store<TransferFeature>, _ account: Account) {
        transfer.send(.selectTo(account))
    }

    static func submitTransfer(_ transfer: Store<TransferFeature>) async {
        transfer.send(.submitTransfer)
        await transfer.settle()
    }

    static func loadAccounts(_ transfer: Store<TransferFeature>) async {
        transfer.send(.loadAccounts)
        await transfer.settle()
    }

    static func makeSingleStoreApp(counters: Int, dependencies: Dependencies) -> Store<AppFeature> {
        Store(initialState: AppFeature.State(counterCount: counters), reducer: AppFeature(dependencies))
    }

    /// Reads counter `index` through the store, as a TCA view reads `store.counters[id: id]` and the
    /// fields it shows: the collection's identity and that element, so only that counter's changes
    /// (and counters added or removed) wake it.
    static func observeCounter(
        _ app: Store<AppFeature>,
        at index: Int,
        onChange: @escaping @MainActor () -> Void
    ) {
        observeEveryChange({ _ = app.counters[index] }, onChange: onChange)
    }

    static func selectTab(_ app: Store<AppFeature>, _ tab: Tab) {
        app.send(.selectTab(tab))
    }

    /// Observes counter `index` through its row store, as a TCA row view does: only that counter's
    /// changes wake it.
    static func observeScopedCounter(
        _ app: Store<AppFeature>,
        at index: Int,
        onChange: @escaping @MainActor () -> Void
    ) {
        let counter = app.scopeCounter(at: index)
        observeEveryChange({ _ = counter.state }, onChange: onChange)
    }

    static func increment(_ app: Store<AppFeature>, counterAt index: Int) {
        app.send(.counter(index: index, .increment))
    }

    static func makeMultiStoreApp(counters: Int, dependencies: Dependencies) -> MultiStoreApp {
        MultiStoreApp(counterCount: counters, dependencies: dependencies)
    }

    static func observeCounter(_ app: MultiStoreApp, at index: Int, onChange: @escaping @MainActor () -> Void)
    {
        let counter = app.counters[index]
        observeEveryChange({ _ = counter.state }, onChange: onChange)
    }

    static func increment(_ app: MultiStoreApp, counterAt index: Int) {
        app.counters[index].send(.increment)
    }

    static func selectTab(_ app: MultiStoreApp, _ tab: Tab) {
        app.send(.selectTab(tab))
    }

    static func transferDriver(_ transfer: Store<TransferFeature>) -> any FeatureDriver<
        TransferIntent, TransferState
    > {
        TransferDriver(store: transfer)
    }

    static func snapshot(_ counter: Store<CounterFeature>) -> CounterState {
        counter.state
    }

    static func snapshot(_ transfer: Store<TransferFeature>) -> TransferState {
        transfer.state
    }

    static func inFlightEffects(_ transfer: Store<TransferFeature>) -> Int {
        transfer.inFlightEffectCount
    }

    static func counterSnapshot(_ app: Store<AppFeature>, at index: Int) -> CounterState {
        app.state.counters[index]
    }

    static func counterSnapshot(_ app: MultiStoreApp, at index: Int) -> CounterState {
        app.counters[index].state
    }

    static func selectedTab(_ app: Store<AppFeature>) -> Tab {
        app.state.selectedTab
    }

    static func selectedTab(_ app: MultiStoreApp) -> Tab {
        app.selectedTab
    }
}
