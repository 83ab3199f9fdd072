import Domain
import Foundation

/// The whole app's state for the single-store layout: the selected tab, every counter and the transfer
/// feature, in one value ("The Many Flavors of Unidirectional Architectures in Swift": "one single
/// piece of state", the Redux way).
public struct AppState: Equatable, Sendable {
    public var selectedTab: Tab
    public var counters: [CounterState]
    public var transfer: TransferState

    public init(
        selectedTab: Tab = .counter, counters: [CounterState], transfer: TransferState = TransferState()
    ) {
        self.selectedTab = selectedTab
        self.counters = counters
        self.transfer = transfer
    }

    /// `count` counters in their initial state, an empty transfer form and the counter tab selected.
    public init(counterCount count: Int) {
        self.init(counters: Array(repeating: CounterState(), count: count))
    }
}

/// The single app store's outputs: a feature's output, and which feature sent it.
public enum AppOutput: Equatable, Sendable {
    case counter(index: Int, CounterOutput)
    case transfer(TransferOutput)
}

/// The composed app in the single-store layout: one ``Store`` subclass owns ``AppState`` and offers
/// every intent of every feature, routing counter intents by index ("The Many Flavors of Unidirectional
/// Architectures in Swift", "mixing everything", with the app of "MVVM vs TCA" and its cross-feature
/// rule: loading a counter's quote selects the counter tab).
///
/// Every change of any feature is a change of the one `state`, so everything observing the store is
/// woken by it: the cost "The Many Flavors of Unidirectional Architectures in Swift" describes for a
/// single state value.
@MainActor
public final class AppStore: Store<AppState, AppOutput> {
    private let quoteClient: QuoteClient
    private let getAccounts: GetAccountsUseCase
    private let transferMoney: TransferMoneyUseCase
    /// Each counter's quote load in flight, by counter index: counters load independently.
    private var quoteLoads: [Int: Task<Void, Never>] = [:]
    private var accountsLoad: Task<Void, Never>?
    private var rows: [Int: CounterRowStore] = [:]

    public init(initialState: AppState, dependencies: Dependencies) {
        quoteClient = dependencies.quoteClient
        getAccounts = dependencies.getAccounts
        transferMoney = dependencies.transferMoney
        super.init(initialState: initialState)
    }

    public convenience init(counters count: Int, dependencies: Dependencies) {
        self.init(initialState: AppState(counterCount: count), dependencies: dependencies)
    }

    public func selectTab(_ tab: Tab) {
        state.selectedTab = tab
    }

    // MARK: Counters

    public func increment(counterAt index: Int) {
        state.counters[index].count += 1
        syncRow(index)
    }

    public func decrement(counterAt index: Int) {
        state.counters[index].count -= 1
        syncRow(index)
    }

    /// Counter `index` as a store of its own, for a row view that should be woken by that counter's
    /// changes only (observing this store's `state` is woken by every change). This store hands the
    /// row its counter's new value after each change of it; asking twice returns the same row.
    public func row(at index: Int) -> CounterRowStore {
        if let row = rows[index] { return row }
        let row = CounterRowStore(initialState: state.counters[index])
        rows[index] = row
        return row
    }

    /// Hands counter `index`'s new state to its row store, if one was asked for.
    private func syncRow(_ index: Int) {
        rows[index]?.state = state.counters[index]
    }

    /// Selects the counter tab and loads a quote for counter `index`. A newer load of the same counter
    /// cancels this one, whose answer is then dropped; other counters' loads are left alone.
    public func loadQuote(counterAt index: Int) async {
        quoteLoads[index]?.cancel()
        state.startLoadingQuote(counterAt: index)
        syncRow(index)
        let load = startEffect { [weak self, quoteClient] in
            let result = await quoteClient.fetchResult()
            // Still wanted? A newer load of this counter cancels this one before it starts its own.
            guard let result, !Task.isCancelled, let self else { return }
            state.counters[index].finishLoadingQuote(with: result)
            syncRow(index)
            send(output: .counter(index: index, CounterOutput(result)))
        }
        quoteLoads[index] = load
        await withTaskCancellationHandler {
            await load.value
        } onCancel: {
            load.cancel()
        }
        if quoteLoads[index] == load {
            quoteLoads[index] = nil
        }
    }

    // MARK: Transfer

