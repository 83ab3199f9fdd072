import Domain
import ScenarioSupport
import Testing

/// Scenarios 1–3 of features.md, over every architecture standalone and in both app layouts.
@MainActor
struct CounterScenarios {
    let wisdom = Quote(content: "Measure, don't guess.", author: "Anonymous")
    let newer = Quote(content: "Only the newest answer counts.", author: "Bench")
    let outage = QuoteError(message: "The quote service is unavailable.")

    func incrementAndDecrement(subject: Subject) {
        let counter = CounterUnderTest(subject, quoteClient: .failing())
        var trace: [Int] = []
        for intent in [CounterIntent.increment, .increment, .increment, .decrement] {
            counter.send(intent)
            trace.append(counter.state.count)
        }
        #expect(trace == [1, 2, 3, 2])
        expectState(counter.state, CounterState(count: 2))
    }

    func successThenFailure(subject: Subject) async throws {
        let counter = CounterUnderTest(subject, quoteClient: .scripted([.success(wisdom), .failure(outage)]))
        var trace: [CounterState] = []
        counter.send(.loadQuote)
        trace.append(counter.state)
        try await counter.settle()
        trace.append(counter.state)
        counter.send(.loadQuote)
        trace.append(counter.state)
        try await counter.settle()
        trace.append(counter.state)
        #expect(
            trace == [
                CounterState(isLoading: true),
                CounterState(quote: wisdom),
                CounterState(quote: wisdom, isLoading: true),
                CounterState(quote: wisdom, errorMessage: outage.message),
            ]
        )
        if subject.mode != .feature {
            #expect(counter.selectedTab == .counter)
        }
    }

    func loadClearsError(subject: Subject) async throws {
        let counter = CounterUnderTest(subject, quoteClient: .scripted([.failure(outage), .success(wisdom)]))
        counter.send(.loadQuote)
        try await counter.settle()
        expectState(counter.state, CounterState(errorMessage: outage.message))
        counter.send(.increment)
        counter.send(.loadQuote)
        expectState(counter.state, CounterState(count: 1, isLoading: true))
        try await counter.settle()
        expectState(counter.state, CounterState(count: 1, quote: wisdom))
    }

    func newestLoadWins(subject: Subject, gateHonoursCancellation: Bool) async throws {
        let gate = ResponseGate(honorsCancellation: gateHonoursCancellation)
        let counter = CounterUnderTest(
            subject,
            quoteClient: .gated(gate, results: [.success(wisdom), .success(newer)])
        )
        counter.send(.loadQuote)
        try await waitUntil(
            "the first fetch waits at the gate",
            otherwise: gate.cause(issued: 1, waiting: 1, request: "quote fetch", intent: "loadQuote")
        ) { gate.waitingCount == 1 }
        counter.send(.increment)
        counter.send(.loadQuote)
        expectState(counter.state, CounterState(count: 1, isLoading: true))
        let waiting = gateHonoursCancellation ? 1 : 2
        try await waitUntil(
            "the second fetch waits at the gate",
            otherwise: gate.cause(issued: 2, waiting: waiting, request: "quote fetch", intent: "loadQuote")
        ) { gate.ticketsIssued == 2 && gate.waitingCount == waiting }

        gate.release(1)
        if gateHonoursCancellation {
            try await counter.settle()
        } else {
            try await waitUntil(
                "the newest quote is applied",
                otherwise: "the newest quote was answered but not applied while an older fetch still waited"
            ) { counter.state.quote == newer }
        }
        expectState(counter.state, CounterState(count: 1, quote: newer))

        gate.release(0)
        try await counter.settle()
        expectState(counter.state, CounterState(count: 1, quote: newer), "a stale quote was applied")
        #expect(gate.waitingCount == 0)
    }

    func cancelledLoadIsSilent(subject: Subject) async throws {
        let gate = ResponseGate(honorsCancellation: true)
        let counter = CounterUnderTest(
            subject, quoteClient: .gated(gate, results: [.success(wisdom), .failure(outage)]))
        counter.send(.loadQuote)
        try await waitUntil(
            "the first fetch waits at the gate",
            otherwise: gate.cause(issued: 1, waiting: 1, request: "quote fetch", intent: "loadQuote")
        ) { gate.waitingCount == 1 }
        counter.send(.loadQuote)
        try await waitUntil(
            "the second fetch waits at the gate",
            otherwise: gate.cause(issued: 2, waiting: 1, request: "quote fetch", intent: "loadQuote")
        ) { gate.ticketsIssued == 2 && gate.waitingCount == 1 }
        expectState(counter.state, CounterState(isLoading: true))
        gate.release(1)
        try await counter.settle()
        expectState(counter.state, CounterState(errorMessage: outage.message))
    }

    func settleAwaitsTheFetch(subject: Subject) async throws {
        let counter = CounterUnderTest(
            subject, quoteClient: .constant(wisdom, latency: .sleep(.milliseconds(20))))
        counter.send(.loadQuote)
        try await counter.settle()
        expectState(counter.state, CounterState(quote: wisdom), "settle() returned before the fetch answered")
    }
}
