import Domain
import Foundation
import ScenarioSupport
import Testing

@testable import EffectObjects

@Suite("TransferFeature: actions, render and workers")
struct TransferFeatureWorkflowTests {
    let bank = InMemoryBank(accounts: sampleAccounts)
    var feature: TransferFeature {
        TransferFeature(dependencies: Dependencies(quoteClient: unusedQuoteClient, bank: bank))
    }
    let alice = sampleAccounts[0]
    let bob = sampleAccounts[1]

    /// Applies `action` to a workflow showing `transfer` with nothing in flight, sets `transfer` to
    /// the rendering that follows and returns the workers that render asks for.
    func step(_ transfer: inout TransferState, _ action: TransferFeature.Action) -> [any Worker] {
        let state = feature.applying(action, to: TransferFeature.State(transfer))
        transfer = feature.rendered(state).rendering
        return feature.workers(state)
    }

    /// `form` as it shows while its submission is in flight.
    func submitting(_ form: TransferState) -> TransferState {
        var state = form
        state.isLoading = true
        state.isSubmitting = true
        return state
    }

    @Test("loadAccounts starts loading, clears the error and asks for a LoadAccounts numbered with the load")
    func loadAccountsReturnsLoadAccounts() {
        var state = TransferState(error: .networkError)

        let effects = step(&state, .loadAccounts)

        #expect(state == TransferState(isLoading: true))
        #expect(effects.count == 1)
        #expect((effects.first as? LoadAccounts)?.load == 1)
    }

    @Test("accountsLoaded stores the list or the error and stops loading")
    func accountsLoaded() {
        var state = TransferState(isLoading: true)
        #expect(step(&state, .accountsLoaded(.success(sampleAccounts))).isEmpty)
        #expect(state == TransferState(accounts: sampleAccounts))

        state.isLoading = true
        #expect(step(&state, .accountsLoaded(.failure(.networkError))).isEmpty)
        #expect(state == TransferState(accounts: sampleAccounts, error: .networkError))
    }

    @Test("Selecting accounts, editing the amount and resetting clear the error")
    func editingClearsTheError() {
        var state = TransferState(accounts: sampleAccounts, error: .sameAccount)
        #expect(step(&state, .selectFrom(alice)).isEmpty)
        #expect(state == TransferState(accounts: sampleAccounts, selectedFrom: alice))

        state.error = .invalidAmount
        #expect(step(&state, .selectTo(bob)).isEmpty)
        #expect(state == TransferState(accounts: sampleAccounts, selectedFrom: alice, selectedTo: bob))

        state.error = .insufficientFunds
        #expect(step(&state, .updateAmount(25)).isEmpty)
        #expect(
            state == TransferState(accounts: sampleAccounts, selectedFrom: alice, selectedTo: bob, amount: 25)
        )

