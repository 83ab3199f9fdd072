import Domain
import Foundation
import ObservableViewModel
import ScenarioSupport
import TestSupport
import Testing

/// The transfer view model, tested the MVVM way against the in-memory bank: call a method, await it,
/// read the properties and the bank.
@MainActor
@Suite("TransferViewModel")
struct TransferViewModelTests {
    let opening = Fixtures.accounts
    var a: Account { opening[0] }
    var b: Account { opening[1] }

    func makeViewModel(bank: InMemoryBank) -> TransferViewModel {
        TransferViewModel(dependencies: Fixtures.dependencies(bank: bank))
    }

    /// A view model whose accounts are loaded, with `from`, `to` and `amount` chosen.
    func prepared(
        bank: InMemoryBank,
        from: Account?,
        to: Account?,
        amount: Decimal
    ) async -> TransferViewModel {
        let viewModel = makeViewModel(bank: bank)
        await viewModel.loadAccounts()
        if let from { viewModel.selectFrom(from) }
        if let to { viewModel.selectTo(to) }
        viewModel.updateAmount(amount)
        return viewModel
    }

    @Test("Starts from the state it is given, e.g. 10 000 preloaded accounts")
    func startsFromInitialState() {
        let accounts = [Account].sample(count: 10_000)
        let viewModel = TransferViewModel(
            initialState: TransferState(accounts: accounts, selectedFrom: accounts[0], amount: 5),
            dependencies: Fixtures.dependencies()
        )
        #expect(viewModel.accounts.count == 10_000)
        #expect(viewModel.selectedFrom == accounts[0])
        #expect(viewModel.amount == 5)
        #expect(!viewModel.canSubmit)
    }

    @Test("canSubmit needs both accounts, different ones, and a positive amount")
    func canSubmitRules() {
        let viewModel = makeViewModel(bank: InMemoryBank(accounts: opening))
        #expect(!viewModel.canSubmit)
        viewModel.selectFrom(a)
        #expect(!viewModel.canSubmit)
        viewModel.selectTo(b)
        #expect(!viewModel.canSubmit)
        viewModel.updateAmount(10)
        #expect(viewModel.canSubmit)
        viewModel.selectTo(a)
        #expect(!viewModel.canSubmit)
        viewModel.selectTo(b)
        viewModel.updateAmount(-1)
        #expect(!viewModel.canSubmit)
    }

    @Test("loadAccounts shows loading, then the bank's accounts")
    func loadAccounts() async throws {
        let viewModel = makeViewModel(bank: InMemoryBank(accounts: opening, latency: .yields(2)))
        let load = Task.immediate { await viewModel.loadAccounts() }
        #expect(viewModel.isLoading)
        #expect(viewModel.inFlightEffectCount == 1)
        try await finishWithin("load finishes") { await load.value }
        #expect(viewModel.accounts == opening)
        #expect(!viewModel.isLoading)
        #expect(viewModel.error == nil)
        #expect(viewModel.inFlightEffectCount == 0)
    }

    @Test("Transferring 30 from A to B updates the shown balances and the bank alike")
    func successfulTransfer() async throws {
        let bank = InMemoryBank(accounts: opening)
        let viewModel = await prepared(bank: bank, from: a, to: b, amount: 30)
        let submit = Task.immediate { await viewModel.submitTransfer() }
        #expect(viewModel.isLoading && viewModel.isSubmitting)
        try await finishWithin("submit finishes") { await submit.value }

        let expected = Transaction(id: TransactionID(1), from: a.id, to: b.id, amount: 30)
        #expect(viewModel.lastTransaction == expected)
        #expect(viewModel.accounts.map(\.balance) == [70, 280, 0])
        #expect(viewModel.selectedFrom == nil && viewModel.selectedTo == nil && viewModel.amount == 0)
        #expect(!viewModel.isLoading && !viewModel.isSubmitting && viewModel.error == nil)
        #expect(viewModel.inFlightEffectCount == 0)
        #expect(try await bank.balance(of: a.id) == 70)
        #expect(try await bank.balance(of: b.id) == 280)
        #expect(await bank.ledger == [expected])
        #expect(await bank.invariantHolds)
    }

    @Test(
        "A rejected transfer shows the matching error and leaves the bank untouched",
        arguments: [
            (pick: [0, 1], amount: Decimal(string: "100.01")!, error: TransferError.insufficientFunds),
            (pick: [0, 1], amount: 0, error: .invalidAmount),
            (pick: [0, 1], amount: -5, error: .invalidAmount),
            (pick: [0, 0], amount: 10, error: .sameAccount),
            (pick: [-1, 1], amount: 10, error: .invalidSelection),
            (pick: [0, -1], amount: 10, error: .invalidSelection),
            (pick: [-1, -1], amount: 10, error: .invalidSelection),
        ]
    )
    func rejectedTransfer(pick: [Int], amount: Decimal, error: TransferError) async {
        let bank = InMemoryBank(accounts: opening)
        let from = pick[0] >= 0 ? opening[pick[0]] : nil
        let to = pick[1] >= 0 ? opening[pick[1]] : nil
        let viewModel = await prepared(bank: bank, from: from, to: to, amount: amount)
        await viewModel.submitTransfer()

        #expect(viewModel.error == error)
        #expect(!viewModel.isLoading && !viewModel.isSubmitting)
        #expect(viewModel.selectedFrom == from && viewModel.selectedTo == to && viewModel.amount == amount)
        #expect(viewModel.accounts == opening)
        #expect(viewModel.lastTransaction == nil)
        #expect(await bank.ledger.isEmpty)
        #expect(await bank.invariantHolds)
    }

