import Domain
import ScenarioSupport
import Testing

@testable import StoreSubclass

@MainActor
@Suite("CounterStore")
struct CounterStoreTests {
    @Test("Increment and decrement change the count and nothing else")
    func incrementAndDecrement() {
        let store = CounterStore(quoteClient: .failing())
        var counts: [Int] = []
        for change in [store.increment, store.increment, store.increment, store.decrement] {
            change()
            counts.append(store.count)
        }
        #expect(counts == [1, 2, 3, 2])
        #expect(store.state == CounterState(count: 2))
        #expect(store.inFlightEffectCount == 0)
    }

    @Test("A loaded quote is shown and announced")
    func loadQuoteSuccess() async throws {
        let store = CounterStore(initialState: CounterState(count: 7), quoteClient: .constant(wisdom))
        let outputs = store.outputStream
        await store.loadQuote()
        #expect(store.state == CounterState(count: 7, quote: wisdom))
        #expect(try await first(1, of: outputs) == [.quoteLoaded(wisdom)])
    }

    @Test("A failed load shows the error's message and keeps the quote")
    func loadQuoteFailure() async throws {
        let store = CounterStore(quoteClient: .scripted([.success(wisdom), .failure(outage)]))
        let outputs = store.outputStream
        await store.loadQuote()
        await store.loadQuote()
        #expect(store.state == CounterState(quote: wisdom, errorMessage: outage.message))
        #expect(try await first(2, of: outputs) == [.quoteLoaded(wisdom), .quoteFailed(outage)])
    }

    @Test("While a load is in flight the counter shows it, and a new load clears the old error")
    func loadingState() async throws {
        let gate = ResponseGate()
        let store = CounterStore(
            initialState: CounterState(errorMessage: "old"),
            quoteClient: .gated(gate, results: [.success(wisdom)])
        )
        let load = Task.immediate { await store.loadQuote() }
        #expect(store.state == CounterState(isLoading: true))
        #expect(store.inFlightEffectCount == 1)
        gate.release(0)
        try await finishWithin("load finishes") { await load.value }
        #expect(store.state == CounterState(quote: wisdom))
        #expect(store.inFlightEffectCount == 0)
    }

    @Test(
        "Two loads in flight, answered newest first: only the newest quote is applied",
        arguments: [true, false])
    func newestLoadWins(gateHonorsCancellation: Bool) async throws {
        let gate = ResponseGate(honorsCancellation: gateHonorsCancellation)
        let store = CounterStore(quoteClient: .gated(gate, results: [.success(wisdom), .success(newer)]))
        let older = Task.immediate { await store.loadQuote() }
        try await waitUntil("the first fetch waits at the gate") { gate.waitingCount == 1 }
        let newest = Task.immediate { await store.loadQuote() }
        try await waitUntil("the second fetch waits at the gate") {
            gate.ticketsIssued == 2 && gate.waitingCount == (gateHonorsCancellation ? 1 : 2)
        }
        #expect(store.state == CounterState(isLoading: true))

        gate.release(1)
        try await finishWithin("newest finishes") { await newest.value }
        #expect(store.state == CounterState(quote: newer))

        gate.release(0)
        try await finishWithin("older finishes") { await older.value }
        try await finishWithin("store.settle() returns") { await store.settle() }
        #expect(store.state == CounterState(quote: newer), "a stale quote was applied")
        #expect(store.inFlightEffectCount == 0)
    }

    @Test("A load whose caller is cancelled stops and changes nothing more")
    func cancellingTheCallerCancelsTheLoad() async throws {
        let gate = ResponseGate(honorsCancellation: true)
        let store = CounterStore(quoteClient: .gated(gate, results: [.failure(outage)]))
        let caller = Task.immediate { await store.loadQuote() }
        try await waitUntil("the fetch waits at the gate") { gate.waitingCount == 1 }
        caller.cancel()
        try await finishWithin("caller finishes") { await caller.value }
        #expect(gate.waitingCount == 0)
        #expect(store.state == CounterState(isLoading: true), "a cancelled load reported something")
        #expect(store.inFlightEffectCount == 0)
    }
}
