import Domain
import Foundation

/// A store the suites can drive with its own actions: its state, `send(_:)` and `settle()`.
///
/// Conform a store type of your own (`extension Store: SubjectStore {}` when the names match) to
/// get most of ``ArchitectureSubject`` from ``StoreSubject``.
@MainActor
public protocol SubjectStore: AnyObject {
    associatedtype State
    associatedtype Action

    /// The current state, read without changing anything.
    var state: State { get }
    /// Applies `action` synchronously and starts the effects it asks for.
    func send(_ action: Action)
    /// Returns once every effect started so far, and every effect those started, has finished,
    /// without sleeping.
    func settle() async
}

/// A feature's store that can say how many of its effects are still running.
@MainActor
public protocol SubjectFeatureStore: SubjectStore {
    /// How many effect tasks the store still holds.
    var runningEffects: Int { get }
}

/// An ``ArchitectureSubject`` for an architecture whose features and apps are stores driven by
/// actions (a reducer store, a Redux-style store): what it does not give, the suites derive.
///
/// The requirements left to write (see `docs/adding-an-architecture.md`):
///
/// - ``ArchitectureSubject/Entry``, and the four makers (`makeCounter`, `makeTransfer`,
///   `makeSingleStoreApp`, `makeMultiStoreApp`);
/// - the three action mappings below, one `switch` each (one function can serve both apps);
/// - how a counter is observed: `observeCounter` on each app and `observeScopedCounter`.
///
/// Every other requirement has a default: each intent is `send(_:)` of the mapped action (a round
/// trip then awaits `settle()`), the snapshots read `state`, the effects in flight are
/// `runningEffects`, and `transferDriver(_:)` is a ``StoreFeatureDriver``. The defaults are
/// `@inlinable`, so they are compiled for your types in your package: the timed call is your
/// store's `send(_:)` with your action, the mapping folded away. Implement any of them yourself to
/// time another call (a child store's `send`, say, in the multi-store layout).
@MainActor
public protocol StoreSubject: ArchitectureSubject
where
    Counter: SubjectFeatureStore, Counter.State == CounterState,
    Transfer: SubjectFeatureStore, Transfer.State == TransferState,
    SingleStoreApp: SubjectStore, SingleStoreApp.State == AppSnapshot,
    MultiStoreApp: SubjectStore, MultiStoreApp.State == AppSnapshot
{
    /// The counter's action for `intent`.
    static func counterAction(_ intent: CounterIntent) -> Counter.Action
    /// The transfer's action for `intent`.
    static func transferAction(_ intent: TransferIntent) -> Transfer.Action
    /// The single-store app's action for `intent`.
    static func appAction(_ intent: AppIntent) -> SingleStoreApp.Action
    /// The multi-store app's action for `intent`.
    static func appAction(_ intent: AppIntent) -> MultiStoreApp.Action
}

extension StoreSubject {
    @inlinable public static func increment(_ counter: Counter) { counter.send(counterAction(.increment)) }

    @inlinable public static func loadQuote(_ counter: Counter) async {
        counter.send(counterAction(.loadQuote))
        await counter.settle()
    }

    @inlinable public static func inFlightEffects(_ counter: Counter) -> Int { counter.runningEffects }

    @inlinable public static func updateAmount(_ transfer: Transfer, _ amount: Decimal) {
        transfer.send(transferAction(.updateAmount(amount)))
    }

    @inlinable public static func selectFrom(_ transfer: Transfer, _ account: Account) {
        transfer.send(transferAction(.selectFrom(account)))
    }

    @inlinable public static func selectTo(_ transfer: Transfer, _ account: Account) {
        transfer.send(transferAction(.selectTo(account)))
    }

    @inlinable public static func submitTransfer(_ transfer: Transfer) async {
        transfer.send(transferAction(.submitTransfer))
        await transfer.settle()
    }

    @inlinable public static func loadAccounts(_ transfer: Transfer) async {
        transfer.send(transferAction(.loadAccounts))
        await transfer.settle()
    }

    @inlinable public static func increment(_ app: SingleStoreApp, counterAt index: Int) {
        app.send(appAction(.counter(index: index, .increment)) as SingleStoreApp.Action)
    }

    @inlinable public static func selectTab(_ app: SingleStoreApp, _ tab: Tab) {
        app.send(appAction(.selectTab(tab)) as SingleStoreApp.Action)
    }

    @inlinable public static func increment(_ app: MultiStoreApp, counterAt index: Int) {
        app.send(appAction(.counter(index: index, .increment)) as MultiStoreApp.Action)
    }

