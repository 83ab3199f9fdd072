import Domain
import TestSupport
import Testing

@testable import EffectObjects

@Suite("CounterFeature reducer and effects")
struct CounterFeatureReducerTests {
    let feature = CounterFeature(quoteClient: unusedQuoteClient)

    @Test("increment and decrement change the count and return no effect")
    func incrementAndDecrement() {
        var state = CounterState(count: 5)

        let incremented = feature.reduce(into: &state, action: .increment)
        #expect(state == CounterState(count: 6))
        #expect(incremented.isEmpty)

        let decremented = feature.reduce(into: &state, action: .decrement)
        #expect(state == CounterState(count: 5))
        #expect(decremented.isEmpty)
    }

    @Test("loadQuote starts loading, clears the error and returns one replacing FetchQuote")
    func loadQuoteReturnsFetchQuote() {
        var state = CounterState(count: 1, quote: firstQuote, errorMessage: "old")

        let effects = feature.reduce(into: &state, action: .loadQuote)

        #expect(state == CounterState(count: 1, quote: firstQuote, isLoading: true))
        #expect(effects.count == 1)
        #expect(effects.first is FetchQuote)
        #expect(effects.first?.cancellationKey != nil)
        #expect(effects.first?.cancellationKey == FetchQuote(client: unusedQuoteClient).cancellationKey)
    }

    @Test("quoteLoaded success stores the quote and stops loading")
    func quoteLoadedSuccess() {
        var state = CounterState(count: 2, isLoading: true)

        let effects = feature.reduce(into: &state, action: .quoteLoaded(.success(secondQuote)))

        #expect(state == CounterState(count: 2, quote: secondQuote))
        #expect(effects.isEmpty)
    }

    @Test("quoteLoaded failure keeps the quote and shows the message")
    func quoteLoadedFailure() {
        var state = CounterState(count: 2, quote: firstQuote, isLoading: true)

        let effects = feature.reduce(
            into: &state,
            action: .quoteLoaded(.failure(QuoteError(message: "offline")))
        )

        #expect(state == CounterState(count: 2, quote: firstQuote, errorMessage: "offline"))
        #expect(effects.isEmpty)
    }

    @Test("FetchQuote answers quoteLoaded with the client's quote")
    func fetchQuoteSuccess() async {
        let action = await FetchQuote(client: .constant(firstQuote)).run()
        #expect(action == .quoteLoaded(.success(firstQuote)))
    }

    @Test("FetchQuote answers quoteLoaded with the client's QuoteError")
    func fetchQuoteFailure() async {
        let error = QuoteError(message: "The service is down.")
        let action = await FetchQuote(client: .failing(error)).run()
        #expect(action == .quoteLoaded(.failure(error)))
    }

    @Test("A cancelled FetchQuote answers nothing")
    func fetchQuoteCancelled() async {
        let action = await FetchQuote(client: QuoteClient { throw CancellationError() }).run()
        #expect(action == nil)
    }
}

@MainActor
@Suite("CounterFeature in a WorkflowHost")
struct CounterHostTests {
    @Test("Three increments and a decrement count to 2")
    func countsUpAndDown() {
        let host = WorkflowHost(
            state: CounterState(), workflow: CounterFeature(quoteClient: unusedQuoteClient))
        host.send(.increment)
        host.send(.increment)
        host.send(.increment)
        host.send(.decrement)
        #expect(host.state == CounterState(count: 2))
        #expect(host.inFlightEffectCount == 0)
    }

    @Test("A loaded quote is kept when the next load fails")
    func successThenFailure() async throws {
        let failure = QuoteError(message: "Try again later.")
        let client = QuoteClient.scripted([.success(firstQuote), .failure(failure)])
        let host = WorkflowHost(state: CounterState(), workflow: CounterFeature(quoteClient: client))

        host.send(.loadQuote)
        #expect(host.state == CounterState(isLoading: true))
        try await finishWithin("host.settle() returns") { await host.settle() }
        #expect(host.state == CounterState(quote: firstQuote))

        host.send(.loadQuote)
        try await finishWithin("host.settle() returns") { await host.settle() }
        #expect(host.state == CounterState(quote: firstQuote, errorMessage: failure.message))
        #expect(host.inFlightEffectCount == 0)
    }

    @Test(
        "The newest loadQuote wins when the answers arrive in reverse order",
        arguments: [true, false]
    )
    func newestLoadQuoteWins(gateHonorsCancellation: Bool) async throws {
        let gate = ResponseGate(honorsCancellation: gateHonorsCancellation)
        let client = QuoteClient.gated(gate, results: [.success(firstQuote), .success(secondQuote)])
        let host = WorkflowHost(state: CounterState(), workflow: CounterFeature(quoteClient: client))

        host.send(.loadQuote)
        try await waitUntil { gate.ticketsIssued == 1 }
        host.send(.loadQuote)
        try await waitUntil { gate.ticketsIssued == 2 }

        gate.release(1)
        gate.release(0)
        try await finishWithin("host.settle() returns") { await host.settle() }

        #expect(host.state == CounterState(quote: secondQuote))
        #expect(host.inFlightEffectCount == 0)
    }

    @Test("A replaced fetch that still answers changes nothing, even while the newer one is loading")
    func lateAnswerOfReplacedFetchIsDropped() async throws {
        let gate = ResponseGate(honorsCancellation: false)
        let client = QuoteClient.gated(gate, results: [.success(firstQuote), .success(secondQuote)])
        let host = WorkflowHost(state: CounterState(), workflow: CounterFeature(quoteClient: client))
        var notifications = 0
        host.subscribe { _ in notifications += 1 }

        host.send(.loadQuote)
        try await waitUntil { gate.waitingCount == 1 }
        host.send(.loadQuote)
        try await waitUntil { gate.waitingCount == 2 }
        #expect(host.inFlightEffectCount == 2)

        gate.release(0)
        try await waitUntil { host.inFlightEffectCount == 1 }
        #expect(host.state == CounterState(isLoading: true))
        #expect(notifications == 2)

        gate.release(1)
        try await finishWithin("host.settle() returns") { await host.settle() }
        #expect(host.state == CounterState(quote: secondQuote))
        #expect(notifications == 3)
    }

    @Test("A fetch cancelled at its gate leaves the state as the newer load set it")
    func cancelledFetchChangesNothing() async throws {
        let gate = ResponseGate(honorsCancellation: true)
        let client = QuoteClient.gated(gate, results: [.success(firstQuote), .success(secondQuote)])
        let host = WorkflowHost(
            state: CounterState(count: 4, errorMessage: "old"),
            workflow: CounterFeature(quoteClient: client)
        )

        host.send(.loadQuote)
        try await waitUntil { gate.waitingCount == 1 }
        host.send(.loadQuote)
        try await waitUntil { gate.ticketsIssued == 2 && host.inFlightEffectCount == 1 }

        #expect(host.state == CounterState(count: 4, isLoading: true))

        gate.release(1)
        try await finishWithin("host.settle() returns") { await host.settle() }
        #expect(host.state == CounterState(count: 4, quote: secondQuote))
    }
}
