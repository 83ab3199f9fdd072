import Domain
import ScenarioSupport
import TestSupport
import Testing

@testable import EffectValues

@Suite("App update and handler: routing by index")
struct AppUpdateTests {
    @Test("a counter's loadQuote selects the counter tab and tags the child's effects with its index")
    func loadQuoteSelectsCounterTab() {
        let state = AppFeature.State(
            selectedTab: .transfer, counters: [CounterState(), CounterState(count: 7)])
        var expected = state
        expected.selectedTab = .counter
        expected.counters[1].isLoading = true
        #expect(
            AppFeature.reduced(state, .counter(index: 1, .loadQuote))
                == (expected, [.counter(index: 1, .cancelQuoteFetch), .counter(index: 1, .fetchQuote)])
        )
    }

    @Test("other counter events leave the tab alone and touch only their counter")
    func incrementKeepsTab() {
        let state = AppFeature.State(selectedTab: .transfer, counters: [CounterState(), CounterState()])
        var expected = state
        expected.counters[0].count = 1
        #expect(AppFeature.reduced(state, .counter(index: 0, .increment)) == (expected, []))
    }

    @Test("transfer events reach the transfer feature with their effects tagged")
    func transferEvents() {
        let state = AppFeature.State(counterCount: 2)
        var expected = state
        expected.transfer.isLoading = true
        #expect(
            AppFeature.reduced(state, .transfer(.loadAccounts))
                == (expected, [.transfer(.cancelAccountsFetch), .transfer(.fetchAccounts)])
        )
    }

    @Test("selectTab selects the tab; selecting the selected tab is noChange")
    func selectTab() {
        let state = AppFeature.State(counterCount: 1)
        var expected = state
        expected.selectedTab = .transfer
        #expect(AppFeature.update(state, .selectTab(.transfer)) == .next(expected))
        #expect(AppFeature.update(state, .selectTab(.counter)) == .noChange)
    }

    @Test("a child's noChange is the app's noChange; a child's effects alone are the app's dispatch")
    func childWithoutNewState() {
        var state = AppFeature.State(counterCount: 2)
        state.counters[1].isLoading = true
        #expect(
            AppFeature.update(state, .counter(index: 1, .loadQuote))
                == .dispatch([.counter(index: 1, .cancelQuoteFetch), .counter(index: 1, .fetchQuote)]))
        #expect(AppFeature.update(state, .transfer(.resetError)) == .noChange)

        state.selectedTab = .transfer
        var expected = state
        expected.selectedTab = .counter
        #expect(
            AppFeature.update(state, .counter(index: 1, .loadQuote))
                == .next(
                    expected,
                    effects: [.counter(index: 1, .cancelQuoteFetch), .counter(index: 1, .fetchQuote)]),
            "the counter changes nothing, but the tab does")
    }

    @Test("the app handler delegates to the child handler and wraps its task name and event")
    func handlerWrapsChildren() async {
        let handler = AppEffectHandler(Fixture.dependencies(quoteClient: .constant(Fixture.firstQuote)))

        let fetch = handler.handle(.counter(index: 2, .fetchQuote))
        #expect(fetch.taskID == .counter(index: 2, .quoteFetch))
        #expect(await fetch.perform() == .counter(index: 2, .quoteLoaded(.success(Fixture.firstQuote))))

        let cancel = handler.handle(.counter(index: 2, .cancelQuoteFetch))
        #expect(cancel.isCancellation && cancel.taskID == .counter(index: 2, .quoteFetch))

        let accounts = handler.handle(.transfer(.fetchAccounts))
        #expect(accounts.taskID == .transfer(.accountsFetch))
        #expect(
            await accounts.perform() == .transfer(.accountsLoaded(.success([Fixture.alice, Fixture.bob]))))
    }
}

/// Builds the app in `layout` through the native types and exposes one face for the tests.
@MainActor
private struct AppUnderTest {
    let single: AppLoop?
    let multi: AppRoot?

    init(_ layout: Layout, counters: Int, quoteClient: QuoteClient) {
        let state = AppFeature.State(counterCount: counters)
        let handler = AppEffectHandler(Fixture.dependencies(quoteClient: quoteClient))
        switch layout {
        case .singleStore, .singleStoreScoped:
            single = AppLoop(state: state, handler: handler)
            multi = nil
        case .multiStore:
            single = nil
            multi = AppRoot(state: state, handler: handler)
        }
    }

    var state: AppFeature.State { single?.state ?? multi!.state }
    var inFlightEffectCount: Int { single?.inFlightEffectCount ?? multi!.inFlightEffectCount }

    func dispatch(_ event: AppFeature.Event) {
        single?.dispatch(event)
        multi?.dispatch(event)
    }

