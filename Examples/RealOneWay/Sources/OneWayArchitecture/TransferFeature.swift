import Domain
import Foundation
import OneWay

/// The money transfer as OneWay's users write it: a `Reducer` over ``Domain/TransferState``, the
/// accounts load cancellable by id (the newest wins) and the submission one `AnyEffect` per submit.
public struct TransferFeature: Reducer {
    public typealias State = TransferState

    /// Everything that can happen to the transfer: the user's intents and the bank's feedback.
    public enum Action: Sendable, Equatable {
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

    /// The identifiers the transfer's effects are registered under.
    enum EffectID: Hashable, Sendable {
        case accounts
        case submission
    }

    /// The work a reduced action asks for; the feature and the app each turn it into an effect.
    enum Work: Equatable {
        case fetchAccounts
        case submit(from: AccountID, to: AccountID, amount: Decimal)
    }

    let dependencies: Dependencies

    public init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    public func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
        guard let work = Self.apply(action, to: &state) else { return .none }
        return Self.effect(for: work, dependencies, ids: { $0 }, { $0 })
    }

    /// Applies `action` to `state` and returns the work it asks for, if any.
    static func apply(_ action: Action, to state: inout State) -> Work? {
        switch action {
        case .loadAccounts:
            state.isLoading = true
            state.error = nil
            return .fetchAccounts
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
            return submit(&state)
        case .transferCompleted(let transaction):
            complete(&state, with: transaction)
        case .transferFailed(let error):
            fail(&state, with: error)
        case .resetError:
            state.error = nil
        }
        return nil
    }

    /// A submit while one is in flight changes nothing; a missing selection fails at once; otherwise
    /// the bank is asked, and it validates the amount and the accounts.
    private static func submit(_ state: inout State) -> Work? {
        guard !state.isSubmitting else { return nil }
        guard let from = state.selectedFrom, let to = state.selectedTo else {
            fail(&state, with: .invalidSelection)
            return nil
        }
        state.isLoading = true
        state.isSubmitting = true
        state.error = nil
        return .submit(from: from.id, to: to.id, amount: state.amount)
    }

    private static func fail(_ state: inout State, with error: TransferError) {
        state.isLoading = false
        state.isSubmitting = false
        state.error = error
    }

    private static func complete(_ state: inout State, with transaction: Transaction) {
        state.isLoading = false
        state.isSubmitting = false
        state.lastTransaction = transaction
        state.selectedFrom = nil
        state.selectedTo = nil
        state.amount = 0
        state.accounts.apply(transaction)
    }

    /// `work` as an effect whose actions are wrapped by `wrap`, registered under `ids(EffectID)`:
    /// the accounts load with `debounce(for: .zero)`, OneWay's only newest-wins registration; the
    /// submission `cancellable`, since a second submit is refused while one is in flight.
    static func effect<Wrapped: Sendable, ID: Hashable & Sendable>(
        for work: Work, _ dependencies: Dependencies, ids: (EffectID) -> ID,
        _ wrap: @escaping @Sendable (Action) -> Wrapped
    ) -> AnyEffect<Wrapped> {
        switch work {
        case .fetchAccounts:
            let useCase = dependencies.getAccounts
            return AnyEffect.sequence { send in
                if let action = await fetchAccounts(useCase) { send(wrap(action)) }
            }
            .debounce(id: ids(.accounts), for: .zero)
        case .submit(let from, let to, let amount):
            let useCase = dependencies.transferMoney
            return AnyEffect.sequence { send in
                if let action = await transfer(from: from, to: to, amount: amount, useCase) {
                    send(wrap(action))
                }
            }
            .cancellable(ids(.submission))
        }
    }

    /// The accounts as an `accountsLoaded` action; nothing when the load was cancelled.
    static func fetchAccounts(_ useCase: GetAccountsUseCase) async -> Action? {
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

    /// The bank's answer as an action; nothing when the submission was cancelled.
    static func transfer(
        from: AccountID, to: AccountID, amount: Decimal, _ useCase: TransferMoneyUseCase
    ) async -> Action? {
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

extension TransferFeature.Action {
    /// The shared transfer intent as this feature's action.
    public init(_ intent: TransferIntent) {
        switch intent {
        case .loadAccounts: self = .loadAccounts
        case .selectFrom(let account): self = .selectFrom(account)
        case .selectTo(let account): self = .selectTo(account)
        case .updateAmount(let amount): self = .updateAmount(amount)
        case .submitTransfer: self = .submitTransfer
        case .resetError: self = .resetError
        }
    }
}
