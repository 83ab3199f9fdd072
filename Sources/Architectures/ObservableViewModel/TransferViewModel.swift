import Domain
import Foundation
import Observation

/// The money-transfer feature as a plain observable view model.
///
/// The "typical ViewModel" of "MVVM + Reducer Pattern" (its starting point, before it adds a reducer),
/// written with the care the article asks for: the use cases are injected, a newer `loadAccounts()`
/// cancels the older one, every `await` is followed by a check before any property changes, and a
/// second `submitTransfer()` while one is in flight does nothing, so money never moves twice.
@Observable
@MainActor
public final class TransferViewModel {
    public private(set) var accounts: [Account]
    public private(set) var selectedFrom: Account?
    public private(set) var selectedTo: Account?
    public private(set) var amount: Decimal
    /// True while accounts are loading or a transfer is in flight.
    public private(set) var isLoading: Bool
    /// True from an accepted `submitTransfer()` until the bank has answered it.
    public private(set) var isSubmitting: Bool
    public private(set) var error: TransferError?
    public private(set) var lastTransaction: Transaction?

    private let getAccounts: GetAccountsUseCase
    private let transferMoney: TransferMoneyUseCase

    /// The request of the newest `loadAccounts()`, while it runs.
    @ObservationIgnored private var accountsTask: Task<[Account], any Error>?
    /// The transfer sent to the bank, while it runs.
    @ObservationIgnored private var transferTask: Task<Transaction, any Error>?

    public init(
        initialState: TransferState = TransferState(),
        getAccounts: GetAccountsUseCase,
        transferMoney: TransferMoneyUseCase
    ) {
        accounts = initialState.accounts
        selectedFrom = initialState.selectedFrom
        selectedTo = initialState.selectedTo
        amount = initialState.amount
        isLoading = initialState.isLoading
        isSubmitting = initialState.isSubmitting
        error = initialState.error
        lastTransaction = initialState.lastTransaction
        self.getAccounts = getAccounts
        self.transferMoney = transferMoney
    }

    public convenience init(initialState: TransferState = TransferState(), dependencies: Dependencies) {
        self.init(
            initialState: initialState,
            getAccounts: dependencies.getAccounts,
            transferMoney: dependencies.transferMoney
        )
    }

    /// Both accounts chosen, different, and a positive amount.
    public var canSubmit: Bool {
        guard let selectedFrom, let selectedTo else { return false }
        return amount > 0 && selectedFrom.id != selectedTo.id
    }

    /// The number of request tasks this view model holds (an accounts load and a transfer at most).
    public var inFlightEffectCount: Int {
        (accountsTask == nil ? 0 : 1) + (transferTask == nil ? 0 : 1)
    }

    /// Loads the accounts and returns once this load has finished, was superseded, or was cancelled.
    ///
    /// A newer call cancels this one's request and its answer is dropped. A failure shows its
    /// ``TransferError`` ("MVVM + Reducer Pattern" shows `networkError`; the use case tells us which
    /// error it was).
    public func loadAccounts() async {
        accountsTask?.cancel()
        isLoading = true
        error = nil

        let request = Task { [getAccounts] in try await getAccounts.execute() }
        accountsTask = request
        defer {
            if accountsTask == request { accountsTask = nil }
        }
        let result = await request.resultCancellingWithCaller()
        guard accountsTask == request, !request.isCancelled else { return }

        switch result {
        case .success(let accounts):
            self.accounts = accounts
            isLoading = false
        case .failure(is CancellationError):
            break
        case .failure(let error):
            isLoading = false
            self.error = error as? TransferError ?? .unknown
        }
    }

    public func selectFrom(_ account: Account) {
        selectedFrom = account
        error = nil
    }

    public func selectTo(_ account: Account) {
        selectedTo = account
        error = nil
    }

    public func updateAmount(_ amount: Decimal) {
        self.amount = amount
        error = nil
    }

    /// Sends the selected transfer to the bank and returns once the bank has answered.
    ///
    /// Does nothing at all while another transfer is in flight. Without both accounts selected it
    /// fails at once with `invalidSelection`. The request is deliberately not cancelled with the
    /// calling task: once money may have moved, the outcome is always shown.
    public func submitTransfer() async {
        guard !isSubmitting else { return }
        guard let from = selectedFrom, let to = selectedTo else {
            isLoading = false
            error = .invalidSelection
            return
        }
        isLoading = true
        isSubmitting = true
        error = nil

        let amount = amount
        let request = Task { [transferMoney] in
            try await transferMoney.execute(from: from.id, to: to.id, amount: amount)
        }
        transferTask = request
        defer { transferTask = nil }

        switch await request.result {
        case .success(let transaction):
            isLoading = false
            isSubmitting = false
            lastTransaction = transaction
            selectedFrom = nil
            selectedTo = nil
            self.amount = 0
            accounts.apply(transaction)
        case .failure(is CancellationError):
            break
        case .failure(let error):
            isLoading = false
            isSubmitting = false
            self.error = error as? TransferError ?? .unknown
        }
    }

    public func resetError() {
        error = nil
    }
}
