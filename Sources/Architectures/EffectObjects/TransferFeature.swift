import Domain
import Foundation

/// The money transfer ("MVVM + Reducer Pattern") as a workflow with workers ("State containers",
/// "effect objects").
///
/// Its rendering is the `TransferState` the transfer screen shows. The render asks for
/// ``LoadAccounts`` while a load is in flight (numbered, so a newer load replaces the older one and
/// only the newest list is applied) and, while a submission is in flight, for the one
/// ``SubmitTransfer`` (or ``ReportInvalidSelection``) of that submission. The submission's accounts
/// and amount are fixed when it is accepted, so nothing the user does meanwhile changes the worker:
/// it is never replaced or cancelled, and every executed transfer is answered exactly once. A second
/// submit while one is in flight changes nothing.
public struct TransferFeature: Workflow, Sendable {
    /// The transfer as its screen shows it, and the work in flight.
    public struct State: Equatable, Sendable {
        public var transfer: TransferState
        /// The number of the accounts load in flight, if any.
        public var accountsLoad: Int?
        /// The accepted submission in flight, if any.
        public var submission: Submission?
        /// How many loads and submissions have been numbered.
        public var requests: Int

        public init(
            _ transfer: TransferState = TransferState(),
            accountsLoad: Int? = nil,
            submission: Submission? = nil,
            requests: Int = 0
        ) {
            self.transfer = transfer
            self.accountsLoad = accountsLoad
            self.submission = submission
            self.requests = requests
        }
    }

    /// An accepted submit: what it moves, fixed when it was accepted.
    public struct Submission: Equatable, Sendable {
        public var number: Int
        public var from: AccountID?
        public var to: AccountID?
        public var amount: Decimal
    }

    /// What can happen to a transfer: the user's intents and the answers of the workers.
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

    public func apply(_ action: Action, to state: inout State) {
        switch action {
        case .loadAccounts:
            state.requests += 1
            state.accountsLoad = state.requests
            state.transfer.isLoading = true
            state.transfer.error = nil
        case .accountsLoaded(let result):
            state.accountsLoad = nil
            state.transfer.isLoading = false
            switch result {
            case .success(let accounts): state.transfer.accounts = accounts
            case .failure(let error): state.transfer.error = error
            }
        case .selectFrom(let account):
            state.transfer.selectedFrom = account
            state.transfer.error = nil
        case .selectTo(let account):
            state.transfer.selectedTo = account
            state.transfer.error = nil
        case .updateAmount(let amount):
            state.transfer.amount = amount
            state.transfer.error = nil
        case .submitTransfer:
            submit(&state)
        case .transferCompleted(let transaction):
            state.submission = nil
            state.transfer.complete(transaction)
        case .transferFailed(let error):
            state.submission = nil
            state.transfer.isLoading = false
            state.transfer.isSubmitting = false
            state.transfer.error = error
        case .resetError:
            state.transfer.error = nil
        }
    }

    public func render(state: State, context: inout RenderContext<Action>) -> TransferState {
        if let load = state.accountsLoad {
            context.run(LoadAccounts(useCase: getAccounts, load: load)) { .accountsLoaded($0) }
        }
        if let submission = state.submission {
            if let from = submission.from, let to = submission.to {
                let worker = SubmitTransfer(
                    useCase: transferMoney, number: submission.number, from: from, to: to,
                    amount: submission.amount)
                context.run(worker) { .transferAnswer($0) }
            } else {
                context.run(ReportInvalidSelection(number: submission.number)) { .transferFailed($0) }
            }
        }
        return state.transfer
    }

    /// Accepts a submit unless one is in flight, fixing what it moves.
    private func submit(_ state: inout State) {
        guard !state.transfer.isSubmitting else { return }
        state.requests += 1
        state.submission = Submission(
            number: state.requests,
            from: state.transfer.selectedFrom?.id,
            to: state.transfer.selectedTo?.id,
            amount: state.transfer.amount
        )
        state.transfer.isLoading = true
        state.transfer.isSubmitting = true
        state.transfer.error = nil
    }
}

extension TransferFeature.Action {
    /// The action that reports a transfer's outcome.
    static func transferAnswer(_ result: Result<Transaction, TransferError>) -> Self {
        switch result {
        case .success(let transaction): .transferCompleted(transaction)
        case .failure(let error): .transferFailed(error)
        }
    }
}

extension TransferState {
    /// A finished transfer: the amounts move in the accounts shown and the form is cleared.
    mutating func complete(_ transaction: Transaction) {
        isLoading = false
        isSubmitting = false
        lastTransaction = transaction
        selectedFrom = nil
        selectedTo = nil
        amount = 0
        accounts.apply(transaction)
    }
}

/// Loads the accounts ("State containers", "effect objects"; a Workflow worker).
///
/// Two loads are equivalent when they have the same number: a newer `loadAccounts` replaces the
/// running load, whose answer is dropped. A failure answers the `TransferError`; a cancelled load
/// answers nothing.
public struct LoadAccounts: Worker {
    public let useCase: GetAccountsUseCase
    /// The number of the load this worker performs.
    public let load: Int

    public init(useCase: GetAccountsUseCase, load: Int) {
        self.useCase = useCase
        self.load = load
    }

    public func isEquivalent(to other: LoadAccounts) -> Bool {
        load == other.load
    }

    public func run() async -> Result<[Account], TransferError>? {
        do {
            return .success(try await useCase.execute())
        } catch is CancellationError {
            return nil
        } catch {
            return .failure(error as? TransferError ?? .unknown)
        }
    }
}

/// Executes one accepted submission and answers its outcome ("State containers", "effect objects";
/// a Workflow worker).
///
/// Equivalent to any worker of the same submission, so re-rendering while it runs never restarts it:
/// the bank is asked once per submission.
public struct SubmitTransfer: Worker {
    public let useCase: TransferMoneyUseCase
    /// The number of the submission this worker executes.
    public let number: Int
    public let from: AccountID
    public let to: AccountID
    public let amount: Decimal

    public init(useCase: TransferMoneyUseCase, number: Int, from: AccountID, to: AccountID, amount: Decimal) {
        self.useCase = useCase
        self.number = number
        self.from = from
        self.to = to
        self.amount = amount
    }

    public func isEquivalent(to other: SubmitTransfer) -> Bool {
        number == other.number
    }

    public func run() async -> Result<Transaction, TransferError>? {
        do {
            return .success(try await useCase.execute(from: from, to: to, amount: amount))
        } catch is CancellationError {
            return nil
        } catch {
            return .failure(error as? TransferError ?? .unknown)
        }
    }
}

/// Answers `.invalidSelection` for a submission without both accounts chosen ("State containers",
/// "effect objects"): the failure reaches the state through the same path as a failed transfer.
public struct ReportInvalidSelection: Worker, Equatable {
    /// The number of the submission this worker answers.
    public let number: Int

    public init(number: Int) {
        self.number = number
    }

    public func run() async -> TransferError? {
        .invalidSelection
    }
}
