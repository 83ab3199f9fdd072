import Domain
import ScenarioSupport
import TestSupport
import Testing

@testable import LocalReducer

/// The counter's pure reducer: exact state after each action.
@Suite("Local reducer: CounterViewModel.reduce(state:action:)")
struct CounterReducerTests {
    @Test("increment and decrement change only the count")
    func incrementAndDecrement() {
        let state = CounterState(count: 5, quote: Fixtures.wisdom, errorMessage: "old")
        #expect(
            CounterViewModel.reduce(state: state, action: .increment)
                == CounterState(count: 6, quote: Fixtures.wisdom, errorMessage: "old")
        )
        #expect(
            CounterViewModel.reduce(state: state, action: .decrement)
                == CounterState(count: 4, quote: Fixtures.wisdom, errorMessage: "old")
        )
    }

    @Test("loadQuote starts loading and clears the error, keeping the quote")
    func loadQuote() {
        let state = CounterState(count: 1, quote: Fixtures.wisdom, errorMessage: "old")
        #expect(
            CounterViewModel.reduce(state: state, action: .loadQuote)
                == CounterState(count: 1, quote: Fixtures.wisdom, isLoading: true)
        )
    }

    @Test("quoteLoaded shows the quote, or the error's message while keeping the quote")
    func quoteLoaded() {
        let loading = CounterState(quote: Fixtures.wisdom, isLoading: true)
        #expect(
            CounterViewModel.reduce(state: loading, action: .quoteLoaded(.success(Fixtures.newer)))
                == CounterState(quote: Fixtures.newer)
        )
        #expect(
            CounterViewModel.reduce(state: loading, action: .quoteLoaded(.failure(Fixtures.outage)))
                == CounterState(quote: Fixtures.wisdom, errorMessage: Fixtures.outage.message)
        )
    }
}

/// The counter view model: `send(_:)`, its effects, and its bookkeeping of tasks.
@MainActor
@Suite("Local reducer: CounterViewModel")
struct CounterViewModelTests {
    @Test("send(_:) changes the state synchronously and starts no effect for the count")
    func counting() {
        let counter = CounterViewModel(initialState: CounterState(count: 10), quoteClient: .failing())
        for action in [CounterViewModel.Action.increment, .increment, .increment, .decrement] {
            counter.send(action)
        }
        #expect(counter.state == CounterState(count: 12))
        #expect(counter.inFlightEffectCount == 0)
    }

    @Test("A loaded quote is shown; a failed load keeps it and shows the message")
    func successThenFailure() async throws {
        let counter = CounterViewModel(
            quoteClient: .scripted([.success(Fixtures.wisdom), .failure(Fixtures.outage)])
        )
        counter.send(.loadQuote)
        #expect(counter.state == CounterState(isLoading: true))
        #expect(counter.inFlightEffectCount == 1)
        try await finishWithin("counter.settle() returns") { await counter.settle() }
        #expect(counter.state == CounterState(quote: Fixtures.wisdom))

        counter.send(.loadQuote)
        #expect(counter.state == CounterState(quote: Fixtures.wisdom, isLoading: true))
        try await finishWithin("counter.settle() returns") { await counter.settle() }
        #expect(counter.state == CounterState(quote: Fixtures.wisdom, errorMessage: Fixtures.outage.message))
        #expect(counter.inFlightEffectCount == 0)
    }

    @Test(
        "A newer loadQuote cancels the older fetch: only the newest quote is applied",
        arguments: [true, false]
    )
    func newestLoadWins(gateHonorsCancellation: Bool) async throws {
        let gate = ResponseGate(honorsCancellation: gateHonorsCancellation)
        let counter = try await loadTwice(
            gate: gate, answers: [.success(Fixtures.wisdom), .success(Fixtures.newer)])
        try await waitUntil("the second fetch waits at the gate") {
            gate.ticketsIssued == 2 && gate.waitingCount == (gateHonorsCancellation ? 1 : 2)
        }
        if gateHonorsCancellation {
            // The cancelled fetch left the gate when it was cancelled; its task is dropped once it
            // has returned, which may be a moment after the second fetch reached the gate.
            try await waitUntil("the cancelled fetch's task is dropped") { counter.inFlightEffectCount == 1 }
        } else {
            // A cancelled fetch still parked at the gate is still counted, and awaited by settle().
            #expect(counter.inFlightEffectCount == 2)
        }

        gate.release(1)
        try await waitUntil("the newest quote is applied") { counter.state.quote == Fixtures.newer }
        #expect(counter.state == CounterState(quote: Fixtures.newer))

        gate.release(0)
        try await finishWithin("counter.settle() returns") { await counter.settle() }
        #expect(counter.state == CounterState(quote: Fixtures.newer), "a stale quote was applied")
        #expect(counter.inFlightEffectCount == 0)
    }

