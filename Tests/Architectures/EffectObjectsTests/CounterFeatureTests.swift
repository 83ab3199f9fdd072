import Domain
import ScenarioSupport
import Testing

@testable import EffectObjects

@Suite("CounterFeature: actions, render and worker")
struct CounterFeatureWorkflowTests {
    let feature = CounterFeature(quoteClient: unusedQuoteClient)

    @Test("increment and decrement change the count; the rendering shows it and asks for no worker")
    func incrementAndDecrement() {
        let incremented = feature.applying(.increment, to: CounterFeature.State(CounterState(count: 5)))
        #expect(incremented.counter == CounterState(count: 6))
        #expect(feature.rendered(incremented).rendering == CounterState(count: 6))
        #expect(feature.rendered(incremented).requests.isEmpty)

        let decremented = feature.applying(.decrement, to: incremented)
        #expect(decremented.counter == CounterState(count: 5))
    }

    @Test("loadQuote starts loading, clears the error and numbers the load; the render asks for its fetch")
    func loadQuoteAsksForFetchQuote() throws {
        let before = CounterFeature.State(CounterState(count: 1, quote: firstQuote, errorMessage: "old"))

        let state = feature.applying(.loadQuote, to: before)

        #expect(
            state
                == CounterFeature.State(CounterState(count: 1, quote: firstQuote, isLoading: true), loads: 1))
        let workers = feature.workers(state)
        #expect(workers.count == 1)
        #expect((workers.first as? FetchQuote)?.load == 1)
    }

    @Test("fetches of the same load are equivalent; a newer load's fetch is not")
    func fetchEquivalence() throws {
        let loading = feature.applying(.loadQuote, to: CounterFeature.State())
        let again = feature.applying(.increment, to: loading)
        let newer = feature.applying(.loadQuote, to: loading)
        let fetch = try #require(feature.workers(loading).first as? FetchQuote)
        let sameLoad = try #require(feature.workers(again).first as? FetchQuote)
        let newerLoad = try #require(feature.workers(newer).first as? FetchQuote)

        #expect(fetch.isEquivalent(to: sameLoad))
        #expect(!fetch.isEquivalent(to: newerLoad))
    }

    @Test("quoteLoaded success stores the quote and stops loading: no fetch is asked for any more")
    func quoteLoadedSuccess() {
        let loading = CounterFeature.State(CounterState(count: 2, isLoading: true), loads: 1)

        let state = feature.applying(.quoteLoaded(.success(secondQuote)), to: loading)

        #expect(state.counter == CounterState(count: 2, quote: secondQuote))
        #expect(feature.workers(state).isEmpty)
    }

    @Test("quoteLoaded failure keeps the quote and shows the message")
    func quoteLoadedFailure() {
        let loading = CounterFeature.State(CounterState(count: 2, quote: firstQuote, isLoading: true))

        let state = feature.applying(.quoteLoaded(.failure(QuoteError(message: "offline"))), to: loading)

        #expect(state.counter == CounterState(count: 2, quote: firstQuote, errorMessage: "offline"))
        #expect(feature.workers(state).isEmpty)
    }

    @Test("FetchQuote answers the client's quote")
    func fetchQuoteSuccess() async {
        let output = await FetchQuote(client: .constant(firstQuote), load: 1).run()
        #expect(output == .success(firstQuote))
    }

    @Test("FetchQuote answers the client's QuoteError")
    func fetchQuoteFailure() async {
        let error = QuoteError(message: "The service is down.")
        let output = await FetchQuote(client: .failing(error), load: 1).run()
        #expect(output == .failure(error))
    }

    @Test("A cancelled FetchQuote answers nothing")
    func fetchQuoteCancelled() async {
        let output = await FetchQuote(client: QuoteClient { throw CancellationError() }, load: 1).run()
        #expect(output == nil)
    }
}

@MainActor
@Suite("CounterFeature in a WorkflowHost")
struct CounterHostTests {
    @Test("Three increments and a decrement count to 2")
    func countsUpAndDown() {
        let host = WorkflowHost(
            state: CounterFeature.State(CounterState()),
            workflow: CounterFeature(quoteClient: unusedQuoteClient))
        host.send(.increment)
        host.send(.increment)
        host.send(.increment)
        host.send(.decrement)
        #expect(host.rendering == CounterState(count: 2))
        #expect(host.inFlightEffectCount == 0)
    }

