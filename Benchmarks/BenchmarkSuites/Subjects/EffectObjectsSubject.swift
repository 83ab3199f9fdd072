import Domain
import EffectObjects
import Foundation

/// `effect-objects`: a `WorkflowHost` per feature, rendering the whole tree after every action, as
/// Workflow does; the multi store sends to its child hosts directly. In the single store a counter's
/// row sends through the sink of the latest rendering (each render pass builds every child a new event
/// pipe, as Workflow does), and an observer subscribes to the whole app's renderings.
enum EffectObjectsSubject: ArchitectureSubject {
    typealias Entry = EffectObjectsArchitecture

    static func makeCounter(quoteClient: QuoteClient) -> WorkflowHost<CounterFeature> {
        WorkflowHost(state: CounterFeature.State(), workflow: CounterFeature(quoteClient: quoteClient))
    }

    static func increment(_ counter: WorkflowHost<CounterFeature>) {
        counter.send(.increment)
    }

    static func loadQuote(_ counter: WorkflowHost<CounterFeature>) async {
        counter.send(.loadQuote)
        await counter.settle()
    }

    static func inFlightEffects(_ counter: WorkflowHost<CounterFeature>) -> Int {
        counter.inFlightEffectCount
    }

    static func makeTransfer(_ state: TransferState, dependencies: Dependencies) -> WorkflowHost<
        TransferFeature
    > {
        WorkflowHost(
            state: TransferFeature.State(state), workflow: TransferFeature(dependencies: dependencies))
    }

    static func updateAmount(_ transfer: WorkflowHost<TransferFeature>, _ amount: Decimal) {
        transfer.send(.updateAmount(amount))
    }

    static func selectFrom(_ transfer: WorkflowHost<TransferFeature>, _ account: Account) {
        transfer.send(.selectFrom(account))
    }

    static func selectTo(_ transfer: WorkflowHost<TransferFeature>, _ account: Account) {
        transfer.send(.selectTo(account))
    }

    static func submitTransfer(_ transfer: WorkflowHost<TransferFeature>) async {
        transfer.send(.submitTransfer)
        await transfer.settle()
    }

    static func loadAccounts(_ transfer: WorkflowHost<TransferFeature>) async {
        transfer.send(.loadAccounts)
        await transfer.settle()
    }

    static func makeSingleStoreApp(counters: Int, dependencies: Dependencies) -> WorkflowHost<AppFeature> {
        WorkflowHost(counterCount: counters, dependencies: dependencies)
    }

    static func observeCounter(
        _ app: WorkflowHost<AppFeature>,
        at index: Int,
        onChange: @escaping @MainActor () -> Void
    ) {
        app.subscribe { _ in onChange() }
    }

    /// What a row's screen does: sends through the sink its latest rendering carries.
    static func increment(_ app: WorkflowHost<AppFeature>, counterAt index: Int) {
        app.rendering.counterSinks[index].send(.increment)
    }

    static func selectTab(_ app: WorkflowHost<AppFeature>, _ tab: Tab) {
        app.send(.selectTab(tab))
    }

    /// Subscribes to counter `index`'s rendering, as a Workflow user maps the host's rendering property
    /// to a child's rendering and skips repeats (ReactiveSwift's `map` and `skipRepeats`): every render
    /// pass still renders every child and runs every selector; only the subscriber whose counter
    /// changed is called.
    static func observeScopedCounter(
        _ app: WorkflowHost<AppFeature>,
        at index: Int,
        onChange: @escaping @MainActor () -> Void
    ) {
        app.subscribe(selecting: { $0.counters[index] }, onChange: { _ in onChange() })
    }

    static func makeMultiStoreApp(counters: Int, dependencies: Dependencies) -> MultiStoreApp {
        MultiStoreApp(counterCount: counters, dependencies: dependencies)
    }

    static func observeCounter(_ app: MultiStoreApp, at index: Int, onChange: @escaping @MainActor () -> Void)
    {
        app.counters[index].subscribe { _ in onChange() }
    }

    static func increment(_ app: MultiStoreApp, counterAt index: Int) {
        app.counters[index].send(.increment)
    }

    static func selectTab(_ app: MultiStoreApp, _ tab: Tab) {
        app.send(.selectTab(tab))
    }

    static func transferDriver(_ transfer: WorkflowHost<TransferFeature>) -> any FeatureDriver<
        TransferIntent, TransferState
    > {
        TransferDriver(host: transfer)
    }

    /// The latest rendering, which for the counter workflow is its `CounterState`.
    static func snapshot(_ counter: WorkflowHost<CounterFeature>) -> CounterState {
        counter.rendering
    }

    static func snapshot(_ transfer: WorkflowHost<TransferFeature>) -> TransferState {
        transfer.rendering
    }

    static func inFlightEffects(_ transfer: WorkflowHost<TransferFeature>) -> Int {
        transfer.inFlightEffectCount
    }

    static func counterSnapshot(_ app: WorkflowHost<AppFeature>, at index: Int) -> CounterState {
        app.rendering.counters[index]
    }

    static func counterSnapshot(_ app: MultiStoreApp, at index: Int) -> CounterState {
        app.counters[index].rendering
    }

    static func selectedTab(_ app: WorkflowHost<AppFeature>) -> Tab {
        app.rendering.selectedTab
    }

    static func selectedTab(_ app: MultiStoreApp) -> Tab {
        app.selectedTab
    }
}
