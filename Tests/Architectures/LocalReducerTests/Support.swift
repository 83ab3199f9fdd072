import Domain
import Foundation
import TestSupport

extension Fixtures {
    static var a: Account { accounts[0] }
    static var b: Account { accounts[1] }
    /// An account the bank does not know.
    static let stranger = Account(id: AccountID(99), name: "Elsewhere", balance: 1_000)

    /// A form ready to submit, with the accounts loaded: A pays B `amount`.
    static func readyForm(amount: Decimal) -> TransferState {
        TransferState(accounts: accounts, selectedFrom: a, selectedTo: b, amount: amount)
    }
}
