import Domain
import ScenarioSupport
import Testing

/// The composed app: the cross-feature tab rule, both layouts agreeing, and observer wake-ups.
@MainActor
struct LayoutScenarios {
    func makeApp(_ subject: Subject, counters: Int, quoteClient: QuoteClient = .failing()) throws
        -> any AppDriver
    {
        let layout = try #require(subject.mode.layout)
        let dependencies = Dependencies(
            quoteClient: quoteClient, bank: InMemoryBank(accounts: .sample(count: 2)))
        return subject.type.makeApp(layout: layout, counters: counters, dependencies)
    }

    func loadQuoteSelectsCounterTab(subject: Subject) async throws {
        let app = try makeApp(subject, counters: 4, quoteClient: .constant(Quote(content: "c", author: "a")))
        #expect(app.layout == subject.mode.layout)
        app.send(.selectTab(.transfer))
        #expect(app.snapshot.selectedTab == .transfer)
        app.send(.counter(index: 2, .increment))
        app.send(.transfer(.loadAccounts))
        try await finishWithin("the app's effects settle", otherwise: settleCause) { await app.settle() }
        #expect(app.snapshot.selectedTab == .transfer)
        app.send(.counter(index: 3, .loadQuote))
        #expect(app.snapshot.selectedTab == .counter)
        try await finishWithin("the app's effects settle", otherwise: settleCause) { await app.settle() }
        let snapshot = app.snapshot
        #expect(snapshot.counters.map(\.count) == [0, 0, 1, 0])
        #expect(snapshot.counters[3].quote == Quote(content: "c", author: "a"))
        #expect(snapshot.transfer.accounts.count == 2)
    }

    func independentCounters(subject: Subject) async throws {
        let gate = ResponseGate()
        let first = Quote(content: "first", author: "a")
        let second = Quote(content: "second", author: "b")
        let app = try makeApp(
            subject, counters: 2, quoteClient: .gated(gate, results: [.success(first), .success(second)]))
        app.send(.counter(index: 0, .loadQuote))
        try await waitUntil(
            "counter 0's fetch waits",
            otherwise: gate.cause(issued: 1, waiting: 1, request: "quote fetch", intent: "loadQuote")
        ) { gate.waitingCount == 1 }
        app.send(.counter(index: 1, .loadQuote))
        try await waitUntil(
            "counter 1's fetch waits",
            otherwise: "counter 1's loadQuote started no fetch, or cancelled counter 0's: each counter's "
                + "effects are its own (\(gate.waitingCount) fetches wait at the gate, 2 expected)"
        ) { gate.waitingCount == 2 }
        gate.release(1)
        gate.release(0)
        try await finishWithin("the app's effects settle", otherwise: settleCause) { await app.settle() }
        #expect(app.snapshot.counters.map(\.quote) == [first, second])
    }

    func observerWakeUps(subject: Subject, counters: Int) throws {
        let app = try makeApp(subject, counters: counters)
        var woken = Array(repeating: 0, count: counters)
        for index in 0..<counters {
            app.observeCounter(at: index) { woken[index] += 1 }
        }
        let target = counters / 2
        app.send(.counter(index: target, .increment))
        app.send(.counter(index: target, .increment))
        switch subject.mode {
        case .singleStore where !subject.observesCountersApart:
            #expect(woken == Array(repeating: 2, count: counters))
        case .singleStore, .singleStoreScoped, .multiStore:
            var expected = Array(repeating: 0, count: counters)
            expected[target] = 2
            #expect(woken == expected)
        case .feature: Issue.record("not an app")
        }
        #expect(app.snapshot.counters[target].count == 2)
    }
}

/// `app/no-op`: selecting the tab already shown changes nothing, and wakes either no counter
/// observer or, in a single store observed whole that does not skip unchanged states, all of them.
extension LayoutScenarios {
    func noOpChangesNothing(subject: Subject) async throws {
        let app = try makeApp(subject, counters: 5, quoteClient: .constant(Quote(content: "c", author: "a")))
        app.send(.counter(index: 1, .increment))
        app.send(.counter(index: 3, .loadQuote))
        app.send(.transfer(.loadAccounts))
        try await finishWithin("the app's effects settle", otherwise: settleCause) { await app.settle() }
        var woken = Array(repeating: 0, count: 5)
        for index in 0..<5 {
            app.observeCounter(at: index) { woken[index] += 1 }
        }
        let before = app.snapshot
        #expect(before.selectedTab == .counter)
        app.send(.selectTab(.counter))
        try await finishWithin("the app's effects settle", otherwise: settleCause) { await app.settle() }
        #expect(app.snapshot == before)
        if subject.mode == .singleStore {
            #expect(woken == Array(repeating: 0, count: 5) || woken == Array(repeating: 1, count: 5))
        } else {
            #expect(woken == Array(repeating: 0, count: 5))
        }
    }
}

/// Re-entrancy: an intent sent by an observer while the app is telling it about an intent is
/// applied after that intent, never inside it, so neither overwrites the other.
extension LayoutScenarios {
    func reentrantIntentIsAppliedAfter(subject: Subject) async throws {
        let app = try makeApp(subject, counters: 3, quoteClient: .constant(Quote(content: "c", author: "a")))
        var sent = false
        app.observeCounter(at: 1) {
            guard !sent else { return }
            sent = true
            app.send(.selectTab(.transfer))
        }
        app.send(.counter(index: 1, .loadQuote))
        try await finishWithin("the app's effects settle", otherwise: settleCause) { await app.settle() }
        #expect(sent)
        let snapshot = app.snapshot
        #expect(
            snapshot.selectedTab == .transfer, "the observer's selectTab was overwritten by the loadQuote")
        #expect(snapshot.counters[1].quote == Quote(content: "c", author: "a"))
    }
}
