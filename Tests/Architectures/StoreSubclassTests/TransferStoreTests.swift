import Domain
import Foundation
import ScenarioSupport
import Testing

@testable import StoreSubclass

@MainActor
@Suite("TransferStore")
struct TransferStoreTests {
    let bank: InMemoryBank
    let store: TransferStore

    init() {
        bank = InMemoryBank(accounts: openingAccounts)
        store = TransferStore(dependencies: Dependencies(quoteClient: .failing(), bank: bank))
    }

    init(gate: ResponseGate) {
        bank = InMemoryBank(accounts: openingAccounts, gate: gate)
        store = TransferStore(dependencies: Dependencies(quoteClient: .failing(), bank: bank))
    }

    var a: Account { openingAccounts[0] }
    var b: Account { openingAccounts[1] }

    /// Loads the accounts, then selects and types the given form.
    func fill(from: Account?, to: Account?, amount: Decimal) async {
        await store.loadAccounts()
        if let from { store.selectFrom(from) }
        if let to { store.selectTo(to) }
        store.updateAmount(amount)
    }

    @Test("Loading accounts shows them")
    func loadAccounts() async throws {
        let load = Task.immediate { await store.loadAccounts() }
        #expect(store.state == TransferState(isLoading: true))
        try await finishWithin("load finishes") { await load.value }
        #expect(store.state == TransferState(accounts: openingAccounts))
        #expect(store.inFlightEffectCount == 0)
    }

    @Test("A transfer moves the money in the bank and in the shown balances, once")
    func successfulTransfer() async throws {
        let outputs = store.outputStream
        await fill(from: a, to: b, amount: 30)
        #expect(store.canSubmit)
        let submit = Task.immediate { await store.submitTransfer() }
        #expect(store.isLoading && store.isSubmitting)
        try await finishWithin("submit finishes") { await submit.value }

        let transaction = Transaction(id: TransactionID(1), from: a.id, to: b.id, amount: 30)
        var accounts = openingAccounts
        accounts[0].balance = 70
        accounts[1].balance = 280
        #expect(store.state == TransferState(accounts: accounts, lastTransaction: transaction))
        #expect(try await bank.balance(of: a.id) == 70)
        #expect(try await bank.balance(of: b.id) == 280)
        #expect(await bank.ledger == [transaction])
        #expect(await bank.invariantHolds)
        #expect(try await first(1, of: outputs) == [.transferCompleted(transaction)])
    }

