import Domain
import ObservableViewModel
import Observation
import ScenarioSupport
import Synchronization
import TestSupport
import Testing

/// The composed app in both layouts: the cross-feature tab rule, independent counters, observer
/// wake-ups, and the drivers forgetting finished calls.
@MainActor
@Suite("AppViewModel and SingleStoreAppViewModel")
struct AppViewModelTests {
    let quote = Fixtures.wisdom

    @Test(
        "A counter's loadQuote selects the counter tab; nothing else does",
        arguments: [Layout.singleStore, .multiStore]
    )
    func tabRule(layout: Layout) async throws {
        let dependencies = Fixtures.dependencies(quoteClient: .constant(quote))
        let app: any TabRuleApp =
            if layout == .multiStore {
                AppViewModel(counterCount: 3, dependencies: dependencies)
            } else {
                SingleStoreAppViewModel(counterCount: 3, dependencies: dependencies)
            }
        app.selectedTab = .transfer
        app.increment(counterAt: 1)
        await app.loadAccounts()
        #expect(app.selectedTab == .transfer)

        let load = Task.immediate { await app.loadQuote(counterAt: 2) }
        #expect(app.selectedTab == .counter)
        #expect(app.isLoading(counterAt: 2))
        try await finishWithin("load finishes") { await load.value }
        #expect(app.counts == [0, 1, 0])
        #expect(app.quotes == [nil, nil, quote])
        #expect(app.shownAccounts == Fixtures.accounts)
        #expect(app.inFlightEffectCount == 0)
    }

    @Test("Single store: a newer load of one counter cancels only that counter's older load")
    func singleStoreLoadsAreIndependentPerCounter() async throws {
        let gate = ResponseGate(honorsCancellation: false)
        let stale = Quote(content: "stale", author: "old")
        let app = SingleStoreAppViewModel(
            counterCount: 2,
            dependencies: Fixtures.dependencies(
                quoteClient: .gated(
                    gate, results: [.success(stale), .success(quote), .success(Fixtures.newer)])
            )
        )
        let first = Task.immediate { await app.loadQuote(counterAt: 0) }
        try await waitUntil("counter 0's first fetch waits") { gate.waitingCount == 1 }
        let other = Task.immediate { await app.loadQuote(counterAt: 1) }
        try await waitUntil("counter 1's fetch waits") { gate.waitingCount == 2 }
        let second = Task.immediate { await app.loadQuote(counterAt: 0) }
        try await waitUntil("counter 0's second fetch waits") { gate.waitingCount == 3 }
        #expect(app.inFlightEffectCount == 2)

        gate.release(2)
        gate.release(1)
        try await finishWithin("second finishes") { await second.value }
        try await finishWithin("other finishes") { await other.value }
        gate.release(0)
        try await finishWithin("first finishes") { await first.value }
        #expect(app.counters.map(\.quote) == [Fixtures.newer, quote])
        #expect(app.counters.map(\.isLoading) == [false, false])
        #expect(app.inFlightEffectCount == 0)
    }

    @Test("Single store: transfer intents work on the transfer state, money moves once")
    func singleStoreTransfer() async {
        let bank = InMemoryBank(accounts: Fixtures.accounts)
        let app = SingleStoreAppViewModel(counterCount: 1, dependencies: Fixtures.dependencies(bank: bank))
        await app.loadAccounts()
        app.selectFrom(app.transfer.accounts[0])
        app.selectTo(app.transfer.accounts[1])
        app.updateAmount(30)
        #expect(app.transfer.canSubmit)
        await app.submitTransfer()
        #expect(app.transfer.accounts.map(\.balance) == [70, 280, 0])
        #expect(app.transfer.lastTransaction?.amount == 30)
        #expect(await bank.ledger.count == 1)

        await app.submitTransfer()
        #expect(app.transfer.error == .invalidSelection)
        app.resetError()
        #expect(app.transfer.error == nil)
        #expect(app.selectedTab == .counter)
    }

