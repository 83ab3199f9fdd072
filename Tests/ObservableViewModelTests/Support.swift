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

    static func dependencies(
        quoteClient: QuoteClient = .failing(),
        bank: InMemoryBank = InMemoryBank(accounts: accounts)
    ) -> Dependencies {
        Dependencies(quoteClient: quoteClient, bank: bank)
    }
}
