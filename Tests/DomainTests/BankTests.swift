import Domain
import Foundation
import ScenarioSupport
import Testing

@Suite("In-memory bank and use cases")
struct BankTests {
    let alice = AccountID(1)
    let bob = AccountID(2)

    func makeBank(latency: Latency = .immediate, gate: ResponseGate? = nil) -> InMemoryBank {
        InMemoryBank(accounts: .sample(count: 3), latency: latency, gate: gate)
    }

    @Test("Accounts come back in the order the bank opened with")
    func accountsKeepTheirOrder() async throws {
        let accounts = try await GetAccountsUseCase(bank: makeBank()).execute()
        #expect(accounts.map(\.id) == [AccountID(1), AccountID(2), AccountID(3)])
        #expect(accounts.allSatisfy { $0.balance == 100 })
    }

    @Test("A transfer moves money atomically and numbers transactions 1, 2, 3")
    func transferMovesMoney() async throws {
        let bank = makeBank()
        let transfer = TransferMoneyUseCase(bank: bank)
        let first = try await transfer.execute(from: alice, to: bob, amount: 30)
        let second = try await transfer.execute(from: bob, to: alice, amount: Decimal(string: "0.5")!)
        #expect(first == Transaction(id: TransactionID(1), from: alice, to: bob, amount: 30))
        #expect(second.id == TransactionID(2))
        #expect(try await bank.balance(of: alice) == Decimal(string: "70.5")!)
        #expect(try await bank.balance(of: bob) == Decimal(string: "129.5")!)
        #expect(await bank.invariantHolds)
        #expect(await bank.ledger == [first, second])
    }

    @Test(
        "The use case checks amount, then sameness, then funds",
        arguments: [
            (Decimal(0), 1, 1, TransferError.invalidAmount),
            (Decimal(-5), 1, 2, .invalidAmount),
            (Decimal(-5), 1, 1, .invalidAmount),
            (Decimal(10), 1, 1, .sameAccount),
            (Decimal(1000), 1, 1, .sameAccount),
            (Decimal(101), 1, 2, .insufficientFunds),
            (Decimal(10), 1, 99, .unknown),
        ]
    )
    func validationOrder(amount: Decimal, from: Int, to: Int, expected: TransferError) async throws {
        let bank = makeBank()
        await #expect(throws: expected) {
            try await TransferMoneyUseCase(bank: bank).execute(
                from: AccountID(from), to: AccountID(to), amount: amount)
        }
        #expect(await bank.ledger.isEmpty)
        #expect(await bank.invariantHolds)
    }

    @Test("Spending the whole balance is allowed; one cent more is not")
    func exactBalance() async throws {
        let bank = makeBank()
        let transfer = TransferMoneyUseCase(bank: bank)
        _ = try await transfer.execute(from: alice, to: bob, amount: 100)
        await #expect(throws: TransferError.insufficientFunds) {
            try await transfer.execute(from: alice, to: bob, amount: Decimal(string: "0.01")!)
        }
        #expect(try await bank.balance(of: alice) == 0)
        #expect(await bank.invariantHolds)
    }

    @Test("Injected faults fail exactly the next k calls with networkError, touching nothing")
    func faultInjection() async throws {
        let bank = makeBank()
        await bank.failNextCalls(2)
        await #expect(throws: TransferError.networkError) {
            try await GetAccountsUseCase(bank: bank).execute()
        }
        await #expect(throws: TransferError.networkError) {
            try await TransferMoneyUseCase(bank: bank).execute(from: alice, to: bob, amount: 10)
        }
        #expect(await bank.ledger.isEmpty)
        #expect(try await bank.balance(of: alice) == 100)
        _ = try await TransferMoneyUseCase(bank: bank).execute(from: alice, to: bob, amount: 10)
        #expect(await bank.callCount == 3)
        #expect(await bank.invariantHolds)
    }

    @Test("Validation failures never reach the bank")
    func validationDoesNotCallTheBank() async throws {
        let bank = makeBank()
        await #expect(throws: TransferError.invalidAmount) {
            try await TransferMoneyUseCase(bank: bank).execute(from: alice, to: bob, amount: 0)
        }
        #expect(await bank.callCount == 0)
    }

    @Test("A gated transfer moves money only when released, and a cancelled one never")
    func gatedTransfers() async throws {
        let gate = ResponseGate()
        let bank = makeBank(gate: gate)
        let transfer = TransferMoneyUseCase(bank: bank)
        let held = Task { try await transfer.execute(from: alice, to: bob, amount: 10) }
        try await waitUntil { gate.waitingCount == 1 }
        #expect(try await bank.balance(of: alice) == 100)
        held.cancel()
        await #expect(throws: CancellationError.self) { try await held.value }
        let released = Task { try await transfer.execute(from: alice, to: bob, amount: 20) }
        gate.release(1)
        #expect(try await released.value.amount == 20)
        #expect(try await bank.balance(of: alice) == 80)
        #expect(await bank.invariantHolds)
    }

    @Test("Concurrent transfers keep the invariant: the total is constant and nothing goes negative")
    func concurrentTransfersKeepTheInvariant() async throws {
        let bank = InMemoryBank(accounts: .sample(count: 4), latency: .yields(2))
        let transfer = TransferMoneyUseCase(bank: bank)
        await withTaskGroup(of: Void.self) { group in
            for step in 0..<200 {
                group.addTask {
                    let from = AccountID(step % 4 + 1)
                    let to = AccountID((step * 7 + 1) % 4 + 1)
                    _ = try? await transfer.execute(from: from, to: to, amount: Decimal(step % 37 + 1))
                }
            }
        }
        #expect(await bank.invariantHolds)
        #expect(await bank.total == 400)
    }

    @Test("Two banks given the same script produce identical ledgers")
    func determinism() async throws {
        func run() async throws -> [Transaction] {
            let bank = makeBank()
            let transfer = TransferMoneyUseCase(bank: bank)
            for step in 1...20 {
                _ = try? await transfer.execute(
                    from: AccountID(step % 3 + 1), to: AccountID((step + 1) % 3 + 1), amount: Decimal(step))
            }
            return await bank.ledger
        }
        let first = try await run()
        #expect(first.count > 10)
        #expect(try await run() == first)
    }

    @Test("Applying a transaction to shown accounts mirrors the bank")
    func applyingATransaction() {
        var accounts = [Account].sample(count: 3)
        accounts.apply(Transaction(id: TransactionID(1), from: AccountID(3), to: AccountID(1), amount: 25))
        #expect(accounts.map(\.balance) == [125, 100, 75])
    }

    @Test("canSubmit needs two different accounts and a positive amount")
    func canSubmit() {
        let accounts = [Account].sample(count: 2)
        var state = TransferState(accounts: accounts)
        #expect(!state.canSubmit)
        state.selectedFrom = accounts[0]
        state.selectedTo = accounts[1]
        #expect(!state.canSubmit)
        state.amount = 1
        #expect(state.canSubmit)
        state.selectedTo = accounts[0]
        #expect(!state.canSubmit)
    }
}
