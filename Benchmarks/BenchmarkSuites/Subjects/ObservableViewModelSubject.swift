import Domain
import Foundation
import ObservableViewModel

/// `observable-viewmodel`: `@Observable` view models; intents are plain method calls.
enum ObservableViewModelSubject: ArchitectureSubject {
    typealias Entry = ObservableViewModelArchitecture

    static func makeCounter(quoteClient: QuoteClient) -> CounterViewModel {
        CounterViewModel(quoteClient: quoteClient)
    }

    static func increment(_ counter: CounterViewModel) {
        counter.increment()
    }

    static func loadQuote(_ counter: CounterViewModel) async {
        await counter.loadQuote()
    }

    static func inFlightEffects(_ counter: CounterViewModel) -> Int {
        counter.inFlightEffectCount
    }

    static func makeTransfer(_ state: TransferState, dependencies: Dependencies) -> TransferViewModel {
        TransferViewModel(
            initialState: state,
            getAccounts: dependencies.getAccounts,
            transferMoney: dependencies.transferMoney
        )
    }

    static func updateAmount(_ transfer: TransferViewModel, _ amount: Decimal) {
        transfer.updateAmount(amount)
    }

    static func selectFrom(_ transfer: TransferViewModel, _ account: Account) {
        transfer.selectFrom(account)
    }

    static func selectTo(_ transfer: TransferViewModel, _ account: Account) {
        transfer.selectTo(account)
    }

    static func submitTransfer(_ transfer: TransferViewModel) async {
        await transfer.submitTransfer()
    }

    static func loadAccounts(_ transfer: TransferViewModel) async {
        await transfer.loadAccounts()
    }

    static func makeSingleStoreApp(counters: Int, dependencies: Dependencies) -> SingleStoreAppViewModel {
        SingleStoreAppViewModel(counterCount: counters, dependencies: dependencies)
    }

    static func observeCounter(
        _ app: SingleStoreAppViewModel,
        at index: Int,
        onChange: @escaping @MainActor () -> Void
    ) {
        observeEveryChange({ _ = app.counters[index] }, onChange: onChange)
    }

    static func increment(_ app: SingleStoreAppViewModel, counterAt index: Int) {
        app.increment(counterAt: index)
    }

    static func selectTab(_ app: SingleStoreAppViewModel, _ tab: Tab) {
        app.selectedTab = tab
    }

    /// Tracks the counter's own `@Observable` row object, which the app updates after each change
    /// of that counter.
    static func observeScopedCounter(
        _ app: SingleStoreAppViewModel,
        at index: Int,
        onChange: @escaping @MainActor () -> Void
    ) {
        let row = app.row(at: index)
        observeEveryChange({ _ = row.state }, onChange: onChange)
    }

    static func makeMultiStoreApp(counters: Int, dependencies: Dependencies) -> AppViewModel {
        AppViewModel(counterCount: counters, dependencies: dependencies)
    }

    static func observeCounter(_ app: AppViewModel, at index: Int, onChange: @escaping @MainActor () -> Void)
    {
        let counter = app.counters[index]
        observeEveryChange(
            {
                _ = counter.count
                _ = counter.quote
                _ = counter.isLoading
                _ = counter.errorMessage
            },
            onChange: onChange
        )
    }

    static func increment(_ app: AppViewModel, counterAt index: Int) {
        app.counters[index].increment()
    }

    static func selectTab(_ app: AppViewModel, _ tab: Tab) {
        app.selectedTab = tab
    }

    static func transferDriver(_ transfer: TransferViewModel) -> any FeatureDriver<
        TransferIntent, TransferState
    > {
        TransferViewModelDriver(transfer)
    }

    static func snapshot(_ counter: CounterViewModel) -> CounterState {
        CounterState(
            count: counter.count, quote: counter.quote, isLoading: counter.isLoading,
            errorMessage: counter.errorMessage)
    }

    static func snapshot(_ transfer: TransferViewModel) -> TransferState {
        TransferState(
            accounts: transfer.accounts, selectedFrom: transfer.selectedFrom, selectedTo: transfer.selectedTo,
            amount: transfer.amount, isLoading: transfer.isLoading, isSubmitting: transfer.isSubmitting,
            error: transfer.error, lastTransaction: transfer.lastTransaction)
    }

    static func inFlightEffects(_ transfer: TransferViewModel) -> Int {
        transfer.inFlightEffectCount
    }

    static func counterSnapshot(_ app: SingleStoreAppViewModel, at index: Int) -> CounterState {
        app.counters[index]
    }

    static func counterSnapshot(_ app: AppViewModel, at index: Int) -> CounterState {
        snapshot(app.counters[index])
    }

    static func selectedTab(_ app: SingleStoreAppViewModel) -> Tab {
        app.selectedTab
    }

    static func selectedTab(_ app: AppViewModel) -> Tab {
        app.selectedTab
    }
}
