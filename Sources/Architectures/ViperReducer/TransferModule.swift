import Domain
import Foundation

// MARK: - State and reducer

/// Everything that changes the transfer module's state (the actions of "VIPER Architecture with Reducer
/// and State", for the transfer of "MVVM + Reducer Pattern").
///
/// The interactor sends them: user edits directly, the rest when a use case starts or answers.
public enum TransferAction: Equatable, Sendable {
    case accountsRequested
    case accountsLoaded(Result<[Account], TransferError>)
    case selectFrom(Account)
    case selectTo(Account)
    case updateAmount(Decimal)
    case transferSubmitted
    case transferCompleted(Transaction)
    case transferFailed(TransferError)
    case resetError
}

/// The transfer module's reducer (the VIPER article): a pure function from the state and an action to
/// the next newState. Like the article's, it copies the state it is given, changes the copy and returns
/// it. Whether a submission may start at all is the interactor's decision.
public enum TransferReducer {
    public static func reduce(state: TransferState, action: TransferAction) -> TransferState {
        var newState = state
        switch action {
        case .accountsRequested:
            newState.isLoading = true
            newState.error = nil
        case .accountsLoaded(.success(let accounts)):
            newState.accounts = accounts
            newState.isLoading = false
        case .accountsLoaded(.failure(let error)):
            newState.isLoading = false
            newState.error = error
        case .selectFrom(let account):
            newState.selectedFrom = account
            newState.error = nil
        case .selectTo(let account):
            newState.selectedTo = account
            newState.error = nil
        case .updateAmount(let amount):
            newState.amount = amount
            newState.error = nil
        case .transferSubmitted:
            newState.isLoading = true
            newState.isSubmitting = true
            newState.error = nil
        case .transferCompleted(let transaction):
            finishSubmission(&newState, .success(transaction))
        case .transferFailed(let error):
            finishSubmission(&newState, .failure(error))
        case .resetError:
            newState.error = nil
        }
        return newState
    }

    /// The end of a submission, in the copy being reduced: a completed transfer clears the form and
    /// moves the balances; a failed one shows its error.
    private static func finishSubmission(
        _ newState: inout TransferState, _ outcome: Result<Transaction, TransferError>
    ) {
        newState.isLoading = false
        newState.isSubmitting = false
        switch outcome {
        case .success(let transaction):
            newState.lastTransaction = transaction
            newState.selectedFrom = nil
            newState.selectedTo = nil
            newState.amount = 0
            newState.accounts.apply(transaction)
        case .failure(let error):
            newState.error = error
        }
    }
}

// MARK: - Contracts

/// What the transfer presenter shows (the VIPER article's view contract). The presenter calls
/// ``render(_:)`` after every change of the transfer module's state.
@MainActor
public protocol TransferView: AnyObject {
    func render(_ state: TransferState)
}

/// The use cases the transfer presenter asks its interactor for (the VIPER article's interactor input).
@MainActor
public protocol TransferInteractorInput: Interactor {
    /// Where the interactor reports every new state. Held weakly.
    var output: (any TransferInteractorOutput)? { get set }
    var state: TransferState { get }
    /// Starts loading the accounts; a load still running is cancelled and its answer never applied.
    func loadAccounts()
    func selectFrom(_ account: Account)
    func selectTo(_ account: Account)
    func updateAmount(_ amount: Decimal)
    /// Sends the chosen transfer to the bank, unless one is already in flight.
    func submitTransfer()
    func resetError()
}

/// What the transfer interactor tells its presenter (the VIPER article's interactor output).
@MainActor
public protocol TransferInteractorOutput: AnyObject {
    func transferDidChange(_ state: TransferState)
}

/// The transfer module's navigation (the VIPER article's router): the alert that shows an error.
@MainActor
public protocol TransferRouting: AnyObject {
    /// Shows an alert for `error`, replacing any alert on screen.
    func presentError(_ error: TransferError)
    /// Removes the error alert, if one is on screen.
    func dismissError()
}

// MARK: - Interactor

/// Owns the transfer module's state and runs its two use cases (the VIPER article's interactor, without
/// the queue hops).
///
/// Every change goes through ``TransferReducer`` on the main actor. The use cases run off the main
/// actor in tasks this interactor owns: a newer ``loadAccounts()`` cancels the older load, and a
/// ``submitTransfer()`` while one is in flight does nothing at all, so money never moves twice.
/// A submission, once accepted, is never cancelled by a later intent: its outcome is always applied.
@MainActor
public final class TransferInteractor: TransferInteractorInput {
    private enum TaskKey: Hashable, Sendable {
        case accounts
        case submission
    }

    public weak var output: (any TransferInteractorOutput)?
    public private(set) var state: TransferState
    private let getAccounts: GetAccountsUseCase
    private let transferMoney: TransferMoneyUseCase
    private let tasks = InteractorTasks<TaskKey>()

    public init(
        state: TransferState = TransferState(),
        getAccounts: GetAccountsUseCase,
        transferMoney: TransferMoneyUseCase
    ) {
        self.state = state
        self.getAccounts = getAccounts
        self.transferMoney = transferMoney
    }

    /// An interactor using `dependencies`' two use cases.
    public convenience init(state: TransferState = TransferState(), dependencies: Dependencies) {
        self.init(
            state: state,
            getAccounts: dependencies.getAccounts,
            transferMoney: dependencies.transferMoney
        )
    }

