import BenchmarkSuites
import Domain
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

    public static func makeSingleStoreApp(counters: Int, dependencies: Dependencies) -> OneWayStore<AppFeature> {
        OneWayStore(
            reducer: AppFeature(dependencies: dependencies), state: AppFeature.initialState(counters: counters))
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
