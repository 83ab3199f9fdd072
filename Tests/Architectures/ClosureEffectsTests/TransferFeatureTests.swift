import Domain
import Foundation
import ScenarioSupport
import Testing

@testable import ClosureEffects

@Suite("Transfer feature")
@MainActor
struct TransferFeatureTests {
    let accounts = [Account].sample(count: 3)
    var alice: Account { accounts[0] }
    var bob: Account { accounts[1] }

    func makeStore(
        bank: InMemoryBank,
        initialState: TransferState = TransferState()
    ) -> TestStore<TransferFeature> {
        TestStore(
            initialState: initialState,
            reducer: TransferFeature(
                getAccounts: GetAccountsUseCase(bank: bank),
                transferMoney: TransferMoneyUseCase(bank: bank)
            )
        )
    }

    @Test("loadAccounts feeds back the bank's accounts")
    func loadAccounts() async throws {
        let store = makeStore(bank: InMemoryBank(accounts: accounts))
        store.send(.loadAccounts) { $0.isLoading = true }
        try await store.receiveAccounts(accounts)
        try await store.finish()
    }

    @Test("a network failure while loading accounts shows networkError")
    func loadAccountsNetworkFailure() async throws {
        let bank = InMemoryBank(accounts: accounts)
        await bank.failNextCalls(1)
        let store = makeStore(bank: bank)
        store.send(.loadAccounts) { $0.isLoading = true }
        try await store.receive(.accountsFailedToLoad(.networkError)) {
            $0.isLoading = false
            $0.error = .networkError
        }
        try await store.finish()
        #expect(await bank.invariantHolds)
        #expect(await bank.ledger.isEmpty)
    }

    @Test("a newer loadAccounts cancels the older one")
    func newestLoadAccountsWins() async throws {
        let gate = ResponseGate(honorsCancellation: false)
        let bank = InMemoryBank(accounts: accounts, gate: gate)
        let store = makeStore(bank: bank)
        store.send(.loadAccounts) { $0.isLoading = true }
        try await waitUntil { gate.waitingCount == 1 }
        store.send(.loadAccounts)
        try await waitUntil { gate.waitingCount == 2 }

        gate.release(0)
        try await waitUntil { store.store.inFlightEffectCount == 1 }
        #expect(store.state.accounts.isEmpty)

        gate.release(1)
        try await store.receiveAccounts(accounts)
        try await store.finish()
    }

    @Test("selecting accounts, editing the amount and resetError each clear the error")
    func editingClearsError() async throws {
        let edits: [(TransferFeature.Action, (inout TransferState) -> Void)] = [
            (.selectFrom(alice), { $0.selectedFrom = alice }),
            (.selectTo(bob), { $0.selectedTo = bob }),
            (.updateAmount(12.5), { $0.amount = 12.5 }),
            (.resetError, { _ in }),
        ]
        for (action, edit) in edits {
            let store = makeStore(
                bank: InMemoryBank(accounts: accounts),
                initialState: TransferState(accounts: accounts, error: .sameAccount)
            )
            store.send(action) {
                edit(&$0)
                $0.error = nil
            }
            try await store.finish()
        }
    }

    @Test("submitting without both accounts fails with invalidSelection, through an effect")
    func missingSelection() async throws {
        let store = makeStore(
            bank: InMemoryBank(accounts: accounts),
            initialState: TransferState(accounts: accounts)
        )
        store.send(.selectFrom(alice)) { $0.selectedFrom = alice }
        store.submit()
        try await store.receiveRefusal(.invalidSelection)
        try await store.finish()
    }

    @Test("a completed transfer emits transferSucceeded as its only output, and no other feedback does")
    func transferOutput() {
        let feature = TransferFeature(
            Dependencies(quoteClient: .failing(), bank: InMemoryBank(accounts: accounts)))
        let transaction = Transaction(id: TransactionID(1), from: alice.id, to: bob.id, amount: 30)
        var state = TransferState(accounts: accounts)
        let completed = feature.reduce(into: &state, message: .feedback(.transferCompleted(transaction)))
        let outputs = completed.operations.compactMap { operation -> TransferFeature.Output? in
            if case .output(let output) = operation { return output }
            return nil
        }
        #expect(outputs == [.transferSucceeded(transaction)])
        #expect(completed.operations.count == 1)
        #expect(feature.reduce(into: &state, message: .feedback(.transferFailed(.unknown))).isNone)
    }

    @Test("a transfer moves the money, updates the shown balances and clears the form")
    func transferSuccess() async throws {
        let bank = InMemoryBank(accounts: accounts)
        let store = makeStore(bank: bank)
        store.send(.loadAccounts) { $0.isLoading = true }
        try await store.receiveAccounts(accounts)
        store.send(.selectFrom(alice)) { $0.selectedFrom = alice }
        store.send(.selectTo(bob)) { $0.selectedTo = bob }
        store.send(.updateAmount(30)) { $0.amount = 30 }
        #expect(store.state.canSubmit)
        store.submit()
        let transaction = Transaction(id: TransactionID(1), from: alice.id, to: bob.id, amount: 30)
        try await store.receiveCompletion(transaction, balances: (70, 130))
        try await store.finish()
        #expect(try await bank.balance(of: alice.id) == 70)
        #expect(try await bank.balance(of: bob.id) == 130)
        #expect(await bank.invariantHolds)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var from: Int?
        var to: Int?
        var amount: Decimal
        var error: TransferError
        var testDescription: String { name }
    }

