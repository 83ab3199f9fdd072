import Domain
import TestSupport
import Testing

@testable import EffectValues

@Suite("Loop: observers, effect tasks, settle")
@MainActor
struct LoopTests {
    private func counterLoop(_ client: QuoteClient = .failing()) -> CounterLoop {
        CounterLoop(state: CounterState(), handler: CounterEffectHandler(quoteClient: client))
    }

    @Test("observers get the new state after every event, also one that changed nothing")
    func observersSeeEveryEvent() {
        let loop = TransferLoop(state: TransferState(), handler: Fixture.transferHandler(Fixture.bank()))
        var seen: [TransferState] = []
        _ = loop.addObserver { seen.append($0) }
        #expect(seen.isEmpty, "not called on registration")

        loop.dispatch(.updateAmount(5))
        loop.dispatch(.resetError)
        #expect(seen == [TransferState(amount: 5), TransferState(amount: 5)])
    }

    @Test("observers run in registration order and stop once removed")
    func removeObserver() {
        let loop = counterLoop()
        var calls: [String] = []
        let first = loop.addObserver { calls.append("first \($0.count)") }
        _ = loop.addObserver { calls.append("second \($0.count)") }

        loop.dispatch(.increment)
        loop.removeObserver(first)
        loop.dispatch(.increment)
        #expect(calls == ["first 1", "second 1", "second 2"])
    }

    @Test("a finished effect task is forgotten")
    func finishedTasksAreForgotten() async throws {
        let loop = counterLoop(.scripted([.success(Fixture.firstQuote), .failure(Fixture.outage)]))
        #expect(loop.inFlightEffectCount == 0)
        loop.dispatch(.loadQuote)
        #expect(loop.inFlightEffectCount == 1)
        try await finishWithin("loop.settle() returns") { await loop.settle() }
        #expect(loop.inFlightEffectCount == 0)

        for _ in 0..<3 {
            loop.dispatch(.increment)
        }
        #expect(loop.inFlightEffectCount == 0, "events without effects start no task")
    }

    @Test("settle waits for effects started by the events of finished effects")
    func settleFollowsChains() async throws {
        let loop = Loop<Countdown, Countdown.Handler>(state: Countdown.State(), handler: Countdown.Handler())
        loop.dispatch(.start(5))
        try await finishWithin("loop.settle() returns") { await loop.settle() }
        #expect(loop.state == Countdown.State(ticks: [5, 4, 3, 2, 1, 0]))
        #expect(loop.inFlightEffectCount == 0)
    }

    @Test("releasing the loop cancels its running effects")
    func releasingCancels() async throws {
        let gate = ResponseGate(honorsCancellation: true)
        var loop: CounterLoop? = counterLoop(.gated(gate, results: [.success(Fixture.firstQuote)]))
        loop?.dispatch(.loadQuote)
        try await waitUntil("the fetch waits at the gate") { gate.waitingCount == 1 }
        loop = nil
        try await waitUntil("the fetch was cancelled") { gate.waitingCount == 0 }
    }
}

/// A feature whose effects start more effects: each tick's event asks for the next tick until zero.
private enum Countdown: Reducer {
    struct State: Equatable {
        var ticks: [Int] = []
    }

    enum Event: Equatable, Sendable {
        case start(Int)
        case ticked(Int)
    }

    enum Effect: Equatable, Sendable {
        case tick(Int)
    }

    static func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch event {
        case .start(let count):
            return [.tick(count)]
        case .ticked(let count):
            state.ticks.append(count)
            return count > 0 ? [.tick(count - 1)] : []
        }
    }

    struct Handler: EffectHandler {
        func handle(_ effect: Effect) -> EffectExecution<Int, Event> {
            switch effect {
            case .tick(let count):
                return .run(count) {
                    await Task.yield()
                    return .ticked(count)
                }
            }
        }
    }
}