        state.error = .unknown
        #expect(step(&state, .resetError).isEmpty)
        #expect(state.error == nil)
    }

    @Test("submitTransfer asks for a SubmitTransfer carrying the selection and the amount")
    func submitReturnsSubmitTransfer() throws {
        let form = TransferState(accounts: sampleAccounts, selectedFrom: alice, selectedTo: bob, amount: 30)
        var state = form

        let effects = step(&state, .submitTransfer)

        #expect(state == submitting(form))
        #expect(effects.count == 1)
        let submit = try #require(effects.first as? SubmitTransfer)
        #expect(submit.from == alice.id)
        #expect(submit.to == bob.id)
        #expect(submit.amount == 30)
        #expect(submit.number == 1)
    }

    @Test("submitTransfer without both accounts asks for ReportInvalidSelection")
    func submitWithoutSelectionReportsIt() async {
        let form = TransferState(accounts: sampleAccounts, selectedFrom: alice, amount: 30)
        var state = form

        let effects = step(&state, .submitTransfer)

        #expect(state == submitting(form))
        #expect(effects.count == 1)
        #expect(effects.first is ReportInvalidSelection)
        #expect(await ReportInvalidSelection(number: 1).run() == .invalidSelection)
    }

    @Test("submitTransfer while a transfer is in flight does nothing at all")
    func submitWhileSubmittingIsIgnored() {
        let submitting = TransferState(
            accounts: sampleAccounts,
            selectedFrom: alice,
            selectedTo: bob,
            amount: 30,
            isLoading: true,
            isSubmitting: true,
            error: nil
        )
        var state = submitting

        let effects = step(&state, .submitTransfer)

        #expect(state == submitting)
        #expect(effects.isEmpty)
    }

    @Test("transferCompleted records the transaction, moves the balances and clears the form")
    func transferCompleted() {
        let transaction = Transaction(id: TransactionID(1), from: alice.id, to: bob.id, amount: 30)
        var state = TransferState(
            accounts: sampleAccounts,
            selectedFrom: alice,
            selectedTo: bob,
            amount: 30,
            isLoading: true,
            isSubmitting: true
        )

        let effects = step(&state, .transferCompleted(transaction))

        var expectedAccounts = sampleAccounts
        expectedAccounts[0].balance = 70
        expectedAccounts[1].balance = 130
        #expect(state == TransferState(accounts: expectedAccounts, lastTransaction: transaction))
        #expect(effects.isEmpty)
    }

    @Test("transferFailed shows the error and ends the submission")
    func transferFailed() {
        var state = TransferState(
            selectedFrom: alice,
            selectedTo: alice,
            amount: 5,
            isLoading: true,
            isSubmitting: true
        )

        let effects = step(&state, .transferFailed(.sameAccount))

        let failed = TransferState(selectedFrom: alice, selectedTo: alice, amount: 5, error: .sameAccount)
        #expect(state == failed)
        #expect(effects.isEmpty)
    }

    @Test("LoadAccounts answers the bank's accounts, or its TransferError")
    func loadAccountsRuns() async {
        let effect = LoadAccounts(useCase: GetAccountsUseCase(bank: bank), load: 1)
        #expect(await effect.run() == .success(sampleAccounts))

        await bank.failNextCalls(1)
        #expect(await effect.run() == .failure(.networkError))
    }

    @Test("SubmitTransfer answers the transaction and the bank moved the money once")
    func submitTransferRuns() async throws {
        let effect = SubmitTransfer(
            useCase: TransferMoneyUseCase(bank: bank), number: 1, from: alice.id, to: bob.id, amount: 30)

        let action = await effect.run()

        let transaction = Transaction(id: TransactionID(1), from: alice.id, to: bob.id, amount: 30)
        #expect(action == .success(transaction))
        #expect(try await bank.balance(of: alice.id) == 70)
        #expect(try await bank.balance(of: bob.id) == 130)
        #expect(await bank.ledger == [transaction])
        #expect(await bank.invariantHolds)
    }

    @Test(
        "SubmitTransfer answers the failure with the use case's error and the bank is untouched",
        arguments: [
            (Decimal(30), 1, 1, TransferError.sameAccount),
            (Decimal(0), 1, 2, .invalidAmount),
            (Decimal(-5), 1, 2, .invalidAmount),
            (Decimal(101), 1, 2, .insufficientFunds),
        ]
    )
    func submitTransferFails(amount: Decimal, from: Int, to: Int, error: TransferError) async {
        let effect = SubmitTransfer(
            useCase: TransferMoneyUseCase(bank: bank),
            number: 1,
            from: AccountID(from),
            to: AccountID(to),
            amount: amount
        )

        #expect(await effect.run() == .failure(error))
        #expect(await bank.ledger.isEmpty)
        #expect(await bank.total == 300)
    }

    @Test("SubmitTransfer answers networkError when the bank fails")
    func submitTransferNetworkError() async {
        await bank.failNextCalls(1)
        let effect = SubmitTransfer(
            useCase: TransferMoneyUseCase(bank: bank), number: 1, from: alice.id, to: bob.id, amount: 30)

        #expect(await effect.run() == .failure(.networkError))
        #expect(await bank.ledger.isEmpty)
    }

    @Test("SubmitTransfer maps an unknown bank error to .unknown")
    func submitTransferUnknownError() async {
        let effect = SubmitTransfer(
            useCase: TransferMoneyUseCase(bank: bank),
            number: 1,
            from: alice.id,
            to: AccountID(99),
            amount: 30
        )

        #expect(await effect.run() == .failure(.unknown))
        #expect(await bank.ledger.isEmpty)
    }
}

@MainActor
@Suite("TransferFeature in a WorkflowHost")
struct TransferHostTests {
    /// A form ready to submit: the first sample account pays the second 40.
    let formMoving40 = TransferState(
        accounts: sampleAccounts, selectedFrom: sampleAccounts[0], selectedTo: sampleAccounts[1], amount: 40)

    func makeHost(
        bank: InMemoryBank,
        state: TransferState = TransferState()
    ) -> WorkflowHost<TransferFeature> {
        WorkflowHost(
            state: TransferFeature.State(state),
            workflow: TransferFeature(
                getAccounts: GetAccountsUseCase(bank: bank),
                transferMoney: TransferMoneyUseCase(bank: bank)
            )
        )
    }

