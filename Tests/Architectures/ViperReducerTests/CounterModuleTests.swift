import Domain
import ScenarioSupport
import TestSupport
import Testing

@testable import ViperReducer

@Suite("Counter reducer: (state, action) -> state")
struct CounterReducerTests {
    @Test("increment and decrement change the count only")
    func incrementAndDecrement() {
        let state = CounterState(count: 4, quote: Fixture.firstQuote, errorMessage: "kept")
        #expect(
            CounterReducer.reduce(state: state, action: .increment)
                == CounterState(count: 5, quote: Fixture.firstQuote, errorMessage: "kept")
        )
        #expect(
            CounterReducer.reduce(state: state, action: .decrement)
                == CounterState(count: 3, quote: Fixture.firstQuote, errorMessage: "kept")
        )
    }

    @Test("a quote request starts loading and clears the error, keeping the quote")
    func quoteRequested() {
        let state = CounterState(count: 1, quote: Fixture.firstQuote, errorMessage: "stale")
        #expect(
            CounterReducer.reduce(state: state, action: .quoteRequested)
                == CounterState(count: 1, quote: Fixture.firstQuote, isLoading: true)
        )
    }

    @Test("a loaded quote replaces the old one and ends loading")
    func quoteLoadedSuccess() {
        let loading = CounterState(count: 3, quote: Fixture.firstQuote, isLoading: true)
        #expect(
            CounterReducer.reduce(state: loading, action: .quoteLoaded(.success(Fixture.secondQuote)))
                == CounterState(count: 3, quote: Fixture.secondQuote)
        )
    }

    @Test("a failed load keeps the quote and shows the error's message")
    func quoteLoadedFailure() {
        let loading = CounterState(quote: Fixture.firstQuote, isLoading: true)
        #expect(
            CounterReducer.reduce(state: loading, action: .quoteLoaded(.failure(Fixture.outage)))
                == CounterState(quote: Fixture.firstQuote, errorMessage: Fixture.outage.message)
        )
    }
}

@Suite("Counter interactor")
@MainActor
struct CounterInteractorTests {
    @Test("increments and decrements go through the reducer and are reported after each change")
    func incrementAndDecrement() {
        let presenter = CounterRouter.makeModule(quoteClient: .failing())
        let view = RecordingView()
        presenter.attach(view)
        let interactor = presenter.interactor
        interactor.increment()
        interactor.increment()
        interactor.increment()
        interactor.decrement()
        #expect(interactor.state == CounterState(count: 2))
        #expect(view.counterStates.map(\.count) == [1, 2, 3, 2])
        #expect(interactor.inFlightEffectCount == 0)
    }

