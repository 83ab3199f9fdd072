import Domain
import ScenarioSupport
import Testing

@testable import EffectObjects

/// A workflow that counts down: while the last tick is above zero, its render asks for a ``Tick``
/// answering the next one. It renders its ticks as text.
private struct Countdown: Workflow {
    enum Action: Equatable, Sendable {
        case tick(Int)
        case nothing
    }

    func apply(_ action: Action, to state: inout [Int]) {
        if case .tick(let remaining) = action {
            state.append(remaining)
        }
    }

    func render(state: [Int], context: inout RenderContext<Action>) -> String {
        if let last = state.last, last > 0 {
            context.run(Tick(remaining: last - 1)) { .tick($0) }
        }
        return state.map(String.init).joined(separator: ",")
    }
}

private struct Tick: Worker, Equatable {
    let remaining: Int

    func run() async -> Int? {
        await Task.yield()
        return remaining
    }
}

/// A workflow whose state names, per key, the job that should be running; its render asks for
/// exactly those jobs. Jobs answer by recording themselves as done. The tests wait for answers rather
/// than `settle()`, so a host that wrongly restarts a finished job fails them instead of hanging.
private struct Jobs: Workflow {
    struct State: Equatable {
        var requested: [String: Int] = [:]
        var done: [Int] = []
    }

    enum Action: Equatable, Sendable {
        case request(String, job: Int)
        case drop(String)
        case nothing
        case done(Int)
    }

    let gate: ResponseGate?

    func apply(_ action: Action, to state: inout State) {
        switch action {
        case .request(let key, let job): state.requested[key] = job
        case .drop(let key): state.requested[key] = nil
        case .nothing: break
        case .done(let job): state.done.append(job)
        }
    }

    func render(state: State, context: inout RenderContext<Action>) -> [Int] {
        for (key, job) in state.requested.sorted(by: { $0.key < $1.key }) {
            context.run(Job(number: job, gate: gate), key: key) { .done($0) }
        }
        return state.done
    }
}

/// Waits at the gate, if any, then answers its number. Jobs with the same number are equivalent.
private struct Job: Worker {
    let number: Int
    let gate: ResponseGate?

    func isEquivalent(to other: Job) -> Bool {
        number == other.number
    }

    func run() async -> Int? {
        do {
            try await gate?.pass()
            return number
        } catch {
            return nil
        }
    }
}

@MainActor
@Suite("WorkflowHost: render passes and subscribers")
struct WorkflowHostRenderTests {
    @Test("settle() waits for workers whose answers ask for more workers, and forgets every finished task")
    func settleWaitsForChainedWorkers() async throws {
        let host = WorkflowHost(state: [3], workflow: Countdown())
        #expect(host.rendering == "3", "the first render pass runs on creation")
        #expect(host.inFlightEffectCount == 1)

        try await finishWithin("host.settle() returns") { await host.settle() }

        #expect(host.rendering == "3,2,1,0")
        #expect(host.inFlightEffectCount == 0)
    }

    @Test("settle() returns at once when nothing runs")
    func settleWithoutWorkers() async throws {
        let host = WorkflowHost(state: [Int](), workflow: Countdown())
        host.send(.tick(0))
        #expect(host.inFlightEffectCount == 0)
        try await finishWithin("host.settle() returns") { await host.settle() }
        #expect(host.rendering == "0")
    }

    @Test("Subscribers get the rendering after every action, even one that changes nothing, until cancelled")
    func subscribersGetEveryRendering() async throws {
        let host = WorkflowHost(state: [Int](), workflow: Countdown())
        var seen: [String] = []
        let subscription = host.subscribe { seen.append($0) }

        host.send(.tick(2))
        #expect(seen == ["2"])
        host.send(.nothing)
        #expect(seen == ["2", "2"])
        try await finishWithin("host.settle() returns") { await host.settle() }
        #expect(seen == ["2", "2", "2,1", "2,1,0"])

        subscription.cancel()
        host.send(.tick(0))
        #expect(seen.count == 4)
        #expect(host.rendering == "2,1,0,0")
    }