    /// Loads the bank's accounts; a newer call cancels this one, whose answer is then dropped.
    public func loadAccounts() async {
        accountsLoad?.cancel()
        state.transfer.startLoadingAccounts()
        let load = startEffect { [weak self, getAccounts] in
            let result = await getAccounts.result()
            guard let result, !Task.isCancelled, let self else { return }
            state.transfer.finishLoadingAccounts(with: result)
        }
        accountsLoad = load
        await withTaskCancellationHandler {
            await load.value
        } onCancel: {
            load.cancel()
        }
        if accountsLoad == load {
            accountsLoad = nil
        }
    }

    public func selectFrom(_ account: Account) {
        state.transfer.selectFrom(account)
    }

    public func selectTo(_ account: Account) {
        state.transfer.selectTo(account)
    }

    public func updateAmount(_ amount: Decimal) {
        state.transfer.updateAmount(amount)
    }

    public func resetError() {
        state.transfer.error = nil
    }

    /// Sends the selected transfer to the bank and shows the outcome; does nothing while another
    /// transfer is in flight, and runs to the bank's answer once accepted.
    public func submitTransfer() async {
        guard !state.transfer.isSubmitting else { return }
        state.transfer.startSubmitting()
        guard let from = state.transfer.selectedFrom, let to = state.transfer.selectedTo else {
            finishSubmitting(with: .failure(.invalidSelection))
            return
        }
        let amount = state.transfer.amount
        let submission = startEffect { [weak self, transferMoney] in
            let result = await transferMoney.result(from: from.id, to: to.id, amount: amount)
            guard let result, let self else { return }
            finishSubmitting(with: result)
        }
        await submission.value
    }

    private func finishSubmitting(with result: Result<Transaction, TransferError>) {
        state.transfer.finishSubmitting(with: result)
        send(output: .transfer(TransferOutput(result)))
    }
}

extension AppState {
    /// The cross-feature rule and the start of the load, as one change.
    mutating func startLoadingQuote(counterAt index: Int) {
        selectedTab = .counter
        counters[index].startLoadingQuote()
    }
}

/// The composed app in the multi-store layout: a thin root whose whole state is the selected tab,
/// holding one ``CounterStore`` per counter and one ``TransferStore`` ("The Many Flavors of
/// Unidirectional Architectures in Swift": distributed state, the Flux way).
///
/// Each child store is observed on its own, so a change of one counter wakes only that counter's
/// observers. Intents go to the children directly (`root.counters[2].increment()`), except a
/// counter's quote load: it goes through ``loadQuote(counterAt:)``, which applies the cross-feature
/// rule and forwards to the child.
@MainActor
public final class AppRootStore: Store<Tab, Never> {
    public let counters: [CounterStore]
    public let transfer: TransferStore

    public init(selectedTab: Tab = .counter, counters: [CounterStore], transfer: TransferStore) {
        self.counters = counters
        self.transfer = transfer
        super.init(initialState: selectedTab)
    }

    /// `count` fresh counters and a fresh transfer feature, all sharing `dependencies`.
    public convenience init(counters count: Int, dependencies: Dependencies) {
        self.init(
            counters: (0..<count).map { _ in CounterStore(quoteClient: dependencies.quoteClient) },
            transfer: TransferStore(dependencies: dependencies)
        )
    }

    public var selectedTab: Tab {
        state
    }

    public func selectTab(_ tab: Tab) {
        state = tab
    }

    /// Selects the counter tab, then loads a quote in counter `index`'s store.
    public func loadQuote(counterAt index: Int) async {
        state = .counter
        await counters[index].loadQuote()
    }

    /// The effects running in the root's children: the root itself starts none.
    override public var inFlightEffectCount: Int {
        counters.reduce(transfer.inFlightEffectCount) { $0 + $1.inFlightEffectCount }
    }

    /// Returns once every child store has settled.
    override public func settle() async {
        repeat {
            for counter in counters {
                await counter.settle()
            }
            await transfer.settle()
        } while inFlightEffectCount > 0
    }
}

/// One counter of an ``AppStore`` as a store of its own (the `single-store-scoped` layout): the app
/// store owns the state and assigns counter `index`'s new value here after each change of it, so an
/// observer of this store's `state` is woken by that counter only (an equal value notifies no one).
@MainActor
public final class CounterRowStore: Store<CounterState, Never> {}
