import Domain
import Foundation
import ScenarioSupport
import TestSupport
import Testing

@testable import EffectValues

@Suite("Transfer update: (state, event) -> Next")
struct TransferUpdateTests {
    private let ready = TransferState(
        accounts: [Fixture.alice, Fixture.bob],
        selectedFrom: Fixture.alice,
        selectedTo: Fixture.bob,
        amount: 30
    )

    @Test("loadAccounts starts loading, clears the error, and cancels any older fetch before fetching")
    func loadAccounts() {
        #expect(
            TransferFeature.reduced(TransferState(error: .networkError), .loadAccounts)
                == (TransferState(isLoading: true), [.cancelAccountsFetch, .fetchAccounts])
        )
    }

    @Test("loaded accounts replace the list; a failed load shows the error")
    func accountsLoaded() {
        let loading = TransferState(isLoading: true)
        #expect(
            TransferFeature.reduced(loading, .accountsLoaded(.success([Fixture.alice, Fixture.bob])))
                == (TransferState(accounts: [Fixture.alice, Fixture.bob]), [])
        )
        #expect(
            TransferFeature.reduced(loading, .accountsLoaded(.failure(.networkError)))
                == (TransferState(error: .networkError), [])
        )
    }

    @Test("selecting accounts, changing the amount and resetting clear the error")
    func editsClearTheError() {
        let failed = TransferState(error: .sameAccount)
        #expect(
            TransferFeature.reduced(failed, .selectFrom(Fixture.bob))
                == (TransferState(selectedFrom: Fixture.bob), [])
        )
        #expect(
            TransferFeature.reduced(failed, .selectTo(Fixture.alice))
                == (TransferState(selectedTo: Fixture.alice), [])
        )
        #expect(TransferFeature.reduced(failed, .updateAmount(12.5)) == (TransferState(amount: 12.5), []))
        #expect(TransferFeature.reduced(failed, .resetError) == (TransferState(), []))
    }

    @Test("submitTransfer with both accounts asks to move the amount between their ids")
    func submitTransfer() {
        var submitting = ready
        submitting.isLoading = true
        submitting.isSubmitting = true
        #expect(
            TransferFeature.reduced(ready, .submitTransfer)
                == (submitting, [.submit(from: Fixture.alice.id, to: Fixture.bob.id, amount: 30)])
        )
    }

    @Test("submitTransfer without both accounts asks to report an invalid selection")
    func submitWithoutSelection() {
        let missingTo = TransferState(selectedFrom: Fixture.alice, amount: 30)
        var submitting = missingTo
        submitting.isLoading = true
        submitting.isSubmitting = true
        #expect(
            TransferFeature.reduced(missingTo, .submitTransfer)
                == (submitting, [.reportInvalidSelection])
        )
    }

    @Test("submitTransfer while a transfer is in flight is noChange: no new state, no effect")
    func submitWhileSubmitting() {
        let (submitting, _) = TransferFeature.reduced(ready, .submitTransfer)
        #expect(TransferFeature.update(submitting, .submitTransfer) == .noChange)
    }

    @Test("resetError returns a new state only when there is an error to reset")
    func resetErrorWithoutError() {
        #expect(TransferFeature.update(ready, .resetError) == .noChange)
        var failed = ready
        failed.error = .insufficientFunds
        #expect(TransferFeature.update(failed, .resetError) == .next(ready))
    }

    @Test("a completed transfer is applied to the balances and clears the form")
    func transferCompleted() {
        let (submitting, _) = TransferFeature.reduced(ready, .submitTransfer)
        let transaction = Transaction(
            id: TransactionID(1), from: Fixture.alice.id, to: Fixture.bob.id, amount: 30)
        var alice = Fixture.alice
        alice.balance = 70
        var bob = Fixture.bob
        bob.balance = 80
        #expect(
            TransferFeature.reduced(submitting, .transferCompleted(transaction))
                == (TransferState(accounts: [alice, bob], lastTransaction: transaction), [])
        )
    }

    @Test("a failed transfer ends submitting, keeps the form and shows the error")
    func transferFailed() {
        let (submitting, _) = TransferFeature.reduced(ready, .submitTransfer)
        var failed = ready
        failed.error = .insufficientFunds
        #expect(TransferFeature.reduced(submitting, .transferFailed(.insufficientFunds)) == (failed, []))
    }
}

