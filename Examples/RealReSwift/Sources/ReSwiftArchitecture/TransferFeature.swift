import Domain
import Foundation
import ReSwift

/// What can happen to the transfer: the user's intents and the bank's answers.
public enum TransferAction: Action, Equatable, Sendable {
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

/// The money transfer, as ReSwift models it: a state, actions, a pure reducer, and a middleware
/// that talks to the bank when a `loadAccounts` or an accepted `submitTransfer` goes by.
public enum TransferFeature {
    /// The transfer's reducer: the only code that changes the transfer's state. A submit while one
    /// is in flight changes nothing; a missing selection fails at once.
    public static func reducer(action: Action, state: TransferState?) -> TransferState {
        var state = state ?? TransferState()
        guard let action = action as? TransferAction else { return state }
        switch action {
        case .loadAccounts:
            state.isLoading = true
            state.error = nil
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
            submit(&state)
        case .transferCompleted(let transaction):
            complete(&state, with: transaction)
        case .transferFailed(let error):
            fail(&state, with: error)
        case .resetError:
            state.error = nil
        }
        return state
    }

    private static func submit(_ state: inout TransferState) {
        guard !state.isSubmitting else { return }
        guard state.selectedFrom != nil, state.selectedTo != nil else {
            return fail(&state, with: .invalidSelection)
        }
        state.isLoading = true
        state.isSubmitting = true
        state.error = nil
    }

    private static func fail(_ state: inout TransferState, with error: TransferError) {
        state.isLoading = false
        state.isSubmitting = false
        state.error = error
    }

    private static func complete(_ state: inout TransferState, with transaction: Transaction) {
        state.isLoading = false
        state.isSubmitting = false
        state.lastTransaction = transaction
        state.selectedFrom = nil
        state.selectedTo = nil
        state.amount = 0
        state.accounts.apply(transaction)
    }

    /// A middleware for the transfer inside any store whose state holds one (`transfer` picks it):
    /// after the reducer has run, a `loadAccounts` starts the newest accounts load, and a
    /// `submitTransfer` the reducer accepted (the transfer went from idle to submitting) asks the
    /// bank to move the money, never cancelled.
    static func middleware<State>(
        _ dependencies: Dependencies, effects: EffectTasks,
        transfer: @escaping @Sendable (State) -> TransferState
    ) -> Middleware<State> {
        { dispatch, getState in
            { next in
                { action in
                    let wasSubmitting = getState().map(transfer)?.isSubmitting ?? false
                    next(action)
                    guard let action = action as? TransferAction, let state = getState().map(transfer),
                        let work = work(action, state, wasSubmitting: wasSubmitting, dependencies)
                    else { return }
                    // Safe: as in CounterFeature.quoteMiddleware, the store and its `dispatch` are
                    // only ever used on the main actor, where this task runs.
                    nonisolated(unsafe) let dispatch = dispatch
                    MainActor.assumeIsolated {
                        effects.start(replacing: action == .loadAccounts ? .accounts : nil) {
                            if let answer = await work(), !Task.isCancelled { dispatch(answer) }
                        }
                    }
                }
            }
        }
    }

    /// The bank call `action` asks for, given the state after the reducer ran; nil for none.
    private static func work(
        _ action: TransferAction, _ state: TransferState, wasSubmitting: Bool, _ dependencies: Dependencies
    ) -> (@Sendable () async -> TransferAction?)? {
        switch action {
        case .loadAccounts:
            return { await fetchAccounts(dependencies.getAccounts) }
        case .submitTransfer where !wasSubmitting && state.isSubmitting:
            guard let from = state.selectedFrom?.id, let to = state.selectedTo?.id else { return nil }
            let amount = state.amount
            return { await transfer(from: from, to: to, amount: amount, dependencies.transferMoney) }
        default:
            return nil
        }
    }

    /// The accounts as an `accountsLoaded` action; nothing when the load was cancelled.
    static func fetchAccounts(_ useCase: GetAccountsUseCase) async -> TransferAction? {
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
    ) async -> TransferAction? {
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

    /// The transfer's store on the main actor, starting from `state`.
    @MainActor
    public static func makeStore(_ state: TransferState = TransferState(), dependencies: Dependencies)
        -> TransferStore
    {
        let effects = EffectTasks()
        let middleware: Middleware<TransferState> = middleware(dependencies, effects: effects) { $0 }
        let store = Store(reducer: reducer, state: state, middleware: [middleware])
        return TransferStore(store: store, effects: effects)
    }
}

/// The transfer's store, as a screen holds it.
public typealias TransferStore = MainStore<TransferState>

extension TransferAction {
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