    @Test("a scripted success then a scripted failure: quote kept, error shown, no task left")
    func successThenFailure() async throws {
        let client = QuoteClient.scripted([.success(Fixture.firstQuote), .failure(Fixture.outage)])
        let interactor = CounterInteractor(quoteClient: client)

        interactor.loadQuote()
        #expect(interactor.state == CounterState(isLoading: true))
        #expect(interactor.inFlightEffectCount == 1)
        try await finishWithin("interactor.settle() returns") { await interactor.settle() }
        #expect(interactor.state == CounterState(quote: Fixture.firstQuote))

        interactor.loadQuote()
        #expect(interactor.state == CounterState(quote: Fixture.firstQuote, isLoading: true))
        try await finishWithin("interactor.settle() returns") { await interactor.settle() }
        #expect(
            interactor.state == CounterState(quote: Fixture.firstQuote, errorMessage: Fixture.outage.message))
        #expect(interactor.inFlightEffectCount == 0)
    }

    @Test(
        "only the newest loadQuote is applied, whether or not the gate honors cancellation",
        arguments: [true, false]
    )
    func newestLoadQuoteWins(honorsCancellation: Bool) async throws {
        let gate = ResponseGate(honorsCancellation: honorsCancellation)
        let client = QuoteClient.gated(
            gate, results: [.success(Fixture.firstQuote), .success(Fixture.secondQuote)])
        let interactor = CounterInteractor(quoteClient: client)

        interactor.loadQuote()
        try await waitUntil("the first fetch waits at the gate") { gate.waitingCount == 1 }
        interactor.loadQuote()
        try await waitUntil("the second fetch reaches the gate") { gate.ticketsIssued == 2 }

        gate.release(1)
        try await waitUntil("the second quote is applied") { interactor.state.quote != nil }
        #expect(interactor.state == CounterState(quote: Fixture.secondQuote))
        if !honorsCancellation {
            #expect(interactor.inFlightEffectCount == 1, "the cancelled fetch still waits for its answer")
        }

        gate.release(0)
        try await finishWithin("interactor.settle() returns") { await interactor.settle() }
        #expect(interactor.state == CounterState(quote: Fixture.secondQuote))
        #expect(interactor.inFlightEffectCount == 0)
    }

    @Test("a fetch that ends in CancellationError changes nothing")
    func cancellationErrorChangesNothing() async throws {
        let interactor = CounterInteractor(quoteClient: QuoteClient { throw CancellationError() })
        interactor.increment()
        interactor.loadQuote()
        try await finishWithin("interactor.settle() returns") { await interactor.settle() }
        #expect(interactor.state == CounterState(count: 1, isLoading: true))
        #expect(interactor.inFlightEffectCount == 0)
    }

    @Test("a hundred loads in a row leave one quote applied and no task behind")
    func burstOfLoads() async throws {
        let presenter = CounterRouter.makeModule(
            quoteClient: .constant(Fixture.firstQuote, latency: .yields(3))
        )
        let view = RecordingView()
        presenter.attach(view)
        for _ in 0..<100 {
            presenter.didTapLoadQuote()
        }
        #expect(presenter.interactor.inFlightEffectCount == 100)
        try await finishWithin("presenter.interactor.settle() returns") {
            await presenter.interactor.settle()
        }
        #expect(presenter.state == CounterState(quote: Fixture.firstQuote))
        #expect(view.counterStates.count == 101, "100 requests and one answer: 99 stale answers were dropped")
        #expect(presenter.interactor.inFlightEffectCount == 0)
    }
}

@Suite("Counter presenter and router")
@MainActor
struct CounterPresenterTests {
    @Test("the view's events reach the interactor and every change is rendered to every attached view")
    func eventsAndRendering() {
        let presenter = CounterPresenter(
            interactor: CounterInteractor(quoteClient: .failing()),
            router: RouterSpy()
        )
        let first = RecordingView()
        let second = RecordingView()
        presenter.attach(first)
        presenter.attach(second)
        presenter.didTapIncrement()
        presenter.didTapIncrement()
        presenter.detach(second)
        presenter.didTapDecrement()
        #expect(first.counterStates.map(\.count) == [1, 2, 1])
        #expect(second.counterStates.map(\.count) == [1, 2])
        #expect(presenter.state == CounterState(count: 1))
    }

    @Test("loading a quote asks the router for the counter tab; counting does not")
    func loadQuoteShowsCounterTab() async throws {
        let router = RouterSpy()
        let presenter = CounterPresenter(
            interactor: CounterInteractor(quoteClient: .constant(Fixture.firstQuote)),
            router: router
        )
        presenter.didTapIncrement()
        presenter.didTapDecrement()
        #expect(router.calls.isEmpty)
        presenter.didTapLoadQuote()
        #expect(router.calls == [.showCounterTab])
        try await finishWithin("presenter.interactor.settle() returns") {
            await presenter.interactor.settle()
        }
        #expect(presenter.state == CounterState(quote: Fixture.firstQuote))
    }

    @Test("the router selects the counter tab through the app's tab router, and holds it weakly")
    func routerSelectsTab() {
        var tabs: RouterSpy? = RouterSpy()
        weak let released = tabs
        let router = CounterRouter(tabs: tabs)
        router.showCounterTab()
        #expect(tabs?.calls == [.selectTab(.counter)])
        tabs = nil
        #expect(released == nil, "the counter's router kept the app's tab router alive")
        router.showCounterTab()
    }

    @Test("the presenter is its interactor's output, held weakly")
    func presenterIsWeakOutput() {
        let interactor = CounterInteractor(quoteClient: .failing())
        var presenter: CounterPresenter? = CounterPresenter(interactor: interactor, router: RouterSpy())
        #expect(interactor.output === presenter)
        presenter = nil
        #expect(interactor.output == nil)
        interactor.increment()
        #expect(interactor.state.count == 1)
    }
}
