import Domain
import Observation
import ScenarioSupport
import TestSupport
import Testing

@testable import LocalReducer

/// The app reducers: the single store's composition of the feature reducers, and the root's own.
@Suite("Local reducer: AppViewModel.reduce and AppRootViewModel.reduce")
struct AppReducerTests {
    @Test("The app reducer routes a counter action to that counter only, and loadQuote selects its tab")
    func counterActionsAreRoutedByIndex() {
        let state = AppViewModel.State(
            selectedTab: .transfer, counters: Array(repeating: CounterState(), count: 3))
        #expect(
            AppViewModel.reduce(state: state, action: .counter(index: 1, .increment))
                == AppViewModel.State(
                    selectedTab: .transfer,
                    counters: [CounterState(), CounterState(count: 1), CounterState()]
                )
        )
        #expect(
            AppViewModel.reduce(state: state, action: .counter(index: 2, .loadQuote))
                == AppViewModel.State(
                    selectedTab: .counter,
                    counters: [CounterState(), CounterState(), CounterState(isLoading: true)]
                )
        )
    }

    @Test("The app reducer hands transfer actions to the transfer reducer and leaves the tab alone")
    func transferActionsAreRouted() {
        let state = AppViewModel.State(selectedTab: .counter, counters: [CounterState()])
        #expect(
            AppViewModel.reduce(state: state, action: .transfer(.selection(.amount(7))))
                == AppViewModel.State(counters: [CounterState()], transfer: TransferState(amount: 7))
        )
        #expect(
            AppViewModel.reduce(state: state, action: .selectTab(.transfer))
                == AppViewModel.State(selectedTab: .transfer, counters: [CounterState()])
        )
    }

    @Test("The root reducer changes the tab for selectTab and a counter's loadQuote only")
    func rootReducer() {
        let onTransfer = AppRootViewModel.State(selectedTab: .transfer)
        #expect(
            AppRootViewModel.reduce(state: onTransfer, action: .counter(index: 0, .loadQuote)).selectedTab
                == .counter)
        #expect(
            AppRootViewModel.reduce(state: onTransfer, action: .counter(index: 0, .increment)) == onTransfer)
        #expect(AppRootViewModel.reduce(state: onTransfer, action: .transfer(.accounts(.load))) == onTransfer)
        #expect(
            AppRootViewModel.reduce(state: AppRootViewModel.State(), action: .selectTab(.transfer))
                == onTransfer
        )
    }
}

/// The composed app in both layouts, through its view models.
@MainActor
@Suite("Local reducer: AppViewModel and AppRootViewModel")
struct AppViewModelTests {
    let quote = Fixtures.wisdom

    @Test(
        "A counter's loadQuote selects the counter tab; nothing else does",
        arguments: [Layout.singleStore, .multiStore]
    )
    func tabRule(layout: Layout) async throws {
        let app = layout.makeApp(
            counterCount: 3, dependencies: Fixtures.dependencies(quoteClient: .constant(quote)))
        app.send(.selectTab(.transfer))
        app.send(.counter(index: 1, .increment))
        app.send(.transfer(.accounts(.load)))
        try await finishWithin("app.settle() returns") { await app.settle() }
        #expect(app.selectedTab == .transfer)

        app.send(.counter(index: 2, .loadQuote))
        #expect(app.selectedTab == .counter)
        #expect(app.counterStates[2].isLoading)
        try await finishWithin("app.settle() returns") { await app.settle() }
        #expect(app.counterStates == [CounterState(), CounterState(count: 1), CounterState(quote: quote)])
        #expect(app.transferState == TransferState(accounts: Fixtures.accounts))
        #expect(app.inFlightEffectCount == 0)
    }

    @Test("Single store: a newer load of one counter cancels only that counter's older fetch")
    func singleStoreCountersLoadIndependently() async throws {
        let gate = ResponseGate(honorsCancellation: false)
        let stale = Quote(content: "stale", author: "old")
        let app = AppViewModel(
            counterCount: 2,
            dependencies: Fixtures.dependencies(
                quoteClient: .gated(
                    gate, results: [.success(stale), .success(quote), .success(Fixtures.newer)])
            )
        )
        app.send(.counter(index: 0, .loadQuote))
        try await waitUntil("counter 0's first fetch waits") { gate.waitingCount == 1 }
        app.send(.counter(index: 1, .loadQuote))
        try await waitUntil("counter 1's fetch waits") { gate.waitingCount == 2 }
        app.send(.counter(index: 0, .loadQuote))
        try await waitUntil("counter 0's second fetch waits") { gate.waitingCount == 3 }
        #expect(app.inFlightEffectCount == 3)

        gate.release(2)
        gate.release(1)
        try await waitUntil("both newest quotes are shown") {
            !app.state.counters.contains(where: \.isLoading)
        }
        gate.release(0)
        try await finishWithin("app.settle() returns") { await app.settle() }
        #expect(app.state.counters == [CounterState(quote: Fixtures.newer), CounterState(quote: quote)])
        #expect(app.inFlightEffectCount == 0)
    }

