import Domain
import Foundation

/// The money transfer ("MVVM + Reducer Pattern") as a pure update returning effect values ("State
/// containers", "effect values"). ``TransferEffectHandler`` performs its effects.
///
/// - `loadAccounts` returns `[.cancelAccountsFetch, .fetchAccounts]`, so a newer load cancels the older
///   one and only the newest list is applied.
/// - `submitTransfer` while `isSubmitting` is `.noChange`: money never moves twice. Otherwise it
///   returns `.submit(from:to:amount:)` with the chosen accounts, or `.reportInvalidSelection` when
///   one is missing; either ends in exactly one `transferCompleted` or `transferFailed`.
/// - `resetError` without an error is `.noChange`.
public enum TransferFeature: Update {
    public typealias State = TransferState

    /// Everything that can happen to the transfer feature: the user's intents and the effects' feedback.
    public enum Event: Equatable, Sendable {
        case loadAccounts
        case accountsLoaded(Result<[Account], TransferError>)
        case selectFrom(Account)
        case selectTo(Account)
        case updateAmount(Decimal)
        case submitTransfer
        case transferCompleted(Transaction)
        case transferFailed(TransferError)
        case resetError
    }

    /// The work the transfer feature asks for, as values.
    public enum Effect: Equatable, Sendable {
        /// Load the accounts and report them as `accountsLoaded`.
        case fetchAccounts
        /// Cancel the running accounts fetch, if any; its result must never be applied.
        case cancelAccountsFetch
        /// Move `amount` between the two accounts and report `transferCompleted` or `transferFailed`.
        case submit(from: AccountID, to: AccountID, amount: Decimal)
        /// Report `transferFailed(.invalidSelection)`: a submit without both accounts chosen.
        case reportInvalidSelection
    }

    public static func update(_ state: TransferState, _ event: Event) -> Next<TransferState, Effect> {
        var state = state
        switch event {
        case .loadAccounts:
            state.isLoading = true
            state.error = nil
            return .next(state, effects: [.cancelAccountsFetch, .fetchAccounts])
        case .accountsLoaded(.success(let accounts)):
            state.accounts = accounts
            state.isLoading = false
        case .accountsLoaded(.failure(let error)):
            state.isLoading = false
            state.error = error
        case .selectFrom(let account):
            state.selectedFrom = account
            state.error = nil
        case .selectTo(let account):
            state.selectedTo = account
            state.error = nil
        case .updateAmount(let amount):
            state.amount = amount
            state.error = nil
        case .submitTransfer:
            return submit(state)
        case .transferCompleted(let transaction):
            complete(&state, with: transaction)
        case .transferFailed(let error):
            state.isLoading = false
            state.isSubmitting = false
            state.error = error
        case .resetError:
            guard state.error != nil else { return .noChange }
            state.error = nil
        }
        return .next(state)
    }

    /// An accepted submit: the state shows it in flight and the effect names the transfer to make.
    private static func submit(_ state: TransferState) -> Next<TransferState, Effect> {
        guard !state.isSubmitting else { return .noChange }
        var state = state
        state.isLoading = true
        state.isSubmitting = true
        state.error = nil
        guard let from = state.selectedFrom, let to = state.selectedTo else {
            return .next(state, effects: [.reportInvalidSelection])
        }
        return .next(state, effects: [.submit(from: from.id, to: to.id, amount: state.amount)])
    }

    /// A finished transfer: the amounts move in the accounts shown and the form is cleared.
    private static func complete(_ state: inout TransferState, with transaction: Transaction) {
        state.isLoading = false
        state.isSubmitting = false
        state.lastTransaction = transaction
        state.selectedFrom = nil
        state.selectedTo = nil
        state.amount = 0
        state.accounts.apply(transaction)
    }
}

/// Performs the transfer feature's effects with the two use cases ("State containers", "effect
/// values": the impure half).
public struct TransferEffectHandler: EffectHandler {
    /// The transfer feature's tasks. Only `accountsFetch` is ever cancelled; a submission, once
    /// accepted, runs to its one outcome.
    public enum TaskID: Hashable, Sendable {
        case accountsFetch
        case submission
    }

    public let getAccounts: GetAccountsUseCase
    public let transferMoney: TransferMoneyUseCase

    public init(getAccounts: GetAccountsUseCase, transferMoney: TransferMoneyUseCase) {
        self.getAccounts = getAccounts
        self.transferMoney = transferMoney
    }

    public func handle(_ effect: TransferFeature.Effect) -> EffectExecution<TaskID, TransferFeature.Event> {
        switch effect {
        case .fetchAccounts:
            return .run(.accountsFetch) { [getAccounts] in await Self.fetchAccounts(with: getAccounts) }
        case .cancelAccountsFetch:
            return .cancel(.accountsFetch)
        case .submit(let from, let to, let amount):
            return .run(.submission) { [transferMoney] in
                await Self.transfer(amount, from: from, to: to, with: transferMoney)
            }
        case .reportInvalidSelection:
            return .run(.submission) { .transferFailed(.invalidSelection) }
        }
    }

    /// The accounts as an `accountsLoaded` event; nothing if the fetch was cancelled.
    @concurrent
    private static func fetchAccounts(with useCase: GetAccountsUseCase) async -> TransferFeature.Event? {
        do {
            return .accountsLoaded(.success(try await useCase.execute()))
        } catch let error as TransferError {
            return .accountsLoaded(.failure(error))
        } catch is CancellationError {
            return nil
        } catch {
            return .accountsLoaded(.failure(.unknown))
        }
    }

    /// The transfer's outcome as one event; nothing if the request was cancelled.
    @concurrent
    private static func transfer(
        _ amount: Decimal,
        from: AccountID,
        to: AccountID,
        with useCase: TransferMoneyUseCase
    ) async -> TransferFeature.Event? {
        do {
            return .transferCompleted(try await useCase.execute(from: from, to: to, amount: amount))
        } catch let error as TransferError {
            return .transferFailed(error)
        } catch is CancellationError {
            return nil
        } catch {
            return .transferFailed(.unknown)
        }
    }
}

/// The transfer feature as one loop: its native API (`dispatch`, `state`, `addObserver`, `settle`).
public typealias TransferLoop = Loop<TransferFeature, TransferEffectHandler>