    public var inFlightEffectCount: Int { tasks.count }

    public func settle() async {
        await tasks.settle()
    }

    public func loadAccounts() {
        apply(.accountsRequested)
        tasks.run(
            .accounts,
            operation: { [getAccounts] in await Self.fetchAccounts(with: getAccounts) },
            deliver: { [weak self] result in self?.apply(.accountsLoaded(result)) }
        )
    }

    public func selectFrom(_ account: Account) {
        apply(.selectFrom(account))
    }

    public func selectTo(_ account: Account) {
        apply(.selectTo(account))
    }

    public func updateAmount(_ amount: Decimal) {
        apply(.updateAmount(amount))
    }

    public func submitTransfer() {
        guard !state.isSubmitting else { return }
        let request = TransferRequest(state)
        apply(.transferSubmitted)
        tasks.run(
            .submission,
            operation: { [transferMoney] in await request.execute(with: transferMoney) },
            deliver: { [weak self] action in self?.apply(action) }
        )
    }

    public func resetError() {
        apply(.resetError)
    }

    /// The only place the state changes: the reducer, then the presenter hears of it.
    private func apply(_ action: TransferAction) {
        state = TransferReducer.reduce(state: state, action: action)
        output?.transferDidChange(state)
    }

    /// Loads the accounts off the main actor; `nil` if the load was cancelled.
    @concurrent
    static func fetchAccounts(with useCase: GetAccountsUseCase) async -> Result<[Account], TransferError>? {
        do {
            return .success(try await useCase.execute())
        } catch let error as TransferError {
            return .failure(error)
        } catch is CancellationError {
            return nil
        } catch {
            return .failure(.unknown)
        }
    }
}

/// A transfer as the user chose it when submitting, sent to the bank off the main actor.
struct TransferRequest: Sendable {
    var from: AccountID?
    var to: AccountID?
    var amount: Decimal

    init(_ state: TransferState) {
        from = state.selectedFrom?.id
        to = state.selectedTo?.id
        amount = state.amount
    }

    /// The outcome as `transferCompleted` or `transferFailed`; `nil` if the request was cancelled.
    @concurrent
    func execute(with useCase: TransferMoneyUseCase) async -> TransferAction? {
        guard let from, let to else { return .transferFailed(.invalidSelection) }
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

// MARK: - Presenter

/// Turns the transfer view's events into use cases, renders the transfer module's state, and has its
/// router present an alert while the state holds an error (the VIPER article's presenter, which
/// "interprets state changes").
///
/// Like ``CounterPresenter``, it keeps the views attached to it and renders every reported state to
/// all of them.
@MainActor
public final class TransferPresenter: TransferInteractorOutput {
    public let interactor: any TransferInteractorInput
    public let router: any TransferRouting
    private var views: [any TransferView] = []
    private var alert = ErrorAlert()

    /// Wires a presenter to its interactor (becoming its output) and its router.
    public init(interactor: any TransferInteractorInput, router: any TransferRouting) {
        self.interactor = interactor
        self.router = router
        interactor.output = self
    }

    /// The state the views show.
    public var state: TransferState { interactor.state }

    /// Renders every later change of the transfer module to `view`.
    public func attach(_ view: any TransferView) {
        views.append(view)
    }

    /// Stops rendering to `view`.
    public func detach(_ view: any TransferView) {
        views.removeAll { $0 === view }
    }

    /// The screen appeared or the user pulled to refresh: (re)load the accounts.
    public func didRequestAccounts() {
        interactor.loadAccounts()
    }

    public func didSelectFrom(_ account: Account) {
        interactor.selectFrom(account)
    }

    public func didSelectTo(_ account: Account) {
        interactor.selectTo(account)
    }

    public func didChangeAmount(_ amount: Decimal) {
        interactor.updateAmount(amount)
    }

    public func didTapSubmit() {
        interactor.submitTransfer()
    }

    /// The user dismissed the error alert.
    public func didDismissError() {
        interactor.resetError()
    }

    public func transferDidChange(_ state: TransferState) {
        for view in views {
            view.render(state)
        }
        alert.show(state.error, with: router)
    }
}

/// Which error a presenter has asked its router to show, so the alert follows the state's `error`:
/// presented when an error appears or changes, dismissed when it is cleared.
@MainActor
struct ErrorAlert {
    private var shown: TransferError?

    mutating func show(_ error: TransferError?, with router: any TransferRouting) {
        guard error != shown else { return }
        shown = error
        if let error {
            router.presentError(error)
        } else {
            router.dismissError()
        }
    }
}

// MARK: - Router

/// The transfer module's router (the VIPER article): builds the module and presents its error alert.
///
/// Without UIKit there is no alert controller to present; the router records the alert it shows in
/// ``presentedError``, as a SwiftUI router would hold the value its `.alert` modifier is bound to.
@MainActor
public final class TransferRouter: TransferRouting {
    /// The error the alert on screen shows, if any.
    public private(set) var presentedError: TransferError?

    public init() {}

    /// Builds a transfer module starting at `state` and returns its presenter.
    public static func makeModule(
        state: TransferState = TransferState(),
        dependencies: Dependencies
    ) -> TransferPresenter {
        TransferPresenter(
            interactor: TransferInteractor(state: state, dependencies: dependencies),
            router: TransferRouter()
        )
    }

    public func presentError(_ error: TransferError) {
        presentedError = error
    }

    public func dismissError() {
        presentedError = nil
    }
}