@Suite("Transfer effect handler")
struct TransferEffectHandlerTests {
    @Test("fetchAccounts feeds back the bank's accounts")
    func fetchAccounts() async {
        let handler = Fixture.transferHandler(Fixture.bank())
        let execution = handler.handle(.fetchAccounts)
        #expect(execution.taskID == .accountsFetch)
        #expect(await execution.perform() == .accountsLoaded(.success([Fixture.alice, Fixture.bob])))
    }

    @Test("fetchAccounts feeds back a network failure")
    func fetchAccountsFailure() async {
        let bank = Fixture.bank()
        await bank.failNextCalls(1)
        let event = await Fixture.transferHandler(bank).handle(.fetchAccounts).perform()
        #expect(event == .accountsLoaded(.failure(.networkError)))
    }

    @Test("cancelAccountsFetch cancels the accounts fetch task")
    func cancelAccountsFetch() {
        let execution = Fixture.transferHandler(Fixture.bank()).handle(.cancelAccountsFetch)
        #expect(execution.isCancellation)
        #expect(execution.taskID == .accountsFetch)
    }

    @Test("submit moves the money and feeds back the transaction")
    func submit() async {
        let bank = Fixture.bank()
        let execution = Fixture.transferHandler(bank).handle(
            .submit(from: Fixture.alice.id, to: Fixture.bob.id, amount: 30)
        )
        #expect(execution.taskID == .submission)
        let transaction = Transaction(
            id: TransactionID(1), from: Fixture.alice.id, to: Fixture.bob.id, amount: 30)
        #expect(await execution.perform() == .transferCompleted(transaction))
        #expect(await bank.ledger == [transaction])
    }

    @Test("reportInvalidSelection feeds back invalidSelection without calling the bank")
    func reportInvalidSelection() async {
        let bank = Fixture.bank()
        let execution = Fixture.transferHandler(bank).handle(.reportInvalidSelection)
        #expect(execution.taskID == .submission)
        #expect(await execution.perform() == .transferFailed(.invalidSelection))
        #expect(await bank.callCount == 0)
    }
}

@Suite("Transfer loop")
@MainActor
struct TransferLoopTests {
    private func loadedLoop(_ bank: InMemoryBank) async throws -> TransferLoop {
        let loop = TransferLoop(state: TransferState(), handler: Fixture.transferHandler(bank))
        loop.dispatch(.loadAccounts)
        #expect(loop.state == TransferState(isLoading: true))
        try await finishWithin("loop.settle() returns") { await loop.settle() }
        #expect(loop.state == TransferState(accounts: [Fixture.alice, Fixture.bob]))
        return loop
    }

    private func submit(_ amount: Decimal, from: Account?, to: Account?, in loop: TransferLoop) async throws {
        if let from { loop.dispatch(.selectFrom(from)) }
        if let to { loop.dispatch(.selectTo(to)) }
        loop.dispatch(.updateAmount(amount))
        loop.dispatch(.submitTransfer)
        #expect(loop.state.isSubmitting)
        try await finishWithin("loop.settle() returns") { await loop.settle() }
        #expect(!loop.state.isSubmitting)
        #expect(!loop.state.isLoading)
    }

    @Test("transfer 30 from Alice to Bob: balances updated in the state and the bank")
    func transferSucceeds() async throws {
        let bank = Fixture.bank()
        let loop = try await loadedLoop(bank)
        try await submit(30, from: Fixture.alice, to: Fixture.bob, in: loop)

        let transaction = Transaction(
            id: TransactionID(1), from: Fixture.alice.id, to: Fixture.bob.id, amount: 30)
        #expect(loop.state.lastTransaction == transaction)
        #expect(loop.state.accounts.map(\.balance) == [70, 80])
        #expect(loop.state.selectedFrom == nil && loop.state.selectedTo == nil && loop.state.amount == 0)
        #expect(loop.state.error == nil)
        #expect(try await bank.balance(of: Fixture.alice.id) == 70)
        #expect(try await bank.balance(of: Fixture.bob.id) == 80)
        #expect(await bank.invariantHolds)
        #expect(loop.inFlightEffectCount == 0)
    }

