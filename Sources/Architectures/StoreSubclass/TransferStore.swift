import Domain
import Foundation

/// What a transfer store announces once and does not keep: the "output" messages of "The Many Flavors
/// of Unidirectional Architectures in Swift", for things like a confirmation toast that should not come
/// back when the screen is redrawn.
public enum TransferOutput: Equatable, Sendable {
    /// The bank executed a transfer; it is also `lastTransaction`.
    case transferCompleted(Transaction)
    /// A submitted transfer was refused or could not reach the bank; the reason is also `error`.
    case transferFailed(TransferError)
}

/// The money transfer of "MVVM + Reducer Pattern" as a ``Store`` subclass ("The Many Flavors of
/// Unidirectional Architectures in Swift", "mixing everything").
///
/// The selection and amount intents are synchronous methods that change ``Store/state``.
/// `loadAccounts()` and `submitTransfer()` change it, await their use case and apply the answer.
/// A newer `loadAccounts()` cancels the older one; a `submitTransfer()` while a transfer is in flight
/// does nothing at all, so money never moves twice.
@MainActor
public final class TransferStore: Store<TransferState, TransferOutput> {
    private let getAccounts: GetAccountsUseCase
    private let transferMoney: TransferMoneyUseCase
    /// The accounts load in flight, so that a newer load can cancel it.
    private var accountsLoad: Task<Void, Never>?

    public init(
        initialState: TransferState = TransferState(),
        getAccounts: GetAccountsUseCase,
        transferMoney: TransferMoneyUseCase
    ) {
        self.getAccounts = getAccounts
        self.transferMoney = transferMoney
        super.init(initialState: initialState)
    }

    public convenience init(initialState: TransferState = TransferState(), dependencies: Dependencies) {
        self.init(
            initialState: initialState,
            getAccounts: dependencies.getAccounts,
            transferMoney: dependencies.transferMoney
        )
    }

    /// Loads the bank's accounts. A newer call cancels this one, whose answer is then dropped;
    /// cancelling the calling task cancels the load too.
    public func loadAccounts() async {
        accountsLoad?.cancel()
        state.startLoadingAccounts()
        let load = startEffect { [weak self, getAccounts] in
            let result = await getAccounts.result()
            // Still wanted? A newer load cancels this one before it starts its own.
            guard let result, !Task.isCancelled, let self else { return }
            state.finishLoadingAccounts(with: result)
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
        state.selectFrom(account)
    }

    public func selectTo(_ account: Account) {
        state.selectTo(account)
    }

    public func updateAmount(_ amount: Decimal) {
        state.updateAmount(amount)
    }

    public func resetError() {
        state.error = nil
    }

    /// Sends the selected transfer to the bank and shows the outcome.
    ///
    /// Does nothing while another transfer is in flight. Once accepted, a transfer runs until the bank
    /// answers, even if the calling task is cancelled: the money may already have moved, and the
    /// outcome must be shown.
    public func submitTransfer() async {
        guard !state.isSubmitting else { return }
        state.startSubmitting()
        guard let from = state.selectedFrom, let to = state.selectedTo else {
            finishSubmitting(with: .failure(.invalidSelection))
            return
        }
        let amount = state.amount
        let submission = startEffect { [weak self, transferMoney] in
            let result = await transferMoney.result(from: from.id, to: to.id, amount: amount)
            guard let result, let self else { return }
            finishSubmitting(with: result)
        }
        await submission.value
    }

    private func finishSubmitting(with result: Result<Transaction, TransferError>) {
        state.finishSubmitting(with: result)
        send(output: TransferOutput(result))
    }
}

extension TransferState {
    // Each change below is one mutation of the state, so observers see one new state per step.

    mutating func startLoadingAccounts() {
        isLoading = true
        error = nil
    }

    mutating func finishLoadingAccounts(with result: Result<[Account], TransferError>) {
        isLoading = false
        switch result {
        case .success(let accounts):
            self.accounts = accounts
        case .failure(let error):
            self.error = error
        }
    }

    mutating func selectFrom(_ account: Account) {
        selectedFrom = account
        error = nil
    }

    mutating func selectTo(_ account: Account) {
        selectedTo = account
        error = nil
    }

    mutating func updateAmount(_ amount: Decimal) {
        self.amount = amount
        error = nil
    }

    mutating func startSubmitting() {
        isLoading = true
        isSubmitting = true
        error = nil
    }

    /// The bank's answer: on success the transaction is shown, the form cleared and the two balances
    /// moved exactly as the bank moved them.
    mutating func finishSubmitting(with result: Result<Transaction, TransferError>) {
        isLoading = false
        isSubmitting = false
        switch result {
        case .success(let transaction):
            lastTransaction = transaction
            selectedFrom = nil
            selectedTo = nil
            amount = 0
            accounts.apply(transaction)
        case .failure(let error):
            self.error = error
        }
    }
}

extension TransferOutput {
    init(_ result: Result<Transaction, TransferError>) {
        switch result {
        case .success(let transaction): self = .transferCompleted(transaction)
        case .failure(let error): self = .transferFailed(error)
        }
    }
}

extension GetAccountsUseCase {
    /// The accounts as a `Result`, or `nil` when the load ended because its task was cancelled.
    func result() async -> Result<[Account], TransferError>? {
        do {
            return .success(try await execute())
        } catch is CancellationError {
            return nil
        } catch {
            return .failure(error as? TransferError ?? .unknown)
        }
    }
}

extension TransferMoneyUseCase {
    /// The transfer as a `Result`, or `nil` when it ended because its task was cancelled.
    func result(from: AccountID, to: AccountID, amount: Decimal) async -> Result<Transaction, TransferError>?
    {
        do {
            return .success(try await execute(from: from, to: to, amount: amount))
        } catch is CancellationError {
            return nil
        } catch {
            return .failure(error as? TransferError ?? .unknown)
        }
    }
}
