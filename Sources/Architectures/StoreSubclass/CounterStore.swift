import Domain

/// What a counter store announces once and does not keep: the "output" messages of "The Many Flavors of
/// Unidirectional Architectures in Swift".
public enum CounterOutput: Equatable, Sendable {
    /// A newly loaded quote is shown.
    case quoteLoaded(Quote)
    /// Loading a quote failed; the message is also in `errorMessage`.
    case quoteFailed(QuoteError)
}

/// The counter feature as a ``Store`` subclass: the "mixing everything" flavor of "The Many Flavors of
/// Unidirectional Architectures in Swift", applied to the counter with a quote of "MVVM vs TCA".
///
/// Intents are methods. `increment()` and `decrement()` change ``Store/state`` and return;
/// `loadQuote()` changes it, awaits the ``QuoteClient`` and applies the answer, in one async method
/// that a view would call as `Task { await store.loadQuote() }`.
@MainActor
public final class CounterStore: Store<CounterState, CounterOutput> {
    private let quoteClient: QuoteClient
    /// The quote load in flight, so that a newer load can cancel it.
    private var quoteLoad: Task<Void, Never>?

    public init(initialState: CounterState = CounterState(), quoteClient: QuoteClient) {
        self.quoteClient = quoteClient
        super.init(initialState: initialState)
    }

    public func increment() {
        state.count += 1
    }

    public func decrement() {
        state.count -= 1
    }

    /// Loads a quote and shows it, or shows why it could not be loaded.
    ///
    /// A newer call cancels this one's fetch, and only the newest answer is ever applied: an answer
    /// that arrives after its load was cancelled is dropped. Cancelling the calling task cancels the
    /// load too. Returns when the load has finished, whichever way.
    public func loadQuote() async {
        quoteLoad?.cancel()
        state.startLoadingQuote()
        let load = startEffect { [weak self, quoteClient] in
            let result = await quoteClient.fetchResult()
            // Still wanted? A newer load cancels this one before it starts its own.
            guard let result, !Task.isCancelled, let self else { return }
            state.finishLoadingQuote(with: result)
            send(output: CounterOutput(result))
        }
        quoteLoad = load
        await withTaskCancellationHandler {
            await load.value
        } onCancel: {
            load.cancel()
        }
        if quoteLoad == load {
            quoteLoad = nil
        }
    }
}

extension CounterState {
    /// The first half of a quote load, written as one change so observers see one new state.
    mutating func startLoadingQuote() {
        isLoading = true
        errorMessage = nil
    }

    /// The answer of a quote load: the quote, or the error's message next to the quote kept.
    mutating func finishLoadingQuote(with result: Result<Quote, QuoteError>) {
        isLoading = false
        switch result {
        case .success(let quote):
            self.quote = quote
        case .failure(let error):
            errorMessage = error.message
        }
    }
}

extension CounterOutput {
    init(_ result: Result<Quote, QuoteError>) {
        switch result {
        case .success(let quote): self = .quoteLoaded(quote)
        case .failure(let error): self = .quoteFailed(error)
        }
    }
}

extension QuoteClient {
    /// One fetch as a `Result`, or `nil` when it ended because its task was cancelled.
    ///
    /// The client throws ``QuoteError``s; anything else is shown by its description.
    func fetchResult() async -> Result<Quote, QuoteError>? {
        do {
            return .success(try await fetch())
        } catch is CancellationError {
            return nil
        } catch let error as QuoteError {
            return .failure(error)
        } catch {
            return .failure(QuoteError(message: String(describing: error)))
        }
    }
}