    @Test(
        "each rejected transfer shows its error and leaves the bank untouched",
        arguments: [
            (Decimal(500), Fixture.alice, Fixture.bob, TransferError.insufficientFunds),
            (Decimal(0), Fixture.alice, Fixture.bob, TransferError.invalidAmount),
            (Decimal(-5), Fixture.alice, Fixture.bob, TransferError.invalidAmount),
            (Decimal(10), Fixture.alice, Fixture.alice, TransferError.sameAccount),
            (Decimal(10), Fixture.alice, nil, TransferError.invalidSelection),
            (Decimal(10), Fixture.stranger, Fixture.bob, TransferError.unknown),
        ] as [(Decimal, Account, Account?, TransferError)]
    )
    func transferRejected(amount: Decimal, from: Account, to: Account?, expected: TransferError) async throws
    {
        let bank = Fixture.bank()
        let loop = try await loadedLoop(bank)
        try await submit(amount, from: from, to: to, in: loop)

        #expect(loop.state.error == expected)
        #expect(loop.state.lastTransaction == nil)
        #expect(loop.state.accounts == [Fixture.alice, Fixture.bob])
        #expect(await bank.ledger.isEmpty)
        #expect(await bank.invariantHolds)
    }

    @Test("a network failure on loadAccounts and on submit shows networkError and moves nothing")
    func networkFailures() async throws {
        let bank = Fixture.bank()
        let loop = TransferLoop(state: TransferState(), handler: Fixture.transferHandler(bank))
        await bank.failNextCalls(1)
        loop.dispatch(.loadAccounts)
        try await finishWithin("loop.settle() returns") { await loop.settle() }
        #expect(loop.state == TransferState(error: .networkError))

        loop.dispatch(.loadAccounts)
        try await finishWithin("loop.settle() returns") { await loop.settle() }
        await bank.failNextCalls(1)
        try await submit(30, from: Fixture.alice, to: Fixture.bob, in: loop)
        #expect(loop.state.error == .networkError)
        #expect(await bank.ledger.isEmpty)
    }

    @Test("submitting twice while the first transfer waits at the gate moves the money once")
    func doubleSubmitMovesMoneyOnce() async throws {
        let gate = ResponseGate()
        let bank = Fixture.bank(gate: gate)
        gate.release(0)
        let loop = try await loadedLoop(bank)

        loop.dispatch(.selectFrom(Fixture.alice))
        loop.dispatch(.selectTo(Fixture.bob))
        loop.dispatch(.updateAmount(30))
        loop.dispatch(.submitTransfer)
        try await waitUntil("the transfer waits at the gate") { gate.waitingCount == 1 }
        let submitting = loop.state
        loop.dispatch(.submitTransfer)
        #expect(loop.state == submitting)
        #expect(loop.inFlightEffectCount == 1)

        gate.releaseAll()
        try await finishWithin("loop.settle() returns") { await loop.settle() }
        #expect(await bank.ledger.count == 1)
        #expect(loop.state.lastTransaction?.amount == 30)
        #expect(loop.state.accounts.map(\.balance) == [70, 80])
        #expect(await bank.invariantHolds)
    }

    @Test("only the newest loadAccounts is applied")
    func newestLoadAccountsWins() async throws {
        let gate = ResponseGate(honorsCancellation: false)
        let bank = Fixture.bank(gate: gate)
        let loop = TransferLoop(state: TransferState(), handler: Fixture.transferHandler(bank))

        loop.dispatch(.loadAccounts)
        try await waitUntil("the first fetch waits at the gate") { gate.waitingCount == 1 }
        gate.release(1)
        loop.dispatch(.loadAccounts)
        try await waitUntil("the second list is applied") { !loop.state.isLoading }
        #expect(loop.state == TransferState(accounts: [Fixture.alice, Fixture.bob]))

        #expect(loop.inFlightEffectCount == 1, "the cancelled fetch still waits for its answer")

        var eventsAfterward = 0
        _ = loop.addObserver { _ in eventsAfterward += 1 }
        gate.release(0)
        try await finishWithin("loop.settle() returns") { await loop.settle() }
        #expect(eventsAfterward == 0, "the cancelled fetch's answer was dropped")
        #expect(loop.state == TransferState(accounts: [Fixture.alice, Fixture.bob]))
        #expect(loop.inFlightEffectCount == 0)
    }
}