    @Test("A subscriber may cancel itself while it is being called")
    func subscriberCancelsItselfDuringNotification() {
        let host = WorkflowHost(state: [Int](), workflow: Countdown())
        var calls = 0
        var subscription: Subscription?
        subscription = host.subscribe { _ in
            calls += 1
            subscription?.cancel()
        }
        var otherCalls = 0
        host.subscribe { _ in otherCalls += 1 }

        host.send(.tick(0))
        host.send(.tick(0))

        #expect(calls == 1)
        #expect(otherCalls == 2)
    }

    @Test("A selecting subscriber is woken only when its part of the rendering changes")
    func selectingSubscriber() {
        let host = WorkflowHost(state: [Int](), workflow: Countdown())
        var counts: [Int] = []
        host.subscribe(selecting: { $0.count }, onChange: { counts.append($0) })

        host.send(.nothing)
        host.send(.tick(0))
        host.send(.nothing)
        host.send(.tick(0))
        #expect(counts == [1, 3])
    }
}

@MainActor
@Suite("WorkflowHost: workers and equivalence")
struct WorkflowHostWorkerTests {
    @Test("An equivalent worker requested again keeps running: it is started once")
    func equivalentWorkerKeepsRunning() async throws {
        let gate = ResponseGate()
        let host = WorkflowHost(state: Jobs.State(), workflow: Jobs(gate: gate))
        host.send(.request("a", job: 1))
        try await waitUntil { gate.waitingCount == 1 }

        host.send(.nothing)
        host.send(.request("a", job: 1))
        #expect(host.startedWorkerCount == 1)
        #expect(host.inFlightEffectCount == 1)

        gate.releaseAll()
        try await waitUntil { host.rendering == [1] }
        #expect(gate.ticketsIssued == 1)
    }

    @Test("A finished worker that is still requested is not run again")
    func finishedWorkerIsNotRestarted() async throws {
        let host = WorkflowHost(state: Jobs.State(), workflow: Jobs(gate: nil))
        host.send(.request("a", job: 1))
        try await waitUntil { host.inFlightEffectCount == 0 }
        #expect(host.rendering == [1])

        host.send(.nothing)
        #expect(host.startedWorkerCount == 1)
        #expect(host.inFlightEffectCount == 0)
    }

    @Test("A non-equivalent worker replaces the running one, whose late answer is dropped")
    func nonEquivalentWorkerReplaces() async throws {
        let gate = ResponseGate(honorsCancellation: false)
        let host = WorkflowHost(state: Jobs.State(), workflow: Jobs(gate: gate))
        host.send(.request("a", job: 1))
        try await waitUntil { gate.waitingCount == 1 }
        host.send(.request("a", job: 2))
        try await waitUntil { gate.waitingCount == 2 }
        #expect(host.startedWorkerCount == 2)

        gate.release(0)
        try await waitUntil { host.inFlightEffectCount == 1 }
        #expect(host.rendering == [])

        gate.release(1)
        try await waitUntil { host.rendering == [2] }
        #expect(host.inFlightEffectCount == 0)
    }

    @Test("A worker no longer requested is cancelled")
    func unrequestedWorkerIsCancelled() async throws {
        let gate = ResponseGate(honorsCancellation: true)
        let host = WorkflowHost(state: Jobs.State(), workflow: Jobs(gate: gate))
        host.send(.request("a", job: 1))
        host.send(.request("b", job: 1))
        try await waitUntil { gate.waitingCount == 2 }
        #expect(host.startedWorkerCount == 2, "the same job under two keys runs twice")

        host.send(.drop("a"))
        try await waitUntil { gate.waitingCount == 1 && host.inFlightEffectCount == 1 }

        gate.releaseAll()
        try await waitUntil { host.inFlightEffectCount == 0 }
        #expect(host.rendering == [1], "only b answered")
    }

    @Test("Releasing the host cancels the workers it is still running")
    func releasingTheHostCancelsItsWorkers() async throws {
        let gate = ResponseGate(honorsCancellation: true)
        var host: WorkflowHost<Jobs>? = WorkflowHost(state: Jobs.State(), workflow: Jobs(gate: gate))
        host?.send(.request("a", job: 1))
        try await waitUntil { gate.waitingCount == 1 }

        host = nil

        #expect(gate.waitingCount == 0)
    }
}
