import Domain
import TestSupport
import Testing

@testable import EffectObjects

/// A workflow that counts down: each `tick(n)` with n > 0 returns an effect answering `tick(n - 1)`.
private struct Countdown: Workflow {
    enum Action: Equatable, Sendable {
        case tick(Int)
    }

    func reduce(into state: inout [Int], action: Action) -> [any Effect<Action>] {
        switch action {
        case .tick(let remaining):
            state.append(remaining)
            return remaining > 0 ? [Tick(remaining: remaining - 1)] : []
        }
    }
}

private struct Tick: Effect {
    let remaining: Int

    func run() async -> Countdown.Action? {
        await Task.yield()
        return .tick(remaining)
    }
}

/// A workflow whose `fetch(n)` returns a ``GatedAnswer`` that answers `answered(n)`.
private struct Gated: Workflow {
    enum Action: Equatable, Sendable {
        case fetch(Int)
        case answered(Int)
    }

    let gate: ResponseGate

    func reduce(into state: inout [Int], action: Action) -> [any Effect<Action>] {
        switch action {
        case .fetch(let value):
            return [GatedAnswer(gate: gate, value: value)]
        case .answered(let value):
            state.append(value)
            return []
        }
    }
}

/// Waits at a gate, then answers; a newer one replaces the running one.
private struct GatedAnswer: Effect {
    let gate: ResponseGate
    let value: Int

    var cancellationKey: AnyHashable? { "gated" }

    func run() async -> Gated.Action? {
        do {
            try await gate.pass()
            return .answered(value)
        } catch {
            return nil
        }
    }
}

@MainActor
@Suite("WorkflowHost")
struct WorkflowHostTests {
    @Test("settle() waits for effects that start effects, and forgets every finished task")
    func settleWaitsForChainedEffects() async throws {
        let host = WorkflowHost(state: [Int](), workflow: Countdown())
        host.send(.tick(3))
        #expect(host.state == [3])
        #expect(host.inFlightEffectCount == 1)

        try await finishWithin("host.settle() returns") { await host.settle() }

        #expect(host.state == [3, 2, 1, 0])
        #expect(host.inFlightEffectCount == 0)
    }

    @Test("settle() returns at once when nothing runs")
    func settleWithoutEffects() async throws {
        let host = WorkflowHost(state: [Int](), workflow: Countdown())
        host.send(.tick(0))
        #expect(host.inFlightEffectCount == 0)
        try await finishWithin("host.settle() returns") { await host.settle() }
        #expect(host.state == [0])
    }

    @Test("Subscribers are called once per action, feedback actions included, until cancelled")
    func subscribersAreCalledPerAction() async throws {
        let host = WorkflowHost(state: [Int](), workflow: Countdown())
        var seen: [[Int]] = []
        let subscription = host.subscribe { seen.append($0) }

        host.send(.tick(2))
        #expect(seen == [[2]])
        try await finishWithin("host.settle() returns") { await host.settle() }
        #expect(seen == [[2], [2, 1], [2, 1, 0]])

        subscription.cancel()
        host.send(.tick(0))
        #expect(seen.count == 3)
        #expect(host.state == [2, 1, 0, 0])
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

    @Test("An effect with the same key replaces the running one; a late answer of the old one is dropped")
    func replacedEffectAnswersAreDropped() async throws {
        let gate = ResponseGate(honorsCancellation: false)
        let host = WorkflowHost(state: [Int](), workflow: Gated(gate: gate))
        host.send(.fetch(1))
        try await waitUntil { gate.waitingCount == 1 }
        host.send(.fetch(2))
        try await waitUntil { gate.waitingCount == 2 }
        #expect(host.inFlightEffectCount == 2)

        gate.release(0)
        try await waitUntil { host.inFlightEffectCount == 1 }
        #expect(host.state == [])

        gate.release(1)
        try await finishWithin("host.settle() returns") { await host.settle() }
        #expect(host.state == [2])
        #expect(host.inFlightEffectCount == 0)
    }

    @Test("Releasing the host cancels the effects it is still running")
    func releasingTheHostCancelsItsEffects() async throws {
        let gate = ResponseGate(honorsCancellation: true)
        var host: WorkflowHost<Gated>? = WorkflowHost(state: [Int](), workflow: Gated(gate: gate))
        host?.send(.fetch(1))
        try await waitUntil { gate.waitingCount == 1 }

        host = nil

        #expect(gate.waitingCount == 0)
    }
}
