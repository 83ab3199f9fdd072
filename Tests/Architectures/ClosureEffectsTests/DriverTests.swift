import Domain
import Foundation
import ScenarioSupport
import Testing

@testable import ClosureEffects

@Suite("Drivers")
@MainActor
struct DriverTests {
    func dependencies() -> Dependencies {
        Dependencies(
            quoteClient: .scripted([
                .success(.first), .failure(QuoteError(message: "Down")), .success(.second),
            ]),
            bank: InMemoryBank(accounts: .sample(count: 3))
        )
    }

    @Test("the architecture reports its id")
    func architectureID() {
        #expect(ClosureEffectsArchitecture.id == .closureEffects)
    }

    @Test(
        "a counter action wakes that counter's observer alone in every layout; transfer and tab none",
        arguments: Layout.allCases, [1, 5, 20])
    func counterActionWakes(layout: Layout, counters: Int) {
        let app = ClosureEffectsArchitecture.makeApp(layout: layout, counters: counters, dependencies())
        var wakes = Array(repeating: 0, count: counters)
        for index in 0..<counters {
            app.observeCounter(at: index) { wakes[index] += 1 }
        }
        app.send(.counter(index: 0, .increment))
        var expected = Array(repeating: 0, count: counters)
        expected[0] = 1
        #expect(wakes == expected)
        app.send(.transfer(.updateAmount(3)))
        app.send(.selectTab(.transfer))
        #expect(wakes == expected)
    }

    @Test("both layouts give the same snapshots for the same script")
    func layoutsAgree() async throws {
        let script: [AppIntent] = [
            .counter(index: 0, .increment),
            .counter(index: 2, .decrement),
            .selectTab(.transfer),
            .counter(index: 1, .loadQuote),
            .transfer(.loadAccounts),
            .counter(index: 1, .loadQuote),
            .transfer(.selectFrom([Account].sample(count: 3)[0])),
            .transfer(.selectTo([Account].sample(count: 3)[2])),
            .transfer(.updateAmount(25)),
            .transfer(.submitTransfer),
            .counter(index: 1, .loadQuote),
            .transfer(.submitTransfer),
            .transfer(.resetError),
        ]
        let single = ClosureEffectsArchitecture.makeApp(layout: .singleStore, counters: 3, dependencies())
        let multi = ClosureEffectsArchitecture.makeApp(layout: .multiStore, counters: 3, dependencies())
        #expect(single.layout == .singleStore)
        #expect(multi.layout == .multiStore)
        #expect(single.snapshot == multi.snapshot)
        for intent in script {
            single.send(intent)
            multi.send(intent)
            #expect(single.snapshot == multi.snapshot, "after sending \(intent)")
            try await finishWithin("single.settle() returns") { await single.settle() }
            try await finishWithin("multi.settle() returns") { await multi.settle() }
            #expect(single.snapshot == multi.snapshot, "after \(intent) settled")
        }
        let final = single.snapshot
        #expect(final.selectedTab == .counter)
        #expect(final.counters.map(\.count) == [1, 0, -1])
        #expect(final.counters[1] == CounterState(quote: .second))
        #expect(final.transfer.accounts.map(\.balance) == [75, 100, 125])
        #expect(final.transfer.error == nil)
    }

    @Test("feature drivers apply intents synchronously and settle their effects")
    func featureDrivers() async throws {
        let counter = ClosureEffectsArchitecture.makeCounter(dependencies())
        counter.send(.increment)
        counter.send(.loadQuote)
        #expect(counter.snapshot == CounterState(count: 1, isLoading: true))
        try await finishWithin("counter.settle() returns") { await counter.settle() }
        #expect(counter.snapshot == CounterState(count: 1, quote: .first))

        let transfer = ClosureEffectsArchitecture.makeTransfer(dependencies())
        transfer.send(.loadAccounts)
        #expect(transfer.snapshot.isLoading)
        try await finishWithin("transfer.settle() returns") { await transfer.settle() }
        #expect(transfer.snapshot == TransferState(accounts: .sample(count: 3)))
    }
}
