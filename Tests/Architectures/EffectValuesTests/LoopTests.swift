import Domain
import ScenarioSupport
import TestSupport
import Testing

@testable import EffectValues

@Suite("Loop: observers, the event queue, effect tasks, settle")
@MainActor
struct LoopTests {
    private func counterLoop(_ client: QuoteClient = .failing()) -> CounterLoop {
        CounterLoop(state: CounterState(), handler: CounterEffectHandler(quoteClient: client))
    }

    @Test("observers get each new state; an event whose update returns none wakes nobody")
    func observersSeeNewStatesOnly() {
        let loop = TransferLoop(state: TransferState(), handler: Fixture.transferHandler(Fixture.bank()))
        var seen: [TransferState] = []
        loop.addObserver { seen.append($0) }
        #expect(seen.isEmpty, "not called on registration")

        loop.dispatch(.updateAmount(5))
        loop.dispatch(.resetError)
        #expect(seen == [TransferState(amount: 5)], "resetError without an error is noChange")
        loop.dispatch(.updateAmount(5))
        #expect(seen.count == 2, "the update decides: a new state, even an equal one, is announced")
    }

    @Test("every observer is called with each new state, and stops once removed")
    func removeObserver() {
        let loop = counterLoop()
        var calls: [String] = []
        let first = loop.addObserver { calls.append("first \($0.count)") }
        loop.addObserver { calls.append("second \($0.count)") }

        loop.dispatch(.increment)
        #expect(Set(calls) == ["first 1", "second 1"], "in no particular order, as Mobius's")
        loop.removeObserver(first)
        loop.dispatch(.increment)
        #expect(calls.count == 3 && calls.last == "second 2")
    }

    @Test("a post calls the observers registered when it started, whatever they add or remove")
    func postUsesTheObserversAtItsStart() {
        let loop = counterLoop()
        var calls: [String] = []
        let ids = ObserverIDs()
        for name in ["a", "b"] {
            ids.all.append(
                loop.addObserver { state in
                    calls.append("\(name) \(state.count)")
                    guard state.count == 1 else { return }
                    loop.removeObserver(ids.all[name == "a" ? 1 : 0])
                    loop.addObserver { calls.append("late \($0.count)") }
                })
        }
        loop.dispatch(.increment)
        #expect(calls.sorted() == ["a 1", "b 1"], "both were registered when the post started")
        loop.dispatch(.increment)
        #expect(calls.filter { $0.hasPrefix("late") } == ["late 2", "late 2"])
    }

    @Test("events dispatched by an observer are submitted and processed after it, in order")
    func eventsFromObserversAreQueued() {
        let loop = Loop<Journal, Journal.Handler>(state: [], handler: Journal.Handler())
        var trace: [String] = []
        loop.addObserver { state in
            trace.append("saw \(state)")
            if state == ["a"] {
                loop.dispatch("b")
                loop.dispatch("c")
                trace.append("dispatch returned, state \(loop.state)")
            }
        }

        loop.dispatch("a")
        #expect(
            trace == [
                "saw [\"a\"]", "dispatch returned, state [\"a\"]", "saw [\"a\", \"b\"]",
                "saw [\"a\", \"b\", \"c\"]",
            ])
        #expect(loop.state == ["a", "b", "c"])
    }

    @Test("an effect is a work item: it waits behind the events submitted before it")
    func effectsAreWorkItems() {
        let handler = Journal.Handler()
        let loop = Loop<Journal, Journal.Handler>(state: [], handler: handler)
        loop.addObserver { state in
            handler.handled.events.append("saw \(state)")
            if state == ["a"] {
                loop.dispatch("b")
            }
        }
        loop.dispatch("a")
        #expect(
            handler.handled.events == [
                "saw [\"a\"]", "saw [\"a\", \"b\"]", "effect of a", "effect of b",
            ], "b, dispatched while a was processed, was updated before a's effect was performed")
    }

    @Test("selector observers are woken only when their part changes, with that part")
    func selectorObservers() {
        let loop = AppLoop(
            state: AppFeature.State(counterCount: 3),
            handler: AppEffectHandler(Fixture.dependencies(quoteClient: .failing())))
        var seen: [[CounterState]] = [[], [], []]
        for index in 0..<3 {
            loop.addObserver(selecting: { $0.counters[index] }, onChange: { seen[index].append($0) })
        }
        loop.dispatch(.counter(index: 1, .increment))
        loop.dispatch(.transfer(.updateAmount(3)))
        loop.dispatch(.selectTab(.transfer))
        loop.dispatch(.counter(index: 1, .increment))
        #expect(seen == [[], [CounterState(count: 1), CounterState(count: 2)], []])
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

/// Observer ids that observers registered earlier can read.
@MainActor
private final class ObserverIDs {
    var all: [ObserverID] = []
}

/// A feature whose state is the events it has processed; each event asks for one effect, which its
/// handler only records.
private enum Journal: Update {
    static func update(_ state: [String], _ event: String) -> Next<[String], String> {
        .next(state + [event], effects: ["effect of \(event)"])
    }

    /// The effects handled so far, in order.
    final class Handled {
        var events: [String] = []
    }

    struct Handler: EffectHandler {
        let handled = Handled()

        func handle(_ effect: String) -> EffectExecution<Int, String> {
            handled.events.append(effect)
            return .cancel(0)
        }
    }
}

/// A feature whose effects start more effects: each tick's event asks for the next tick until zero.
private enum Countdown: Update {
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

    static func update(_ state: State, _ event: Event) -> Next<State, Effect> {
        switch event {
        case .start(let count):
            return .dispatch([.tick(count)])
        case .ticked(let count):
            var state = state
            state.ticks.append(count)
            return .next(state, effects: count > 0 ? [.tick(count - 1)] : [])
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
