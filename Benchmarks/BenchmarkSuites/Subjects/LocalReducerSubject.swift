import Domain
import Foundation
import LocalReducer

/// `local-reducer`: `@Observable` view models with a copying `reduce(state:action:)`; intents are
/// `send(_:)` calls, effects are tasks the view model owns.
enum LocalReducerSubject: ArchitectureSubject {
    typealias Entry = LocalReducerArchitecture

    static func makeCounter(quoteClient: QuoteClient) -> CounterViewModel {
        CounterViewModel(quoteClient: quoteClient)
    }

    static func increment(_ counter: CounterViewModel) {
        counter.send(.increment)
    }

    static func loadQuote(_ counter: CounterViewModel) async {
        counter.send(.loadQuote)
        await counter.settle()
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
        transfer.send(.selection(.amount(amount)))
    }

    static func selectFrom(_ transfer: TransferViewModel, _ account: Account) {
        transfer.send(.selection(.from(account)))
    }

    static func selectTo(_ transfer: TransferViewModel, _ account: Account) {
        transfer.send(.selection(.to(account)))
    }

    static func submitTransfer(_ transfer: TransferViewModel) async {
        transfer.send(.transfer(.submit))
        await transfer.settle()
    }

    static func loadAccounts(_ transfer: TransferViewModel) async {
        transfer.send(.accounts(.load))
        await transfer.settle()
    }

    static func makeSingleStoreApp(counters: Int, dependencies: Dependencies) -> AppViewModel {
        AppViewModel(counterCount: counters, dependencies: dependencies)
    }

    static func observeCounter(
        _ app: AppViewModel,
        at index: Int,
        onChange: @escaping @MainActor () -> Void
    ) {
        observeEveryChange({ _ = app.state.counters[index] }, onChange: onChange)
    }

    static func increment(_ app: AppViewModel, counterAt index: Int) {
        app.send(.counter(index: index, .increment))
    }

    static func selectTab(_ app: AppViewModel, _ tab: Tab) {
        app.send(.selectTab(tab))
    }

    /// Tracks the counter's own `@Observable` row object, which `send` updates after each action on
    /// that counter.
    static func observeScopedCounter(
        _ app: AppViewModel, at index: Int, onChange: @escaping @MainActor () -> Void
    ) {
        let row = app.row(at: index)
        observeEveryChange({ _ = row.state }, onChange: onChange)
    }

    static func makeMultiStoreApp(counters: Int, dependencies: Dependencies) -> AppRootViewModel {
        AppRootViewModel(counterCount: counters, dependencies: dependencies)
    }

    static func observeCounter(
        _ app: AppRootViewModel, at index: Int, onChange: @escaping @MainActor () -> Void
    ) {
        let counter = app.counters[index]
        observeEveryChange({ _ = counter.state }, onChange: onChange)
    }

    static func increment(_ app: AppRootViewModel, counterAt index: Int) {
        app.counters[index].send(.increment)
    }

    static func selectTab(_ app: AppRootViewModel, _ tab: Tab) {
        app.send(.selectTab(tab))
    }

    static func transferDriver(_ transfer: TransferViewModel) -> any FeatureDriver<
        TransferIntent, TransferState
    > {
        TransferViewModelDriver(transfer)
    }

    static func snapshot(_ counter: CounterViewModel) -> CounterState {
        counter.state
    }

    static func snapshot(_ transfer: TransferViewModel) -> TransferState {
        transfer.state
    }

    static func inFlightEffects(_ transfer: TransferViewModel) -> Int {
        transfer.inFlightEffectCount
    }

    static func counterSnapshot(_ app: AppViewModel, at index: Int) -> CounterState {
        app.state.counters[index]
    }

    static func counterSnapshot(_ app: AppRootViewModel, at index: Int) -> CounterState {
        app.counters[index].state
    }

    static func selectedTab(_ app: AppViewModel) -> Tab {
        app.state.selectedTab
    }

    static func selectedTab(_ app: AppRootViewModel) -> Tab {
        app.state.selectedTab
    }
}
