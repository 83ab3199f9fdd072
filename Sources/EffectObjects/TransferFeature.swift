import Domain
import Foundation

/// The money transfer (seed 000) as a workflow of effect objects (seed 002, "effect objects").
///
/// The reducer changes a `TransferState` and returns ``LoadAccounts``, ``SubmitTransfer`` or
/// ``ReportInvalidSelection``, each owning what it needs. Run it with
/// `WorkflowHost(state: TransferState(), workflow: TransferFeature(dependencies: ...))`.
public struct TransferFeature: Workflow, Sendable {
    public typealias State = TransferState

    /// What can happen to a transfer: the user's intents and the answers of the effects.
    public enum Action: Equatable, Sendable {
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

    public var getAccounts: GetAccountsUseCase
    public var transferMoney: TransferMoneyUseCase

    public init(getAccounts: GetAccountsUseCase, transferMoney: TransferMoneyUseCase) {
        self.getAccounts = getAccounts
        self.transferMoney = transferMoney
    }

    public init(dependencies: Dependencies) {
        self.init(getAccounts: dependencies.getAccounts, transferMoney: dependencies.transferMoney)
    }

    public func reduce(into state: inout TransferState, action: Action) -> [any Effect<Action>] {
        switch action {
        case .loadAccounts:
            state.isLoading = true
            state.error = nil
            return [LoadAccounts(useCase: getAccounts)]

        case .accountsLoaded(.success(let accounts)):
            state.accounts = accounts
            state.isLoading = false
            return []

        case .accountsLoaded(.failure(let error)):
            state.isLoading = false
            state.error = error
            return []

        case .selectFrom(let account):
            state.selectedFrom = account
            state.error = nil
            return []

        case .selectTo(let account):
            state.selectedTo = account
            state.error = nil
            return []

        case .updateAmount(let amount):
            state.amount = amount
            state.error = nil
            return []

        case .submitTransfer:
            guard !state.isSubmitting else { return [] }
            state.isLoading = true
            state.isSubmitting = true
            state.error = nil
            guard let from = state.selectedFrom, let to = state.selectedTo else {
                return [ReportInvalidSelection()]
            }
            return [SubmitTransfer(useCase: transferMoney, from: from.id, to: to.id, amount: state.amount)]

        case .transferCompleted(let transaction):
            state.isLoading = false
            state.isSubmitting = false
            state.lastTransaction = transaction
            state.selectedFrom = nil
            state.selectedTo = nil
            state.amount = 0
            state.accounts.apply(transaction)
            return []

        case .transferFailed(let error):
            state.isLoading = false
            state.isSubmitting = false
            state.error = error
            return []

        case .resetError:
            state.error = nil
            return []
        }
    }
}

/// Loads the accounts and answers `accountsLoaded` (seed 002, "effect objects").
///
/// One load runs per host: a newer `LoadAccounts` replaces the running one, whose answer is dropped.
/// A failure answers the `TransferError`; a cancelled load answers nothing.
public struct LoadAccounts: Effect {
    public let useCase: GetAccountsUseCase

    public init(useCase: GetAccountsUseCase) {
        self.useCase = useCase
    }

    public var cancellationKey: AnyHashable? {
        ObjectIdentifier(LoadAccounts.self)
    }

    public func run() async -> TransferFeature.Action? {
        do {
            return .accountsLoaded(.success(try await useCase.execute()))
        } catch is CancellationError {
            return nil
        } catch {
            return .accountsLoaded(.failure(error as? TransferError ?? .unknown))
        }
    }
}

/// Executes one transfer and answers `transferCompleted` or `transferFailed` (seed 002, "effect
/// objects").
///
/// It has no cancellation key: nothing replaces a transfer once the bank may have moved the money,
/// so every executed transfer is answered exactly once.
public struct SubmitTransfer: Effect {
    public let useCase: TransferMoneyUseCase
    public let from: AccountID
    public let to: AccountID
    public let amount: Decimal

    public init(useCase: TransferMoneyUseCase, from: AccountID, to: AccountID, amount: Decimal) {
        self.useCase = useCase
        self.from = from
        self.to = to
        self.amount = amount
    }

    public func run() async -> TransferFeature.Action? {
        do {
            return .transferCompleted(try await useCase.execute(from: from, to: to, amount: amount))
        } catch is CancellationError {
            return nil
        } catch {
            return .transferFailed(error as? TransferError ?? .unknown)
        }
    }
}

/// Answers `transferFailed(.invalidSelection)` for a submit without both accounts chosen (seed 002,
/// "effect objects"): the failure reaches the state through the same feedback path as a failed
/// transfer.
public struct ReportInvalidSelection: Effect {
    public init() {}

    public func run() async -> TransferFeature.Action? {
        .transferFailed(.invalidSelection)
    }
}
