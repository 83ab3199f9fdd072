import Domain
import Foundation
import ScenarioSupport
import TestSupport
import Testing

@testable import ViperReducer

@Suite("App reducer: routing by index")
struct AppReducerTests {
    @Test("a counter's quote request selects the counter tab and changes only that counter")
    func quoteRequestSelectsCounterTab() {
        let state = AppState(selectedTab: .transfer, counters: [CounterState(), CounterState(count: 7)])
        var expected = state
        expected.selectedTab = .counter
        expected.counters[1].isLoading = true
        #expect(AppReducer.reduce(state: state, action: .counter(index: 1, .quoteRequested)) == expected)
    }

    @Test("other counter actions leave the tab alone and touch only their counter")
    func incrementKeepsTab() {
        let state = AppState(selectedTab: .transfer, counters: [CounterState(), CounterState()])
        var expected = state
        expected.counters[0].count = 1
        #expect(AppReducer.reduce(state: state, action: .counter(index: 0, .increment)) == expected)
        var loaded = state
        loaded.counters[1].quote = Fixture.firstQuote
        #expect(
            AppReducer.reduce(
                state: state, action: .counter(index: 1, .quoteLoaded(.success(Fixture.firstQuote))))
                == loaded)
    }

    @Test("transfer actions reach the transfer state; selectTab selects the tab")
    func transferAndTab() {
        let state = AppState(counterCount: 2)
        var loading = state
        loading.transfer.isLoading = true
        #expect(AppReducer.reduce(state: state, action: .transfer(.accountsRequested)) == loading)
        var onTransfer = state
        onTransfer.selectedTab = .transfer
        #expect(AppReducer.reduce(state: state, action: .selectTab(.transfer)) == onTransfer)
    }
}

/// The app in `layout`, built through its router, with one face for the tests: the app's events as
/// its view would send them.
@MainActor
private struct AppUnderTest {
    let single: AppPresenter?
    let multi: AppRootPresenter?
    let scoped: Bool

    init(_ layout: Layout, counters: Int, quoteClient: QuoteClient) {
        scoped = layout == .singleStoreScoped
        let state = AppState(counterCount: counters)
        let dependencies = Fixture.dependencies(quoteClient: quoteClient)
        switch layout {
        case .singleStore, .singleStoreScoped:
            single = AppRouter.makeModule(state: state, dependencies: dependencies)
            multi = nil
        case .multiStore:
            single = nil
            multi = AppRootRouter.makeModule(state: state, dependencies: dependencies)
        }
    }

    var state: AppState { single?.state ?? multi!.state }
    var inFlightEffectCount: Int { single?.interactor.inFlightEffectCount ?? multi!.inFlightEffectCount }

    func selectTab(_ tab: Tab) {
        single?.didSelectTab(tab)
        multi?.didSelectTab(tab)
    }

    func increment(counterAt index: Int) {
        single?.didTapIncrement(counterAt: index)
        multi?.counters[index].didTapIncrement()
    }

    func decrement(counterAt index: Int) {
        single?.didTapDecrement(counterAt: index)
        multi?.counters[index].didTapDecrement()
    }

    func loadQuote(counterAt index: Int) {
        single?.didTapLoadQuote(counterAt: index)
        multi?.counters[index].didTapLoadQuote()
    }

    func loadAccounts() {
        single?.didRequestAccounts()
        multi?.transfer.didRequestAccounts()
    }

    func transfer(_ amount: Decimal, from: Account, to: Account) {
        single?.didSelectFrom(from)
        single?.didSelectTo(to)
        single?.didChangeAmount(amount)
        single?.didTapSubmit()
        multi?.transfer.didSelectFrom(from)
        multi?.transfer.didSelectTo(to)
        multi?.transfer.didChangeAmount(amount)
        multi?.transfer.didTapSubmit()
    }

    /// Attaches an observer to counter `index`: a view of the whole app, or of that counter's module.
    /// A view of the whole app, or, scoped, of counter `index`'s row presenter.
    func observeCounter(at index: Int, onRender: @escaping @MainActor () -> Void) {
        if scoped {
            single?.row(at: index).attach(ObserverView(onRender: onRender))
        } else {
            single?.attach(ObserverView(onRender: onRender))
        }
        multi?.counters[index].attach(ObserverView(onRender: onRender))
    }

    func settle() async throws {
        try await finishWithin("single?.interactor.settle() returns") { await single?.interactor.settle() }
        try await finishWithin("multi?.settle() returns") { await multi?.settle() }
    }
}