    @Test("Single store: a second submit while the first is at the bank moves money once")
    func singleStoreDoubleSubmit() async throws {
        let gate = ResponseGate()
        let bank = InMemoryBank(accounts: Fixtures.accounts, gate: gate)
        let app = AppViewModel(
            initialState: AppViewModel.State(
                counters: [CounterState()], transfer: Fixtures.readyForm(amount: 40)),
            dependencies: Fixtures.dependencies(bank: bank)
        )
        app.send(.transfer(.transfer(.submit)))
        try await waitUntil("the transfer waits at the gate") { gate.waitingCount == 1 }
        app.send(.transfer(.transfer(.submit)))
        #expect(app.inFlightEffectCount == 1)
        gate.release(0)
        try await finishWithin("app.settle() returns") { await app.settle() }
        #expect(gate.ticketsIssued == 1)
        #expect(await bank.ledger.count == 1)
        #expect(app.state.transfer.accounts.map(\.balance) == [60, 290, 0])
    }

    @Test(
        "An increment wakes every counter observer in the single store, only its own in the multi store",
        arguments: [Layout.singleStore, .multiStore], [1, 10, 100]
    )
    func incrementWakes(layout: Layout, counters: Int) {
        let app = layout.makeApp(counterCount: counters, dependencies: Fixtures.dependencies())
        var woken = Array(repeating: 0, count: counters)
        for index in 0..<counters {
            app.observeCounter(at: index) { woken[index] += 1 }
        }
        let target = counters / 2
        app.send(.counter(index: target, .increment))
        app.send(.counter(index: target, .increment))
        var expected = Array(repeating: layout == .singleStore ? 2 : 0, count: counters)
        expected[target] = 2
        #expect(woken == expected)
    }

    @Test("An action that leaves the state equal wakes no observer")
    func unchangedStateWakesNoOne() {
        let counter = CounterViewModel(quoteClient: .failing())
        let transfer = TransferViewModel(dependencies: Fixtures.dependencies())
        var woken = 0
        observeEveryChange({ _ = transfer.state }, onChange: { woken += 1 })
        transfer.send(.resetError)
        #expect(woken == 0)
        observeEveryChange({ _ = counter.state }, onChange: { woken += 1 })
        counter.send(.increment)
        #expect(woken == 1)
    }

    @Test("Both drivers give the same snapshots for the same intents", arguments: Layout.allCases)
    func driversAgree(layout: Layout) async throws {
        let app = LocalReducerArchitecture.makeApp(
            layout: layout,
            counters: 2,
            Fixtures.dependencies(quoteClient: .constant(quote))
        )
        #expect(app.layout == layout)
        app.send(.selectTab(.transfer))
        app.send(.counter(index: 1, .increment))
        app.send(.counter(index: 0, .loadQuote))
        app.send(.transfer(.loadAccounts))
        #expect(app.snapshot.selectedTab == .counter)
        try await finishWithin("app.settle() returns") { await app.settle() }
        app.send(.transfer(.selectFrom(Fixtures.a)))
        app.send(.transfer(.selectTo(Fixtures.b)))
        app.send(.transfer(.updateAmount(5)))
        app.send(.transfer(.submitTransfer))
        try await finishWithin("app.settle() returns") { await app.settle() }
        var accounts = Fixtures.accounts
        accounts[0].balance = 95
        accounts[1].balance = 255
        #expect(
            app.snapshot
                == AppSnapshot(
                    selectedTab: .counter,
                    counters: [CounterState(quote: quote), CounterState(count: 1)],
                    transfer: TransferState(
                        accounts: accounts,
                        lastTransaction: Transaction(
                            id: TransactionID(1),
                            from: Fixtures.a.id,
                            to: Fixtures.b.id,
                            amount: 5
                        )
                    )
                )
        )
    }
}

extension Layout {
    /// The composed app in this layout: an ``AppRootViewModel`` for the multi store, else an
    /// ``AppViewModel``.
    @MainActor
    func makeApp(counterCount: Int, dependencies: Dependencies) -> any ComposedApp {
        if self == .multiStore {
            AppRootViewModel(counterCount: counterCount, dependencies: dependencies)
        } else {
            AppViewModel(counterCount: counterCount, dependencies: dependencies)
        }
    }
}

/// What a test reads and drives in either layout of the composed app.
@MainActor
protocol ComposedApp: AnyObject {
    var selectedTab: Tab { get }
    var counterStates: [CounterState] { get }
    var transferState: TransferState { get }
    var inFlightEffectCount: Int { get }
    func send(_ action: AppViewModel.Action)
    func settle() async
    /// Calls `onChange` on every change to what an observer of counter `index` reads.
    func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void)
}

extension AppViewModel: ComposedApp {
    var selectedTab: Tab { state.selectedTab }
    var counterStates: [CounterState] { state.counters }
    var transferState: TransferState { state.transfer }

    func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        observeEveryChange({ _ = self.state.counters[index] }, onChange: onChange)
    }
}

extension AppRootViewModel: ComposedApp {
    var selectedTab: Tab { state.selectedTab }
    var counterStates: [CounterState] { counters.map(\.state) }
    var transferState: TransferState { transfer.state }

    func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        let counter = counters[index]
        observeEveryChange({ _ = counter.state }, onChange: onChange)
    }
}
