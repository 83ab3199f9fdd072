import Domain
import Foundation
import ScenarioSupport
import Synchronization
import TestSupport
import Testing

@testable import ViperReducer

/// A fetch that holds its thread until the test releases it: were it run on the main actor, the test
/// could not go on until the deadline passed, and the fetch would report that it timed out.
private final class BlockingFetch: Sendable {
    private let started = Atomic(false)
    private let released = Atomic(false)
    private let timedOut = Atomic(false)

    var hasStarted: Bool { started.load(ordering: .acquiring) }
    var didTimeOut: Bool { timedOut.load(ordering: .acquiring) }

    func release() {
        released.store(true, ordering: .releasing)
    }

    /// Blocks the calling thread (it does not suspend) until released, or for ``TestDeadline/condition`` at most.
    func hold() {
        started.store(true, ordering: .releasing)
        let deadline = ContinuousClock.now + TestDeadline.condition
        while !released.load(ordering: .acquiring) {
            if ContinuousClock.now > deadline {
                timedOut.store(true, ordering: .releasing)
                return
            }
        }
    }
}

/// A view that checks, on every render, that it is shown the state its presenter holds right now.
@MainActor
private final class ConsistencyCheckingView: CounterView {
    weak var presenter: CounterPresenter?
    private(set) var counts: [Int] = []
    private(set) var staleRenders = 0

    func render(_ state: CounterState) {
        counts.append(state.count)
        if presenter?.state != state { staleRenders += 1 }
    }
}

/// The interactor of "VIPER Architecture with Reducer and State" reduces on a global queue and notifies
/// the presenter later on the main queue, so changes race and a view can be shown a state that is
/// already outdated. Here the compiler proves that state changes only on the main actor (everything
/// that touches it is `@MainActor`); these tests show the orderings that follow at run time.
@Suite("The race the VIPER article has, and this module does not")
@MainActor
struct OrderingTests {
    @Test(
        "answers are applied in request order: a stale answer never reaches the state or the view",
        arguments: [true, false]
    )
    func staleAnswersNeverApplied(honorsCancellation: Bool) async throws {
        let gate = ResponseGate(honorsCancellation: honorsCancellation)
        let quotes = (0..<4).map { Quote(content: "Answer \($0)", author: "Server") }
        let presenter = CounterRouter.makeModule(
            quoteClient: .gated(gate, results: quotes.map { .success($0) }))
        let view = RecordingView()
        presenter.attach(view)

        presenter.didTapLoadQuote()
        gate.release(0)
        try await finishWithin("presenter.interactor.settle() returns") {
            await presenter.interactor.settle()
        }
        #expect(presenter.state.quote == quotes[0])

        for ticket in 1...3 {
            presenter.didTapLoadQuote()
            try await waitUntil("request \(ticket) reaches the gate") { gate.ticketsIssued == ticket + 1 }
        }
        gate.release(3)
        try await waitUntil("the newest answer is applied") { presenter.state.quote == quotes[3] }
        gate.release(1)
        gate.release(2)
        try await finishWithin("presenter.interactor.settle() returns") {
            await presenter.interactor.settle()
        }

        #expect(presenter.state == CounterState(quote: quotes[3]))
        #expect(view.counterStates.compactMap(\.quote).removingDuplicates() == [quotes[0], quotes[3]])
        #expect(view.counterStates.count == 6, "4 requests and the answers to the first and the last")
        #expect(presenter.interactor.inFlightEffectCount == 0)
    }

}

/// The fetch here holds a thread of the concurrency runtime's pool, which on a 2-core machine has
/// two: in a process running other tests in parallel, tests that wait on each other through the rest
/// of the pool and the main actor stalled until its 120 s deadline. `.ci/run` runs it on its own with
/// `BENCH_QUIET_PROCESS=1 swift test --no-parallel --filter ThreadHoldingTests`.
@Suite(
    "The main actor while remote work holds a thread",
    .enabled(
        if: ProcessInfo.processInfo.environment["BENCH_QUIET_PROCESS"] == "1",
        "needs a quiet process: BENCH_QUIET_PROCESS=1 swift test --no-parallel --filter ThreadHoldingTests")
)
@MainActor
struct ThreadHoldingTests {
    @Test("the main actor keeps serving the view while remote work holds a thread; no render is stale")
    func renderingStaysCurrentWhileWorkRuns() async throws {
        let fetch = BlockingFetch()
        let presenter = CounterRouter.makeModule(
            quoteClient: QuoteClient {
                fetch.hold()
                return Fixture.firstQuote
            }
        )
        let view = ConsistencyCheckingView()
        view.presenter = presenter
        presenter.attach(view)

        presenter.didTapLoadQuote()
        try await waitUntil("the fetch holds its thread") { fetch.hasStarted }
        presenter.didTapIncrement()
        presenter.didTapIncrement()
        presenter.didTapIncrement()
        fetch.release()
        try await finishWithin("presenter.interactor.settle() returns") {
            await presenter.interactor.settle()
        }

        #expect(!fetch.didTimeOut, "the fetch held the main actor")
        #expect(presenter.state == CounterState(count: 3, quote: Fixture.firstQuote))
        #expect(view.counts == [0, 1, 2, 3, 3])
        #expect(view.staleRenders == 0, "a render showed a state the interactor no longer held")
    }