    @Test("A fetch cancelled by a newer load changes nothing, not even isLoading or the error")
    func cancelledFetchIsSilent() async throws {
        let gate = ResponseGate(honorsCancellation: true)
        let counter = try await loadTwice(
            gate: gate, answers: [.success(Fixtures.wisdom), .failure(Fixtures.outage)])
        try await waitUntil("the first fetch was cancelled") { counter.inFlightEffectCount == 1 }
        #expect(counter.state == CounterState(isLoading: true))

        gate.release(1)
        try await finishWithin("counter.settle() returns") { await counter.settle() }
        #expect(counter.state == CounterState(errorMessage: Fixtures.outage.message))
    }

    @Test("Finished fetches are forgotten: the in-flight count is back to 0 after many loads")
    func finishedTasksAreForgotten() async throws {
        let counter = CounterViewModel(quoteClient: .constant(Fixtures.wisdom, latency: .yields(2)))
        for _ in 0..<100 {
            counter.send(.loadQuote)
            try await finishWithin("counter.settle() returns") { await counter.settle() }
        }
        #expect(counter.inFlightEffectCount == 0)
        #expect(counter.state == CounterState(quote: Fixtures.wisdom))
    }

    @Test("A view model that goes away cancels its fetch")
    func deinitCancelsTheFetch() async throws {
        let gate = ResponseGate(honorsCancellation: true)
        var counter: CounterViewModel? = CounterViewModel(
            quoteClient: .gated(gate, results: [.success(Fixtures.wisdom)])
        )
        weak let released = counter
        counter?.send(.loadQuote)
        try await waitUntil("the fetch waits at the gate") { gate.waitingCount == 1 }
        counter = nil
        #expect(released == nil, "the running fetch kept the view model alive")
        try await waitUntil("the fetch was cancelled") { gate.waitingCount == 0 }
    }

    /// A counter whose fetches wait at `gate` and answer `answers` in turn, after two loads: the second
    /// sent once the first waits at the gate.
    private func loadTwice(
        gate: ResponseGate, answers: [Result<Quote, QuoteError>]
    ) async throws -> CounterViewModel {
        let counter = CounterViewModel(quoteClient: .gated(gate, results: answers))
        counter.send(.loadQuote)
        try await waitUntil("the first fetch waits at the gate") { gate.waitingCount == 1 }
        counter.send(.loadQuote)
        return counter
    }
}

#if DEBUG
    /// The debug-only state-change log.
    @MainActor
    @Suite("Local reducer: StateChangeLog (debug builds)")
    struct StateChangeLogTests {
        @Test("Logs each action and only the fields it changed, old → new")
        func logsChangedFields() {
            var lines: [String] = []
            let counter = CounterViewModel(quoteClient: .failing())
            counter.stateChangeLog = StateChangeLog { lines.append($0) }
            counter.send(.increment)
            counter.send(.quoteLoaded(.failure(Fixtures.outage)))
            #expect(
                lines == [
                    "[CounterViewModel] increment",
                    "  count: 0 → 1",
                    "[CounterViewModel] quoteLoaded(Swift.Result<Domain.Quote, Domain.QuoteError>.failure"
                        + "(Domain.QuoteError(message: \"The quote service is unavailable.\")))",
                    "  errorMessage: nil → Optional(\"The quote service is unavailable.\")",
                ]
            )
        }

        @Test("An action that changes nothing logs only the action")
        func unchangedStateLogsOnlyTheAction() {
            var lines: [String] = []
            let transfer = TransferViewModel(dependencies: Fixtures.dependencies())
            transfer.stateChangeLog = StateChangeLog { lines.append($0) }
            transfer.send(.resetError)
            #expect(lines == ["[TransferViewModel] resetError"])
        }
    }
#endif
