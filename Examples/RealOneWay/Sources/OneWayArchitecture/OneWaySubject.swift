import BenchmarkSuites
import Domain
import Foundation
import OneWay

/// The real OneWay as the benchmark suites and the conformance drivers call it: each feature and
/// app is a ``OneWayStore`` (the `Store` actor and the state its one reader took from `states`).
public enum OneWaySubject: StoreSubject {
    public typealias Entry = OneWayArchitecture

    public static func makeCounter(quoteClient: QuoteClient) -> OneWayStore<CounterFeature> {
        OneWayStore(reducer: CounterFeature(quoteClient: quoteClient), state: CounterState())
    }

    public static func makeTransfer(_ state: TransferState, dependencies: Dependencies)
        -> OneWayStore<TransferFeature>
    {
        OneWayStore(reducer: TransferFeature(dependencies: dependencies), state: state)
    }

    public static func makeSingleStoreApp(counters: Int, dependencies: Dependencies) -> OneWayStore<
        AppFeature
    > {
        OneWayStore(
            reducer: AppFeature(dependencies: dependencies),
            state: AppFeature.initialState(counters: counters))
    }

    public static func makeMultiStoreApp(counters: Int, dependencies: Dependencies) -> AppRoot {
        AppRoot(counters: counters, dependencies: dependencies)
    }

    public static func counterAction(_ intent: CounterIntent) -> CounterFeature.Action {
        CounterFeature.Action(intent)
    }

    public static func transferAction(_ intent: TransferIntent) -> TransferFeature.Action {
        TransferFeature.Action(intent)
    }

    public static func appAction(_ intent: AppIntent) -> AppFeature.Action { AppFeature.Action(intent) }

    /// One quote round trip as an observer sees it: the awaited send, the reader taking the loaded
    /// state, then ``OneWayStore/settle()`` for the tasks the answer's `.none` effect started.
    public static func loadQuote(_ counter: OneWayStore<CounterFeature>) async {
        await counter.sendAndObserve(.loadQuote)
        await counter.stateReached { !$0.isLoading }
        await counter.settle()
    }

    /// One submission round trip, as ``loadQuote(_:)`` is.
    public static func submitTransfer(_ transfer: OneWayStore<TransferFeature>) async {
        await transfer.sendAndObserve(.submitTransfer)
        await transfer.stateReached { !$0.isSubmitting }
        await transfer.settle()
    }

    /// One accounts round trip, as ``loadQuote(_:)`` is.
    public static func loadAccounts(_ transfer: OneWayStore<TransferFeature>) async {
        await transfer.sendAndObserve(.loadAccounts)
        await transfer.stateReached { !$0.isLoading }
        await transfer.settle()
    }

    /// The single store observed whole: every state the reader takes wakes the observer.
    public static func observeCounter(
        _ app: OneWayStore<AppFeature>, at index: Int, onChange: @escaping @MainActor () -> Void
    ) {
        app.addObserver { _ in onChange() }
    }

    /// Hand-built scoping (OneWay has none): ``OneWayStore/observeCounter(at:onChange:)``.
    public static func observeScopedCounter(
        _ app: OneWayStore<AppFeature>, at index: Int, onChange: @escaping @MainActor () -> Void
    ) {
        app.observeCounter(at: index, onChange: onChange)
    }

    /// Each counter's own store, observed whole.
    public static func observeCounter(
        _ app: AppRoot, at index: Int, onChange: @escaping @MainActor () -> Void
    ) {
        app.counters[index].addObserver { _ in onChange() }
    }
}

/// What the `dispatch` and `layout` rows time: `await store.send(action)`, OneWay's one way to send
/// on Linux, then the wait until the store's reader has taken the new state from `states` and called
/// the observers (``OneWayStore/sendAndObserve(_:)``).
extension OneWaySubject: AsynchronousSubject {
    public static func incrementUntilObserved(_ counter: OneWayStore<CounterFeature>) async {
        await counter.sendAndObserve(.increment)
    }

    public static func updateAmountUntilObserved(_ transfer: OneWayStore<TransferFeature>, _ amount: Decimal)
        async
    {
        let changes = transfer.state.amount != amount || transfer.state.error != nil
        await transfer.sendAndObserve(.updateAmount(amount), changesState: changes)
    }

    public static func selectFromUntilObserved(_ transfer: OneWayStore<TransferFeature>, _ account: Account)
        async
    {
        let changes = transfer.state.selectedFrom != account || transfer.state.error != nil
        await transfer.sendAndObserve(.selectFrom(account), changesState: changes)
    }

    public static func incrementUntilObserved(_ app: OneWayStore<AppFeature>, counterAt index: Int) async {
        await app.sendAndObserve(.counter(index: index, .increment))
    }

    /// OneWay yields no state when the tab was already shown, so this awaits the store's `send` only.
    public static func selectTabUntilApplied(_ app: OneWayStore<AppFeature>, _ tab: Tab) async {
        await app.store.send(.selectTab(tab))
    }

    public static func incrementUntilObserved(_ app: AppRoot, counterAt index: Int) async {
        await app.counters[index].sendAndObserve(.increment)
    }

    /// The multi-store root keeps the tab itself, on the main actor: no store is involved.
    public static func selectTabUntilApplied(_ app: AppRoot, _ tab: Tab) async {
        app.send(.selectTab(tab))
    }
}
