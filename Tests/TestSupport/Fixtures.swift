import Domain

/// Quotes, accounts and dependencies shared by the effect-values and VIPER test targets: two real
/// quotes, an outage, and a bank holding Alice (100) and Bob (50).
public enum Fixture {
    public static let firstQuote = Quote(
        content: "Simplicity is prerequisite for reliability.", author: "Dijkstra")
    public static let secondQuote = Quote(
        content: "Make it work, make it right, make it fast.", author: "Beck")
    public static let outage = QuoteError(message: "The quote service is down.")

    public static let alice = Account(id: AccountID(1), name: "Alice", balance: 100)
    public static let bob = Account(id: AccountID(2), name: "Bob", balance: 50)
    /// An account the bank does not know.
    public static let stranger = Account(id: AccountID(99), name: "Not at this bank", balance: 1_000)

    /// A bank holding Alice and Bob, whose calls wait at `gate` when one is given.
    public static func bank(gate: ResponseGate? = nil) -> InMemoryBank {
        InMemoryBank(accounts: [alice, bob], gate: gate)
    }

    public static func dependencies(quoteClient: QuoteClient = .failing(), bank: InMemoryBank = bank())
        -> Dependencies
    {
        Dependencies(quoteClient: quoteClient, bank: bank)
    }
}

/// Quotes, accounts and dependencies shared by the view-model test targets (local reducer and
/// observable view model): two quotes, an outage, and three accounts A (100), B (250) and C (0).
public enum Fixtures {
    public static let wisdom = Quote(content: "Measure, don't guess.", author: "Anonymous")
    public static let newer = Quote(content: "Only the newest answer counts.", author: "Bench")
    public static let outage = QuoteError(message: "The quote service is unavailable.")

    public static let accounts: [Account] = [
        Account(id: AccountID(1), name: "A", balance: 100),
        Account(id: AccountID(2), name: "B", balance: 250),
        Account(id: AccountID(3), name: "C", balance: 0),
    ]

    public static func dependencies(
        quoteClient: QuoteClient = .failing(),
        bank: InMemoryBank = InMemoryBank(accounts: accounts)
    ) -> Dependencies {
        Dependencies(quoteClient: quoteClient, bank: bank)
    }
}