    func settle() async throws {
        try await finishWithin("single?.settle() returns") { await single?.settle() }
        try await finishWithin("multi?.settle() returns") { await multi?.settle() }
    }
}

@Suite("App in both layouts")
@MainActor
struct AppLayoutTests {
    @Test("a counter's loadQuote selects the counter tab", arguments: Layout.allCases)
    func crossFeatureTabRule(layout: Layout) async throws {
        let app = AppUnderTest(layout, counters: 3, quoteClient: .constant(Fixture.firstQuote))
        app.dispatch(.selectTab(.transfer))
        app.dispatch(.counter(index: 2, .increment))
        #expect(app.state.selectedTab == .transfer)

        app.dispatch(.counter(index: 2, .loadQuote))
        #expect(app.state.selectedTab == .counter)
        #expect(app.state.counters[2] == CounterState(count: 1, isLoading: true))

        try await app.settle()
        #expect(
            app.state.counters == [
                CounterState(), CounterState(), CounterState(count: 1, quote: Fixture.firstQuote),
            ])
        #expect(app.inFlightEffectCount == 0)
    }

    @Test("one counter's newer loadQuote does not cancel another counter's fetch", arguments: Layout.allCases)
    func fetchesAreKeyedByCounter(layout: Layout) async throws {
        let gate = ResponseGate()
        let client = QuoteClient.gated(
            gate, results: [.success(Fixture.firstQuote), .success(Fixture.firstQuote)])
        let app = AppUnderTest(layout, counters: 2, quoteClient: client)

        app.dispatch(.counter(index: 0, .loadQuote))
        app.dispatch(.counter(index: 1, .loadQuote))
        try await waitUntil("both fetches wait at the gate") { gate.waitingCount == 2 }
        #expect(app.inFlightEffectCount == 2)

        gate.releaseAll()
        try await app.settle()
        #expect(app.state.counters == Array(repeating: CounterState(quote: Fixture.firstQuote), count: 2))
    }

    @Test("the same script gives the same states in both layouts")
    func layoutsAgree() async throws {
        let script: [AppFeature.Event] = [
            .counter(index: 0, .increment),
            .selectTab(.transfer),
            .transfer(.loadAccounts),
            .counter(index: 1, .loadQuote),
            .transfer(.selectFrom(Fixture.alice)),
            .transfer(.selectTo(Fixture.bob)),
            .transfer(.updateAmount(25)),
            .transfer(.submitTransfer),
            .counter(index: 1, .decrement),
            .counter(index: 0, .loadQuote),
            .transfer(.submitTransfer),
            .transfer(.resetError),
        ]
        let quotes = QuoteClient.constant(Fixture.secondQuote)
        let single = AppUnderTest(.singleStore, counters: 2, quoteClient: quotes)
        let multi = AppUnderTest(.multiStore, counters: 2, quoteClient: quotes)
        for event in script {
            single.dispatch(event)
            multi.dispatch(event)
            #expect(single.state == multi.state)
            try await single.settle()
            try await multi.settle()
            #expect(single.state == multi.state)
        }
        #expect(single.state.transfer.lastTransaction?.amount == 25)
    }
}

@Suite("Observers woken per event")
@MainActor
struct ObserverCountingTests {
    @Test("single store: every counter observer is woken by any counter's increment")
    func singleStoreWakesAll() {
        let driver = AppLoopDriver(
            AppLoop(
                state: AppFeature.State(counterCount: 4),
                handler: AppEffectHandler(Fixture.dependencies(quoteClient: .failing())))
        )
        var woken = [0, 0, 0, 0]
        for index in 0..<4 {
            driver.observeCounter(at: index) { woken[index] += 1 }
        }
        driver.send(.counter(index: 2, .increment))
        #expect(woken == [1, 1, 1, 1])
        driver.send(.transfer(.updateAmount(5)))
        #expect(woken == [2, 2, 2, 2])
    }

    @Test("multi store: only the changed counter's observer is woken")
    func multiStoreWakesOne() {
        let root = AppRoot(
            state: AppFeature.State(counterCount: 4),
            handler: AppEffectHandler(Fixture.dependencies(quoteClient: .failing())))
        let driver = AppRootDriver(root)
        var woken = [0, 0, 0, 0]
        for index in 0..<4 {
            driver.observeCounter(at: index) { woken[index] += 1 }
        }
        driver.send(.counter(index: 2, .increment))
        #expect(woken == [0, 0, 1, 0])
        driver.send(.transfer(.updateAmount(5)))
        driver.send(.selectTab(.transfer))
        #expect(woken == [0, 0, 1, 0])
    }
}
