import Domain
import Testing

/// Yields until `condition` holds, so a test can wait for a request to reach its gate without
/// sleeping. Fails the test instead of hanging if the condition never comes true.
@MainActor
func waitUntil(
    _ condition: @MainActor () -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("The condition never came true.", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        await Task.yield()
    }
}

let firstQuote = Quote(content: "Simplicity is prerequisite for reliability.", author: "Dijkstra")
let secondQuote = Quote(content: "Make it work, make it right, make it fast.", author: "Beck")

/// Three accounts of 100 each, ids 1, 2 and 3.
let sampleAccounts = [Account].sample(count: 3)

/// A counter feature whose client must never be called.
let unusedQuoteClient = QuoteClient.failing(QuoteError(message: "The quote client was not called for."))
