import Domain
import ScenarioSupport
import Testing

@testable import StoreSubclass

@MainActor
@Suite("App: single store and multi store")
struct AppStoreTests {
    func dependencies(_ quoteClient: QuoteClient = .failing()) -> Dependencies {
        Dependencies(quoteClient: quoteClient, bank: InMemoryBank(accounts: openingAccounts))
    }

    @Test("Single store: a counter's loadQuote selects the counter tab before it suspends")
    func singleStoreTabRule() async throws {
        let store = AppStore(counters: 3, dependencies: dependencies(.constant(wisdom)))
        store.selectTab(.transfer)
        store.increment(counterAt: 0)
        await store.loadAccounts()
        #expect(store.selectedTab == .transfer)

        let load = Task.immediate { await store.loadQuote(counterAt: 2) }
        #expect(store.selectedTab == .counter)
        #expect(store.counters[2] == CounterState(isLoading: true))
        try await finishWithin("load finishes") { await load.value }
        #expect(store.counters == [CounterState(count: 1), CounterState(), CounterState(quote: wisdom)])
        #expect(store.transfer.accounts == openingAccounts)
    }

    @Test("Multi store: the root selects the counter tab and forwards the load to the child")
    func multiStoreTabRule() async throws {
        let root = AppRootStore(counters: 3, dependencies: dependencies(.constant(wisdom)))
        root.selectTab(.transfer)
        root.counters[0].increment()
        await root.transfer.loadAccounts()
        #expect(root.selectedTab == .transfer)

        let load = Task.immediate { await root.loadQuote(counterAt: 2) }
        #expect(root.selectedTab == .counter)
        #expect(root.counters[2].state == CounterState(isLoading: true))
        try await finishWithin("load finishes") { await load.value }
        #expect(
            root.counters.map(\.state) == [
                CounterState(count: 1), CounterState(), CounterState(quote: wisdom),
            ])
        #expect(root.transfer.accounts == openingAccounts)
    }

    @Test("Single store: one counter's load does not cancel another's, and outputs name the counter")
    func singleStoreCountersLoadIndependently() async throws {
        let gate = ResponseGate()
        let store = AppStore(
            counters: 2,
            dependencies: dependencies(.gated(gate, results: [.success(wisdom), .success(newer)])))
        let outputs = store.outputStream
        let first = Task.immediate { await store.loadQuote(counterAt: 0) }
        try await waitUntil("counter 0's fetch waits") { gate.waitingCount == 1 }
        let second = Task.immediate { await store.loadQuote(counterAt: 1) }
        try await waitUntil("counter 1's fetch waits") { gate.waitingCount == 2 }
        #expect(store.inFlightEffectCount == 2)
        gate.release(1)
        gate.release(0)
        try await finishWithin("first finishes") { await first.value }
        try await finishWithin("second finishes") { await second.value }
        #expect(store.counters.map(\.quote) == [wisdom, newer])
        #expect(store.inFlightEffectCount == 0)
        let announced = try await StoreSubclassTests.first(2, of: outputs)
        #expect(
            Set(announced.map { "\($0)" })
                == [
                    "\(AppOutput.counter(index: 0, .quoteLoaded(wisdom)))",
                    "\(AppOutput.counter(index: 1, .quoteLoaded(newer)))",
                ]
        )
    }

    @Test("Multi store: the root's settle and in-flight count cover its children")
    func rootSettlesChildren() async throws {
        let gate = ResponseGate()
        gate.release(1)
        let root = AppRootStore(
            counters: 2,
            dependencies: Dependencies(
                quoteClient: .gated(gate, results: [.success(wisdom)]),
                bank: InMemoryBank(accounts: openingAccounts, gate: gate)
            )
        )
        let load = Task.immediate { await root.loadQuote(counterAt: 1) }
        try await waitUntil("the fetch waits") { gate.waitingCount == 1 }
        let accounts = Task.immediate { await root.transfer.loadAccounts() }
        #expect(root.inFlightEffectCount == 2)
        gate.release(0)
        try await finishWithin("root.settle() returns") { await root.settle() }
        #expect(root.inFlightEffectCount == 0)
        #expect(root.counters[1].quote == wisdom)
        #expect(root.transfer.accounts == openingAccounts)
        try await finishWithin("load finishes") { await load.value }
        try await finishWithin("accounts finishes") { await accounts.value }
    }

    @Test(
        "One counter intent wakes every observer of a single store, and one observer in a multi store",
        arguments: Layout.allCases,
        [1, 10, 100]
    )
    func observerWakeUps(layout: Layout, counters: Int) {
        let app = StoreSubclassArchitecture.makeApp(layout: layout, counters: counters, dependencies())
        var woken = Array(repeating: 0, count: counters)
        for index in 0..<counters {
            app.observeCounter(at: index) { woken[index] += 1 }
        }
        let target = counters / 2
        app.send(.counter(index: target, .increment))
        app.send(.counter(index: target, .decrement))
        var expected = Array(repeating: layout == .singleStore ? 2 : 0, count: counters)
        expected[target] = 2
        #expect(woken == expected)
    }

    @Test("Natively: observers of a single store see every change, a child's observers only its own")
    func nativeObservation() {
        let single = AppStore(counters: 2, dependencies: dependencies())
        let root = AppRootStore(counters: 2, dependencies: dependencies())
        var singleWakes = 0
        var childWakes = [0, 0]
        single.observeState { singleWakes += 1 }
        root.counters[0].observeState { childWakes[0] += 1 }
        root.counters[1].observeState { childWakes[1] += 1 }

        single.increment(counterAt: 1)
        single.updateAmount(3)
        single.selectTab(.transfer)
        root.counters[1].increment()
        root.transfer.updateAmount(3)
        root.selectTab(.transfer)
        #expect(singleWakes == 3)
        #expect(childWakes == [0, 1])
    }

    @Test("Both layouts give the same snapshots for the same intents")
    func layoutsAgree() async throws {
        let bank = (
            single: InMemoryBank(accounts: openingAccounts), multi: InMemoryBank(accounts: openingAccounts)
        )
        let quotes: [Result<Quote, QuoteError>] = [.success(wisdom), .failure(outage), .success(newer)]
        let apps: [any AppDriver] = [
            StoreSubclassArchitecture.makeApp(
                layout: .singleStore, counters: 2,
                Dependencies(quoteClient: .scripted(quotes), bank: bank.single)),
            StoreSubclassArchitecture.makeApp(
                layout: .multiStore, counters: 2,
                Dependencies(quoteClient: .scripted(quotes), bank: bank.multi)),
        ]
        let script: [AppIntent] = [
            .selectTab(.transfer), .transfer(.loadAccounts), .counter(index: 1, .increment),
            .transfer(.selectFrom(openingAccounts[1])), .transfer(.selectTo(openingAccounts[2])),
            .transfer(.updateAmount(50)), .transfer(.submitTransfer), .counter(index: 0, .loadQuote),
            .transfer(.submitTransfer), .counter(index: 0, .loadQuote), .counter(index: 1, .loadQuote),
            .counter(index: 0, .decrement), .selectTab(.transfer),
        ]
        var traces: [[AppSnapshot]] = []
        for app in apps {
            var trace: [AppSnapshot] = []
            for intent in script {
                app.send(intent)
                trace.append(app.snapshot)
                try await finishWithin("app.settle() returns") { await app.settle() }
                trace.append(app.snapshot)
            }
            traces.append(trace)
        }
        #expect(traces[0] == traces[1])
        let last = traces[0].last
        #expect(last?.selectedTab == .transfer)
        #expect(
            last?.counters == [
                CounterState(count: -1, quote: wisdom, errorMessage: outage.message),
                CounterState(count: 1, quote: newer),
            ])
        #expect(last?.transfer.error == .invalidSelection)
        #expect(last?.transfer.accounts.map(\.balance) == [100, 200, 50])
    }
}