    @inlinable public static func selectTab(_ app: MultiStoreApp, _ tab: Tab) {
        app.send(appAction(.selectTab(tab)) as MultiStoreApp.Action)
    }

    @inlinable public static func transferDriver(_ transfer: Transfer) -> any FeatureDriver<
        TransferIntent, TransferState
    > {
        StoreFeatureDriver(transfer, action: transferAction)
    }

    @inlinable public static func snapshot(_ counter: Counter) -> CounterState { counter.state }
    @inlinable public static func snapshot(_ transfer: Transfer) -> TransferState { transfer.state }
    @inlinable public static func inFlightEffects(_ transfer: Transfer) -> Int { transfer.runningEffects }

    @inlinable public static func counterSnapshot(_ app: SingleStoreApp, at index: Int) -> CounterState {
        app.state.counters[index]
    }

    @inlinable public static func counterSnapshot(_ app: MultiStoreApp, at index: Int) -> CounterState {
        app.state.counters[index]
    }

    @inlinable public static func selectedTab(_ app: SingleStoreApp) -> Tab { app.state.selectedTab }
    @inlinable public static func selectedTab(_ app: MultiStoreApp) -> Tab { app.state.selectedTab }
}

// MARK: - The conformance scenarios' drivers, from the same stores

extension StoreSubject {
    /// A counter behind the shared driver, for your ``ArchitectureSubject/Entry``'s `makeCounter`.
    public static func makeCounterDriver(_ dependencies: Dependencies) -> any FeatureDriver<
        CounterIntent, CounterState
    > {
        StoreFeatureDriver(makeCounter(quoteClient: dependencies.quoteClient), action: counterAction)
    }

    /// A transfer feature behind the shared driver, for your Entry's `makeTransfer`.
    public static func makeTransferDriver(_ dependencies: Dependencies) -> any FeatureDriver<
        TransferIntent, TransferState
    > {
        StoreFeatureDriver(makeTransfer(TransferState(), dependencies: dependencies), action: transferAction)
    }

    /// The app in `layout` behind the shared driver, for your Entry's `makeApp`: the single-store
    /// app observed with `observeCounter` or, scoped, `observeScopedCounter`; the multi-store app
    /// with its `observeCounter`.
    public static func makeAppDriver(layout: Layout, counters: Int, _ dependencies: Dependencies)
        -> any AppDriver
    {
        switch layout {
        case .singleStore, .singleStoreScoped:
            let app = makeSingleStoreApp(counters: counters, dependencies: dependencies)
            let observe = layout == .singleStore ? observeCounter : observeScopedCounter
            return StoreAppDriver(app, layout: layout, action: appAction) { observe(app, $0, $1) }
        case .multiStore:
            let app = makeMultiStoreApp(counters: counters, dependencies: dependencies)
            return StoreAppDriver(app, layout: layout, action: appAction) {
                observeCounter(app, at: $0, onChange: $1)
            }
        }
    }
}

/// Drives a feature's store with the shared intents, each mapped to the store's action: the
/// adapter path (``Domain/FeatureDriver``) of a ``StoreSubject``.
@MainActor
public final class StoreFeatureDriver<Store: SubjectStore, Intent: Sendable>: FeatureDriver
where Store.State: Equatable & Sendable {
    @usableFromInline let store: Store
    @usableFromInline let action: (Intent) -> Store.Action

    @inlinable public init(_ store: Store, action: @escaping (Intent) -> Store.Action) {
        self.store = store
        self.action = action
    }

    @inlinable public var snapshot: Store.State { store.state }
    @inlinable public func send(_ intent: Intent) { store.send(action(intent)) }
    @inlinable public func settle() async { await store.settle() }
}

/// Drives an app's store with the shared intents; `observe` registers a counter's observer the way
/// the app's layout does.
@MainActor
public final class StoreAppDriver<App: SubjectStore>: AppDriver where App.State == AppSnapshot {
    public let layout: Layout
    let app: App
    let action: (AppIntent) -> App.Action
    let observe: (Int, @escaping @MainActor () -> Void) -> Void

    public init(
        _ app: App, layout: Layout, action: @escaping (AppIntent) -> App.Action,
        observe: @escaping (Int, @escaping @MainActor () -> Void) -> Void
    ) {
        self.app = app
        self.layout = layout
        self.action = action
        self.observe = observe
    }

    public var snapshot: AppSnapshot { app.state }
    public func send(_ intent: AppIntent) { app.send(action(intent)) }
    public func settle() async { await app.settle() }

    public func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        observe(index, onChange)
    }
}