    @Test("Load the accounts, then transfer 30 from A to B")
    func loadThenTransfer() async throws {
        let bank = InMemoryBank(accounts: sampleAccounts)
        let host = makeHost(bank: bank)

        host.send(.loadAccounts)
        try await finishWithin("host.settle() returns") { await host.settle() }
        #expect(host.rendering == TransferState(accounts: sampleAccounts))

        host.send(.selectFrom(sampleAccounts[0]))
        host.send(.selectTo(sampleAccounts[1]))
        host.send(.updateAmount(30))
        host.send(.submitTransfer)
        #expect(host.rendering.isSubmitting)
        try await finishWithin("host.settle() returns") { await host.settle() }

        let transaction = Transaction(id: TransactionID(1), from: AccountID(1), to: AccountID(2), amount: 30)
        #expect(host.rendering.lastTransaction == transaction)
        #expect(host.rendering.accounts.map(\.balance) == [70, 130, 100])
        #expect(try await bank.balance(of: AccountID(1)) == 70)
        #expect(try await bank.balance(of: AccountID(2)) == 130)
        #expect(await bank.invariantHolds)
        #expect(
            host.rendering.selectedFrom == nil && host.rendering.selectedTo == nil
                && host.rendering.amount == 0)
        #expect(!host.rendering.isLoading && !host.rendering.isSubmitting && host.rendering.error == nil)
        #expect(host.inFlightEffectCount == 0)
    }

    @Test("Submitting without a selection fails with invalidSelection and leaves the bank alone")
    func missingSelection() async throws {
        let bank = InMemoryBank(accounts: sampleAccounts)
        let host = makeHost(bank: bank, state: TransferState(accounts: sampleAccounts))

        host.send(.selectTo(sampleAccounts[1]))
        host.send(.updateAmount(10))
        host.send(.submitTransfer)
        try await finishWithin("host.settle() returns") { await host.settle() }

        #expect(
            host.rendering
                == TransferState(
                    accounts: sampleAccounts,
                    selectedTo: sampleAccounts[1],
                    amount: 10,
                    error: .invalidSelection
                )
        )
        #expect(await bank.callCount == 0)
    }

    @Test("A network failure while loading the accounts shows networkError")
    func loadAccountsNetworkFailure() async throws {
        let bank = InMemoryBank(accounts: sampleAccounts)
        await bank.failNextCalls(1)
        let host = makeHost(bank: bank)

        host.send(.loadAccounts)
        try await finishWithin("host.settle() returns") { await host.settle() }

        #expect(host.rendering == TransferState(error: .networkError))
    }

    @Test("A newer loadAccounts replaces the older one, whose failure is dropped")
    func newerLoadAccountsWins() async throws {
        let gate = ResponseGate(honorsCancellation: false)
        let bank = InMemoryBank(accounts: sampleAccounts, gate: gate)
        await bank.failNextCalls(1)
        let host = makeHost(bank: bank)

        host.send(.loadAccounts)
        try await waitUntil { gate.ticketsIssued == 1 }
        host.send(.loadAccounts)
        try await waitUntil { gate.ticketsIssued == 2 }
        gate.release(0)
        try await waitUntil { host.inFlightEffectCount == 1 }
        #expect(host.rendering == TransferState(isLoading: true))

        gate.release(1)
        try await finishWithin("host.settle() returns") { await host.settle() }
        #expect(host.rendering == TransferState(accounts: sampleAccounts))
    }

    @Test("A second submit while the first is held at the gate moves the money once")
    func doubleSubmitMovesMoneyOnce() async throws {
        let gate = ResponseGate()
        let bank = InMemoryBank(accounts: sampleAccounts, gate: gate)
        let host = makeHost(bank: bank, state: formMoving40)

        host.send(.submitTransfer)
        try await waitUntil { gate.waitingCount == 1 }
        let inFlight = host.rendering
        host.send(.submitTransfer)
        #expect(host.rendering == inFlight)
        #expect(host.inFlightEffectCount == 1)

        gate.release(0)
        try await finishWithin("host.settle() returns") { await host.settle() }

        #expect(await bank.ledger.count == 1)
        #expect(gate.ticketsIssued == 1)
        let transaction = Transaction(id: TransactionID(1), from: AccountID(1), to: AccountID(2), amount: 40)
        #expect(host.rendering.lastTransaction == transaction)
        #expect(host.rendering.accounts.map(\.balance) == [60, 140, 100])
        #expect(host.inFlightEffectCount == 0)
    }

    @Test("A network failure on submit shows networkError and moves nothing")
    func submitNetworkFailure() async throws {
        let bank = InMemoryBank(accounts: sampleAccounts)
        await bank.failNextCalls(1)
        let host = makeHost(bank: bank, state: formMoving40)

        host.send(.submitTransfer)
        try await finishWithin("host.settle() returns") { await host.settle() }

        #expect(host.rendering.error == .networkError)
        #expect(!host.rendering.isLoading && !host.rendering.isSubmitting)
        #expect(host.rendering.accounts == sampleAccounts)
        #expect(await bank.ledger.isEmpty)
    }
}
