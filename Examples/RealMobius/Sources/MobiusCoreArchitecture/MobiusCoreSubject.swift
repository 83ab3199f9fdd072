import BenchmarkSuites
import Domain
import Foundation
import MobiusCore

/// The real MobiusCore as the benchmark suites call it: each timed call is the loop's own
/// `dispatchEvent(_:)` (through ``MobiusStore/dispatch(_:)``), as a Mobius app calls it.
public enum MobiusCoreSubject: ArchitectureSubject {
    public typealias Entry = MobiusCoreArchitecture

    public static func makeCounter(quoteClient: QuoteClient) -> CounterStore {
        CounterFeature.makeStore(quoteClient: quoteClient)
    }

    public static func increment(_ counter: CounterStore) {
        counter.dispatch(.increment)
    }

    public static func loadQuote(_ counter: CounterStore) async {
        counter.dispatch(.loadQuote)
        await counter.settle()
    }

    public static func inFlightEffects(_ counter: CounterStore) -> Int {
        counter.effects.count
    }

    public static func makeTransfer(_ state: TransferState, dependencies: Dependencies) -> TransferStore {
        TransferFeature.makeStore(state, dependencies: dependencies)
    }

    public static func updateAmount(_ transfer: TransferStore, _ amount: Decimal) {
        transfer.dispatch(.updateAmount(amount))
    }

    public static func selectFrom(_ transfer: TransferStore, _ account: Account) {
        transfer.dispatch(.selectFrom(account))
    }

    public static func selectTo(_ transfer: TransferStore, _ account: Account) {
        transfer.dispatch(.selectTo(account))
    }

    public static func submitTransfer(_ transfer: TransferStore) async {
        transfer.dispatch(.submitTransfer)
        await transfer.settle()
    }

    public static func loadAccounts(_ transfer: TransferStore) async {
        transfer.dispatch(.loadAccounts)
        await transfer.settle()
    }

    public static func makeSingleStoreApp(counters: Int, dependencies: Dependencies) -> AppStore {
        AppFeature.makeStore(counters: counters, dependencies: dependencies)
    }

    public static func observeCounter(
        _ app: AppStore, at index: Int, onChange: @escaping @MainActor () -> Void
    ) {
        app.addObserver { _ in onChange() }
    }

    public static func increment(_ app: AppStore, counterAt index: Int) {
        app.dispatch(.counter(index: index, .increment))
    }

    public static func selectTab(_ app: AppStore, _ tab: Tab) {
        app.dispatch(.selectTab(tab))
    }

    public static func observeScopedCounter(
        _ app: AppStore, at index: Int, onChange: @escaping @MainActor () -> Void
    ) {
        app.observeCounter(at: index, onChange: onChange)
    }

    public static func makeMultiStoreApp(counters: Int, dependencies: Dependencies) -> AppRoot {
        AppRoot(counters: counters, dependencies: dependencies)
    }

    public static func observeCounter(
        _ app: AppRoot, at index: Int, onChange: @escaping @MainActor () -> Void
    ) {
        app.counters[index].addObserver { _ in onChange() }
    }

    public static func increment(_ app: AppRoot, counterAt index: Int) {
        app.counters[index].dispatch(.increment)
    }

    public static func selectTab(_ app: AppRoot, _ tab: Tab) {
        app.dispatch(.selectTab(tab))
    }

    public static func transferDriver(_ transfer: TransferStore) -> any FeatureDriver<
        TransferIntent, TransferState
    > {
        TransferDriver(transfer)
    }

    public static func snapshot(_ counter: CounterStore) -> CounterState { counter.model }
    public static func snapshot(_ transfer: TransferStore) -> TransferState { transfer.model }
    public static func inFlightEffects(_ transfer: TransferStore) -> Int { transfer.effects.count }
    public static func counterSnapshot(_ app: AppStore, at index: Int) -> CounterState {
        app.model.counters[index]
    }
    public static func counterSnapshot(_ app: AppRoot, at index: Int) -> CounterState {
        app.counters[index].model
    }
    public static func selectedTab(_ app: AppStore) -> Tab { app.model.selectedTab }
    public static func selectedTab(_ app: AppRoot) -> Tab { app.selectedTab }
}
