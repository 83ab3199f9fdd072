import Foundation

/// Identifies an account. Plain integers keep traces deterministic and cheap to compare.
public struct AccountID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: Int

    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    public static func < (lhs: AccountID, rhs: AccountID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    public var description: String { "#\(rawValue)" }
}

/// A bank account as the transfer feature shows it ("MVVM + Reducer Pattern").
public struct Account: Identifiable, Equatable, Hashable, Sendable, Codable {
    public var id: AccountID
    public var name: String
    public var balance: Decimal

    public init(id: AccountID, name: String, balance: Decimal) {
        self.id = id
        self.name = name
        self.balance = balance
    }
}

/// Identifies a transaction. The bank numbers them 1, 2, 3, … so traces compare exactly.
public struct TransactionID: Hashable, Comparable, Sendable, Codable {
    public var rawValue: Int

    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    public static func < (lhs: TransactionID, rhs: TransactionID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// Money that the bank moved from one account to another.
public struct Transaction: Identifiable, Equatable, Hashable, Sendable, Codable {
    public var id: TransactionID
    public var from: AccountID
    public var to: AccountID
    public var amount: Decimal

    public init(id: TransactionID, from: AccountID, to: AccountID, amount: Decimal) {
        self.id = id
        self.from = from
        self.to = to
        self.amount = amount
    }
}

extension Array where Element == Account {
    /// Moves `transaction.amount` from the payer to the payee among these accounts, as the bank did.
    ///
    /// Every architecture applies a completed transfer to the accounts it shows with this one
    /// function, so the shown balances agree with the bank's.
    public mutating func apply(_ transaction: Transaction) {
        for index in indices {
            if self[index].id == transaction.from {
                self[index].balance -= transaction.amount
            } else if self[index].id == transaction.to {
                self[index].balance += transaction.amount
            }
        }
    }

    /// Accounts named "Account 1" … "Account `count`", each holding `balance`.
    public static func sample(count: Int, balance: Decimal = 100) -> [Account] {
        (1...Swift.max(count, 1)).prefix(count).map {
            Account(id: AccountID($0), name: "Account \($0)", balance: balance)
        }
    }
}
