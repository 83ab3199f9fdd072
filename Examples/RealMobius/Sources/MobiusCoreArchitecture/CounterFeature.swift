import Domain
import MobiusCore

/// The counter with a remotely loaded quote, as Mobius models it: a model, the events that change
/// it, the effects it asks for, one pure update, and an effect handler routed by effect.
public enum CounterFeature {
    public typealias Model = CounterState

    /// Everything that can happen to a counter: the user's intents and the fetch's feedback.
    public enum Event: Equatable {
        case increment
        case decrement
        case loadQuote
        case quoteLoaded(Result<Quote, QuoteError>)
    }

    /// The work a counter asks for.
    public enum Effect: Hashable {
        /// Fetch a quote and report it as `quoteLoaded`; a newer fetch replaces an older one.
        case fetchQuote
    }

    /// The counter's logic: which model follows, and which effects run.
    public static func update(_ model: Model, _ event: Event) -> Next<Model, Effect> {
        var model = model
        switch event {
        case .increment:
            model.count += 1
        case .decrement:
            model.count -= 1
        case .loadQuote:
            guard !model.isLoading else { return .dispatchEffects([.fetchQuote]) }
            model.isLoading = true
            model.errorMessage = nil
            return .next(model, effects: [.fetchQuote])
        case .quoteLoaded(.success(let quote)):
            model.isLoading = false
            model.quote = quote
        case .quoteLoaded(.failure(let error)):
            model.isLoading = false
            model.errorMessage = error.message
        }
        return .next(model)
    }

    /// The counter's effect handler: the quote fetch, the newest one only.
    @MainActor
    static func effectHandler(_ quoteClient: QuoteClient, tasks: EffectTasks) -> AnyConnectable<Effect, Event>
    {
        EffectRouter<Effect, Event>()
            .routeEffects(equalTo: .fetchQuote)
            .to(LatestPerKey<Effect, Event>(tasks: tasks) { _ in await fetchQuote(quoteClient) })
            .asConnectable
    }

    /// The quote as a `quoteLoaded` event; nothing when the fetch was cancelled.
    static func fetchQuote(_ quoteClient: QuoteClient) async -> Event? {
        do {
            return .quoteLoaded(.success(try await quoteClient.fetch()))
        } catch let error as QuoteError {
            return .quoteLoaded(.failure(error))
        } catch is CancellationError {
            return nil
        } catch {
            return .quoteLoaded(.failure(QuoteError(message: String(describing: error))))
        }
    }

    /// A counter's loop on the main actor, starting from `model`.
    @MainActor
    public static func makeStore(_ model: Model = Model(), quoteClient: QuoteClient) -> CounterStore {
        let tasks = EffectTasks()
        let loop = Mobius.loop(update: update, effectHandler: effectHandler(quoteClient, tasks: tasks))
            .start(from: model)
        return CounterStore(loop: loop, effects: tasks)
    }
}

/// A counter's loop, as a view holds it.
public typealias CounterStore = MobiusStore<CounterFeature.Model, CounterFeature.Event, CounterFeature.Effect>

extension CounterFeature.Event {
    /// The shared counter intent as this feature's event.
    public init(_ intent: CounterIntent) {
        switch intent {
        case .increment: self = .increment
        case .decrement: self = .decrement
        case .loadQuote: self = .loadQuote
        }
    }
}
