import Domain
import Observation
import ScenarioSupport
import Synchronization
import Testing

@testable import ClosureEffects

/// A reducer that exercises the store's effect machinery on its own.
struct Probe: Reducer {
    struct State: Equatable, Sendable {
        var finished = 0
        var chainLinks = 0
        var trace: [String] = []
    }

    enum Action: Equatable, Sendable {
        case runOnce
        case chain(Int)
        case waitAtGate
        case waitAtGateCancellably
        case stopWaiting
        case runTwiceMerged
        case finish
        /// Traces itself, then queues `echo` twice with `Effect.send`.
        case trace(String)
        case emit(Int)
    }

    enum Feedback: Equatable, Sendable {
        case finished
        case chain(Int)
        case echo(String)
    }

    enum Output: Equatable, Sendable {
        case emitted(Int)
    }

    enum CancelID: Hashable, Sendable {
        case wait
    }

    var gate = ResponseGate()
    var cancellations = Counter()
    /// Every reduction's start and end, to show that no reduction runs inside another.
    var reductions = ReductionLog()

    func reduce(into state: inout State, message: Message<Action, Feedback>) -> Effect<Feedback, Output> {
        reductions.begin(message)
        defer { reductions.end(message) }
        switch message {
        case .input(let action): return reduce(into: &state, input: action)
        case .feedback(.finished):
            state.finished += 1
            return .none
        case .feedback(.chain(let remaining)):
            return reduce(into: &state, input: .chain(remaining))
        case .feedback(.echo(let word)):
            state.trace.append("echo \(word)")
            return .none
        }
    }

    private func reduce(into state: inout State, input: Action) -> Effect<Feedback, Output> {
        switch input {
        case .runOnce: return .run { send in await send(.finished) }
        case .chain(let remaining):
            state.chainLinks += 1
            guard remaining > 0 else { return .none }
            return .run { send in await send(.chain(remaining - 1)) }
        case .waitAtGate: return waitAtGate
        case .waitAtGateCancellably: return waitAtGate.cancellable(id: CancelID.wait)
        case .stopWaiting: return .cancel(id: CancelID.wait)
        case .runTwiceMerged:
            return .merge(.run { send in await send(.finished) }, .run { send in await send(.finished) })
        case .finish:
            state.finished += 1
            return .none
        case .trace(let word):
            state.trace.append(word)
            return .merge(.send(.echo(word + "1")), .send(.echo(word + "2")))
        case .emit(let value): return .output(.emitted(value))
        }
    }

