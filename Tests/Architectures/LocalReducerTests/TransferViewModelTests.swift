import Domain
import Foundation
import ScenarioSupport
import TestSupport
import Testing

@testable import LocalReducer

/// The transfer's pure reducer, group by group: exact state after each action.
@Suite("Local reducer: TransferViewModel.reduce(state:action:)")
struct TransferReducerTests {
    typealias Reducer = TransferViewModel

    private let ready = Fixtures.readyForm(amount: 30)

    @Test("accounts: load starts loading and clears the error; loaded and failed end it")
    func accounts() {
        #expect(
            Reducer.reduce(state: TransferState(error: .networkError), action: .accounts(.load))
                == TransferState(isLoading: true)
        )
        let loading = TransferState(isLoading: true)
        #expect(
            Reducer.reduce(state: loading, action: .accounts(.loaded(Fixtures.accounts)))
                == TransferState(accounts: Fixtures.accounts)
        )
        #expect(
            Reducer.reduce(state: loading, action: .accounts(.failed(.networkError)))
                == TransferState(error: .networkError)
        )
    }

    @Test("selection: choosing accounts and the amount set them and clear the error; resetError clears it")
    func selection() {
        let failed = TransferState(error: .sameAccount)
        #expect(
            Reducer.reduce(state: failed, action: .selection(.from(Fixtures.b)))
                == TransferState(selectedFrom: Fixtures.b)
        )
        #expect(
            Reducer.reduce(state: failed, action: .selection(.to(Fixtures.a)))
                == TransferState(selectedTo: Fixtures.a)
        )
        #expect(
            Reducer.reduce(state: failed, action: .selection(.amount(12.5))) == TransferState(amount: 12.5))
        #expect(Reducer.reduce(state: failed, action: .resetError) == TransferState())
    }

    @Test("transfer: submit marks the form as submitting; a second submit changes nothing")
    func submit() {
        var submitting = ready
        submitting.isLoading = true
        submitting.isSubmitting = true
        #expect(Reducer.reduce(state: ready, action: .transfer(.submit)) == submitting)
        #expect(Reducer.reduce(state: submitting, action: .transfer(.submit)) == submitting)
    }

    @Test("transfer: completed clears the form and applies the transaction to the shown balances")
    func completed() {
        var submitting = ready
        submitting.isLoading = true
        submitting.isSubmitting = true
        let transaction = Transaction(
            id: TransactionID(1), from: Fixtures.a.id, to: Fixtures.b.id, amount: 30)
        var accounts = Fixtures.accounts
        accounts[0].balance = 70
        accounts[1].balance = 280
        #expect(
            Reducer.reduce(state: submitting, action: .transfer(.completed(transaction)))
                == TransferState(accounts: accounts, lastTransaction: transaction)
        )
    }

    @Test("transfer: failed shows the error and keeps the form")
    func failed() {
        var submitting = ready
        submitting.isLoading = true
        submitting.isSubmitting = true
        var expected = ready
        expected.error = .insufficientFunds
        #expect(Reducer.reduce(state: submitting, action: .transfer(.failed(.insufficientFunds))) == expected)
    }
}

/// The transfer view model against an in-memory bank: effects, errors and the money rules.
@MainActor
@Suite("Local reducer: TransferViewModel")
struct TransferViewModelTests {
    func makeViewModel(bank: InMemoryBank) -> TransferViewModel {
        TransferViewModel(dependencies: Fixtures.dependencies(bank: bank))
    }

    /// A view model, and its bank that holds every call at `gate`, once A's transfer of `amount` to B
    /// was submitted and waits at the gate.
    func submittedAtGate(
        amount: Decimal, gate: ResponseGate
    ) async throws -> (TransferViewModel, InMemoryBank) {
        let bank = InMemoryBank(accounts: Fixtures.accounts, gate: gate)
        let transfer = TransferViewModel(
            initialState: Fixtures.readyForm(amount: amount), dependencies: Fixtures.dependencies(bank: bank))
        transfer.send(.transfer(.submit))
        try await waitUntil("the transfer waits at the gate") { gate.waitingCount == 1 }
        return (transfer, bank)
    }