    @Test("releasing an interactor cancels the work it still runs")
    func releasingCancels() async throws {
        let gate = ResponseGate(honorsCancellation: true)
        var interactor: CounterInteractor? = CounterInteractor(
            quoteClient: .gated(gate, results: [.success(Fixture.firstQuote)])
        )
        interactor?.loadQuote()
        try await waitUntil("the fetch waits at the gate") { gate.waitingCount == 1 }
        interactor = nil
        try await waitUntil("the fetch was cancelled") { gate.waitingCount == 0 }
        #expect(gate.waitingCount == 0)
    }
}

@Suite("InteractorTasks")
@MainActor
struct InteractorTasksTests {
    /// An operation that returns `value` once `gate` lets it pass.
    func passing<Output: Sendable>(
        _ gate: ResponseGate, then value: Output
    ) -> @concurrent @Sendable () async -> Output? {
        {
            try? await gate.pass()
            return value
        }
    }

    @Test("a task is counted while it runs and forgotten when it finishes")
    func countsAndForgets() async throws {
        let gate = ResponseGate()
        let tasks = InteractorTasks<Int>()
        var delivered: [Int] = []
        tasks.run(1, operation: passing(gate, then: 10), deliver: { delivered.append($0) })
        tasks.run(2, operation: passing(gate, then: 20), deliver: { delivered.append($0) })
        #expect(tasks.count == 2)
        gate.releaseAll()
        try await finishWithin("tasks.settle() returns") { await tasks.settle() }
        #expect(tasks.count == 0)
        #expect(delivered.sorted() == [10, 20])
    }

    @Test("a new task with a running task's key cancels it, and its result is dropped")
    func sameKeyReplaces() async throws {
        let gate = ResponseGate(honorsCancellation: false)
        let tasks = InteractorTasks<String>()
        var delivered: [String] = []
        tasks.run("quote", operation: passing(gate, then: "older"), deliver: { delivered.append($0) })
        try await waitUntil("the older task waits") { gate.waitingCount == 1 }
        tasks.run("quote", operation: passing(gate, then: "newer"), deliver: { delivered.append($0) })
        #expect(tasks.count == 2, "the cancelled task is in flight until its operation returns")
        gate.releaseAll()
        try await finishWithin("tasks.settle() returns") { await tasks.settle() }
        #expect(delivered == ["newer"])
    }

    @Test("cancel(_:) drops the key's result; an operation returning nil delivers nothing")
    func cancelAndNil() async throws {
        let gate = ResponseGate(honorsCancellation: false)
        let tasks = InteractorTasks<Int>()
        var delivered: [Int] = []
        tasks.run(1, operation: passing(gate, then: 1), deliver: { delivered.append($0) })
        tasks.run(2, operation: { nil as Int? }, deliver: { delivered.append($0) })
        tasks.cancel(1)
        gate.releaseAll()
        try await finishWithin("tasks.settle() returns") { await tasks.settle() }
        #expect(delivered.isEmpty)
        #expect(tasks.count == 0)
    }

    @Test("settle() also waits for tasks that delivered results started")
    func settleFollowsChains() async throws {
        let tasks = InteractorTasks<Int>()
        var delivered: [Int] = []
        func start(_ step: Int) {
            tasks.run(
                step,
                operation: {
                    await Task.yield()
                    return step
                },
                deliver: { step in
                    delivered.append(step)
                    if step < 5 { start(step + 1) }
                }
            )
        }
        start(1)
        try await finishWithin("tasks.settle() returns") { await tasks.settle() }
        #expect(delivered == [1, 2, 3, 4, 5])
        #expect(tasks.count == 0)
    }
}

extension Array where Element: Equatable {
    /// The elements without runs of equal neighbours.
    fileprivate func removingDuplicates() -> [Element] {
        reduce(into: []) { result, element in
            if result.last != element { result.append(element) }
        }
    }
}