    @Test("Single store: a second submit while the first is in flight does nothing: money moves once")
    func singleStoreDoubleSubmit() async throws {
        let gate = ResponseGate()
        gate.release(0)  // ticket 0 is the accounts load
        let bank = InMemoryBank(accounts: Fixtures.accounts, gate: gate)
        let app = SingleStoreAppViewModel(counterCount: 1, dependencies: Fixtures.dependencies(bank: bank))
        await app.loadAccounts()
        app.selectFrom(app.transfer.accounts[0])
        app.selectTo(app.transfer.accounts[1])
        app.updateAmount(40)

        let first = Task.immediate { await app.submitTransfer() }
        try await waitUntil("the transfer waits at the gate") { gate.waitingCount == 1 }
        let inFlight = app.transfer
        gate.release(2)  // would let a wrongly sent second transfer through
        await app.submitTransfer()
        #expect(app.transfer == inFlight)
        #expect(app.inFlightEffectCount == 1)

        gate.release(1)
        try await finishWithin("first finishes") { await first.value }
        #expect(await bank.ledger.count == 1)
        #expect(app.transfer.accounts.map(\.balance) == [60, 290, 0])
        #expect(!app.transfer.isLoading && !app.transfer.isSubmitting)
        #expect(app.inFlightEffectCount == 0)
    }

    @Test("Both layouts give the same snapshots for the same intents", arguments: Layout.allCases)
    func layoutsAgree(layout: Layout) async throws {
        let bank = InMemoryBank(accounts: Fixtures.accounts)
        let dependencies = Fixtures.dependencies(
            quoteClient: .scripted([.success(quote), .failure(Fixtures.outage)]),
            bank: bank
        )
        let app = ObservableViewModelArchitecture.makeApp(layout: layout, counters: 2, dependencies)
        #expect(app.layout == layout)
        let intents: [AppIntent] = [
            .selectTab(.transfer), .counter(index: 0, .increment), .counter(index: 1, .loadQuote),
            .transfer(.loadAccounts), .transfer(.selectFrom(Fixtures.accounts[1])),
            .transfer(.selectTo(Fixtures.accounts[2])), .transfer(.updateAmount(50)),
            .transfer(.submitTransfer),
            .counter(index: 1, .decrement), .counter(index: 1, .loadQuote),
        ]
        var trace: [AppSnapshot] = []
        for intent in intents {
            app.send(intent)
            try await finishWithin("app.settle() returns") { await app.settle() }
            trace.append(app.snapshot)
        }
        var accounts = Fixtures.accounts
        accounts[1].balance = 200
        accounts[2].balance = 50
        #expect(
            trace.last
                == AppSnapshot(
                    selectedTab: .counter,
                    counters: [
                        CounterState(count: 1),
                        CounterState(count: -1, quote: quote, errorMessage: Fixtures.outage.message),
                    ],
                    transfer: TransferState(
                        accounts: accounts,
                        lastTransaction: Transaction(
                            id: TransactionID(1), from: AccountID(2), to: AccountID(3), amount: 50)
                    )
                )
        )
        #expect(trace[0].selectedTab == .transfer)
        #expect(trace[2].selectedTab == .counter)
    }

    @Test(
        "One counter intent wakes every counter observer in a single store and only its own in a multi store",
        arguments: Layout.allCases, [1, 10, 100]
    )
    func observerWakeUps(layout: Layout, counters: Int) {
        let app = ObservableViewModelArchitecture.makeApp(
            layout: layout,
            counters: counters,
            Fixtures.dependencies()
        )
        var woken = Array(repeating: 0, count: counters)
        for index in 0..<counters {
            app.observeCounter(at: index) { woken[index] += 1 }
        }
        let target = counters / 2
        app.send(.counter(index: target, .increment))
        app.send(.counter(index: target, .decrement))
        app.send(.counter(index: target, .increment))

        var expected = Array(repeating: layout == .singleStore ? 3 : 0, count: counters)
        expected[target] = 3
        #expect(woken == expected)
        #expect(app.snapshot.counters[target].count == 1)
    }

    @Test("Tab and transfer changes wake no counter observer", arguments: Layout.allCases)
    func unrelatedChangesWakeNoCounterObserver(layout: Layout) {
        let app = ObservableViewModelArchitecture.makeApp(
            layout: layout, counters: 3, Fixtures.dependencies())
        var woken = 0
        for index in 0..<3 {
            app.observeCounter(at: index) { woken += 1 }
        }
        app.send(.selectTab(.transfer))
        app.send(.transfer(.updateAmount(12)))
        app.send(.transfer(.selectFrom(Fixtures.accounts[0])))
        #expect(woken == 0)
        #expect(app.snapshot.transfer.amount == 12)
    }

    @Test("Multi store: a counter's view model is observed directly, property by property")
    func multiStoreNativeObservation() {
        let app = AppViewModel(counterCount: 2, dependencies: Fixtures.dependencies())
        let changes = Mutex(0)
        withObservationTracking {
            _ = app.counters[0].count
        } onChange: {
            changes.withLock { $0 += 1 }
        }
        app.counters[1].increment()
        #expect(changes.withLock { $0 } == 0)
        app.counters[0].increment()
        #expect(changes.withLock { $0 } == 1)
    }

    @Test("Drivers forget finished calls, and settle() waits for all of them", arguments: Layout.allCases)
    func driversForgetFinishedCalls(layout: Layout) async throws {
        let gate = ResponseGate()
        let dependencies = Fixtures.dependencies(quoteClient: .gated(gate, results: [.success(quote)]))
        let app = ObservableViewModelArchitecture.makeApp(layout: layout, counters: 2, dependencies)
        let counts: () -> (calls: Int, tasks: Int) = {
            switch app {
            case let driver as AppViewModelDriver:
                (driver.pendingIntentCount, driver.viewModel.inFlightEffectCount)
            case let driver as SingleStoreAppViewModelDriver:
                (driver.pendingIntentCount, driver.viewModel.inFlightEffectCount)
            default:
                (-1, -1)
            }
        }
        app.send(.counter(index: 1, .loadQuote))
        #expect(counts() == (1, 1))

        app.send(.transfer(.submitTransfer))  // no selection: fails without suspending
        #expect(counts() == (1, 1))
        #expect(app.snapshot.transfer.error == .invalidSelection)

        gate.release(0)
        try await waitUntil("the quote is shown") { app.snapshot.counters[1].quote == quote }
        #expect(counts() == (0, 0), "a finished call is still kept")

        gate.release(1)
        app.send(.counter(index: 0, .loadQuote))  // the script has no answer left: it fails
        try await finishWithin("app.settle() returns") { await app.settle() }
        #expect(counts() == (0, 0))
        #expect(app.snapshot.counters[0].errorMessage != nil)
    }

    @Test("Feature drivers: send shows the synchronous change, settle awaits the effect")
    func featureDrivers() async throws {
        let counter = ObservableViewModelArchitecture.makeCounter(
            Fixtures.dependencies(quoteClient: .constant(quote, latency: .yields(5)))
        )
        counter.send(.increment)
        counter.send(.loadQuote)
        #expect(counter.snapshot == CounterState(count: 1, isLoading: true))
        try await finishWithin("counter.settle() returns") { await counter.settle() }
        #expect(counter.snapshot == CounterState(count: 1, quote: quote))

        let transfer = ObservableViewModelArchitecture.makeTransfer(Fixtures.dependencies())
        transfer.send(.loadAccounts)
        #expect(transfer.snapshot == TransferState(isLoading: true))
        try await finishWithin("transfer.settle() returns") { await transfer.settle() }
        #expect(transfer.snapshot == TransferState(accounts: Fixtures.accounts))
        #expect((transfer as? TransferViewModelDriver)?.pendingIntentCount == 0)
    }
}

