import Domain
import Foundation
import Observation

/// The money-transfer feature as an observable view model with a local reducer: the `TransferViewModel`
/// of "MVVM + Reducer Pattern", after its move from scattered mutations to a reducer.
///
/// The whole form is one ``State`` value. Actions are grouped by concern, as the article proposes once
/// a reducer grows: loading the accounts (``Action/Accounts``), editing the form (``Action/Selection``)
/// and sending the transfer (``Action/Transfer``), each reduced by its own small copying reducer. The
/// use cases stay in the domain layer and know nothing of the reducer.
///
/// A newer `.accounts(.load)` cancels the older load. A `.transfer(.submit)` while a transfer is in
/// flight does nothing at all: it neither starts a second transfer nor cancels the first, so money
/// never moves twice, and every transfer the bank executed is reported by one `.transfer(.completed)`.
///
/// ```swift
/// let transfer = TransferViewModel(dependencies: dependencies)
/// transfer.send(.accounts(.load))
/// await transfer.settle()
/// transfer.send(.selection(.from(alice)))
/// transfer.send(.selection(.to(bob)))
/// transfer.send(.selection(.amount(30)))
/// transfer.send(.transfer(.submit))
/// await transfer.settle()
/// ```
@Observable
@MainActor
public final class TransferViewModel {
    public typealias State = TransferState

    /// Everything that changes the form, grouped by concern; the effects' feedback is in its group.
    public enum Action: Equatable, Sendable {
        case accounts(Accounts)
        case selection(Selection)
        case transfer(Transfer)
        case resetError

        /// Loading the accounts the form offers.
        public enum Accounts: Equatable, Sendable {
            case load
            /// Feedback from the load.
            case loaded([Account])
            /// Feedback from the load.
            case failed(TransferError)
        }

        /// Editing the form.
        public enum Selection: Equatable, Sendable {
            case from(Account)
            case to(Account)
            case amount(Decimal)
        }

        /// Sending the transfer to the bank.
        public enum Transfer: Equatable, Sendable {
            case submit
            /// Feedback: the bank moved the money.
            case completed(Transaction)
            /// Feedback: the transfer was refused or could not be sent.
            case failed(TransferError)
        }
    }

    /// The kinds of work this view model runs.
    enum EffectID: Hashable {
        case loadAccounts
        case submitTransfer
    }

    /// The form's state. Only ``send(_:)`` changes it; observing it observes the whole form.
    public private(set) var state: State

    #if DEBUG
        /// Debug builds only: when set, every action and the state fields it changed are logged.
        @ObservationIgnored public var stateChangeLog: StateChangeLog?
    #endif

    private let getAccounts: GetAccountsUseCase
    private let transferMoney: TransferMoneyUseCase
    private let effects = EffectTasks<EffectID>()

    public init(
        initialState: State = State(),
        getAccounts: GetAccountsUseCase,
        transferMoney: TransferMoneyUseCase
    ) {
        state = initialState
        self.getAccounts = getAccounts
        self.transferMoney = transferMoney
    }

    public convenience init(initialState: State = State(), dependencies: Dependencies) {
        self.init(
            initialState: initialState,
            getAccounts: dependencies.getAccounts,
            transferMoney: dependencies.transferMoney
        )
    }

    isolated deinit {
        effects.cancelAll()
    }

    /// The number of effect tasks this view model holds: only running ones are kept.
    public var inFlightEffectCount: Int {
        effects.count
    }

    /// The single entry point for every state change: reduces `action`, then starts its effect.
    public func send(_ action: Action) {
        #if DEBUG
            let oldState = state
        #endif
        state = Self.reduce(state: state, action: action)
        #if DEBUG
            stateChangeLog?.record(action, by: Self.self, from: oldState, to: state)
        #endif
        handleEffect(for: action)
    }

    /// Returns once every effect started so far, and every effect those started, has finished.
    public func settle() async {
        await effects.settle()
    }

    // MARK: - Reducer

