import Foundation

/// A fake bank server: balances in memory, with latency, a gate and injected faults.
///
/// It stands in for the remote account service of "MVVM + Reducer Pattern". Being an actor, it moves
/// money atomically: the balance check and both updates of a transfer happen in one isolated step,
/// after the simulated network delay, so a cancelled request never moves money and a moved amount is
/// always reported back. Its invariant, checked by the tests after every scenario: the sum of all
/// balances never changes and no balance goes below zero.
public actor InMemoryBank {
    /// Errors the bank raises that are not ``TransferError``s; the use cases map them to `.unknown`.
    public enum BankError: Error, Equatable {
        case unknownAccount(AccountID)
    }

    private var accounts: [AccountID: Account]
    private var order: [AccountID]
    private var failuresLeft = 0
    private var nextTransactionID = 1
    private let latency: Latency
    private let gate: ResponseGate?

    /// The sum of all balances when the bank opened.
    public nonisolated let openingTotal: Decimal

    /// Every transaction the bank executed, oldest first.
    public private(set) var ledger: [Transaction] = []

    /// How many calls reached the bank (including failed ones).
    public private(set) var callCount = 0

    public init(accounts: [Account], latency: Latency = .immediate, gate: ResponseGate? = nil) {
        self.accounts = Dictionary(uniqueKeysWithValues: accounts.map { ($0.id, $0) })
        self.order = accounts.map(\.id)
        self.latency = latency
        self.gate = gate
        self.openingTotal = accounts.reduce(0) { $0 + $1.balance }
    }

    /// Makes the next `count` calls fail with ``TransferError/networkError`` without touching any balance.
    public func failNextCalls(_ count: Int) {
        failuresLeft = count
    }

    /// All accounts, in the order the bank was opened with.
    public func allAccounts() async throws -> [Account] {
        try await arrive()
        return order.compactMap { accounts[$0] }
    }

    /// The balance of one account.
    public func balance(of id: AccountID) throws -> Decimal {
        guard let account = accounts[id] else { throw BankError.unknownAccount(id) }
        return account.balance
    }

    /// Moves `amount` from one account to another, atomically, and records the transaction.
    public func transfer(from: AccountID, to: AccountID, amount: Decimal) async throws -> Transaction {
        try await arrive()
        guard var payer = accounts[from] else { throw BankError.unknownAccount(from) }
        guard var payee = accounts[to] else { throw BankError.unknownAccount(to) }
        guard payer.balance >= amount else { throw TransferError.insufficientFunds }
        payer.balance -= amount
        payee.balance += amount
        accounts[from] = payer
        accounts[to] = payee
        let transaction = Transaction(
            id: TransactionID(nextTransactionID), from: from, to: to, amount: amount)
        nextTransactionID += 1
        ledger.append(transaction)
        return transaction
    }

    /// The current sum of all balances.
    public var total: Decimal {
        accounts.values.reduce(0) { $0 + $1.balance }
    }

    /// Whether the total is what the bank opened with and no balance is negative.
    public var invariantHolds: Bool {
        total == openingTotal && accounts.values.allSatisfy { $0.balance >= 0 }
    }

    /// Simulates the trip to the server: counts the call, waits, then fails if a fault is injected.
    ///
    /// Faults are decided when the request arrives, before any waiting, so which calls fail does not
    /// depend on timing.
    private func arrive() async throws {
        callCount += 1
        let failing = failuresLeft > 0
        if failing { failuresLeft -= 1 }
        try await latency.wait()
        try await gate?.pass()
        if failing { throw TransferError.networkError }
    }
}