/// What the tab-rule test drives and reads in either layout: the single store's own methods, or the
/// multi store's child view models.
@MainActor
protocol TabRuleApp: AnyObject, Sendable {
    var selectedTab: Tab { get set }
    var inFlightEffectCount: Int { get }
    var counts: [Int] { get }
    var quotes: [Quote?] { get }
    var shownAccounts: [Account] { get }
    func isLoading(counterAt index: Int) -> Bool
    func increment(counterAt index: Int)
    func loadQuote(counterAt index: Int) async
    func loadAccounts() async
}

extension SingleStoreAppViewModel: TabRuleApp {
    var counts: [Int] { counters.map(\.count) }
    var quotes: [Quote?] { counters.map(\.quote) }
    var shownAccounts: [Account] { transfer.accounts }
    func isLoading(counterAt index: Int) -> Bool { counters[index].isLoading }
}

extension AppViewModel: TabRuleApp {
    var counts: [Int] { counters.map(\.count) }
    var quotes: [Quote?] { counters.map(\.quote) }
    var shownAccounts: [Account] { transfer.accounts }
    func isLoading(counterAt index: Int) -> Bool { counters[index].isLoading }
    func increment(counterAt index: Int) { counters[index].increment() }
    func loadQuote(counterAt index: Int) async { await counters[index].loadQuote() }
    func loadAccounts() async { await transfer.loadAccounts() }
}
