import Domain
import Foundation
import Observation

/// The composed app, multi-store layout: one view model per feature under a thin root.
///
/// "MVVM vs TCA", §6.1 ("MVVM — child ViewModels"): the root holds the selected tab and owns its child
/// view models; views talk to the children directly. The cross-feature rule (a counter's quote load
/// selects the counter tab) is wired the plain MVVM way, with a callback: the root sets each
/// counter's ``CounterViewModel/onLoadQuote``, so the rule holds however the counter is reached.
/// Each child is observed on its own, so a change to one counter wakes only that counter's observers.
@Observable
@MainActor
public final class AppViewModel {
    public var selectedTab: Tab
    public let counters: [CounterViewModel]
    public let transfer: TransferViewModel

    public init(
        selectedTab: Tab = .counter,
        counters: [CounterState],
        transfer: TransferState = TransferState(),
        dependencies: Dependencies
    ) {
        self.selectedTab = selectedTab
        self.counters = counters.map {
            CounterViewModel(initialState: $0, quoteClient: dependencies.quoteClient)
        }
        self.transfer = TransferViewModel(initialState: transfer, dependencies: dependencies)
        for counter in self.counters {
            counter.onLoadQuote = { [weak self] in self?.selectedTab = .counter }
        }
    }

    /// An app with `counterCount` counters and a transfer feature, all in their initial state.
    public convenience init(counterCount: Int, dependencies: Dependencies) {
        self.init(
            counters: Array(repeating: CounterState(), count: counterCount),
            dependencies: dependencies
        )
    }

    /// The number of request tasks the child view models hold.
    public var inFlightEffectCount: Int {
        counters.reduce(transfer.inFlightEffectCount) { $0 + $1.inFlightEffectCount }
    }
}

/// The composed app, single-store layout: one observable view model owns the whole app state.
///
/// The "single store" question of "The Many Flavors of Unidirectional Architectures in Swift", asked of
/// plain MVVM: `selectedTab`, every counter's state and the transfer state are stored properties of one
/// object, and the intents take the counter's index. There are no child view models, so observation is
/// as coarse as the properties: reading one counter reads `counters`, and any counter's change wakes
/// every counter's observers.
@Observable
@MainActor
public final class SingleStoreAppViewModel {
    public var selectedTab: Tab
    public private(set) var counters: [CounterState]
    public private(set) var transfer: TransferState

    private let quoteClient: QuoteClient
    private let getAccounts: GetAccountsUseCase
    private let transferMoney: TransferMoneyUseCase

    /// Each counter's newest quote fetch, while it runs; indexed like `counters`.
    @ObservationIgnored private var quoteTasks: [Task<Quote, any Error>?]
    /// The request of the newest `loadAccounts()`, while it runs.
    @ObservationIgnored private var accountsTask: Task<[Account], any Error>?
    /// The transfer sent to the bank, while it runs.
    @ObservationIgnored private var transferTask: Task<Transaction, any Error>?
    @ObservationIgnored private var rows: [Int: CounterRow] = [:]

    public init(
        selectedTab: Tab = .counter,
        counters: [CounterState],
        transfer: TransferState = TransferState(),
        dependencies: Dependencies
    ) {
        self.selectedTab = selectedTab
        self.counters = counters
        self.transfer = transfer
        quoteClient = dependencies.quoteClient
        getAccounts = dependencies.getAccounts
        transferMoney = dependencies.transferMoney
        quoteTasks = Array(repeating: nil, count: counters.count)
    }

    /// An app with `counterCount` counters and a transfer feature, all in their initial state.
    public convenience init(counterCount: Int, dependencies: Dependencies) {
        self.init(
            counters: Array(repeating: CounterState(), count: counterCount),
            dependencies: dependencies
        )
    }

    /// The number of request tasks this view model holds.
    public var inFlightEffectCount: Int {
        quoteTasks.count { $0 != nil } + (accountsTask == nil ? 0 : 1) + (transferTask == nil ? 0 : 1)
    }

    // MARK: Counters

    public func increment(counterAt index: Int) {
        counters[index].count += 1
        syncRow(index)
    }

    public func decrement(counterAt index: Int) {
        counters[index].count -= 1
        syncRow(index)
    }