    @Test(
        "A refused transfer shows the matching error and leaves the bank untouched",
        arguments: [
            (Decimal(string: "100.01")!, TransferError.insufficientFunds),
            (0, .invalidAmount),
            (-5, .invalidAmount),
        ]
    )
    func refusedTransfer(amount: Decimal, expected: TransferError) async throws {
        let outputs = store.outputStream
        await fill(from: a, to: b, amount: amount)
        await store.submitTransfer()
        #expect(
            store.state
                == TransferState(
                    accounts: openingAccounts, selectedFrom: a, selectedTo: b, amount: amount, error: expected
                )
        )
        #expect(await bank.ledger.isEmpty)
        #expect(try await first(1, of: outputs) == [.transferFailed(expected)])
    }

    @Test("A transfer to the paying account is refused as sameAccount")
    func sameAccount() async {
        await fill(from: a, to: a, amount: 10)
        await store.submitTransfer()
        #expect(store.error == .sameAccount)
        #expect(!store.isLoading && !store.isSubmitting)
        #expect(await bank.ledger.isEmpty)
    }

    @Test("A transfer without both accounts is refused as invalidSelection", arguments: [true, false])
    func missingSelection(hasPayer: Bool) async {
        await fill(from: hasPayer ? a : nil, to: hasPayer ? nil : b, amount: 10)
        await store.submitTransfer()
        #expect(store.error == .invalidSelection)
        #expect(!store.isLoading && !store.isSubmitting)
        #expect(await bank.callCount == 1, "only the accounts load reached the bank")
    }

    @Test("An account the bank does not know fails as unknown")
    func unknownAccount() async {
        await fill(from: a, to: Account(id: AccountID(99), name: "Ghost", balance: 0), amount: 10)
        await store.submitTransfer()
        #expect(store.error == .unknown)
        #expect(await bank.ledger.isEmpty)
    }

    @Test("A network failure while loading shows networkError, and a retry loads")
    func networkFailureOnLoad() async {
        await bank.failNextCalls(1)
        await store.loadAccounts()
        #expect(store.state == TransferState(error: .networkError))
        await store.loadAccounts()
        #expect(store.state == TransferState(accounts: openingAccounts))
    }

    @Test("A network failure while submitting shows networkError, and a retry transfers")
    func networkFailureOnSubmit() async {
        await fill(from: a, to: b, amount: 10)
        await bank.failNextCalls(1)
        await store.submitTransfer()
        #expect(
            store.state
                == TransferState(
                    accounts: openingAccounts, selectedFrom: a, selectedTo: b, amount: 10,
                    error: .networkError)
        )
        #expect(await bank.ledger.isEmpty)
        await store.submitTransfer()
        #expect(store.lastTransaction?.amount == 10)
        #expect(store.error == nil)
        #expect(await bank.ledger.count == 1)
    }

    @Test("A second submit while the first is in flight does nothing: money moves once")
    func doubleSubmit() async throws {
        let gate = ResponseGate()
        gate.release(0)  // ticket 0 is the accounts load
        let test = TransferStoreTests(gate: gate)
        await test.fill(from: a, to: b, amount: 40)
        let first = Task.immediate { await test.store.submitTransfer() }
        try await waitUntil("the transfer waits at the gate") { gate.waitingCount == 1 }
        let inFlight = test.store.state
        let second = Task.immediate { await test.store.submitTransfer() }
        #expect(test.store.state == inFlight, "a second submit changed the state")
        #expect(test.store.inFlightEffectCount == 1, "a second submit started a transfer")

        gate.releaseAll()
        try await finishWithin("first finishes") { await first.value }
        try await finishWithin("second finishes") { await second.value }
        try await finishWithin("test.store.settle() returns") { await test.store.settle() }
        #expect(gate.ticketsIssued == 2, "a second submit reached the bank")
        #expect(await test.bank.ledger.count == 1)
        #expect(test.store.accounts.map(\.balance) == [60, 290, 0])
        #expect(!test.store.isLoading && !test.store.isSubmitting)
        #expect(await test.bank.invariantHolds)
    }

    @Test("A newer accounts load cancels the older one, whose answer is dropped", arguments: [true, false])
    func newestAccountsLoadWins(gateHonorsCancellation: Bool) async throws {
        let gate = ResponseGate(honorsCancellation: gateHonorsCancellation)
        let test = TransferStoreTests(gate: gate)
        await test.bank.failNextCalls(1)  // the older load would fail
        let older = Task.immediate { await test.store.loadAccounts() }
        try await waitUntil("the first load waits at the gate") { gate.waitingCount == 1 }
        let newest = Task.immediate { await test.store.loadAccounts() }
        try await waitUntil("the second load waits at the gate") { gate.ticketsIssued == 2 }

        gate.release(1)
        try await finishWithin("newest finishes") { await newest.value }
        gate.release(0)
        try await finishWithin("older finishes") { await older.value }
        try await finishWithin("test.store.settle() returns") { await test.store.settle() }
        #expect(test.store.state == TransferState(accounts: openingAccounts), "the older answer was applied")
        #expect(test.store.inFlightEffectCount == 0)
    }

    @Test("Selecting, typing and resetting clear the error")
    func editingClearsError() async {
        await store.loadAccounts()
        let edits: [(TransferStore) -> Void] = [
            { $0.selectFrom(openingAccounts[0]) },
            { $0.selectTo(openingAccounts[1]) },
            { $0.updateAmount(5) },
            { $0.resetError() },
        ]
        for edit in edits {
            store.updateAmount(0)
            await store.submitTransfer()
            #expect(store.error != nil)
            edit(store)
            #expect(store.error == nil)
        }
    }
}
