import Domain
import ScenarioSupport
import TestSupport
import Testing

@testable import EffectValues

@Suite("Harness drivers")
@MainActor
struct DriversTests {
    @Test("the counter driver maps intents to events and settles the loop's effects")
    func counterDriver() async throws {
        let driver = EffectValuesArchitecture.makeCounter(
            Fixture.dependencies(quoteClient: .constant(Fixture.firstQuote))
        )
        for intent in [CounterIntent.increment, .increment, .increment, .decrement, .loadQuote] {
            driver.send(intent)
        }
        #expect(driver.snapshot == CounterState(count: 2, isLoading: true))
        try await finishWithin("driver.settle() returns") { await driver.settle() }
        #expect(driver.snapshot == CounterState(count: 2, quote: Fixture.firstQuote))
    }

    @Test("the transfer driver runs a whole transfer")
    func transferDriver() async throws {
        let bank = Fixture.bank()
        let driver = EffectValuesArchitecture.makeTransfer(
            Fixture.dependencies(quoteClient: .failing(), bank: bank))
        driver.send(.loadAccounts)
        try await finishWithin("driver.settle() returns") { await driver.settle() }
        for intent in [TransferIntent.selectFrom(Fixture.alice), .selectTo(Fixture.bob), .updateAmount(30)] {
            driver.send(intent)
        }
        driver.send(.submitTransfer)
        #expect(driver.snapshot.isSubmitting)
        try await finishWithin("driver.settle() returns") { await driver.settle() }
        #expect(driver.snapshot.accounts.map(\.balance) == [70, 80])
        #expect(await bank.ledger.count == 1)
    }

    @Test("both app drivers report their layout and the same snapshots", arguments: Layout.allCases)
    func appDrivers(layout: Layout) async throws {
        let driver = EffectValuesArchitecture.makeApp(
            layout: layout,
            counters: 2,
            Fixture.dependencies(quoteClient: .constant(Fixture.secondQuote))
        )
        #expect(driver.layout == layout)
        driver.send(.selectTab(.transfer))
        driver.send(.counter(index: 1, .loadQuote))
        driver.send(.transfer(.updateAmount(4)))
        try await finishWithin("driver.settle() returns") { await driver.settle() }
        #expect(
            driver.snapshot
                == AppSnapshot(
                    selectedTab: .counter,
                    counters: [CounterState(), CounterState(quote: Fixture.secondQuote)],
                    transfer: TransferState(amount: 4)
                )
        )
    }
}
