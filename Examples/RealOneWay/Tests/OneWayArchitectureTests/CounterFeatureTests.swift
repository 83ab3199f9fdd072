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
        let store = Store(
            reducer: CounterFeature(quoteClient: .constant(Quote(content: "q", author: "a"))),
            state: CounterState())
        await store.send(.increment)
        await store.send(.increment)
        await store.send(.decrement)
        #expect(await store.state.count == 1)
    }

    @Test("A quote load reaches an observer of the states stream")
    func quoteLoadReachesTheObserver() async {
        let quote = Quote(content: "q", author: "a")
        let store = Store(reducer: CounterFeature(quoteClient: .constant(quote)), state: CounterState())
        let states = await store.states
        await store.send(.loadQuote)
        var observed: CounterState?
        for await state in states where state.quote == quote && !state.isLoading {
            observed = state
            break
        }
        #expect(observed?.quote == quote)
    }
}
