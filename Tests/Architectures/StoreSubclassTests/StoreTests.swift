import Domain
import ScenarioSupport
import Testing

@testable import StoreSubclass

@MainActor
@Suite("Store base class")
struct StoreTests {
    @Test("A state stream starts with the current state, then delivers each distinct state once")
    func stateStreamDeliversDistinctStates() async throws {
        let store = TransferStore(
            dependencies: Dependencies(quoteClient: .failing(), bank: InMemoryBank(accounts: [])))
        let states = store.stateStream
        store.updateAmount(5)
        store.resetError()  // writes a state equal to the one before: not delivered again
        store.updateAmount(5)
        store.updateAmount(7)
        #expect(
            try await first(3, of: states).map(\.amount) == [0, 5, 7]
        )
    }

    @Test("Every subscriber gets its own stream, and a later one starts where the state is")
    func stateStreamIsMulticast() async throws {
        let store = CounterStore(quoteClient: .failing())
        let early = store.stateStream
        store.increment()
        let late = store.stateStream
        store.increment()
        #expect(store.stateSubscriberCount == 2)
        #expect(try await first(3, of: early).map(\.count) == [0, 1, 2])
        #expect(try await first(2, of: late).map(\.count) == [1, 2])
    }

    @Test("A subscriber that stops listening is removed from the store")
    func terminatedSubscriberIsRemoved() async throws {
        let store = CounterStore(quoteClient: .failing())
        let states = store.stateStream
        #expect(store.stateSubscriberCount == 1)
        let listener = Task {
            for await _ in states {}
        }
        listener.cancel()
        try await finishWithin("listener finishes") { await listener.value }
        #expect(store.stateSubscriberCount == 0)
        store.increment()
        #expect(store.stateSubscriberCount == 0)
    }

    @Test("State streams end when the store is deallocated")
    func stateStreamEndsWithStore() async throws {
        var store: CounterStore? = CounterStore(quoteClient: .failing())
        let states = store?.stateStream ?? AsyncStream { $0.finish() }
        store?.increment()
        store = nil
        let counts = try await finishWithin("the state stream ends") {
            var counts: [Int] = []
            for await state in states {
                counts.append(state.count)
            }
            return counts
        }
        #expect(counts == [0, 1])
    }

    @Test("Outputs reach every current subscriber; an output sent to no one is dropped")
    func outputsAreFireAndForget() async throws {
        let store = Store<Int, String>(initialState: 0)
        store.send(output: "unheard")
        let first = store.outputStream
        let second = store.outputStream
        store.send(output: "hello")
        #expect(try await StoreSubclassTests.first(1, of: first) == ["hello"])
        #expect(try await StoreSubclassTests.first(1, of: second) == ["hello"])
    }

    @Test("Dynamic member lookup reads the state's fields")
    func dynamicMemberLookupReadsState() {
        let store = CounterStore(
            initialState: CounterState(count: 41, errorMessage: "x"), quoteClient: .failing())
        store.increment()
        #expect(store.count == 42)
        #expect(store.errorMessage == "x")
    }

    @Test("A finished effect is forgotten; settle awaits effects started by effects")
    func finishedEffectsAreForgotten() async throws {
        let store = Store<Int, Never>(initialState: 0)
        let gate = ResponseGate()
        store.startEffect { [weak store] in
            try? await gate.pass()
            store?.state += 1
            store?.startEffect { store?.state += 10 }
        }
        #expect(store.inFlightEffectCount == 1)
        gate.release(0)
        try await finishWithin("store.settle() returns") { await store.settle() }
        #expect(store.state == 11)
        #expect(store.inFlightEffectCount == 0)
    }

    @Test("A store cancels its running effects when it is deallocated")
    func deinitCancelsEffects() async throws {
        let gate = ResponseGate(honorsCancellation: true)
        var store: Store<Int, Never>? = Store(initialState: 0)
        store?.startEffect { try? await gate.pass() }
        try await waitUntil("the effect waits at the gate") { gate.waitingCount == 1 }
        store = nil
        try await waitUntil("the effect is cancelled") { gate.waitingCount == 0 }
        #expect(gate.waitingCount == 0)
    }

    @Test("Observation reports every state change, once per change")
    func observationReportsEachChange() {
        let store = CounterStore(quoteClient: .failing())
        var reports = 0
        store.observeState { reports += 1 }
        store.increment()
        store.increment()
        store.decrement()
        #expect(reports == 3)
    }
}
