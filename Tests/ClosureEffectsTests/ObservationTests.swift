import Domain
import Foundation
import Testing

@testable import ClosureEffects

/// Which observers one message wakes: per field of the state, and per row through row stores.
@Suite("Observation per field and per row")
@MainActor
struct ObservationTests {
    /// One observer per field of the app state and one row store observer per counter.
    @MainActor
    final class Observers {
        var selectedTab = 0
        var counters = 0
        var transfer = 0
        var rows: [Int]

        init(_ store: Store<AppFeature>) {
            rows = Array(repeating: 0, count: store.state.counters.count)
            observeEveryChange({ _ = store.selectedTab }, onChange: { self.selectedTab += 1 })
            observeEveryChange({ _ = store.counters }, onChange: { self.counters += 1 })
            observeEveryChange({ _ = store.transfer }, onChange: { self.transfer += 1 })
            for index in rows.indices {
                let row = store.scopeCounter(at: index)
                observeEveryChange({ _ = row.state }, onChange: { self.rows[index] += 1 })
            }
        }

        /// The wakes so far.
        var wakes: Wakes {
            Wakes(selectedTab: selectedTab, counters: counters, transfer: transfer, rows: rows)
        }
    }

    struct Wakes: Equatable {
        var selectedTab = 0
        var counters = 0
        var transfer = 0
        var rows = [0, 0, 0, 0]
    }

    func makeStore(quoteClient: QuoteClient = .constant(.first)) -> Store<AppFeature> {
        Store(
            initialState: AppFeature.State(counterCount: 4),
            reducer: AppFeature(
                Dependencies(quoteClient: quoteClient, bank: InMemoryBank(accounts: .sample(count: 2)))))
    }

    @Test("an increment wakes the counters field and that counter's row, nothing else")
    func incrementWakesOneRow() {
        let store = makeStore()
        let observers = Observers(store)
        store.send(.counter(index: 2, .increment))
        #expect(observers.wakes == Wakes(counters: 1, rows: [0, 0, 1, 0]))
        store.send(.counter(index: 0, .decrement))
        #expect(observers.wakes == Wakes(counters: 2, rows: [1, 0, 1, 0]))
    }

    @Test("a transfer input wakes only the transfer field")
    func transferWakesTransfer() {
        let store = makeStore()
        let observers = Observers(store)
        store.send(.transfer(.updateAmount(12)))
        #expect(observers.wakes == Wakes(transfer: 1))
    }

    @Test("a write of an equal value wakes nobody; a new tab wakes only the tab's observers")
    func equalValuesWakeNobody() {
        let store = makeStore()
        let observers = Observers(store)
        store.send(.selectTab(.counter))
        store.send(.transfer(.resetError))
        #expect(observers.wakes == Wakes())
        store.send(.selectTab(.transfer))
        #expect(observers.wakes == Wakes(selectedTab: 1))
    }

    @Test("a row store sends through its parent, and the effect's feedback wakes that row again")
    func rowStoreSendsThroughParent() async {
        let store = makeStore()
        let observers = Observers(store)
        store.send(.selectTab(.transfer))
        let row = store.scopeCounter(at: 1)
        await row.send(.loadQuote).finish()
        #expect(store.state.selectedTab == .counter)
        #expect(row.state == CounterState(quote: .first))
        #expect(store.state.counters[1] == row.state)
        #expect(observers.wakes == Wakes(selectedTab: 2, counters: 2, rows: [0, 2, 0, 0]))
    }

    @Test("row stores for the same row share their observers and their state")
    func rowStoresShareObservers() {
        let store = makeStore()
        let first = store.scopeCounter(at: 3)
        let second = store.scopeCounter(at: 3)
        var wakes = 0
        observeEveryChange({ _ = first.state }, onChange: { wakes += 1 })
        second.send(.increment)
        #expect(wakes == 1)
        #expect(first.state.count == 1)
        #expect(second.state.count == 1)
    }

    @Test("a key path deeper than one field is observed as a slice of its own")
    func nestedField() {
        let store = makeStore()
        var amountWakes = 0
        var accountsWakes = 0
        observeEveryChange({ _ = store[dynamicMember: \.transfer.amount] }, onChange: { amountWakes += 1 })
        observeEveryChange(
            { _ = store[dynamicMember: \.transfer.accounts] }, onChange: { accountsWakes += 1 })
        store.send(.transfer(.updateAmount(5)))
        store.send(.transfer(.updateAmount(5)))
        #expect(amountWakes == 1)
        #expect(accountsWakes == 0)
    }
}
