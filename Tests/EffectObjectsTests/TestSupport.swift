import Domain
import Testing

let firstQuote = Quote(content: "Simplicity is prerequisite for reliability.", author: "Dijkstra")
let secondQuote = Quote(content: "Make it work, make it right, make it fast.", author: "Beck")

/// Three accounts of 100 each, ids 1, 2 and 3.
let sampleAccounts = [Account].sample(count: 3)

/// A counter feature whose client must never be called.
let unusedQuoteClient = QuoteClient.failing(QuoteError(message: "The quote client was not called for."))
