import Domain
import Observation
import Synchronization
import TestSupport
import Testing

@testable import ClosureEffects

/// A reducer that exercises the store's effect machinery on its own.
struct Probe: Reducer {
    struct State: Equatable, Sendable {
        var finished = 0
        var chainLinks = 0
    }

    enum Action: Equatable, Sendable {
        case runOnce
        case chain(Int)
        case waitAtGate
        case waitAtGateCancellably
        case stopWaiting
        case runTwiceMerged
        case finished
    }

    enum CancelID: Hashable, Sendable {
        case wait
    }

    var gate = ResponseGate()
    var cancellations = Counter()

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .runOnce:
            return .run { send in await send(.finished) }

        case .chain(let remaining):
            state.chainLinks += 1
            guard remaining > 0 else { return .none }
            return .run { send in await send(.chain(remaining - 1)) }

        case .waitAtGate:
            return waitAtGate

        case .waitAtGateCancellably:
            return waitAtGate.cancellable(id: CancelID.wait)

        case .stopWaiting:
            return .cancel(id: CancelID.wait)

        case .runTwiceMerged:
            return .merge(.run { send in await send(.finished) }, .run { send in await send(.finished) })

        case .finished:
            state.finished += 1
            return .none
        }
    }

    private var waitAtGate: Effect<Action> {
        .run { [gate, cancellations] send in
            do {
                try await gate.pass()
                await send(.finished)
            } catch {
                cancellations.increment()
            }
        }
    }
}

/// A thread-safe count, for effects that report what happened to them.
final class Counter: Sendable {
    private let value = Atomic(0)

    var count: Int {
        value.load(ordering: .relaxed)
    }

    func increment() {
        value.add(1, ordering: .relaxed)
    }
}

@Suite("Store")
@MainActor
struct StoreTests {
    @Test("finished effect tasks are dropped: none left in flight after 1000 effects")
    func finishedTasksAreDropped() async {
        let store = Store(initialState: Probe.State(), reducer: Probe())
        let tasks = (0..<1000).map { _ in store.send(.runOnce) }
        #expect(store.inFlightEffectCount == 1000)
        for task in tasks {
            try await task.finish()
        }
        #expect(store.inFlightEffectCount == 0)
        #expect(store.cancellationIDCount == 0)
        #expect(store.state.finished == 1000)
    }

    @Test("cancellable effects leave no bookkeeping behind once finished")
    func cancellableEffectsAreDropped() async {
        let store = Store(
            initialState: CounterState(), reducer: CounterFeature(quoteClient: .constant(.first)))
        let tasks = (0..<1000).map { _ in store.send(.loadQuote) }
        #expect(store.inFlightEffectCount == 1000)
        #expect(store.cancellationIDCount == 1)
        for task in tasks {
            try await task.finish()
        }
        #expect(store.inFlightEffectCount == 0)
        #expect(store.cancellationIDCount == 0)
        #expect(store.state == CounterState(quote: .first))
    }

    @Test("settle waits for effects started by fed-back actions")
    func settleFollowsChains() async throws {
        let store = Store(initialState: Probe.State(), reducer: Probe())
        store.send(.chain(50))
        store.send(.chain(50))
        try await finishWithin("store.settle() returns") { await store.settle() }
        #expect(store.state.chainLinks == 102)
        #expect(store.inFlightEffectCount == 0)
    }

    @Test("merge runs every effect")
    func mergeRunsAll() async throws {
        let store = TestStore(initialState: Probe.State(), reducer: Probe())
        store.send(.runTwiceMerged)
        #expect(store.store.inFlightEffectCount == 2)
        try await store.receive(.finished) { $0.finished = 1 }
        try await store.receive(.finished) { $0.finished = 2 }
        try await store.finish()
    }

    @Test("cancel(id:) stops the matching work, and its actions are never fed back")
    func cancelByID() async throws {
        let gate = ResponseGate(honorsCancellation: false)
        let probe = Probe(gate: gate)
        let store = TestStore(initialState: Probe.State(), reducer: probe)
        store.send(.waitAtGateCancellably)
        store.send(.waitAtGate)
        try await waitUntil { gate.waitingCount == 2 }
        store.send(.stopWaiting)
        gate.releaseAll()
        try await store.receive(.finished) { $0.finished = 1 }
        try await store.finish()
    }

    @Test("a StoreTask's finish awaits the effects of its own send")
    func storeTaskFinish() async {
        let store = Store(initialState: Probe.State(), reducer: Probe())
        let task = store.send(.runTwiceMerged)
        try await task.finish()
        #expect(store.state.finished == 2)
        await store.send(.finished).finish()
        #expect(store.state.finished == 3)
    }

    @Test("releasing the store cancels its effects")
    func deinitCancelsEffects() async throws {
        let gate = ResponseGate(honorsCancellation: true)
        let probe = Probe(gate: gate)
        var store: Store<Probe>? = Store(initialState: Probe.State(), reducer: probe)
        store?.send(.waitAtGate)
        store?.send(.waitAtGate)
        try await waitUntil { gate.waitingCount == 2 }
        weak let released = store
        store = nil
        #expect(released == nil)
        // Cancelling a task runs the gate's cancellation handler at once, so no effect waits any more.
        #expect(gate.waitingCount == 0)
        if gate.waitingCount == 0 {
            try await waitUntil { probe.cancellations.count == 2 }
        }
    }

    @Test("observers of state are woken once per send")
    func observationOfState() {
        let store = Store(initialState: Probe.State(), reducer: Probe())
        var wakes = 0
        observeContinuously({ _ = store.state }, onChange: { wakes += 1 })
        store.send(.finished)
        store.send(.finished)
        store.send(.chain(0))
        #expect(wakes == 3)
        #expect(store.state == Probe.State(finished: 2, chainLinks: 1))
    }
}