    @Test("A loaded quote is kept when the next load fails")
    func successThenFailure() async throws {
        let failure = QuoteError(message: "Try again later.")
        let client = QuoteClient.scripted([.success(firstQuote), .failure(failure)])
        let host = WorkflowHost(
            state: CounterFeature.State(CounterState()), workflow: CounterFeature(quoteClient: client))

        host.send(.loadQuote)
        #expect(host.rendering == CounterState(isLoading: true))
        try await finishWithin("host.settle() returns") { await host.settle() }
        #expect(host.rendering == CounterState(quote: firstQuote))

        host.send(.loadQuote)
        try await finishWithin("host.settle() returns") { await host.settle() }
        #expect(host.rendering == CounterState(quote: firstQuote, errorMessage: failure.message))
        #expect(host.inFlightEffectCount == 0)
    }

    @Test(
        "The newest loadQuote wins when the answers arrive in reverse order",
        arguments: [true, false]
    )
    func newestLoadQuoteWins(gateHonorsCancellation: Bool) async throws {
        let gate = ResponseGate(honorsCancellation: gateHonorsCancellation)
        let client = QuoteClient.gated(gate, results: [.success(firstQuote), .success(secondQuote)])
        let host = WorkflowHost(
            state: CounterFeature.State(CounterState()), workflow: CounterFeature(quoteClient: client))

        host.send(.loadQuote)
        try await waitUntil { gate.ticketsIssued == 1 }
        host.send(.loadQuote)
        try await waitUntil { gate.ticketsIssued == 2 }

        gate.release(1)
        gate.release(0)
        try await finishWithin("host.settle() returns") { await host.settle() }

        #expect(host.rendering == CounterState(quote: secondQuote))
        #expect(host.inFlightEffectCount == 0)
    }

    @Test("A replaced fetch that still answers changes nothing, even while the newer one is loading")
    func lateAnswerOfReplacedFetchIsDropped() async throws {
        let gate = ResponseGate(honorsCancellation: false)
        let client = QuoteClient.gated(gate, results: [.success(firstQuote), .success(secondQuote)])
        let host = WorkflowHost(
            state: CounterFeature.State(CounterState()), workflow: CounterFeature(quoteClient: client))
        var notifications = 0
        host.subscribe { _ in notifications += 1 }

        host.send(.loadQuote)
        try await waitUntil { gate.waitingCount == 1 }
        host.send(.loadQuote)
        try await waitUntil { gate.waitingCount == 2 }
        #expect(host.inFlightEffectCount == 2)

        gate.release(0)
        try await waitUntil { host.inFlightEffectCount == 1 }
        #expect(host.rendering == CounterState(isLoading: true))
        #expect(notifications == 2)

        gate.release(1)
        try await finishWithin("host.settle() returns") { await host.settle() }
        #expect(host.rendering == CounterState(quote: secondQuote))
        #expect(notifications == 3)
    }

    @Test("A fetch cancelled at its gate leaves the state as the newer load set it")
    func cancelledFetchChangesNothing() async throws {
        let gate = ResponseGate(honorsCancellation: true)
        let client = QuoteClient.gated(gate, results: [.success(firstQuote), .success(secondQuote)])
        let host = WorkflowHost(
            state: CounterFeature.State(CounterState(count: 4, errorMessage: "old")),
            workflow: CounterFeature(quoteClient: client)
        )

        host.send(.loadQuote)
        try await waitUntil { gate.waitingCount == 1 }
        host.send(.loadQuote)
        try await waitUntil { gate.ticketsIssued == 2 && host.inFlightEffectCount == 1 }

        #expect(host.rendering == CounterState(count: 4, isLoading: true))

        gate.release(1)
        try await finishWithin("host.settle() returns") { await host.settle() }
        #expect(host.rendering == CounterState(count: 4, quote: secondQuote))
    }
}
