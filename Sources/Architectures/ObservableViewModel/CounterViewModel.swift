import Domain
import Foundation
import Observation

/// The counter feature as a plain observable view model: a count and a remotely loaded quote.
///
/// "MVVM vs TCA", §4.1 / §5.1 (its MVVM half): four observable properties and three methods, with the
/// quote client injected through the initializer. Unlike the article's version, a newer `loadQuote()`
/// cancels the older fetch and only the newest answer is ever shown.
@Observable
@MainActor
public final class CounterViewModel {
    public private(set) var count: Int
    public private(set) var quote: Quote?
    public private(set) var isLoading: Bool
    public private(set) var errorMessage: String?

    /// Called at the start of every `loadQuote()`, before the fetch begins.
    ///
    /// The counter does not know who embeds it; a parent view model that must react to a quote load
    /// sets this (``AppViewModel`` selects the counter tab). A standalone counter leaves it `nil`.
    @ObservationIgnored public var onLoadQuote: (@MainActor () -> Void)?

    private let quoteClient: QuoteClient

    /// The fetch of the newest `loadQuote()`, while it runs.
    @ObservationIgnored private var quoteTask: Task<Quote, any Error>?

    public init(initialState: CounterState = CounterState(), quoteClient: QuoteClient) {
        count = initialState.count
        quote = initialState.quote
        isLoading = initialState.isLoading
        errorMessage = initialState.errorMessage
        self.quoteClient = quoteClient
    }

    /// The number of fetch tasks this view model holds: 1 while a quote is loading, else 0.
    public var inFlightEffectCount: Int {
        quoteTask == nil ? 0 : 1
    }

    public func increment() {
        count += 1
    }

    public func decrement() {
        count -= 1
    }

    /// Loads a quote and returns once this load has finished, was superseded, or was cancelled.
    ///
    /// A newer call cancels this one's fetch; an answer that arrives after that is dropped. A failed
    /// fetch keeps the previous quote and shows the error's message. Cancelling the calling task
    /// cancels the fetch and leaves the properties as they are.
    public func loadQuote() async {
        onLoadQuote?()
        quoteTask?.cancel()
        isLoading = true
        errorMessage = nil

        let request = Task { [quoteClient] in try await quoteClient.fetch() }
        quoteTask = request
        defer {
            if quoteTask == request { quoteTask = nil }
        }
        let result = await request.resultCancellingWithCaller()
        guard quoteTask == request, !request.isCancelled else { return }

        switch result {
        case .success(let quote):
            isLoading = false
            self.quote = quote
        case .failure(let error as QuoteError):
            isLoading = false
            errorMessage = error.message
        case .failure(is CancellationError):
            break
        case .failure(let error):
            isLoading = false
            errorMessage = error.localizedDescription
        }
    }
}