@Suite("App in both layouts")
@MainActor
struct AppLayoutTests {
    @Test("a counter's loadQuote selects the counter tab; nothing else does", arguments: Layout.allCases)
    func crossFeatureTabRule(layout: Layout) async throws {
        let app = AppUnderTest(layout, counters: 3, quoteClient: .constant(Fixture.firstQuote))
        app.selectTab(.transfer)
        app.increment(counterAt: 2)
        app.loadAccounts()
        try await app.settle()
        #expect(app.state.selectedTab == .transfer)

        app.loadQuote(counterAt: 2)
        #expect(app.state.selectedTab == .counter)
        #expect(app.state.counters[2] == CounterState(count: 1, isLoading: true))

        try await app.settle()
        #expect(
            app.state.counters == [
                CounterState(), CounterState(), CounterState(count: 1, quote: Fixture.firstQuote),
            ]
        )
        #expect(app.state.transfer.accounts == [Fixture.alice, Fixture.bob])
        #expect(app.inFlightEffectCount == 0)
    }

    @Test("one counter's newer loadQuote does not cancel another counter's fetch", arguments: Layout.allCases)
    func fetchesAreKeyedByCounter(layout: Layout) async throws {
        let gate = ResponseGate()
        let client = QuoteClient.gated(
            gate, results: [.success(Fixture.firstQuote), .success(Fixture.secondQuote)])
        let app = AppUnderTest(layout, counters: 2, quoteClient: client)

        app.loadQuote(counterAt: 0)
        try await waitUntil("counter 0's fetch waits at the gate") { gate.waitingCount == 1 }
        app.loadQuote(counterAt: 1)
        try await waitUntil("both fetches wait at the gate") { gate.waitingCount == 2 }
        #expect(app.inFlightEffectCount == 2)

        gate.release(1)
        gate.release(0)
        try await app.settle()
        #expect(app.state.counters.map(\.quote) == [Fixture.firstQuote, Fixture.secondQuote])
        #expect(app.inFlightEffectCount == 0)
    }

    @Test(
        "one increment wakes every observer in the single store and only its counter's in the multi store",
        arguments: Layout.allCases,
        [1, 10, 100]
    )
    func observerWakeUps(layout: Layout, counters: Int) {
        let app = AppUnderTest(layout, counters: counters, quoteClient: .failing())
        var woken = Array(repeating: 0, count: counters)
        for index in 0..<counters {
            app.observeCounter(at: index) { woken[index] += 1 }
        }
        let target = counters / 2
        app.increment(counterAt: target)
        app.increment(counterAt: target)

        var expected = Array(repeating: layout == .singleStore ? 2 : 0, count: counters)
        expected[target] = 2
        #expect(woken == expected)
        #expect(app.state.counters[target].count == 2)
    }

    @Test("the same events give the same states in both layouts")
    func layoutsAgree() async throws {
        let quotes = QuoteClient.scripted([.success(Fixture.firstQuote), .failure(Fixture.outage)])
        let secondQuotes = QuoteClient.scripted([.success(Fixture.firstQuote), .failure(Fixture.outage)])
        let single = AppUnderTest(.singleStore, counters: 2, quoteClient: quotes)
        let multi = AppUnderTest(.multiStore, counters: 2, quoteClient: secondQuotes)
        let script: [(AppUnderTest) -> Void] = [
            { $0.increment(counterAt: 0) },
            { $0.selectTab(.transfer) },
            { $0.loadAccounts() },
            { $0.loadQuote(counterAt: 1) },
            { $0.transfer(25, from: Fixture.alice, to: Fixture.bob) },
            { $0.decrement(counterAt: 1) },
            { $0.selectTab(.transfer) },
            { $0.loadQuote(counterAt: 0) },
            { $0.transfer(500, from: Fixture.bob, to: Fixture.alice) },
        ]
        var states: [AppState] = []
        for step in script {
            step(single)
            step(multi)
            #expect(single.state == multi.state)
            try await single.settle()
            try await multi.settle()
            #expect(single.state == multi.state)
            states.append(single.state)
        }
        #expect(
            states.last
                == AppState(
                    selectedTab: .counter,
                    counters: [
                        CounterState(count: 1, errorMessage: Fixture.outage.message),
                        CounterState(count: -1, quote: Fixture.firstQuote),
                    ],
                    transfer: TransferState(
                        accounts: [
                            Account(id: Fixture.alice.id, name: "Alice", balance: 75),
                            Account(id: Fixture.bob.id, name: "Bob", balance: 75),
                        ],
                        selectedFrom: Fixture.bob,
                        selectedTo: Fixture.alice,
                        amount: 500,
                        error: .insufficientFunds,
                        lastTransaction: Transaction(
                            id: TransactionID(1), from: Fixture.alice.id, to: Fixture.bob.id, amount: 25)
                    )
                )
        )
    }

    @Test("the single-store router presents the transfer tab's error alert")
    func singleStoreAlert() async throws {
        let router = RouterSpy()
        let presenter = AppPresenter(
            interactor: AppInteractor(state: AppState(counterCount: 1), dependencies: Fixture.dependencies()),
            router: router
        )
        presenter.didTapSubmit()
        try await finishWithin("presenter.interactor.settle() returns") {
            await presenter.interactor.settle()
        }
        presenter.didDismissError()
        #expect(router.calls == [.presentError(.invalidSelection), .dismissError])
    }

    @Test("the multi-store root router owns the selected tab")
    func rootRouterOwnsTab() {
        let root = AppRootRouter.makeModule(
            state: AppState(counterCount: 2), dependencies: Fixture.dependencies())
        #expect(root.router.selectedTab == .counter)
        root.didSelectTab(.transfer)
        #expect(root.router.selectedTab == .transfer)
        #expect(root.state.selectedTab == .transfer)
        root.counters[1].router.showCounterTab()
        #expect(root.state.selectedTab == .counter)
    }
}
