import Domain
import TestSupport
import Testing

/// The composed app: the cross-feature tab rule, both layouts agreeing, and observer wake-ups.
@MainActor
@Suite("Conformance: composed app")
struct LayoutConformanceTests {
    func makeApp(_ subject: Subject, counters: Int, quoteClient: QuoteClient = .failing()) throws
        -> any AppDriver
    {
        let layout = try #require(subject.mode.layout)
        let dependencies = Dependencies(
            quoteClient: quoteClient, bank: InMemoryBank(accounts: .sample(count: 2)))
        return subject.type.makeApp(layout: layout, counters: counters, dependencies)
    }

    @Test("A counter's loadQuote selects the counter tab; nothing else does", arguments: Subject.inApp)
    func loadQuoteSelectsCounterTab(subject: Subject) async throws {
        let app = try makeApp(subject, counters: 4, quoteClient: .constant(Quote(content: "c", author: "a")))
        #expect(app.layout == subject.mode.layout)
        app.send(.selectTab(.transfer))
        #expect(app.snapshot.selectedTab == .transfer)
        app.send(.counter(index: 2, .increment))
        app.send(.transfer(.loadAccounts))
        try await finishWithin("the app's effects settle") { await app.settle() }
        #expect(app.snapshot.selectedTab == .transfer)
        app.send(.counter(index: 3, .loadQuote))
        #expect(app.snapshot.selectedTab == .counter)
        try await finishWithin("the app's effects settle") { await app.settle() }
        let snapshot = app.snapshot
        #expect(snapshot.counters.map(\.count) == [0, 0, 1, 0])
        #expect(snapshot.counters[3].quote == Quote(content: "c", author: "a"))
        #expect(snapshot.transfer.accounts.count == 2)
    }

    @Test(
        "Each counter's quote load is independent: loading one does not cancel another",
        arguments: Subject.inApp)
    func independentCounters(subject: Subject) async throws {
        let gate = ResponseGate()
        let first = Quote(content: "first", author: "a")
        let second = Quote(content: "second", author: "b")
        let app = try makeApp(
            subject, counters: 2, quoteClient: .gated(gate, results: [.success(first), .success(second)]))
        app.send(.counter(index: 0, .loadQuote))
        try await waitUntil("counter 0's fetch waits") { gate.waitingCount == 1 }
        app.send(.counter(index: 1, .loadQuote))
        try await waitUntil("counter 1's fetch waits") { gate.waitingCount == 2 }
        gate.release(1)
        gate.release(0)
        try await finishWithin("the app's effects settle") { await app.settle() }
        #expect(app.snapshot.counters.map(\.quote) == [first, second])
    }

    @Test(
        "One intent wakes every observer in a single store observed whole and only its own otherwise",
        arguments: Subject.inApp,
        [1, 10, 100]
    )
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
extension LayoutConformanceTests {
    @Test("Selecting the tab already shown changes nothing", arguments: Subject.inApp)
    func noOpChangesNothing(subject: Subject) async throws {
        let app = try makeApp(subject, counters: 5, quoteClient: .constant(Quote(content: "c", author: "a")))
        app.send(.counter(index: 1, .increment))
        app.send(.counter(index: 3, .loadQuote))
        app.send(.transfer(.loadAccounts))
        try await finishWithin("the app's effects settle") { await app.settle() }
        var woken = Array(repeating: 0, count: 5)
        for index in 0..<5 {
            app.observeCounter(at: index) { woken[index] += 1 }
        }
        let before = app.snapshot
        #expect(before.selectedTab == .counter)
        app.send(.selectTab(.counter))
        try await finishWithin("the app's effects settle") { await app.settle() }
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
extension LayoutConformanceTests {
    @Test("An intent sent from inside an observer is applied after the current one", arguments: Subject.inApp)
    func reentrantIntentIsAppliedAfter(subject: Subject) async throws {
        let app = try makeApp(subject, counters: 3, quoteClient: .constant(Quote(content: "c", author: "a")))
        var sent = false
        app.observeCounter(at: 1) {
            guard !sent else { return }
            sent = true
            app.send(.selectTab(.transfer))
        }
        app.send(.counter(index: 1, .loadQuote))
        try await finishWithin("the app's effects settle") { await app.settle() }
        #expect(sent)
        let snapshot = app.snapshot
        #expect(
            snapshot.selectedTab == .transfer, "the observer's selectTab was overwritten by the loadQuote")
        #expect(snapshot.counters[1].quote == Quote(content: "c", author: "a"))
    }
}