    @Test(
        "a refused transfer shows the matching error and leaves the bank untouched",
        arguments: [
            Refusal(name: "insufficient funds", from: 0, to: 1, amount: 150, error: .insufficientFunds),
            Refusal(name: "zero amount", from: 0, to: 1, amount: 0, error: .invalidAmount),
            Refusal(name: "negative amount", from: 0, to: 1, amount: -5, error: .invalidAmount),
            Refusal(name: "same account", from: 0, to: 0, amount: 10, error: .sameAccount),
            Refusal(name: "no payee", from: 0, to: nil, amount: 10, error: .invalidSelection),
            Refusal(name: "no payer", from: nil, to: 1, amount: 10, error: .invalidSelection),
        ]
    )
    func refusedTransfer(_ refusal: Refusal) async throws {
        let bank = InMemoryBank(accounts: accounts)
        let initialState = TransferState(
            accounts: accounts,
            selectedFrom: refusal.from.map { accounts[$0] },
            selectedTo: refusal.to.map { accounts[$0] },
            amount: refusal.amount
        )
        let store = makeStore(bank: bank, initialState: initialState)
        store.submit()
        try await store.receiveRefusal(refusal.error)
        try await store.finish()
        #expect(await bank.ledger.isEmpty)
        #expect(await bank.invariantHolds)
        #expect(try await bank.balance(of: alice.id) == 100)
    }

    @Test("a network failure during the transfer shows networkError and moves nothing")
    func transferNetworkFailure() async throws {
        let bank = InMemoryBank(accounts: accounts)
        await bank.failNextCalls(1)
        let store = makeStore(
            bank: bank,
            initialState: TransferState(accounts: accounts, selectedFrom: alice, selectedTo: bob, amount: 10)
        )
        store.submit()
        try await store.receiveRefusal(.networkError)
        try await store.finish()
        #expect(await bank.ledger.isEmpty)
        #expect(await bank.invariantHolds)
    }

    @Test("an error that is not a TransferError becomes unknown")
    func unknownError() async throws {
        let stranger = Account(id: AccountID(99), name: "Stranger", balance: 1_000)
        let bank = InMemoryBank(accounts: accounts)
        let store = makeStore(
            bank: bank,
            initialState: TransferState(
                accounts: accounts, selectedFrom: stranger, selectedTo: bob, amount: 10)
        )
        store.submit()
        try await store.receiveRefusal(.unknown)
        try await store.finish()
        #expect(await bank.invariantHolds)
    }

    @Test("a second submit while the first is in flight does nothing: money moves once")
    func doubleSubmitMovesMoneyOnce() async throws {
        let gate = ResponseGate()
        let bank = InMemoryBank(accounts: accounts, gate: gate)
        let store = makeStore(
            bank: bank,
            initialState: TransferState(accounts: accounts, selectedFrom: alice, selectedTo: bob, amount: 40)
        )
        store.submit()
        try await waitUntil { gate.waitingCount == 1 }
        store.send(.submitTransfer)
        #expect(store.store.inFlightEffectCount == 1)

        gate.releaseAll()
        let transaction = Transaction(id: TransactionID(1), from: alice.id, to: bob.id, amount: 40)
        try await store.receiveCompletion(transaction, balances: (60, 140))
        try await store.finish()
        #expect(await bank.ledger == [transaction])
        #expect(gate.ticketsIssued == 1)
        #expect(await bank.invariantHolds)
    }
}

extension TestStore where Base == TransferFeature {
    /// Sends `submitTransfer` and expects the form to show that it is submitting.
    func submit(sourceLocation: SourceLocation = #_sourceLocation) {
        send(
            .submitTransfer,
            assert: {
                $0.isLoading = true
                $0.isSubmitting = true
            },
            sourceLocation: sourceLocation
        )
    }

    /// Awaits `accountsLoaded(accounts)` and expects the accounts shown and loading over.
    func receiveAccounts(
        _ accounts: [Account], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await receive(
            .accountsLoaded(accounts),
            assert: {
                $0.accounts = accounts
                $0.isLoading = false
            },
            sourceLocation: sourceLocation
        )
    }

    /// Awaits `transferFailed(error)` and expects the submission over with `error` shown.
    func receiveRefusal(
        _ error: TransferError, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await receiveSubmissionEnd(.transferFailed(error), sourceLocation: sourceLocation) {
            $0.error = error
        }
    }

    /// Awaits `transferCompleted(transaction)` and expects the form cleared, the transaction kept and
    /// the first two accounts showing `balances`.
    func receiveCompletion(
        _ transaction: Transaction, balances: (Decimal, Decimal),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await receiveSubmissionEnd(.transferCompleted(transaction), sourceLocation: sourceLocation) {
            $0.lastTransaction = transaction
            $0.selectedFrom = nil
            $0.selectedTo = nil
            $0.amount = 0
            $0.accounts[0].balance = balances.0
            $0.accounts[1].balance = balances.1
        }
    }

    /// Awaits `feedback` and expects the submission over, with `update` applied as well.
    private func receiveSubmissionEnd(
        _ feedback: TransferFeature.Feedback, sourceLocation: SourceLocation,
        _ update: @escaping (inout TransferState) -> Void
    ) async throws {
        try await receive(
            feedback,
            assert: {
                $0.isLoading = false
                $0.isSubmitting = false
                update(&$0)
            },
            sourceLocation: sourceLocation
        )
    }
}
