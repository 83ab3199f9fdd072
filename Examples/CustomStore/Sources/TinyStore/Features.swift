import Domain
import Foundation

/// The counter with a quote: its actions and its reducer.
public enum CounterAction: Equatable {
    case increment, decrement, loadQuote
    case quoteLoaded(Result<Quote, QuoteError>)
}

/// The counter's reducer; the quote fetch runs with id "quote", so a newer load cancels an older one.
public func counterReducer(_ quoteClient: QuoteClient) -> Store<CounterState, CounterAction>.Reducer {
    { state, action in
        switch action {
        case .increment: state.count += 1
        case .decrement: state.count -= 1
        case .loadQuote:
            state.isLoading = true
            state.errorMessage = nil
            return [Effect(id: "quote") { await fetchQuote(quoteClient) }]
        case .quoteLoaded(let result):
            state.isLoading = false
            switch result {
            case .success(let quote): state.quote = quote
            case .failure(let error): state.errorMessage = error.message
            }
        }
        return []
    }
}

private func fetchQuote(_ quoteClient: QuoteClient) async -> CounterAction? {
    do {
        return .quoteLoaded(.success(try await quoteClient.fetch()))
    } catch is CancellationError {
        return nil
    } catch {
        return .quoteLoaded(.failure(error as? QuoteError ?? QuoteError(message: "\(error)")))
    }
}

/// The money transfer: its actions and its reducer.
public enum TransferAction: Equatable {
    case intent(TransferIntent)
    case accountsLoaded(Result<[Account], TransferError>)
    case transferFinished(Result<Transaction, TransferError>)
}

/// The transfer's reducer: a newer accounts load cancels an older one; a submit while one is in
/// flight is ignored; a missing selection fails without calling the bank.
public func transferReducer(_ dependencies: Dependencies) -> Store<TransferState, TransferAction>.Reducer {
    { state, action in
        switch action {
        case .intent(let intent):
            return reduce(&state, intent, dependencies)
        case .accountsLoaded(let result):
            state.isLoading = false
            switch result {
            case .success(let accounts): state.accounts = accounts
            case .failure(let error): state.error = error
            }
        case .transferFinished(let result):
            state.isLoading = false
            state.isSubmitting = false
            switch result {
            case .success(let transaction):
                state.accounts.apply(transaction)
                (state.lastTransaction, state.selectedFrom, state.selectedTo, state.amount) = (
                    transaction, nil, nil, 0
                )
            case .failure(let error): state.error = error
            }
        }
        return []
    }
}

private func reduce(
    _ state: inout TransferState, _ intent: TransferIntent, _ dependencies: Dependencies
) -> [Effect<TransferAction>] {
    switch intent {
    case .loadAccounts:
        state.isLoading = true
        state.error = nil
        return [Effect(id: "accounts") { await loadAccounts(dependencies.getAccounts) }]
    case .selectFrom(let account): (state.selectedFrom, state.error) = (account, nil)
    case .selectTo(let account): (state.selectedTo, state.error) = (account, nil)
    case .updateAmount(let amount): (state.amount, state.error) = (amount, nil)
    case .resetError: state.error = nil
    case .submitTransfer:
        guard !state.isSubmitting else { return [] }
        guard let from = state.selectedFrom?.id, let to = state.selectedTo?.id else {
            (state.isLoading, state.error) = (false, .invalidSelection)
            return []
        }
        (state.isLoading, state.isSubmitting, state.error) = (true, true, nil)
        let amount = state.amount
        return [Effect(id: "submit") { await submit(from, to, amount, dependencies.transferMoney) }]
    }
    return []
}

private func loadAccounts(_ useCase: GetAccountsUseCase) async -> TransferAction? {
    do {
        return .accountsLoaded(.success(try await useCase.execute()))
    } catch is CancellationError {
        return nil
    } catch {
        return .accountsLoaded(.failure(error as? TransferError ?? .unknown))
    }
}

private func submit(
    _ from: AccountID, _ to: AccountID, _ amount: Decimal, _ useCase: TransferMoneyUseCase
) async -> TransferAction? {
    do {
        return .transferFinished(.success(try await useCase.execute(from: from, to: to, amount: amount)))
    } catch is CancellationError {
        return nil
    } catch {
        return .transferFinished(.failure(error as? TransferError ?? .unknown))
    }
}
