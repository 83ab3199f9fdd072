import BenchmarkResults
import Domain
import Foundation

/// One architecture's native API, as the benchmark suites call it.
///
/// Every requirement is static and every type is concrete, so the generic suite code is
/// specialised for each architecture: what is timed is the architecture's own call
/// (`viewModel.increment()`, `store.send(.increment)`), not an existential or an intent
/// translation. The adapter path (``Domain/FeatureDriver``) is measured separately in the
/// `dispatch-adapter` suite so its cost stays visible.
///
/// A package of its own implements it to have its store measured: see `Examples/CustomStore` and
/// `docs/adding-an-architecture.md`. A store driven by actions (`send(_:)`) conforms to
/// ``StoreSubject`` instead, which derives everything but the makers, the action mappings and the
/// observers: about ten short functions.
///
/// Isolation: the protocol, and so every requirement, is `@MainActor`; the suites call them from
/// the main actor and never from another thread. The objects (`Counter`, `Transfer`, the apps) must
/// be `Sendable` to cross into the suites' closures: a `@MainActor` class is. Observers
/// (`onChange`) are `@MainActor` closures, called on the main actor. An effect of your store is
/// started from the main actor and calls the features' services (`QuoteClient`, the bank's use
/// cases), which are `Sendable`: keep the effect's work `@MainActor` (`@MainActor () async ->
/// Action?`), or `@Sendable` capturing only `Sendable` values. A nonisolated, non-`Sendable`
/// closure handed to a `Task` is the "sending … risks causing data races" error.
///
/// The case builders that call these requirements are `@inlinable`, so a timed loop is compiled for
/// your concrete subject in your own package, without `-cross-module-optimization`.
@MainActor
public protocol ArchitectureSubject {
    /// The architecture's harness entry point, used by the adapter suite.
    associatedtype Entry: Architecture
    associatedtype Counter: AnyObject & Sendable
    associatedtype Transfer: AnyObject & Sendable
    associatedtype SingleStoreApp: AnyObject & Sendable
    associatedtype MultiStoreApp: AnyObject & Sendable

    static func makeCounter(quoteClient: QuoteClient) -> Counter
    static func increment(_ counter: Counter)
    /// One full quote round trip: loadQuote, then everything it started has finished.
    static func loadQuote(_ counter: Counter) async
    /// How many effect tasks the counter still holds.
    static func inFlightEffects(_ counter: Counter) -> Int

    static func makeTransfer(_ state: TransferState, dependencies: Dependencies) -> Transfer
    static func updateAmount(_ transfer: Transfer, _ amount: Decimal)
    static func selectFrom(_ transfer: Transfer, _ account: Account)
    static func selectTo(_ transfer: Transfer, _ account: Account)
    /// One full round trip: submitTransfer, then everything it started has finished.
    static func submitTransfer(_ transfer: Transfer) async
    /// One full round trip: loadAccounts, then everything it started has finished.
    static func loadAccounts(_ transfer: Transfer) async

    static func makeSingleStoreApp(counters: Int, dependencies: Dependencies) -> SingleStoreApp
    /// Registers one observer of counter `index`, the way this architecture's users observe.
    static func observeCounter(
        _ app: SingleStoreApp,
        at index: Int,
        onChange: @escaping @MainActor () -> Void
    )
    static func increment(_ app: SingleStoreApp, counterAt index: Int)
    /// Selects `tab` in the single-store app; selecting the tab already shown is `app/no-op`.
    static func selectTab(_ app: SingleStoreApp, _ tab: Tab)
    /// Registers one observer of counter `index` of a single-store app through this style's scoping
    /// tool (a row store, a selector, a child object or presenter per row), so that only that
    /// counter's changes wake it: the `single-store-scoped` layout.
    static func observeScopedCounter(
        _ app: SingleStoreApp,
        at index: Int,
        onChange: @escaping @MainActor () -> Void
    )

    static func makeMultiStoreApp(counters: Int, dependencies: Dependencies) -> MultiStoreApp
    static func observeCounter(
        _ app: MultiStoreApp,
        at index: Int,
        onChange: @escaping @MainActor () -> Void
    )
    static func increment(_ app: MultiStoreApp, counterAt index: Int)
    static func selectTab(_ app: MultiStoreApp, _ tab: Tab)

    /// `transfer` behind this architecture's ``Domain/FeatureDriver`` adapter, so that the adapter
    /// suite drives the same kind of feature, in the same state, as the native one.
    static func transferDriver(_ transfer: Transfer) -> any FeatureDriver<TransferIntent, TransferState>

    // Read-only access for the benchmark postconditions: each reads the native object's state and
    // changes, starts or observes nothing. Never called inside a timed body.

    /// The counter's state.
    static func snapshot(_ counter: Counter) -> CounterState
    /// The transfer feature's state.
    static func snapshot(_ transfer: Transfer) -> TransferState
    /// How many effect tasks the transfer feature still holds.
    static func inFlightEffects(_ transfer: Transfer) -> Int
    /// The state of counter `index` of a single-store app.
    static func counterSnapshot(_ app: SingleStoreApp, at index: Int) -> CounterState
    /// The state of counter `index` of a multi-store app.
    static func counterSnapshot(_ app: MultiStoreApp, at index: Int) -> CounterState
    /// The selected tab of a single-store app.
    static func selectedTab(_ app: SingleStoreApp) -> Tab
    /// The selected tab of a multi-store app.
    static func selectedTab(_ app: MultiStoreApp) -> Tab
}

extension ArchitectureSubject {
    /// The id of this subject's rows: its ``Entry``'s.
    public static var id: ArchitectureID { Entry.id }

    /// Whether an observer registered by `observeCounter` on the single-store app wakes only when its
    /// own counter changes: its ``Entry``'s
    /// ``Domain/Architecture/observesSingleStoreCountersApart``.
    public static var observesSingleStoreCountersApart: Bool { Entry.observesSingleStoreCountersApart }

    /// The architecture's name in result rows.
    @usableFromInline static var name: ArchitectureName { ArchitectureName(id) }
}

extension ArchitectureName {
    /// The row name of a registered architecture: its id's spelling, which is a valid name.
    init(_ id: ArchitectureID) {
        self.init(stringLiteral: id.rawValue)
    }
}

extension LayoutName {
    /// The row name of a layout: its spelling, which is a valid name.
    @usableFromInline init(_ layout: Layout) {
        self.init(stringLiteral: layout.rawValue)
    }
}