    private var waitAtGate: Effect<Feedback, Output> {
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

/// The start and end of every reduction, in order, and the deepest nesting seen.
final class ReductionLog: Sendable {
    private struct Entries {
        var events: [String] = []
        var depth = 0
        var maximumDepth = 0
    }

    private let entries = Mutex(Entries())

    var events: [String] {
        entries.withLock { $0.events }
    }

    var maximumDepth: Int {
        entries.withLock { $0.maximumDepth }
    }

    func begin(_ message: some Sendable) {
        entries.withLock {
            $0.events.append("begin \(message)")
            $0.depth += 1
            $0.maximumDepth = max($0.maximumDepth, $0.depth)
        }
    }

    func end(_ message: some Sendable) {
        entries.withLock {
            $0.events.append("end \(message)")
            $0.depth -= 1
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
    func finishedTasksAreDropped() async throws {
        let store = Store(initialState: Probe.State(), reducer: Probe())
        let tasks = (0..<1000).map { _ in store.send(.runOnce) }
        #expect(store.inFlightEffectCount == 1000)
        for task in tasks {
            try await finishWithin("the task finishes") { await task.finish() }
        }
        #expect(store.inFlightEffectCount == 0)
        #expect(store.cancellationIDCount == 0)
        #expect(store.state.finished == 1000)
    }

    @Test("cancellable effects leave no bookkeeping behind once finished")
    func cancellableEffectsAreDropped() async throws {
        let store = Store(
            initialState: CounterState(), reducer: CounterFeature(quoteClient: .constant(.first)))
        let tasks = (0..<1000).map { _ in store.send(.loadQuote) }
        #expect(store.inFlightEffectCount == 1000)
        #expect(store.cancellationIDCount == 1)
        for task in tasks {
            try await finishWithin("the task finishes") { await task.finish() }
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

    @Test("a StoreTask's finish awaits the effects of its own send, and the effects of their feedback")
    func storeTaskFinish() async throws {
        let store = Store(initialState: Probe.State(), reducer: Probe())
        let task = store.send(.runTwiceMerged)
        try await finishWithin("the task finishes") { await task.finish() }
        #expect(store.state.finished == 2)
        await store.send(.chain(20)).finish()
        #expect(store.state.chainLinks == 21)
        #expect(store.inFlightEffectCount == 0)
        await store.send(.finish).finish()
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
        observeEveryChange({ _ = store.state }, onChange: { wakes += 1 })
        store.send(.finish)
        store.send(.finish)
        store.send(.chain(0))
        #expect(wakes == 3)
        #expect(store.state == Probe.State(finished: 2, chainLinks: 1))
    }

    @Test("feedback queued by Effect.send is reduced after the current message, never inside it")
    func effectSendIsQueued() {
        let probe = Probe()
        let store = Store(initialState: Probe.State(), reducer: probe)
        var wakes = 0
        observeEveryChange({ _ = store.state }, onChange: { wakes += 1 })
        store.send(.trace("a"))
        #expect(store.state.trace == ["a", "echo a1", "echo a2"])
        #expect(probe.reductions.maximumDepth == 1)
        #expect(
            probe.reductions.events == [
                "begin input(ClosureEffectsTests.Probe.Action.trace(\"a\"))",
                "end input(ClosureEffectsTests.Probe.Action.trace(\"a\"))",
                "begin feedback(ClosureEffectsTests.Probe.Feedback.echo(\"a1\"))",
                "end feedback(ClosureEffectsTests.Probe.Feedback.echo(\"a1\"))",
                "begin feedback(ClosureEffectsTests.Probe.Feedback.echo(\"a2\"))",
                "end feedback(ClosureEffectsTests.Probe.Feedback.echo(\"a2\"))",
            ])
        // The input and its queued feedback are written back once: one wake for the three reductions.
        #expect(wakes == 1)
    }

    @Test("an input sent by an observer during a write-back is queued and reduced after it")
    func observerSendIsQueued() {
        let probe = Probe()
        let store = Store(initialState: Probe.State(), reducer: probe)
        var statesSeenByObserver: [[String]] = []
        var nestedTasks: [StoreTask] = []
        let onChange: @MainActor () -> Void = {
            statesSeenByObserver.append(store.state.trace)
            if store.state.trace.isEmpty {
                nestedTasks.append(store.send(.trace("b")))
            }
        }
        observeEveryChange({ _ = store.state }, onChange: onChange)
        store.send(.trace("a"))
        #expect(store.state.trace == ["a", "echo a1", "echo a2", "b", "echo b1", "echo b2"])
        #expect(probe.reductions.maximumDepth == 1)
        // Woken before each of the two write-backs: the second one is for the observer's own input.
        #expect(statesSeenByObserver == [[], ["a", "echo a1", "echo a2"]])
        #expect(nestedTasks.count == 1)
        #expect(nestedTasks.first?.task == nil)
    }

    @Test("the reducer works on a copy: changing a row copies the rows array, as TCA's root store does")
    func reduceIntoCopy() {
        let store = Store(
            initialState: AppFeature.State(counterCount: 100),
            reducer: AppFeature(Dependencies(quoteClient: .failing(), bank: InMemoryBank(accounts: []))))
        let before = store.state.counters.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        store.send(.counter(index: 3, .increment))
        let after = store.state.counters.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        #expect(before != after)
        #expect(store.state.counters[3].count == 1)
        store.send(.selectTab(.transfer))
        let untouched = store.state.counters.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        #expect(untouched == after)
    }

    @Test("outputs reach every listener once the state is written back, and are kept nowhere")
    func outputs() async throws {
        let (first, second) = outputStreamsOfReleasedStore()
        func all(of stream: AsyncStream<Probe.Output>) async throws -> [Probe.Output] {
            try await finishWithin("the output stream ends") {
                var outputs: [Probe.Output] = []
                for await output in stream {
                    outputs.append(output)
                }
                return outputs
            }
        }
        let firstOutputs = try await all(of: first)
        let secondOutputs = try await all(of: second)
        #expect(firstOutputs == [.emitted(1), .emitted(2)])
        #expect(secondOutputs == firstOutputs)
    }

    /// Two output streams of a store that emitted 0 before they were made and 1 and 2 after; the store
    /// is released on return, which ends both streams.
    private func outputStreamsOfReleasedStore() -> (AsyncStream<Probe.Output>, AsyncStream<Probe.Output>) {
        let store = Store(initialState: Probe.State(), reducer: Probe())
        store.send(.emit(0))
        let streams = (store.outputs(), store.outputs())
        store.send(.emit(1))
        store.send(.emit(2))
        return streams
    }

    @Test("cancelling a StoreTask cancels the effects of its send")
    func storeTaskCancel() async throws {
        let gate = ResponseGate(honorsCancellation: true)
        let probe = Probe(gate: gate)
        let store = Store(initialState: Probe.State(), reducer: probe)
        let task = store.send(.waitAtGateCancellably)
        try await waitUntil { gate.waitingCount == 1 }
        task.cancel()
        await task.finish()
        await store.settle()
        #expect(probe.cancellations.count == 1)
        #expect(store.state.finished == 0)
        #expect(store.cancellationIDCount == 0)
    }

    @Test("the action buffer is released after every send, feedback rounds included, as TCA's is")
    func actionBufferIsReleased() {
        let store = Store(initialState: Probe.State(), reducer: Probe())
        store.send(.finish)
        #expect(store.queue.capacity == 0)
        store.send(.trace("a"))
        #expect(store.queue.capacity == 0)
        #expect(store.state.trace == ["a", "echo a1", "echo a2"])
    }

    @Test("action ids are random version 4 UUIDs")
    func actionIDs() {
        var ids = ActionIDs()
        let made = (0..<1_000).map { _ in ids.next() }
        #expect(Set(made).count == made.count)
        for id in made {
            let text = id.uuidString
            #expect(text[text.index(text.startIndex, offsetBy: 14)] == "4")
            #expect("89AB".contains(text[text.index(text.startIndex, offsetBy: 19)]))
        }
    }
}
