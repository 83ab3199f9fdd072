import Domain
import Foundation
import MobiusCore

/// The money transfer, as Mobius models it: a model, events, effects, one pure update, and effect
/// handlers routed by effect case.
public enum TransferFeature {
    public typealias Model = TransferState

    /// Everything that can happen to the transfer: the user's intents and the bank's feedback.
    public enum Event: Equatable {
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

    /// The work the transfer asks for.
    public enum Effect: Hashable {
        /// Load the accounts and report them as `accountsLoaded`; a newer load replaces an older one.
        case fetchAccounts
        /// Ask the bank to move `amount` and report `transferCompleted` or `transferFailed`.
        case submit(from: AccountID, to: AccountID, amount: Decimal)
    }

    /// The transfer's logic: which model follows, and which effects run.
    public static func update(_ model: Model, _ event: Event) -> Next<Model, Effect> {
        var model = model
        switch event {
        case .loadAccounts:
            model.isLoading = true
            model.error = nil
            return .next(model, effects: [.fetchAccounts])
        case .accountsLoaded(.success(let accounts)):
            model.accounts = accounts
            model.isLoading = false
        case .accountsLoaded(.failure(let error)):
            model.isLoading = false
            model.error = error
        case .selectFrom(let account):
            model.selectedFrom = account
            model.error = nil
        case .selectTo(let account):
            model.selectedTo = account
            model.error = nil
        case .updateAmount(let amount):
            model.amount = amount
            model.error = nil
        case .submitTransfer:
            return submit(model)
        case .transferCompleted(let transaction):
            complete(&model, with: transaction)
        case .transferFailed(let error):
            fail(&model, with: error)
        case .resetError:
            guard model.error != nil else { return .noChange }
            model.error = nil
        }
        return .next(model)
    }

    /// A submit while one is in flight changes nothing; a missing selection fails at once; otherwise
    /// the bank is asked, and it validates the amount and the accounts.
    private static func submit(_ model: Model) -> Next<Model, Effect> {
        guard !model.isSubmitting else { return .noChange }
        var model = model
        guard let from = model.selectedFrom, let to = model.selectedTo else {
            fail(&model, with: .invalidSelection)
            return .next(model)
        }
        model.isLoading = true
        model.isSubmitting = true
        model.error = nil
        return .next(model, effects: [.submit(from: from.id, to: to.id, amount: model.amount)])
    }

    private static func fail(_ model: inout Model, with error: TransferError) {
        model.isLoading = false
        model.isSubmitting = false
        model.error = error
    }

    private static func complete(_ model: inout Model, with transaction: Transaction) {
        model.isLoading = false
        model.isSubmitting = false
        model.lastTransaction = transaction
        model.selectedFrom = nil
        model.selectedTo = nil
        model.amount = 0
        model.accounts.apply(transaction)
    }

    /// The transfer's effect handler: the newest accounts load, and each submission.
    @MainActor
    static func effectHandler(_ dependencies: Dependencies, tasks: EffectTasks) -> AnyConnectable<
        Effect, Event
    > {
        EffectRouter<Effect, Event>()
            .routeEffects(equalTo: .fetchAccounts)
            .to(
                LatestPerKey<Effect, Event>(tasks: tasks) { _ in await fetchAccounts(dependencies.getAccounts)
                }
            )
            .routeEffects(withParameters: submission)
            .to { submission, callback in
                let task = tasks.start {
                    if let event = await transfer(submission, dependencies.transferMoney) {
                        callback.end(with: event)
                    } else {
                        callback.end()
                    }
                }
                return AnonymousDisposable { task.cancel() }
            }
            .asConnectable
    }

    /// What a `submit` effect asks the bank to do.
    struct Submission {
        var from: AccountID
        var to: AccountID
        var amount: Decimal
    }

    private static func submission(_ effect: Effect) -> Submission? {
        guard case .submit(let from, let to, let amount) = effect else { return nil }
        return Submission(from: from, to: to, amount: amount)
    }

    /// The accounts as an `accountsLoaded` event; nothing when the load was cancelled.
    static func fetchAccounts(_ useCase: GetAccountsUseCase) async -> Event? {
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

    /// The bank's answer as an event; nothing when the submission was cancelled.
    static func transfer(_ submission: Submission, _ useCase: TransferMoneyUseCase) async -> Event? {
        do {
            let transaction = try await useCase.execute(
                from: submission.from, to: submission.to, amount: submission.amount)
            return .transferCompleted(transaction)
        } catch let error as TransferError {
            return .transferFailed(error)
        } catch is CancellationError {
            return nil
        } catch {
            return .transferFailed(.unknown)
        }
    }

    /// The transfer's loop on the main actor, starting from `model`.
    @MainActor
    public static func makeStore(_ model: Model = Model(), dependencies: Dependencies) -> TransferStore {
        let tasks = EffectTasks()
        let loop = Mobius.loop(update: update, effectHandler: effectHandler(dependencies, tasks: tasks))
            .start(from: model)
        return TransferStore(loop: loop, effects: tasks)
    }
}

/// The transfer's loop, as a view holds it.
public typealias TransferStore = MobiusStore<
    TransferFeature.Model, TransferFeature.Event, TransferFeature.Effect
>

extension TransferFeature.Event {
    /// The shared transfer intent as this feature's event.
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
