import Domain
import ObservableViewModel
import ScenarioSupport
import TestSupport
import Testing

/// The counter view model, tested the MVVM way: call a method, await it if it is async, read the
/// properties.
@MainActor
@Suite("CounterViewModel")
struct CounterViewModelTests {
    let wisdom = Fixtures.wisdom
    let newer = Fixtures.newer
    let outage = Fixtures.outage

    @Test("Starts from the state it is given")
    func startsFromInitialState() {
        let viewModel = CounterViewModel(
            initialState: CounterState(count: 7, quote: wisdom, errorMessage: "old"),
            quoteClient: .failing()
        )
        #expect(viewModel.count == 7)
        #expect(viewModel.quote == wisdom)
        #expect(!viewModel.isLoading)
        #expect(viewModel.errorMessage == "old")
    }

    @Test("increment ×3, decrement ×1 leaves count 2")
    func incrementAndDecrement() {
        let viewModel = CounterViewModel(quoteClient: .failing())
        var counts: [Int] = []
        for step in [viewModel.increment, viewModel.increment, viewModel.increment, viewModel.decrement] {
            step()
            counts.append(viewModel.count)
        }
        #expect(counts == [1, 2, 3, 2])
        viewModel.decrement()
        viewModel.decrement()
        viewModel.decrement()
        #expect(viewModel.count == -1)
    }

    @Test("A loaded quote is shown and loading ends")
    func loadQuoteSuccess() async {
        let viewModel = CounterViewModel(quoteClient: .constant(wisdom, latency: .yields(3)))
        await viewModel.loadQuote()
        #expect(viewModel.quote == wisdom)
        #expect(!viewModel.isLoading)
        #expect(viewModel.errorMessage == nil)
        #expect(viewModel.inFlightEffectCount == 0)
    }

    @Test("A failed load shows the error's message and keeps the previous quote")
    func loadQuoteFailureKeepsQuote() async {
        let viewModel = CounterViewModel(quoteClient: .scripted([.success(wisdom), .failure(outage)]))
        await viewModel.loadQuote()
        #expect(viewModel.quote == wisdom)
        await viewModel.loadQuote()
        #expect(viewModel.quote == wisdom)
        #expect(viewModel.errorMessage == outage.message)
        #expect(!viewModel.isLoading)
    }

    @Test("While a load is in flight: loading, error cleared, one task held; afterwards none")
    func loadQuoteInFlight() async throws {
        let gate = ResponseGate()
        let viewModel = CounterViewModel(
            initialState: CounterState(errorMessage: "old"),
            quoteClient: .gated(gate, results: [.success(wisdom)])
        )
        let load = Task.immediate { await viewModel.loadQuote() }
        #expect(viewModel.isLoading)
        #expect(viewModel.errorMessage == nil)
        #expect(viewModel.inFlightEffectCount == 1)
        try await waitUntil("the fetch waits at the gate") { gate.waitingCount == 1 }

        gate.release(0)
        try await finishWithin("load finishes") { await load.value }
        #expect(viewModel.quote == wisdom)
        #expect(!viewModel.isLoading)
        #expect(viewModel.inFlightEffectCount == 0)
    }

    @Test(
        "Two loads in flight, answered newest first: only the newest answer is applied",
        arguments: [true, false], [true, false]
    )
    func newestLoadWins(gateHonoursCancellation: Bool, staleAnswerIsFailure: Bool) async throws {
        let gate = ResponseGate(honorsCancellation: gateHonoursCancellation)
        let stale: Result<Quote, QuoteError> = staleAnswerIsFailure ? .failure(outage) : .success(wisdom)
        let viewModel = CounterViewModel(quoteClient: .gated(gate, results: [stale, .success(newer)]))

        let first = Task.immediate { await viewModel.loadQuote() }
        try await waitUntil("the first fetch waits at the gate") { gate.waitingCount == 1 }
        let second = Task.immediate { await viewModel.loadQuote() }
        #expect(viewModel.isLoading)
        try await waitUntil(
            "the second fetch waits at the gate",
            otherwise: "\(gate.ticketsIssued) tickets, \(gate.waitingCount) waiting: first one cancelled?"
        ) {
            gate.ticketsIssued == 2 && gate.waitingCount == (gateHonoursCancellation ? 1 : 2)
        }

        if gateHonoursCancellation {
            try await finishWithin("first finishes") { await first.value }
            #expect(gate.waitingCount == 1, "the superseded fetch was not cancelled")
            #expect(viewModel.isLoading && viewModel.quote == nil && viewModel.errorMessage == nil)
        }

        gate.release(1)
        try await finishWithin("second finishes") { await second.value }
        #expect(viewModel.quote == newer)
        #expect(!viewModel.isLoading)

        gate.release(0)
        try await finishWithin("first finishes") { await first.value }
        #expect(viewModel.quote == newer, "a stale quote was applied")
        #expect(viewModel.errorMessage == nil, "a stale failure was applied")
        #expect(!viewModel.isLoading)
        #expect(viewModel.inFlightEffectCount == 0)
        #expect(gate.waitingCount == 0)
    }

    @Test("Cancelling the caller cancels its fetch and changes nothing")
    func cancellingTheCallerCancelsTheFetch() async throws {
        let gate = ResponseGate(honorsCancellation: true)
        let viewModel = CounterViewModel(quoteClient: .gated(gate, results: [.failure(outage)]))
        let load = Task.immediate { await viewModel.loadQuote() }
        try await waitUntil("the fetch waits at the gate") { gate.waitingCount == 1 }

        load.cancel()
        try await waitUntil("the cancelled fetch stops waiting") { gate.waitingCount == 0 }
        gate.release(0)  // lets a fetch that ignored the cancellation answer, so the check below sees it
        try await finishWithin("load finishes") { await load.value }
        #expect(viewModel.errorMessage == nil)
        #expect(viewModel.quote == nil)
        #expect(viewModel.inFlightEffectCount == 0)
    }

    @Test("A fetch that ends in CancellationError shows no error and leaves loading as it is")
    func cancellationErrorIsSilent() async {
        let viewModel = CounterViewModel(
            initialState: CounterState(quote: wisdom),
            quoteClient: QuoteClient { throw CancellationError() }
        )
        await viewModel.loadQuote()
        #expect(viewModel.errorMessage == nil)
        #expect(viewModel.quote == wisdom)
        #expect(viewModel.isLoading)
        #expect(viewModel.inFlightEffectCount == 0)
    }

    @Test("onLoadQuote is called once per load, before the fetch starts")
    func onLoadQuoteRunsFirst() async {
        let gate = ResponseGate()
        let viewModel = CounterViewModel(quoteClient: .gated(gate, results: [.success(wisdom)]))
        var calls: [Int] = []
        viewModel.onLoadQuote = { calls.append(gate.ticketsIssued) }
        gate.release(0)
        await viewModel.loadQuote()
        #expect(calls == [0])
        #expect(viewModel.quote == wisdom)
    }
}
