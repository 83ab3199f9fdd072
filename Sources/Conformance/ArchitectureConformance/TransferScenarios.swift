import Domain
import Foundation
import ScenarioSupport
import Testing

/// Scenarios 4–7 of features.md, over every architecture standalone and in both app layouts.
@MainActor
struct TransferScenarios {
    static let opening: [Account] = [
        Account(id: AccountID(1), name: "A", balance: 100),
        Account(id: AccountID(2), name: "B", balance: 250),
        Account(id: AccountID(3), name: "C", balance: 0),
    ]
    var a: Account { Self.opening[0] }
    var b: Account { Self.opening[1] }

    func makeTransfer(_ subject: Subject, gate: ResponseGate? = nil) -> TransferUnderTest {
        TransferUnderTest(subject, bank: InMemoryBank(accounts: Self.opening, gate: gate))
    }

    func successfulTransfer(subject: Subject) async throws {
        let transfer = makeTransfer(subject)
        transfer.send(.loadAccounts)
        expectState(transfer.state, TransferState(isLoading: true))
        try await transfer.settle()
        expectState(transfer.state, TransferState(accounts: Self.opening))

        transfer.send(.selectFrom(a))
        transfer.send(.selectTo(b))
        transfer.send(.updateAmount(30))
        #expect(transfer.state.canSubmit)
        transfer.send(.submitTransfer)
        #expect(transfer.state.isLoading && transfer.state.isSubmitting)
        try await transfer.settle()

        let expectedTransaction = Transaction(id: TransactionID(1), from: a.id, to: b.id, amount: 30)
        var expectedAccounts = Self.opening
        expectedAccounts[0].balance = 70
        expectedAccounts[1].balance = 280
        expectState(
            transfer.state, TransferState(accounts: expectedAccounts, lastTransaction: expectedTransaction))
        #expect(try await transfer.bank.balance(of: a.id) == 70)
        #expect(try await transfer.bank.balance(of: b.id) == 280)
        #expect(await transfer.bank.ledger == [expectedTransaction])
        await transfer.expectBankIsConsistent(untouched: false)
    }

    func rejectedTransfer(subject: Subject, rejection: Rejection) async throws {
        let transfer = makeTransfer(subject)
        let accounts = try await transfer.loadAccounts()
        let (from, to, amount) = rejection.selection(in: accounts)
        if let from { transfer.send(.selectFrom(from)) }
        if let to { transfer.send(.selectTo(to)) }
        transfer.send(.updateAmount(amount))
        transfer.send(.submitTransfer)
        try await transfer.settle()
        expectState(
            transfer.state,
            TransferState(
                accounts: Self.opening,
                selectedFrom: from,
                selectedTo: to,
                amount: amount,
                error: rejection.expectedError
            ),
            "a rejected transfer shows its error and leaves the balances shown as they were"
        )
        await transfer.expectBankIsConsistent(untouched: true)

        transfer.send(.resetError)
        #expect(transfer.state.error == nil)
    }

    func networkFailureOnLoad(subject: Subject) async throws {
        let transfer = makeTransfer(subject)
        await transfer.bank.failNextCalls(1)
        transfer.send(.loadAccounts)
        try await transfer.settle()
        expectState(transfer.state, TransferState(error: .networkError))
        #expect(try await transfer.loadAccounts() == Self.opening)
        #expect(transfer.state.error == nil)
        await transfer.expectBankIsConsistent(untouched: true)
    }

    func networkFailureOnSubmit(subject: Subject) async throws {
        let transfer = makeTransfer(subject)
        _ = try await transfer.loadAccounts()
        transfer.send(.selectFrom(a))
        transfer.send(.selectTo(b))
        transfer.send(.updateAmount(10))
        await transfer.bank.failNextCalls(1)
        transfer.send(.submitTransfer)
        try await transfer.settle()
        expectState(
            transfer.state,
            TransferState(
                accounts: Self.opening, selectedFrom: a, selectedTo: b, amount: 10, error: .networkError)
        )
        await transfer.expectBankIsConsistent(untouched: true)

        transfer.send(.submitTransfer)
        try await transfer.settle()
        #expect(transfer.state.lastTransaction?.amount == 10)
        #expect(transfer.state.error == nil)
        #expect(await transfer.bank.ledger.count == 1)
        await transfer.expectBankIsConsistent(untouched: false)
    }

