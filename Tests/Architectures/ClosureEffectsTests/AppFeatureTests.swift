import Domain
import ScenarioSupport
import Testing

@testable import ClosureEffects

@Suite("App feature")
@MainActor
struct AppFeatureTests {
    func dependencies(quoteClient: QuoteClient = .constant(.first)) -> Dependencies {
        Dependencies(quoteClient: quoteClient, bank: InMemoryBank(accounts: .sample(count: 3)))
    }

    /// A single-store app of `counterCount` counters whose fetches wait at `gate` and answer the
    /// first quote, then the second.
    func gatedStore(counterCount: Int, gate: ResponseGate) -> TestStore<AppFeature> {
        TestStore(
            initialState: AppFeature.State(counterCount: counterCount),
            reducer: AppFeature(
                dependencies(quoteClient: .gated(gate, results: [.success(.first), .success(.second)]))
            )
        )
    }

    @Test("single store: a counter's loadQuote selects the counter tab and loads into that counter")
    func singleStoreLoadQuoteSelectsCounterTab() async throws {
        let store = TestStore(
            initialState: AppFeature.State(
                selectedTab: .transfer, counters: Array(repeating: CounterState(), count: 3)),
            reducer: AppFeature(dependencies())
        )
        store.send(.counter(index: 1, .increment)) { $0.counters[1].count = 1 }
        store.send(.counter(index: 1, .loadQuote)) {
            $0.selectedTab = .counter
            $0.counters[1].isLoading = true
        }
        try await store.receiveQuote(.first, counter: 1)
        store.send(.selectTab(.transfer)) { $0.selectedTab = .transfer }
        store.send(.transfer(.loadAccounts)) { $0.transfer.isLoading = true }
        try await store.receive(.transfer(.accountsLoaded(.sample(count: 3)))) {
            $0.transfer.isLoading = false
            $0.transfer.accounts = .sample(count: 3)
        }
        try await store.finish()
    }

    @Test("single store: cancellation ids are per counter, so two counters load at once")
    func cancellationIsPerCounter() async throws {
        let gate = ResponseGate(honorsCancellation: false)
        let store = gatedStore(counterCount: 6, gate: gate)
        store.send(.counter(index: 3, .loadQuote)) { $0.counters[3].isLoading = true }
        try await waitUntil { gate.waitingCount == 1 }
        store.send(.counter(index: 5, .loadQuote)) { $0.counters[5].isLoading = true }
        try await waitUntil { gate.waitingCount == 2 }

        gate.release(0)
        try await waitUntil { store.store.inFlightEffectCount == 1 }
        gate.release(1)
        try await store.receiveQuote(.first, counter: 3)
        try await store.receiveQuote(.second, counter: 5)
        try await store.finish()
    }

    @Test("single store: a newer loadQuote on the same counter still cancels the older one")
    func sameCounterStillCancels() async throws {
        let gate = ResponseGate(honorsCancellation: false)
        let store = gatedStore(counterCount: 2, gate: gate)
        store.send(.counter(index: 0, .loadQuote)) { $0.counters[0].isLoading = true }
        try await waitUntil { gate.waitingCount == 1 }
        store.send(.counter(index: 0, .loadQuote))
        try await waitUntil { gate.waitingCount == 2 }
        gate.release(1)
        try await store.receiveQuote(.second, counter: 0)
        gate.release(0)
        try await store.finish()
    }

    @Test("multi store: the root routes to the child stores and applies the tab rule")
    func multiStoreRouting() async throws {
        let app = MultiStoreApp(
            selectedTab: .transfer,
            counters: Array(repeating: CounterState(), count: 3),
            dependencies: dependencies()
        )
        app.send(.counter(index: 2, .increment))
        #expect(app.counters[2].state.count == 1)
        #expect(app.selectedTab == .transfer)

        app.send(.counter(index: 2, .loadQuote))
        #expect(app.selectedTab == .counter)
        #expect(app.counters[2].state.isLoading)
        #expect(app.inFlightEffectCount == 1)

        app.send(.selectTab(.transfer))
        app.send(.transfer(.loadAccounts))
        try await finishWithin("app.settle() returns") { await app.settle() }
        #expect(app.inFlightEffectCount == 0)
        #expect(app.selectedTab == .transfer)
        #expect(app.counters[2].state == CounterState(count: 1, quote: .first))
        #expect(app.counters[0].state == CounterState())
        #expect(app.transfer.state.accounts == .sample(count: 3))
    }

    @Test("multi store: per-counter stores load independently")
    func multiStoreCountersAreIndependent() async throws {
        let gate = ResponseGate(honorsCancellation: true)
        let app = MultiStoreApp(
            counterCount: 4,
            dependencies: dependencies(
                quoteClient: .gated(gate, results: [.success(.first), .success(.second)]))
        )
        app.send(.counter(index: 1, .loadQuote))
        try await waitUntil { gate.waitingCount == 1 }
        app.send(.counter(index: 3, .loadQuote))
        try await waitUntil { gate.waitingCount == 2 }
        gate.releaseAll()
        try await finishWithin("app.settle() returns") { await app.settle() }
        #expect(app.counters[1].state == CounterState(quote: .first))
        #expect(app.counters[3].state == CounterState(quote: .second))
    }
}

extension TestStore where Base == AppFeature {
    /// Awaits counter `index`'s `quoteLoaded(.success(quote))` and expects `quote` shown there and its
    /// loading over.
    func receiveQuote(
        _ quote: Quote, counter index: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await receive(
            .counter(index: index, .quoteLoaded(.success(quote))),
            assert: {
                $0.counters[index].isLoading = false
                $0.counters[index].quote = quote
            },
            sourceLocation: sourceLocation
        )
    }
}
