/// A quote shown by the counter feature, as loaded by a ``QuoteClient``.
///
/// "MVVM vs TCA" loads "a random quote" from a remote service; here the value is plain data so that
/// snapshots compare exactly across architectures.
public struct Quote: Equatable, Hashable, Sendable, Codable {
    public var content: String
    public var author: String

    public init(content: String, author: String) {
        self.content = content
        self.author = author
    }
}

/// Why a quote could not be loaded. Its `message` is what the counter shows in `errorMessage`.
public struct QuoteError: Error, Equatable, Sendable {
    public var message: String

    public init(message: String) {
        self.message = message
    }
}
