import Domain
import ScenarioSupport
import Testing

@testable import StoreSubclass

/// Accounts A (100), B (250) and C (0).
let openingAccounts: [Account] = [
    Account(id: AccountID(1), name: "A", balance: 100),
    Account(id: AccountID(2), name: "B", balance: 250),
    Account(id: AccountID(3), name: "C", balance: 0),
]

let wisdom = Quote(content: "Measure, don't guess.", author: "Anonymous")
let newer = Quote(content: "Only the newest answer counts.", author: "Bench")
let outage = QuoteError(message: "The quote service is unavailable.")

/// The first `count` elements of `stream`; records an issue and throws when they do not arrive
/// within the deadline.
func first<Element: Sendable>(_ count: Int, of stream: AsyncStream<Element>) async throws -> [Element] {
    try await finishWithin("\(count) elements arrive") {
        var elements: [Element] = []
        for await element in stream {
            elements.append(element)
            if elements.count == count { break }
        }
        return elements
    }
}