    @Test("An account the bank does not know fails as unknown")
    func unknownAccount() async {
        let bank = InMemoryBank(accounts: opening)
        let stranger = Account(id: AccountID(99), name: "Stranger", balance: 1_000)
        let viewModel = await prepared(bank: bank, from: stranger, to: b, amount: 10)
        await viewModel.submitTransfer()
        #expect(viewModel.error == .unknown)
        #expect(await bank.ledger.isEmpty)
    }

    @Test("A network failure while loading shows networkError; the next load clears it")
    func networkFailureOnLoad() async {
        let bank = InMemoryBank(accounts: opening)
        await bank.failNextCalls(1)
        let viewModel = makeViewModel(bank: bank)
        await viewModel.loadAccounts()
        #expect(viewModel.error == .networkError)
        #expect(viewModel.accounts.isEmpty && !viewModel.isLoading)
        await viewModel.loadAccounts()
        #expect(viewModel.error == nil)
        #expect(viewModel.accounts == opening)
    }

    @Test("A network failure while submitting shows networkError; a retry moves the money once")
    func networkFailureOnSubmit() async {
        let bank = InMemoryBank(accounts: opening)
        let viewModel = await prepared(bank: bank, from: a, to: b, amount: 10)
        await bank.failNextCalls(1)
        await viewModel.submitTransfer()
        #expect(viewModel.error == .networkError)
        #expect(!viewModel.isSubmitting)
        #expect(await bank.ledger.isEmpty)

        await viewModel.submitTransfer()
        #expect(viewModel.error == nil)
        #expect(viewModel.lastTransaction?.amount == 10)
        #expect(await bank.ledger.count == 1)
    }

    @Test("A second submit while the first is in flight does nothing: money moves once")
    func doubleSubmitMovesMoneyOnce() async throws {
        let gate = ResponseGate()
        gate.release(0)  // ticket 0 is the accounts load
        let bank = InMemoryBank(accounts: opening, gate: gate)
        let viewModel = await prepared(bank: bank, from: a, to: b, amount: 40)

        let first = Task.immediate { await viewModel.submitTransfer() }
        try await waitUntil("the transfer waits at the gate") { gate.waitingCount == 1 }
        #expect(viewModel.isSubmitting)
        gate.release(2)  // would let a wrongly sent second transfer through, so it shows in the ledger
        await viewModel.submitTransfer()
        #expect(gate.ticketsIssued == 2, "a second submit reached the bank")
        #expect(viewModel.isSubmitting && viewModel.inFlightEffectCount == 1)

        gate.release(1)
        try await finishWithin("first finishes") { await first.value }
        #expect(await bank.ledger.count == 1)
        #expect(viewModel.lastTransaction?.id == TransactionID(1))
        #expect(viewModel.accounts.map(\.balance) == [60, 290, 0])
        #expect(!viewModel.isLoading && !viewModel.isSubmitting)
        #expect(viewModel.inFlightEffectCount == 0)
    }

    @Test(
        "Two account loads in flight, answered newest first: the older answer is dropped",
        arguments: [true, false]
    )
    func newestLoadAccountsWins(gateHonoursCancellation: Bool) async throws {
        let gate = ResponseGate(honorsCancellation: gateHonoursCancellation)
        let bank = InMemoryBank(accounts: opening, gate: gate)
        await bank.failNextCalls(1)  // the older load would show networkError
        let viewModel = makeViewModel(bank: bank)

        let first = Task.immediate { await viewModel.loadAccounts() }
        try await waitUntil("the first load waits at the gate") { gate.waitingCount == 1 }
        let second = Task.immediate { await viewModel.loadAccounts() }
        try await waitUntil("the second load reaches the gate") { gate.ticketsIssued == 2 }

        gate.release(1)
        try await finishWithin("second finishes") { await second.value }
        #expect(viewModel.accounts == opening)
        #expect(!viewModel.isLoading)

        gate.release(0)
        try await finishWithin("first finishes") { await first.value }
        #expect(viewModel.error == nil, "the superseded load's failure was applied")
        #expect(viewModel.accounts == opening)
        #expect(viewModel.inFlightEffectCount == 0)
    }

    @Test("Selecting, editing and resetError clear the error")
    func editsClearTheError() async {
        let bank = InMemoryBank(accounts: opening)
        let viewModel = await prepared(bank: bank, from: nil, to: nil, amount: 0)
        let edits: [(TransferViewModel) -> Void] = [
            { $0.selectFrom(a) }, { $0.selectTo(b) }, { $0.updateAmount(5) }, { $0.resetError() },
        ]
        for edit in edits {
            viewModel.updateAmount(0)
            await viewModel.submitTransfer()
            #expect(viewModel.error != nil)
            edit(viewModel)
            #expect(viewModel.error == nil)
        }
    }
}
