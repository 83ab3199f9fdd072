import Domain
import Testing

enum Fixtures {
    static let wisdom = Quote(content: "Measure, don't guess.", author: "Anonymous")
    static let newer = Quote(content: "Only the newest answer counts.", author: "Bench")
    static let outage = QuoteError(message: "The quote service is unavailable.")

    static let accounts: [Account] = [
        Account(id: AccountID(1), name: "A", balance: 100),
        Account(id: AccountID(2), name: "B", balance: 250),
        Account(id: AccountID(3), name: "C", balance: 0),
    ]
    static var a: Account { accounts[0] }
    static var b: Account { accounts[1] }
    /// An account the bank does not know.
    static let stranger = Account(id: AccountID(99), name: "Elsewhere", balance: 1_000)

    static func dependencies(
        quoteClient: QuoteClient = .failing(),
        bank: InMemoryBank = InMemoryBank(accounts: accounts)
    ) -> Dependencies {
        Dependencies(quoteClient: quoteClient, bank: bank)
    }
}
