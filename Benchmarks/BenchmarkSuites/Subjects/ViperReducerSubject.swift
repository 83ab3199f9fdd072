import Domain
import Foundation
import ViperReducer

/// `viper-reducer`: VIPER modules whose interactor changes state through a pure reducer; the
/// benchmark acts as the view and sends its events to the presenter.
enum ViperReducerSubject: ArchitectureSubject {
    typealias Entry = ViperReducerArchitecture

    static func makeCounter(quoteClient: QuoteClient) -> CounterPresenter {
        CounterRouter.makeModule(quoteClient: quoteClient)
    }

    static func increment(_ counter: CounterPresenter) {
        counter.didTapIncrement()
    }

    static func loadQuote(_ counter: CounterPresenter) async {
        counter.didTapLoadQuote()
        await counter.interactor.settle()
    }

    static func inFlightEffects(_ counter: CounterPresenter) -> Int {
        counter.interactor.inFlightEffectCount
    }

    static func makeTransfer(_ state: TransferState, dependencies: Dependencies) -> TransferPresenter {
        TransferRouter.makeModule(state: state, dependencies: dependencies)
    }

    static func updateAmount(_ transfer: TransferPresenter, _ amount: Decimal) {
        transfer.didChangeAmount(amount)
    }

    static func selectFrom(_ transfer: TransferPresenter, _ account: Account) {
        transfer.didSelectFrom(account)
    }

    static func selectTo(_ transfer: TransferPresenter, _ account: Account) {
        transfer.didSelectTo(account)
    }

    static func submitTransfer(_ transfer: TransferPresenter) async {
        transfer.didTapSubmit()
        await transfer.interactor.settle()
    }

    static func loadAccounts(_ transfer: TransferPresenter) async {
        transfer.didRequestAccounts()
        await transfer.interactor.settle()
    }

    static func makeSingleStoreApp(counters: Int, dependencies: Dependencies) -> AppPresenter {
        AppRouter.makeModule(state: AppState(counterCount: counters), dependencies: dependencies)
    }

    static func observeCounter(_ app: AppPresenter, at index: Int, onChange: @escaping @MainActor () -> Void)
    {
        app.attach(ObserverView(onRender: onChange))
    }

    static func increment(_ app: AppPresenter, counterAt index: Int) {
        app.didTapIncrement(counterAt: index)
    }

    static func selectTab(_ app: AppPresenter, _ tab: Tab) {
        app.didSelectTab(tab)
    }

    /// A view of the counter's own row presenter, over the app's one interactor.
    static func observeScopedCounter(
        _ app: AppPresenter, at index: Int, onChange: @escaping @MainActor () -> Void
    ) {
        app.row(at: index).attach(ObserverView(onRender: onChange))
    }

    static func makeMultiStoreApp(counters: Int, dependencies: Dependencies) -> AppRootPresenter {
        AppRootRouter.makeModule(state: AppState(counterCount: counters), dependencies: dependencies)
    }

    static func observeCounter(
        _ app: AppRootPresenter,
        at index: Int,
        onChange: @escaping @MainActor () -> Void
    ) {
        app.counters[index].attach(ObserverView(onRender: onChange))
    }

    static func increment(_ app: AppRootPresenter, counterAt index: Int) {
        app.counters[index].didTapIncrement()
    }

    static func selectTab(_ app: AppRootPresenter, _ tab: Tab) {
        app.didSelectTab(tab)
    }

    static func transferDriver(_ transfer: TransferPresenter) -> any FeatureDriver<
        TransferIntent, TransferState
    > {
        TransferModuleDriver(transfer)
    }

    static func snapshot(_ counter: CounterPresenter) -> CounterState {
        counter.state
    }

    static func snapshot(_ transfer: TransferPresenter) -> TransferState {
        transfer.state
    }

    static func inFlightEffects(_ transfer: TransferPresenter) -> Int {
        transfer.interactor.inFlightEffectCount
    }

    static func counterSnapshot(_ app: AppPresenter, at index: Int) -> CounterState {
        app.state.counters[index]
    }

    static func counterSnapshot(_ app: AppRootPresenter, at index: Int) -> CounterState {
        app.counters[index].state
    }

    static func selectedTab(_ app: AppPresenter) -> Tab {
        app.state.selectedTab
    }

    static func selectedTab(_ app: AppRootPresenter) -> Tab {
        app.state.selectedTab
    }
}
