import Foundation

/// Loads the accounts the transfer feature offers (the `GetAccountsUseCase` of "MVVM + Reducer
/// Pattern").
public struct GetAccountsUseCase: Sendable {
    private let bank: InMemoryBank

    public init(bank: InMemoryBank) {
        self.bank = bank
    }

    /// The bank's accounts. Errors are ``TransferError``s; anything else becomes `.unknown`.
    public func execute() async throws -> [Account] {
        do {
            return try await bank.allAccounts()
        } catch {
            throw try TransferError(mapping: error)
        }
    }
}

/// Validates and executes a transfer (the `TransferMoneyUseCase` of "MVVM + Reducer Pattern").
///
/// Checks, in this order: the amount is positive (`invalidAmount`), the accounts differ
/// (`sameAccount`), the payer can afford it (`insufficientFunds`, checked by the bank in the same
/// atomic step that moves the money). Any error that is not a ``TransferError`` becomes `.unknown`;
/// `CancellationError` is passed through unchanged, since a cancelled request is not a failure to show.
public struct TransferMoneyUseCase: Sendable {
    private let bank: InMemoryBank

    public init(bank: InMemoryBank) {
        self.bank = bank
    }

    public func execute(from: AccountID, to: AccountID, amount: Decimal) async throws -> Transaction {
        guard amount > 0 else { throw TransferError.invalidAmount }
        guard from != to else { throw TransferError.sameAccount }
        do {
            return try await bank.transfer(from: from, to: to, amount: amount)
        } catch {
            throw try TransferError(mapping: error)
        }
    }
}

extension TransferError {
    /// `error` itself if it is a ``TransferError``, `CancellationError` passed through, else `.unknown`.
    fileprivate init(mapping error: any Error) throws {
        if error is CancellationError { throw error }
        self = (error as? TransferError) ?? .unknown
    }
}
