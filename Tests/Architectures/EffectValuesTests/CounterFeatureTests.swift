import Domain
import ScenarioSupport
import TestSupport
import Testing

@testable import EffectValues

@Suite("Counter update: (state, event) -> Next")
struct CounterUpdateTests {
    @Test("increment and decrement change the count and ask for nothing")
    func incrementAndDecrement() {
        #expect(CounterFeature.reduced(CounterState(count: 4), .increment) == (CounterState(count: 5), []))
        #expect(CounterFeature.reduced(CounterState(count: 4), .decrement) == (CounterState(count: 3), []))

        var state = CounterState()
        for event in [CounterFeature.Event.increment, .increment, .increment, .decrement] {
            let next = CounterFeature.update(state, event)
            #expect(next.effects == [])
            state = next.state ?? state
        }
        #expect(state == CounterState(count: 2))
    }

    @Test("loadQuote starts loading, clears the error, and cancels any older fetch before fetching")
    func loadQuoteCancelsThenFetches() {
        let before = CounterState(count: 1, quote: Fixture.firstQuote, errorMessage: "stale")
        #expect(
            CounterFeature.reduced(before, .loadQuote)
                == (
                    CounterState(count: 1, quote: Fixture.firstQuote, isLoading: true),
                    [.cancelQuoteFetch, .fetchQuote]
                )
        )
    }

    @Test("a second loadQuote while loading returns no new state and asks again for the cancel first")
    func secondLoadQuoteCancelsTheFirst() {
        let (loading, _) = CounterFeature.reduced(CounterState(), .loadQuote)
        #expect(CounterFeature.update(loading, .loadQuote) == .dispatch([.cancelQuoteFetch, .fetchQuote]))
    }

    @Test("a loaded quote replaces the old one and ends loading")
    func quoteLoadedSuccess() {
        let loading = CounterState(count: 3, quote: Fixture.firstQuote, isLoading: true)
        #expect(
            CounterFeature.reduced(loading, .quoteLoaded(.success(Fixture.secondQuote)))
                == (CounterState(count: 3, quote: Fixture.secondQuote), [])
        )
    }

    @Test("a failed load keeps the quote and shows the error's message")
    func quoteLoadedFailure() {
        let loading = CounterState(quote: Fixture.firstQuote, isLoading: true)
        #expect(
            CounterFeature.reduced(loading, .quoteLoaded(.failure(Fixture.outage)))
                == (CounterState(quote: Fixture.firstQuote, errorMessage: Fixture.outage.message), [])
        )
    }
}

@Suite("Counter effect handler")
struct CounterEffectHandlerTests {
    @Test("fetchQuote runs as the quote fetch and feeds back the quote")
    func fetchQuoteSuccess() async {
        let handler = CounterEffectHandler(quoteClient: .constant(Fixture.firstQuote))
        let execution = handler.handle(.fetchQuote)
        #expect(execution.taskID == .quoteFetch)
        #expect(await execution.perform() == .quoteLoaded(.success(Fixture.firstQuote)))
    }

    @Test("fetchQuote feeds back the client's QuoteError")
    func fetchQuoteFailure() async {
        let handler = CounterEffectHandler(quoteClient: .failing(Fixture.outage))
        #expect(await handler.handle(.fetchQuote).perform() == .quoteLoaded(.failure(Fixture.outage)))
    }

    @Test("cancelQuoteFetch cancels the quote fetch task")
    func cancelQuoteFetch() {
        let execution = CounterEffectHandler(quoteClient: .failing()).handle(.cancelQuoteFetch)
        #expect(execution.isCancellation)
        #expect(execution.taskID == .quoteFetch)
    }

    @Test("a fetch cancelled at the gate feeds back nothing")
    @MainActor
    func cancelledFetchFeedsBackNothing() async throws {
        let gate = ResponseGate(honorsCancellation: true)
        let handler = CounterEffectHandler(quoteClient: .gated(gate, results: [.success(Fixture.firstQuote)]))
        let execution = handler.handle(.fetchQuote)
        let fetch = Task { await execution.perform() }
        try await waitUntil("the fetch waits at the gate") { gate.waitingCount == 1 }
        fetch.cancel()
        #expect(await fetch.value == nil)
    }
}

@Suite("Counter loop")
@MainActor
struct CounterLoopTests {
    @Test("a scripted success then a scripted failure: quote kept, error shown")
    func successThenFailure() async throws {
        let client = QuoteClient.scripted([.success(Fixture.firstQuote), .failure(Fixture.outage)])
        let loop = CounterLoop(state: CounterState(), handler: CounterEffectHandler(quoteClient: client))

        loop.dispatch(.loadQuote)
        #expect(loop.state == CounterState(isLoading: true))
        try await finishWithin("loop.settle() returns") { await loop.settle() }
        #expect(loop.state == CounterState(quote: Fixture.firstQuote))

        loop.dispatch(.loadQuote)
        try await finishWithin("loop.settle() returns") { await loop.settle() }
        #expect(loop.state == CounterState(quote: Fixture.firstQuote, errorMessage: Fixture.outage.message))
        #expect(loop.inFlightEffectCount == 0)
    }

    @Test(
        "only the newest loadQuote is applied, whether or not the gate honors cancellation",
        arguments: [true, false])
    func newestLoadQuoteWins(honorsCancellation: Bool) async throws {
        let gate = ResponseGate(honorsCancellation: honorsCancellation)
        let client = QuoteClient.gated(
            gate, results: [.success(Fixture.firstQuote), .success(Fixture.secondQuote)])
        let loop = CounterLoop(state: CounterState(), handler: CounterEffectHandler(quoteClient: client))

        loop.dispatch(.loadQuote)
        try await waitUntil("the first fetch waits at the gate") { gate.waitingCount == 1 }
        loop.dispatch(.loadQuote)
        try await waitUntil("the second fetch reaches the gate") { gate.ticketsIssued == 2 }

        gate.release(1)
        try await waitUntil("the second quote is applied") { loop.state.quote != nil }
        #expect(loop.state == CounterState(quote: Fixture.secondQuote))
        if !honorsCancellation {
            #expect(loop.inFlightEffectCount == 1, "the cancelled fetch still waits for its answer")
        }

        gate.release(0)
        try await finishWithin("loop.settle() returns") { await loop.settle() }
        #expect(loop.state == CounterState(quote: Fixture.secondQuote))
        #expect(loop.inFlightEffectCount == 0)
    }

    @Test("many loadQuotes in a row leave one quote applied and no task behind")
    func burstOfLoadQuotes() async throws {
        let loop = CounterLoop(
            state: CounterState(),
            handler: CounterEffectHandler(quoteClient: .constant(Fixture.firstQuote, latency: .yields(3)))
        )
        var notified = 0
        _ = loop.addObserver { _ in notified += 1 }
        for _ in 0..<100 {
            loop.dispatch(.loadQuote)
        }
        #expect(loop.inFlightEffectCount == 100)
        try await finishWithin("loop.settle() returns") { await loop.settle() }
        #expect(loop.state == CounterState(quote: Fixture.firstQuote))
        #expect(
            notified == 2,
            """
            the first loadQuote and the one quoteLoaded: the other 99 loads changed nothing, and the 99 \
            cancelled results were dropped
            """)
        #expect(loop.inFlightEffectCount == 0)
    }
}
