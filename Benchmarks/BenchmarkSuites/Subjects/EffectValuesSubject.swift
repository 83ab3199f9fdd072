import Domain
import EffectValues
import Foundation

/// `effect-values`: a Mobius-like `Loop` per feature (events and effects as work items in a work bag,
/// every post through a copy of the observer list); the multi store dispatches to its child loops. A
/// single-store observer observes the whole app state, woken by every new state.
enum EffectValuesSubject: ArchitectureSubject {
    typealias Entry = EffectValuesArchitecture

    static func makeCounter(quoteClient: QuoteClient) -> CounterLoop {
        CounterLoop(state: CounterState(), handler: CounterEffectHandler(quoteClient: quoteClient))
    }

    static func increment(_ counter: CounterLoop) {
        counter.dispatch(.increment)
    }

    static func loadQuote(_ counter: CounterLoop) async {
        counter.dispatch(.loadQuote)
        await counter.settle()
    }

    static func inFlightEffects(_ counter: CounterLoop) -> Int {
        counter.inFlightEffectCount
    }

    static func makeTransfer(_ state: TransferState, dependencies: Dependencies) -> TransferLoop {
        TransferLoop(
            state: state,
            handler: TransferEffectHandler(
                getAccounts: dependencies.getAccounts, transferMoney: dependencies.transferMoney)
        )
    }

    static func updateAmount(_ transfer: TransferLoop, _ amount: Decimal) {
        transfer.dispatch(.updateAmount(amount))
    }

    static func selectFrom(_ transfer: TransferLoop, _ account: Account) {
        transfer.dispatch(.selectFrom(account))
    }

    static func selectTo(_ transfer: TransferLoop, _ account: Account) {
        transfer.dispatch(.selectTo(account))
    }

    static func submitTransfer(_ transfer: TransferLoop) async {
        transfer.dispatch(.submitTransfer)
        await transfer.settle()
    }

    static func loadAccounts(_ transfer: TransferLoop) async {
        transfer.dispatch(.loadAccounts)
        await transfer.settle()
    }

    static func makeSingleStoreApp(counters: Int, dependencies: Dependencies) -> AppLoop {
        AppLoop(state: AppFeature.State(counterCount: counters), handler: AppEffectHandler(dependencies))
    }

    static func observeCounter(_ app: AppLoop, at index: Int, onChange: @escaping @MainActor () -> Void) {
        _ = app.addObserver { _ in onChange() }
    }

    static func increment(_ app: AppLoop, counterAt index: Int) {
        app.dispatch(.counter(index: index, .increment))
    }

    static func selectTab(_ app: AppLoop, _ tab: Tab) {
        app.dispatch(.selectTab(tab))
    }

    /// The project's own design, not Mobius's (whose observers receive the whole model and which has
    /// no selector): an observer of the whole model that picks its counter and compares it with the
    /// last one it saw, as a Mobius user would write it. Every new state still calls every observer
    /// and runs every selector; only the one whose counter changed calls `onChange`.
    static func observeScopedCounter(_ app: AppLoop, at index: Int, onChange: @escaping @MainActor () -> Void)
    {
        _ = app.addObserver(selecting: { $0.counters[index] }, onChange: { _ in onChange() })
    }

    static func makeMultiStoreApp(counters: Int, dependencies: Dependencies) -> AppRoot {
        AppRoot(state: AppFeature.State(counterCount: counters), handler: AppEffectHandler(dependencies))
    }

    static func observeCounter(_ app: AppRoot, at index: Int, onChange: @escaping @MainActor () -> Void) {
        _ = app.counters[index].addObserver { _ in onChange() }
    }

    static func increment(_ app: AppRoot, counterAt index: Int) {
        app.counters[index].dispatch(.increment)
    }

    static func selectTab(_ app: AppRoot, _ tab: Tab) {
        app.dispatch(.selectTab(tab))
    }

    static func transferDriver(_ transfer: TransferLoop) -> any FeatureDriver<TransferIntent, TransferState> {
        TransferLoopDriver(transfer)
    }

    static func snapshot(_ counter: CounterLoop) -> CounterState {
        counter.state
    }

    static func snapshot(_ transfer: TransferLoop) -> TransferState {
        transfer.state
    }

    static func inFlightEffects(_ transfer: TransferLoop) -> Int {
        transfer.inFlightEffectCount
    }

    static func counterSnapshot(_ app: AppLoop, at index: Int) -> CounterState {
        app.state.counters[index]
    }

    static func counterSnapshot(_ app: AppRoot, at index: Int) -> CounterState {
        app.counters[index].state
    }

    static func selectedTab(_ app: AppLoop) -> Tab {
        app.state.selectedTab
    }

    static func selectedTab(_ app: AppRoot) -> Tab {
        app.selectedTab
    }
}
