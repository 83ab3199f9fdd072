import Domain
import Foundation
import StoreSubclass

/// `store-subclass`: `Store` subclasses whose methods mutate `state` and await dependencies.
enum StoreSubclassSubject: ArchitectureSubject {
    typealias Entry = StoreSubclassArchitecture

    static func makeCounter(quoteClient: QuoteClient) -> CounterStore {
        CounterStore(quoteClient: quoteClient)
    }

    static func increment(_ counter: CounterStore) {
        counter.increment()
    }

    static func loadQuote(_ counter: CounterStore) async {
        await counter.loadQuote()
    }

    static func inFlightEffects(_ counter: CounterStore) -> Int {
        counter.inFlightEffectCount
    }

    static func makeTransfer(_ state: TransferState, dependencies: Dependencies) -> TransferStore {
        TransferStore(
            initialState: state,
            getAccounts: dependencies.getAccounts,
            transferMoney: dependencies.transferMoney
        )
    }

    static func updateAmount(_ transfer: TransferStore, _ amount: Decimal) {
        transfer.updateAmount(amount)
    }

    static func selectFrom(_ transfer: TransferStore, _ account: Account) {
        transfer.selectFrom(account)
    }

    static func selectTo(_ transfer: TransferStore, _ account: Account) {
        transfer.selectTo(account)
    }

    static func submitTransfer(_ transfer: TransferStore) async {
        await transfer.submitTransfer()
    }

    static func loadAccounts(_ transfer: TransferStore) async {
        await transfer.loadAccounts()
    }

    static func makeSingleStoreApp(counters: Int, dependencies: Dependencies) -> AppStore {
        AppStore(counters: counters, dependencies: dependencies)
    }

    static func observeCounter(_ app: AppStore, at index: Int, onChange: @escaping @MainActor () -> Void) {
        observeEveryChange({ _ = app.state.counters[index] }, onChange: onChange)
    }

    static func increment(_ app: AppStore, counterAt index: Int) {
        app.increment(counterAt: index)
    }

    static func selectTab(_ app: AppStore, _ tab: Tab) {
        app.selectTab(tab)
    }

    /// Observes the counter's own row store, which the app store updates after each change of that
    /// counter.
    static func observeScopedCounter(
        _ app: AppStore, at index: Int, onChange: @escaping @MainActor () -> Void
    ) {
        let row = app.row(at: index)
        observeEveryChange({ _ = row.state }, onChange: onChange)
    }

    static func makeMultiStoreApp(counters: Int, dependencies: Dependencies) -> AppRootStore {
        AppRootStore(counters: counters, dependencies: dependencies)
    }

    static func observeCounter(_ app: AppRootStore, at index: Int, onChange: @escaping @MainActor () -> Void)
    {
        let counter = app.counters[index]
        observeEveryChange({ _ = counter.state }, onChange: onChange)
    }

    static func increment(_ app: AppRootStore, counterAt index: Int) {
        app.counters[index].increment()
    }

    static func selectTab(_ app: AppRootStore, _ tab: Tab) {
        app.selectTab(tab)
    }

    static func transferDriver(_ transfer: TransferStore) -> any FeatureDriver<TransferIntent, TransferState>
    {
        TransferStoreDriver(store: transfer)
    }

    static func snapshot(_ counter: CounterStore) -> CounterState {
        counter.state
    }

    static func snapshot(_ transfer: TransferStore) -> TransferState {
        transfer.state
    }

    static func inFlightEffects(_ transfer: TransferStore) -> Int {
        transfer.inFlightEffectCount
    }

    static func counterSnapshot(_ app: AppStore, at index: Int) -> CounterState {
        app.state.counters[index]
    }

    static func counterSnapshot(_ app: AppRootStore, at index: Int) -> CounterState {
        app.counters[index].state
    }

    static func selectedTab(_ app: AppStore) -> Tab {
        app.state.selectedTab
    }

    static func selectedTab(_ app: AppRootStore) -> Tab {
        app.selectedTab
    }
}