    func doubleSubmit(subject: Subject) async throws {
        let gate = ResponseGate()
        gate.release(0)  // ticket 0 is the accounts load
        let transfer = makeTransfer(subject, gate: gate)
        let c = try await transfer.loadAccounts()[2]
        transfer.send(.selectFrom(a))
        transfer.send(.selectTo(b))
        transfer.send(.updateAmount(40))
        transfer.send(.submitTransfer)
        try await waitUntil(
            "the first transfer waits at the gate",
            otherwise: "submitTransfer did not call the bank, or did not wait for its answer"
        ) { gate.waitingCount == 1 }
        transfer.send(.selectTo(c))
        transfer.send(.updateAmount(70))
        let edited = transfer.state
        transfer.send(.submitTransfer)
        expectState(transfer.state, edited, "a second submit changed the state")

        gate.releaseAll()
        try await transfer.settle()
        let first = Transaction(id: TransactionID(1), from: a.id, to: b.id, amount: 40)
        #expect(await transfer.bank.ledger == [first], "the second submit ran or replaced the first")
        #expect(await transfer.bank.callCount == 2, "the second submit reached the bank")
        #expect(gate.ticketsIssued == 2)
        expectState(
            transfer.state,
            TransferState(
                accounts: [
                    Account(id: a.id, name: "A", balance: 60), Account(id: b.id, name: "B", balance: 290),
                    c,
                ],
                lastTransaction: first))
        await transfer.expectBankIsConsistent(untouched: false)
    }

    func newestLoadAccountsWins(subject: Subject, gateHonoursCancellation: Bool) async throws {
        let gate = ResponseGate(honorsCancellation: gateHonoursCancellation)
        let transfer = makeTransfer(subject, gate: gate)
        transfer.send(.loadAccounts)
        try await waitUntil(
            "the first load waits at the gate",
            otherwise: gate.cause(issued: 1, waiting: 1, request: "accounts load", intent: "loadAccounts")
        ) { gate.waitingCount == 1 }
        transfer.send(.loadAccounts)
        let waiting = gateHonoursCancellation ? 1 : 2
        try await waitUntil(
            "the second load waits at the gate, the first cancelled if the gate allows",
            otherwise: gate.cause(
                issued: 2, waiting: waiting, request: "accounts load", intent: "loadAccounts")
        ) { gate.ticketsIssued == 2 && gate.waitingCount == waiting }
        expectState(transfer.state, TransferState(isLoading: true))

        gate.release(1)
        try await waitUntil(
            "the newest accounts are shown",
            otherwise: "the newest accounts were answered but not shown while an older load still waited"
        ) {
            transfer.state == TransferState(accounts: Self.opening)
        }
        gate.release(2)  // a transfer made elsewhere, so a stale answer would show different balances
        _ = try await TransferMoneyUseCase(bank: transfer.bank).execute(from: b.id, to: a.id, amount: 50)
        gate.release(0)
        try await transfer.settle()
        expectState(transfer.state, TransferState(accounts: Self.opening), "a stale load was applied")
        #expect(gate.waitingCount == 0)
    }

    func settleAwaitsTheBank(subject: Subject) async throws {
        let bank = InMemoryBank(accounts: Self.opening, latency: .sleep(.milliseconds(20)))
        let transfer = TransferUnderTest(subject, bank: bank)
        #expect(
            try await transfer.loadAccounts() == Self.opening, "settle() returned before the accounts came")
        transfer.send(.selectFrom(a))
        transfer.send(.selectTo(b))
        transfer.send(.updateAmount(30))
        transfer.send(.submitTransfer)
        try await transfer.settle()
        #expect(
            transfer.state.lastTransaction?.amount == 30, "settle() returned before the transfer was done")
        #expect(!transfer.state.isSubmitting)
    }

    func editingClearsError(subject: Subject) async throws {
        let transfer = makeTransfer(subject)
        _ = try await transfer.loadAccounts()
        for edit in [TransferIntent.selectFrom(a), .selectTo(b), .updateAmount(5)] {
            transfer.send(.submitTransfer)
            try await transfer.settle()
            if transfer.state.error == nil {
                transfer.send(.updateAmount(0))
                transfer.send(.submitTransfer)
                try await transfer.settle()
            }
            #expect(transfer.state.error != nil)
            transfer.send(edit)
            #expect(transfer.state.error == nil, "\(edit) did not clear the error")
        }
    }
}

/// The ways scenario 5 makes a transfer fail before money moves.
enum Rejection: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case insufficientFunds, zeroAmount, negativeAmount, sameAccount, missingFrom, missingTo, missingBoth

    var testDescription: String { rawValue }

    var expectedError: TransferError {
        switch self {
        case .insufficientFunds: .insufficientFunds
        case .zeroAmount, .negativeAmount: .invalidAmount
        case .sameAccount: .sameAccount
        case .missingFrom, .missingTo, .missingBoth: .invalidSelection
        }
    }

    func selection(in accounts: [Account]) -> (from: Account?, to: Account?, amount: Decimal) {
        let (a, b) = (accounts[0], accounts[1])
        switch self {
        case .insufficientFunds: return (a, b, Decimal(string: "100.01")!)
        case .zeroAmount: return (a, b, 0)
        case .negativeAmount: return (a, b, -5)
        case .sameAccount: return (a, a, 10)
        case .missingFrom: return (nil, b, 10)
        case .missingTo: return (a, nil, 10)
        case .missingBoth: return (nil, nil, 10)
        }
    }
}
