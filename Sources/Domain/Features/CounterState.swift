/// The counter feature's state ("MVVM vs TCA"): a count and a remotely loaded quote.
///
/// Reducer-based architectures use it as their `State`; the view-model architectures expose the same
/// fields as properties and return this value as their snapshot.
public struct CounterState: Equatable, Sendable {
    public var count = 0
    public var quote: Quote?
    public var isLoading = false
    public var errorMessage: String?

    public init(count: Int = 0, quote: Quote? = nil, isLoading: Bool = false, errorMessage: String? = nil) {
        self.count = count
        self.quote = quote
        self.isLoading = isLoading
        self.errorMessage = errorMessage
    }
}

/// What a user can do to a counter. Feedback from effects (`quoteLoaded`) is not an intent: each
/// architecture models it in its own way.
public enum CounterIntent: Equatable, Hashable, Sendable, CaseIterable {
    case increment
    case decrement
    case loadQuote
}
