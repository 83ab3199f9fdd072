import Domain
import OneWay
import OneWayArchitecture
import Testing

/// The OneWay counter through its `Store` actor. OneWay 3.0.0 compiles `ViewStore` only where
/// `!os(Linux)`, so on Linux a view observes the store's `states` stream, as these tests do.
@Suite("OneWay counter")
struct CounterFeatureTests {
    @Test("An awaited send returns with the new state on the store")
    func awaitedSendChangesTheState() async {
        let store = makeStore(quote: Quote(content: "q", author: "a"))
        await store.send(.increment)
        await store.send(.increment)
        await store.send(.decrement)
        #expect(await store.state.count == 1)
    }

    /// Reads OneWay's `isIdle` (no action processing, no effect task) right after `send` returns:
    /// the `.none` effect's task removes itself only after hopping back to the actor. The task could
    /// in principle win that race on another thread; it did not in 15 runs on a loaded 2-core host.
    @Test("An action whose effect is .none still leaves a task on the store until it hops back")
    func noneEffectStillStartsATask() async {
        let store = makeStore(quote: Quote(content: "q", author: "a"))
        await store.send(.increment)
        #expect(await !store.isIdle)
        for _ in 0..<10_000 where await !store.isIdle {
            await Task.yield()
        }
        #expect(await store.isIdle)
    }

    @Test("A quote load reaches an observer of the states stream")
    func quoteLoadReachesTheObserver() async {
        let quote = Quote(content: "q", author: "a")
        let store = makeStore(quote: quote)
        let states = await store.states
        await store.send(.loadQuote)
        var observed: CounterState?
        for await state in states where state.quote == quote && !state.isLoading {
            observed = state
            break
        }
        #expect(observed?.quote == quote)
    }

    /// A counter store whose quote client answers `quote` at once.
    private func makeStore(quote: Quote) -> Store<CounterFeature, ContinuousClock> {
        Store(reducer: CounterFeature(quoteClient: .constant(quote)), state: CounterState())
    }
}