    @Test("Loading the accounts, then moving 30 from A to B, updates the shown and the bank's balances")
    func successfulTransfer() async throws {
        let bank = InMemoryBank(accounts: Fixtures.accounts)
        let transfer = makeViewModel(bank: bank)
        transfer.send(.accounts(.load))
        #expect(transfer.state == TransferState(isLoading: true))
        try await finishWithin("transfer.settle() returns") { await transfer.settle() }
        #expect(transfer.state == TransferState(accounts: Fixtures.accounts))

        transfer.send(.selection(.from(Fixtures.a)))
        transfer.send(.selection(.to(Fixtures.b)))
        transfer.send(.selection(.amount(30)))
        #expect(transfer.state.canSubmit)
        transfer.send(.transfer(.submit))
        #expect(transfer.state.isLoading && transfer.state.isSubmitting)
        try await finishWithin("transfer.settle() returns") { await transfer.settle() }

        let transaction = Transaction(
            id: TransactionID(1), from: Fixtures.a.id, to: Fixtures.b.id, amount: 30)
        #expect(transfer.state.lastTransaction == transaction)
        #expect(transfer.state.accounts.map(\.balance) == [70, 280, 0])
        #expect(
            transfer.state.selectedFrom == nil && transfer.state.selectedTo == nil
                && transfer.state.amount == 0)
        #expect(!transfer.state.isLoading && !transfer.state.isSubmitting && transfer.state.error == nil)
        #expect(try await bank.balance(of: Fixtures.a.id) == 70)
        #expect(try await bank.balance(of: Fixtures.b.id) == 280)
        #expect(await bank.ledger == [transaction])
        #expect(await bank.invariantHolds)
        #expect(transfer.inFlightEffectCount == 0)
    }

    @Test(
        "A refused transfer shows the matching error and leaves the bank untouched",
        arguments: [
            (Fixtures.a, Fixtures.b, Decimal(string: "100.01")!, TransferError.insufficientFunds),
            (Fixtures.a, Fixtures.b, 0, .invalidAmount),
            (Fixtures.a, Fixtures.b, -5, .invalidAmount),
            (Fixtures.a, Fixtures.a, 10, .sameAccount),
            (Fixtures.stranger, Fixtures.b, 10, .unknown),
        ] as [(Account, Account, Decimal, TransferError)]
    )
    func refusedTransfer(from: Account, to: Account, amount: Decimal, expected: TransferError) async throws {
        let bank = InMemoryBank(accounts: Fixtures.accounts)
        let transfer = makeViewModel(bank: bank)
        transfer.send(.selection(.from(from)))
        transfer.send(.selection(.to(to)))
        transfer.send(.selection(.amount(amount)))
        transfer.send(.transfer(.submit))
        try await finishWithin("transfer.settle() returns") { await transfer.settle() }
        #expect(
            transfer.state
                == TransferState(selectedFrom: from, selectedTo: to, amount: amount, error: expected)
        )
        #expect(await bank.ledger.isEmpty)
        #expect(await bank.invariantHolds)
    }

    @Test("Submitting without both accounts fails with invalidSelection without calling the bank")
    func missingSelection() async throws {
        let bank = InMemoryBank(accounts: Fixtures.accounts)
        let transfer = makeViewModel(bank: bank)
        transfer.send(.selection(.to(Fixtures.b)))
        transfer.send(.selection(.amount(10)))
        transfer.send(.transfer(.submit))
        #expect(transfer.state.isSubmitting)
        try await finishWithin("transfer.settle() returns") { await transfer.settle() }
        #expect(transfer.state == TransferState(selectedTo: Fixtures.b, amount: 10, error: .invalidSelection))
        #expect(await bank.callCount == 0)
    }

    @Test("A network failure shows networkError, on loading the accounts and on submitting")
    func networkFailures() async throws {
        let bank = InMemoryBank(accounts: Fixtures.accounts)
        let transfer = makeViewModel(bank: bank)
        await bank.failNextCalls(1)
        transfer.send(.accounts(.load))
        try await finishWithin("transfer.settle() returns") { await transfer.settle() }
        #expect(transfer.state == TransferState(error: .networkError))

        transfer.send(.accounts(.load))
        try await finishWithin("transfer.settle() returns") { await transfer.settle() }
        transfer.send(.selection(.from(Fixtures.a)))
        transfer.send(.selection(.to(Fixtures.b)))
        transfer.send(.selection(.amount(10)))
        await bank.failNextCalls(1)
        transfer.send(.transfer(.submit))
        try await finishWithin("transfer.settle() returns") { await transfer.settle() }
        #expect(
            transfer.state
                == TransferState(
                    accounts: Fixtures.accounts,
                    selectedFrom: Fixtures.a,
                    selectedTo: Fixtures.b,
                    amount: 10,
                    error: .networkError
                )
        )
        #expect(await bank.ledger.isEmpty)
    }

    @Test("A second submit while the first is at the bank does nothing: money moves once")
    func doubleSubmit() async throws {
        let gate = ResponseGate()
        let (transfer, bank) = try await submittedAtGate(amount: 40, gate: gate)
        let inFlight = transfer.state
        transfer.send(.transfer(.submit))
        #expect(transfer.state == inFlight)
        #expect(transfer.inFlightEffectCount == 1)

        gate.release(0)
        try await finishWithin("transfer.settle() returns") { await transfer.settle() }
        #expect(gate.ticketsIssued == 1, "a second submit reached the bank")
        #expect(await bank.ledger.count == 1)
        #expect(transfer.state.lastTransaction?.id == TransactionID(1))
        #expect(transfer.state.accounts.map(\.balance) == [60, 290, 0])
        #expect(!transfer.state.isLoading && !transfer.state.isSubmitting)
    }

    @Test(
        "A newer loadAccounts cancels the older load: its answer is dropped",
        arguments: [true, false]
    )
    func newestAccountsLoadWins(gateHonorsCancellation: Bool) async throws {
        let gate = ResponseGate(honorsCancellation: gateHonorsCancellation)
        let bank = InMemoryBank(accounts: Fixtures.accounts, gate: gate)
        let transfer = makeViewModel(bank: bank)
        transfer.send(.accounts(.load))
        try await waitUntil("the first load waits at the gate") { gate.waitingCount == 1 }
        transfer.send(.accounts(.load))
        try await waitUntil("the second load waits at the gate") {
            gate.ticketsIssued == 2 && gate.waitingCount == (gateHonorsCancellation ? 1 : 2)
        }
        gate.release(1)
        try await waitUntil("the newest accounts are shown") { !transfer.state.isLoading }
        #expect(transfer.state == TransferState(accounts: Fixtures.accounts))

        transfer.send(.selection(.from(Fixtures.a)))
        gate.release(0)
        try await finishWithin("transfer.settle() returns") { await transfer.settle() }
        #expect(transfer.state == TransferState(accounts: Fixtures.accounts, selectedFrom: Fixtures.a))
        #expect(transfer.inFlightEffectCount == 0)
    }

    @Test("Loading the accounts while a transfer is at the bank does not cancel the transfer")
    func loadDoesNotCancelTransfer() async throws {
        let gate = ResponseGate()
        let (transfer, bank) = try await submittedAtGate(amount: 25, gate: gate)
        transfer.send(.accounts(.load))
        try await waitUntil("the load waits at the gate") { gate.waitingCount == 2 }
        #expect(transfer.inFlightEffectCount == 2)

        gate.release(0)
        gate.release(1)
        try await finishWithin("transfer.settle() returns") { await transfer.settle() }
        #expect(await bank.ledger.count == 1)
        #expect(transfer.state.lastTransaction?.amount == 25)
        #expect(transfer.inFlightEffectCount == 0)
    }

    @Test("Ten thousand preloaded accounts: a transfer updates the two balances it moved")
    func largeState() async throws {
        let accounts = [Account].sample(count: 10_000)
        let bank = InMemoryBank(accounts: accounts)
        let transfer = TransferViewModel(
            initialState: TransferState(accounts: accounts),
            dependencies: Fixtures.dependencies(bank: bank)
        )
        transfer.send(.selection(.from(accounts[9_999])))
        transfer.send(.selection(.to(accounts[0])))
        transfer.send(.selection(.amount(1)))
        transfer.send(.transfer(.submit))
        try await finishWithin("transfer.settle() returns") { await transfer.settle() }
        #expect(transfer.state.accounts[9_999].balance == 99)
        #expect(transfer.state.accounts[0].balance == 101)
        #expect(transfer.state.accounts[1..<9_999].allSatisfy { $0.balance == 100 })
        #expect(await bank.invariantHolds)
    }
}