    /// Counter `index` as an observable object of its own, for a row view that should be woken by
    /// that counter's changes only (reading `counters[index]` tracks every counter). The app keeps the
    /// row up to date after each change of that counter; asking twice returns the same row.
    public func row(at index: Int) -> CounterRow {
        if let row = rows[index] { return row }
        let row = CounterRow(counters[index])
        rows[index] = row
        return row
    }

    /// Hands counter `index`'s new state to its row, if one was asked for.
    private func syncRow(_ index: Int) {
        rows[index]?.state = counters[index]
    }

    /// Selects the counter tab and loads a quote for counter `index`; returns once this load has
    /// finished, was superseded by a newer load of the same counter, or was cancelled.
    public func loadQuote(counterAt index: Int) async {
        selectedTab = .counter
        quoteTasks[index]?.cancel()
        counters[index].isLoading = true
        counters[index].errorMessage = nil
        syncRow(index)

        let request = Task { [quoteClient] in try await quoteClient.fetch() }
        quoteTasks[index] = request
        defer {
            if quoteTasks[index] == request { quoteTasks[index] = nil }
        }
        let result = await request.resultCancellingWithCaller()
        guard quoteTasks[index] == request, !request.isCancelled else { return }

        switch result {
        case .success(let quote):
            counters[index].isLoading = false
            counters[index].quote = quote
        case .failure(let error as QuoteError):
            counters[index].isLoading = false
            counters[index].errorMessage = error.message
        case .failure(is CancellationError):
            break
        case .failure(let error):
            counters[index].isLoading = false
            counters[index].errorMessage = error.localizedDescription
        }
        syncRow(index)
    }

    // MARK: Transfer

    /// Loads the accounts; a newer call cancels this one's request and its answer is dropped.
    public func loadAccounts() async {
        accountsTask?.cancel()
        transfer.isLoading = true
        transfer.error = nil

        let request = Task { [getAccounts] in try await getAccounts.execute() }
        accountsTask = request
        defer {
            if accountsTask == request { accountsTask = nil }
        }
        let result = await request.resultCancellingWithCaller()
        guard accountsTask == request, !request.isCancelled else { return }

        switch result {
        case .success(let accounts):
            transfer.accounts = accounts
            transfer.isLoading = false
        case .failure(is CancellationError):
            break
        case .failure(let error):
            transfer.isLoading = false
            transfer.error = error as? TransferError ?? .unknown
        }
    }

    public func selectFrom(_ account: Account) {
        transfer.selectedFrom = account
        transfer.error = nil
    }

    public func selectTo(_ account: Account) {
        transfer.selectedTo = account
        transfer.error = nil
    }

    public func updateAmount(_ amount: Decimal) {
        transfer.amount = amount
        transfer.error = nil
    }

    /// Sends the selected transfer to the bank and returns once the bank has answered; does nothing
    /// while another transfer is in flight. As in ``TransferViewModel``, the request outlives a
    /// cancelled caller so that its outcome is always shown.
    public func submitTransfer() async {
        guard !transfer.isSubmitting else { return }
        guard let from = transfer.selectedFrom, let to = transfer.selectedTo else {
            transfer.isLoading = false
            transfer.error = .invalidSelection
            return
        }
        transfer.isLoading = true
        transfer.isSubmitting = true
        transfer.error = nil

        let amount = transfer.amount
        let request = Task { [transferMoney] in
            try await transferMoney.execute(from: from.id, to: to.id, amount: amount)
        }
        transferTask = request
        defer { transferTask = nil }

        switch await request.result {
        case .success(let transaction):
            transfer.isLoading = false
            transfer.isSubmitting = false
            transfer.lastTransaction = transaction
            transfer.selectedFrom = nil
            transfer.selectedTo = nil
            transfer.amount = 0
            transfer.accounts.apply(transaction)
        case .failure(is CancellationError):
            break
        case .failure(let error):
            transfer.isLoading = false
            transfer.isSubmitting = false
            transfer.error = error as? TransferError ?? .unknown
        }
    }

    public func resetError() {
        transfer.error = nil
    }
}

/// One counter of a ``SingleStoreAppViewModel`` as its own `@Observable` object (the
/// `single-store-scoped` layout): the app owns the state and copies counter `index`'s value here
/// after each change of it, so an observer of this row is woken by that counter only (and not at all
/// when the value did not change: the `@Observable` setter skips equal values).
@Observable
@MainActor
public final class CounterRow {
    public internal(set) var state: CounterState

    init(_ state: CounterState) {
        self.state = state
    }
}