    /// The new state after `action`, composed of one copying reducer per group of actions.
    nonisolated static func reduce(state: State, action: Action) -> State {
        switch action {
        case .accounts(let action):
            return reduceAccounts(state: state, action: action)

        case .selection(let action):
            return reduceSelection(state: state, action: action)

        case .transfer(let action):
            return reduceTransfer(state: state, action: action)

        case .resetError:
            var newState = state
            newState.error = nil
            return newState
        }
    }

    private nonisolated static func reduceAccounts(state: State, action: Action.Accounts) -> State {
        var newState = state

        switch action {
        case .load:
            newState.isLoading = true
            newState.error = nil

        case .loaded(let accounts):
            newState.accounts = accounts
            newState.isLoading = false

        case .failed(let error):
            newState.isLoading = false
            newState.error = error
        }

        return newState
    }

    private nonisolated static func reduceSelection(state: State, action: Action.Selection) -> State {
        var newState = state

        switch action {
        case .from(let account):
            newState.selectedFrom = account

        case .to(let account):
            newState.selectedTo = account

        case .amount(let amount):
            newState.amount = amount
        }
        newState.error = nil

        return newState
    }

    private nonisolated static func reduceTransfer(state: State, action: Action.Transfer) -> State {
        var newState = state

        switch action {
        case .submit:
            guard !state.isSubmitting else { return state }
            newState.isLoading = true
            newState.isSubmitting = true
            newState.error = nil

        case .completed(let transaction):
            newState.isLoading = false
            newState.isSubmitting = false
            newState.lastTransaction = transaction
            newState.selectedFrom = nil
            newState.selectedTo = nil
            newState.amount = 0
            newState.accounts.apply(transaction)

        case .failed(let error):
            newState.isLoading = false
            newState.isSubmitting = false
            newState.error = error
        }

        return newState
    }

    // MARK: - Effects

    private func handleEffect(for action: Action) {
        switch action {
        case .accounts(.load):
            effects.cancel(.loadAccounts)
            effects.start(.loadAccounts) { [weak self, getAccounts] in
                let feedback = await Self.loadAccounts(using: getAccounts)
                guard let feedback, !Task.isCancelled else { return }
                self?.send(.accounts(feedback))
            }

        case .transfer(.submit):
            // While a transfer runs, `isSubmitting` is true and the reducer ignored this submit: the
            // transfer in flight is neither cancelled nor repeated.
            guard !effects.isRunning(.submitTransfer) else { return }
            let (from, to, amount) = (state.selectedFrom, state.selectedTo, state.amount)
            effects.start(.submitTransfer) { [weak self, transferMoney] in
                let feedback = await Self.submitTransfer(
                    from: from, to: to, amount: amount, using: transferMoney)
                guard let feedback, !Task.isCancelled else { return }
                self?.send(.transfer(feedback))
            }

        case .accounts(.loaded), .accounts(.failed), .selection, .transfer(.completed), .transfer(.failed),
            .resetError:
            break
        }
    }

    /// Loads the accounts off the main actor and returns the action that reports the outcome, or `nil`
    /// when the load was cancelled.
    nonisolated static func loadAccounts(using getAccounts: GetAccountsUseCase) async -> Action.Accounts? {
        do {
            return .loaded(try await getAccounts.execute())
        } catch is CancellationError {
            return nil
        } catch {
            return .failed(error as? TransferError ?? .unknown)
        }
    }

    /// Sends the transfer off the main actor and returns the action that reports the outcome, or `nil`
    /// when it was cancelled. Without both accounts it reports `invalidSelection` without calling the
    /// bank.
    nonisolated static func submitTransfer(
        from: Account?,
        to: Account?,
        amount: Decimal,
        using transferMoney: TransferMoneyUseCase
    ) async -> Action.Transfer? {
        guard let from, let to else { return .failed(.invalidSelection) }
        do {
            return .completed(try await transferMoney.execute(from: from.id, to: to.id, amount: amount))
        } catch is CancellationError {
            return nil
        } catch {
            return .failed(error as? TransferError ?? .unknown)
        }
    }
}
