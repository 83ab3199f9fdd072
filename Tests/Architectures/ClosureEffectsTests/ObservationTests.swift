import Domain
import Foundation
import Testing

@testable import ClosureEffects

/// Which observers one message wakes: per field of the state, a collection of child states by its
/// elements' identity, and each element on its own, read through the store or through a row store.
@Suite("Observation per field and per element")
@MainActor
struct ObservationTests {
    /// One observer per field of the app state, of the whole state, and per counter one that reads it
    /// through the store and one that reads it through its row store.
    @MainActor
    final class Observers {
        var wakes = Wakes()

        init(_ store: Store<AppFeature>) {
            observeEveryChange({ _ = store.state }, onChange: { self.wakes.state += 1 })
            observeEveryChange({ _ = store.selectedTab }, onChange: { self.wakes.selectedTab += 1 })
            observeEveryChange({ _ = store.counters.count }, onChange: { self.wakes.counters += 1 })
            observeEveryChange({ _ = store.transfer }, onChange: { self.wakes.transfer += 1 })
            for index in store.counters.indices {
                observeEveryChange(
                    { _ = store.counters[index] }, onChange: { self.wakes.elements[index] += 1 })
                let row = store.scopeCounter(at: index)
                observeEveryChange({ _ = row.state }, onChange: { self.wakes.rows[index] += 1 })
            }
        }
    }

    struct Wakes: Equatable {
        var state = 0
        var selectedTab = 0
        var counters = 0
        var transfer = 0
        var elements = [0, 0, 0, 0]
        var rows = [0, 0, 0, 0]
    }

    func makeStore(quoteClient: QuoteClient = .constant(.first)) -> Store<AppFeature> {
        Store(
            initialState: AppFeature.State(counterCount: 4),
            reducer: AppFeature(
                Dependencies(quoteClient: quoteClient, bank: InMemoryBank(accounts: .sample(count: 2)))))
    }

    @Test("a counter changed in place wakes that counter's readers, not the collection's observers")
    func incrementWakesOneElement() {
        let store = makeStore()
        let observers = Observers(store)
        store.send(.counter(index: 2, .increment))
        #expect(observers.wakes == Wakes(state: 1, elements: [0, 0, 1, 0], rows: [0, 0, 1, 0]))
        store.send(.counter(index: 0, .decrement))
        #expect(observers.wakes == Wakes(state: 2, elements: [1, 0, 1, 0], rows: [1, 0, 1, 0]))
    }

    @Test("a transfer input wakes only the transfer field")
    func transferWakesTransfer() {
        let store = makeStore()
        let observers = Observers(store)
        store.send(.transfer(.updateAmount(12)))
        #expect(observers.wakes == Wakes(state: 1, transfer: 1))
    }

    @Test("a write of an equal value wakes no field or element; a new tab wakes only the tab's")
    func equalValuesWakeNobody() {
        let store = makeStore()
        let observers = Observers(store)
        store.send(.selectTab(.counter))
        store.send(.transfer(.resetError))
        #expect(observers.wakes == Wakes(state: 2))
        store.send(.selectTab(.transfer))
        #expect(observers.wakes == Wakes(state: 3, selectedTab: 1))
    }

    @Test("a counter written with an equal value wakes nobody")
    func equalCounterWakesNobody() {
        let store = Store(initialState: Rows.State(counters: [CounterState(count: 1)]), reducer: Rows())
        var wakes = 0
        observeEveryChange({ _ = store.counters.count }, onChange: { wakes += 1 })
        observeEveryChange({ _ = store.counters[0] }, onChange: { wakes += 1 })
        let row = store.scope(\.counters, index: 0) { (_: Int, _: CounterFeature.Action) in Rows.Action.append
        }
        observeEveryChange({ _ = row.state }, onChange: { wakes += 1 })
        store.send(.set(0, CounterState(count: 1)))
        #expect(wakes == 0)
        store.send(.set(0, CounterState(count: 2)))
        #expect(wakes == 2)
    }

    @Test("adding a counter wakes the collection's observers, not an unchanged element's row store")
    func appendWakesCollection() {
        let store = Store(initialState: Rows.State(counters: [CounterState()]), reducer: Rows())
        var collectionWakes = 0
        var elementWakes = 0
        observeEveryChange({ _ = store.counters.count }, onChange: { collectionWakes += 1 })
        let row = store.scope(\.counters, index: 0) { (_: Int, _: CounterFeature.Action) in Rows.Action.append
        }
        observeEveryChange({ _ = row.state }, onChange: { elementWakes += 1 })
        store.send(.append)
        #expect(collectionWakes == 1)
        #expect(elementWakes == 0)
        #expect(store.counters.count == 2)
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
        #expect(
            observers.wakes == Wakes(state: 3, selectedTab: 2, elements: [0, 2, 0, 0], rows: [0, 2, 0, 0]))
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

/// A collection of counters that a message can append to or set whole, for the identity rules.
struct Rows: Reducer {
    struct State: Equatable {
        var counters: [CounterState]
    }

    enum Action: Sendable {
        case append
        case set(Int, CounterState)
    }

    func reduce(into state: inout State, message: Message<Action, Never>) -> Effect<Never, Never> {
        switch message {
        case .input(.append): state.counters.append(CounterState())
        case .input(.set(let index, let counter)): state.counters[index] = counter
        }
        return .none
    }
}
