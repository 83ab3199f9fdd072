import Domain
import Foundation

/// The money transfer of seed 000 as a reducer with closure effects.
///
/// The state is Domain's ``TransferState``. Loading accounts and submitting a transfer return `run`
/// effects that call the use cases and feed the outcome back as actions. Loading is cancellable by
/// ``CancelID/loadAccounts`` with `cancelInFlight` (the newest load wins). A submit is never
/// cancelled by another action: while one is in flight (`isSubmitting`), a second `submitTransfer` does
/// nothing at all, so money moves once and every executed transfer arrives as one `transferCompleted`.
public struct TransferFeature: Reducer {
    public typealias State = TransferState

    public enum Action: Equatable, Sendable {
        case loadAccounts
        /// Feedback from the fetch started by `loadAccounts`.
        case accountsLoaded([Account])
        /// Feedback from the fetch started by `loadAccounts` when the use case failed.
        case accountsFailedToLoad(TransferError)
        case selectFrom(Account)
        case selectTo(Account)
        case updateAmount(Decimal)
        case submitTransfer
        /// Feedback from the transfer started by `submitTransfer`.
        case transferCompleted(Transaction)
        /// Feedback from the transfer started by `submitTransfer` when it was refused or failed.
        case transferFailed(TransferError)
        case resetError
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

    public func reduce(into state: inout TransferState, action: Action) -> Effect<Action> {
        switch action {
        case .loadAccounts:
            state.isLoading = true
            state.error = nil
            return .run { [getAccounts] send in
                do {
                    let accounts = try await getAccounts.execute()
                    await send(.accountsLoaded(accounts))
                } catch is CancellationError {
                    return
                } catch {
                    await send(.accountsFailedToLoad(error as? TransferError ?? .unknown))
                }
            }
            .cancellable(id: CancelID.loadAccounts, cancelInFlight: true)

        case .accountsLoaded(let accounts):
            state.accounts = accounts
            state.isLoading = false
            return .none

        case .accountsFailedToLoad(let error):
            state.isLoading = false
            state.error = error
            return .none

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

        case .transferCompleted(let transaction):
            state.isLoading = false
            state.isSubmitting = false
            state.lastTransaction = transaction
            state.selectedFrom = nil
            state.selectedTo = nil
            state.amount = 0
            state.accounts.apply(transaction)
            return .none

        case .transferFailed(let error):
            state.isLoading = false
            state.isSubmitting = false
            state.error = error
            return .none

        case .resetError:
            state.error = nil
            return .none
        }
    }
}
