import Domain
import ScenarioSupport
import Testing

@testable import ClosureEffects

@Suite("Counter feature")
@MainActor
struct CounterFeatureTests {
    @Test("increment and decrement change the count and start no effect")
    func incrementAndDecrement() async throws {
        let store = TestStore(
            initialState: CounterState(),
            reducer: CounterFeature(quoteClient: .failing())
        )
        store.send(.increment) { $0.count = 1 }
        store.send(.increment) { $0.count = 2 }
        store.send(.increment) { $0.count = 3 }
        store.send(.decrement) { $0.count = 2 }
        #expect(store.store.inFlightEffectCount == 0)
        try await store.finish()
    }

    @Test("the reducer returns no effect for increment and a fetch for loadQuote")
    func returnedEffects() {
        let feature = CounterFeature(quoteClient: .failing())
        var state = CounterState()
        #expect(feature.reduce(into: &state, message: .input(.increment)).isNone)
        #expect(feature.reduce(into: &state, message: .input(.decrement)).isNone)
        let fetch = feature.reduce(into: &state, message: .input(.loadQuote))
        #expect(!fetch.isNone)
        #expect(state == CounterState(isLoading: true))
    }

    /// Feedback cannot be sent from outside, and that is checked by the compiler:
    /// `store.send(.quoteLoaded(...))` does not compile, because ``Store/send(_:)`` takes a
    /// `CounterFeature.Action` and `quoteLoaded` is a `CounterFeature.Feedback`; the only thing that
    /// accepts feedback is the ``Send`` an effect is given, whose initializer is internal to the module,
    /// and the store's `process(_:)` that it calls is internal too. At run time the test checks the
    /// other half: the feedback reaches the reducer only once the effect sends it.
    @Test("feedback reaches the reducer only when the effect sends it")
    func feedbackOnlyFromTheEffect() async throws {
        let gate = ResponseGate(honorsCancellation: false)
        let store = TestStore(
            initialState: CounterState(),
            reducer: CounterFeature(quoteClient: .gated(gate, results: [.success(.first)]))
        )
        store.send(.loadQuote) { $0.isLoading = true }
        try await waitUntil { gate.waitingCount == 1 }
        #expect(store.state == CounterState(isLoading: true))
        gate.release(0)
        try await store.receiveQuote(.first)
        try await store.finish()
    }

    @Test("loadQuote feeds back the loaded quote")
    func loadQuoteSuccess() async throws {
        let store = TestStore(
            initialState: CounterState(count: 4, errorMessage: "Old failure"),
            reducer: CounterFeature(quoteClient: .constant(.first))
        )
        store.send(.loadQuote) {
            $0.isLoading = true
            $0.errorMessage = nil
        }
        try await store.receiveQuote(.first)
        try await store.finish()
    }

    @Test("a failed load shows the error message and keeps the last quote")
    func loadQuoteFailureKeepsQuote() async throws {
        let failure = QuoteError(message: "No connection")
        let store = TestStore(
            initialState: CounterState(),
            reducer: CounterFeature(quoteClient: .scripted([.success(.first), .failure(failure)]))
        )
        store.send(.loadQuote) { $0.isLoading = true }
        try await store.receiveQuote(.first)
        store.send(.loadQuote) { $0.isLoading = true }
        try await store.receive(.quoteLoaded(.failure(failure))) {
            $0.isLoading = false
            $0.errorMessage = "No connection"
        }
        try await store.finish()
    }

    @Test(
        "a newer loadQuote wins, whether or not the client honours the older fetch's cancellation",
        arguments: [true, false]
    )
    func newestLoadQuoteWins(honorsCancellation: Bool) async throws {
        let gate = ResponseGate(honorsCancellation: honorsCancellation)
        let store = TestStore(
            initialState: CounterState(),
            reducer: CounterFeature(
                quoteClient: .gated(gate, results: [.success(.first), .success(.second)]))
        )
        store.send(.loadQuote) { $0.isLoading = true }
        try await waitUntil { gate.waitingCount == 1 }
        store.send(.loadQuote)
        let stillWaiting = honorsCancellation ? 1 : 2
        try await waitUntil { gate.ticketsIssued == 2 && gate.waitingCount == stillWaiting }

        gate.release(1)
        try await store.receiveQuote(.second)
        gate.release(0)
        try await store.finish()
    }

    @Test("a response that arrives after its fetch was cancelled is discarded")
    func lateResponseIsDiscarded() async throws {
        let gate = ResponseGate(honorsCancellation: false)
        let store = TestStore(
            initialState: CounterState(),
            reducer: CounterFeature(
                quoteClient: .gated(
                    gate,
                    results: [.success(.first), .failure(QuoteError(message: "late")), .success(.second)])
            )
        )
        store.send(.loadQuote) { $0.isLoading = true }
        try await waitUntil { gate.waitingCount == 1 }
        store.send(.loadQuote)
        try await waitUntil { gate.waitingCount == 2 }
        store.send(.loadQuote)
        try await waitUntil { gate.waitingCount == 3 }

        // The two cancelled fetches answer first, with a quote and with an error: both are dropped.
        gate.release(0)
        gate.release(1)
        try await waitUntil { store.store.inFlightEffectCount == 1 }
        #expect(store.state == CounterState(isLoading: true))

        gate.release(2)
        try await store.receiveQuote(.second)
        try await store.finish()
    }
}

extension TestStore where Base == CounterFeature {
    /// Awaits `quoteLoaded(.success(quote))` and expects `quote` shown and loading over.
    func receiveQuote(_ quote: Quote, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await receive(
            .quoteLoaded(.success(quote)),
            assert: {
                $0.isLoading = false
                $0.quote = quote
            },
            sourceLocation: sourceLocation
        )
    }
}
