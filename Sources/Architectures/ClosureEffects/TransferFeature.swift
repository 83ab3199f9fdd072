import Domain
import Foundation

/// The money transfer of "MVVM + Reducer Pattern" as a reducer with closure effects.
///
/// The state is Domain's ``TransferState``. Loading accounts and submitting a transfer return `run`
/// effects that call the use cases and feed the outcome back as ``Feedback``. A completed transfer
/// also emits the ``Output`` `transferSucceeded`, fire and forget (for a confirmation banner, say).
/// Loading is cancellable by ``CancelID/loadAccounts`` with `cancelInFlight` (the newest load wins). A
/// submit is never cancelled by another action: while one is in flight (`isSubmitting`), a second
/// `submitTransfer` does nothing at all, so money moves once and every executed transfer arrives as one
/// `transferCompleted`.
public struct TransferFeature: Reducer {
    public typealias State = TransferState

    /// The inputs: what a view or a parent may send.
    public enum Action: Equatable, Sendable {
        case loadAccounts
        case selectFrom(Account)
        case selectTo(Account)
        case updateAmount(Decimal)
        case submitTransfer
        case resetError
    }

    /// What the effects started by `loadAccounts` and `submitTransfer` send back.
    public enum Feedback: Equatable, Sendable {
        /// The fetch started by `loadAccounts` succeeded.
        case accountsLoaded([Account])
        /// The fetch started by `loadAccounts` failed.
        case accountsFailedToLoad(TransferError)
        /// The transfer started by `submitTransfer` moved the money.
        case transferCompleted(Transaction)
        /// The transfer started by `submitTransfer` was refused or failed.
        case transferFailed(TransferError)
    }

    /// Events for the store's listeners, not kept in the state.
    public enum Output: Equatable, Sendable {
        /// A transfer moved money: emitted once per completed transfer.
        case transferSucceeded(Transaction)
    }

    /// Names the work this feature can cancel.
    public enum CancelID: Hashable, Sendable {
        case loadAccounts
    }

    private let getAccounts: GetAccountsUseCase
    private let transferMoney: TransferMoneyUseCase

    public init(getAccounts: GetAccountsUseCase, transferMoney: TransferMoneyUseCase) {
        self.getAccounts = getAccounts
        self.transferMoney = transferMoney
    }

    /// The feature with the use cases in `dependencies`.
    public init(_ dependencies: Dependencies) {
        self.init(getAccounts: dependencies.getAccounts, transferMoney: dependencies.transferMoney)
    }

    public func reduce(
        into state: inout TransferState, message: Message<Action, Feedback>
    ) -> Effect<Feedback, Output> {
        switch message {
        case .input(let action):
            reduce(into: &state, input: action)
        case .feedback(let feedback):
            reduce(into: &state, feedback: feedback)
        }
    }

    private func reduce(into state: inout TransferState, input: Action) -> Effect<Feedback, Output> {
        switch input {
        case .loadAccounts:
            state.isLoading = true
            state.error = nil
            return loadAccounts.cancellable(id: CancelID.loadAccounts, cancelInFlight: true)

        case .selectFrom(let account):
            state.selectedFrom = account
            state.error = nil
            return .none

        case .selectTo(let account):
            state.selectedTo = account
            state.error = nil
            return .none

        case .updateAmount(let amount):
            state.amount = amount
            state.error = nil
            return .none

        case .submitTransfer:
            return submit(&state)

        case .resetError:
            state.error = nil
            return .none
        }
    }

    private func reduce(into state: inout TransferState, feedback: Feedback) -> Effect<Feedback, Output> {
        switch feedback {
        case .accountsLoaded(let accounts):
            state.accounts = accounts
            state.isLoading = false
            return .none

        case .accountsFailedToLoad(let error):
            state.isLoading = false
            state.error = error
            return .none

        case .transferCompleted(let transaction):
            state.isLoading = false
            state.isSubmitting = false
            state.lastTransaction = transaction
            state.selectedFrom = nil
            state.selectedTo = nil
            state.amount = 0
            state.accounts.apply(transaction)
            return .output(.transferSucceeded(transaction))

        case .transferFailed(let error):
            state.isLoading = false
            state.isSubmitting = false
            state.error = error
            return .none
        }
    }

    private var loadAccounts: Effect<Feedback, Output> {
        .run { [getAccounts] send in
            do {
                let accounts = try await getAccounts.execute()
                await send(.accountsLoaded(accounts))
            } catch is CancellationError {
                return
            } catch {
                await send(.accountsFailedToLoad(error as? TransferError ?? .unknown))
            }
        }
    }

    /// Starts a transfer unless one is in flight; a missing account fails it without touching the bank.
    private func submit(_ state: inout TransferState) -> Effect<Feedback, Output> {
        guard !state.isSubmitting else { return .none }
        state.isLoading = true
        state.isSubmitting = true
        state.error = nil
        guard let from = state.selectedFrom?.id, let to = state.selectedTo?.id else {
            return .run { send in
                await send(.transferFailed(.invalidSelection))
            }
        }
        let amount = state.amount
        return .run { [transferMoney] send in
            do {
                let transaction = try await transferMoney.execute(from: from, to: to, amount: amount)
                await send(.transferCompleted(transaction))
            } catch is CancellationError {
                return
            } catch {
                await send(.transferFailed(error as? TransferError ?? .unknown))
            }
        }
    }
}
