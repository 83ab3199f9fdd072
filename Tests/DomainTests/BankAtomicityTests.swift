import Domain
import Foundation
import ScenarioSupport
import Testing

/// Proves ``InMemoryBank`` atomic under load: transfers race around cycles of accounts
/// (1→2→3→1 and longer), with latency, a gate and injected faults, and afterwards the bank's books
/// must balance exactly.
///
/// A cycle is the shape that exposes a lost update: when every account both pays and is paid
/// concurrently, a transfer that read its balances before the simulated network wait and wrote
/// them after overwrites a neighbour's update, and the total drifts.
@Suite("In-memory bank: atomic under concurrent transfers")
struct BankAtomicityTests {
    /// Three cycles of different lengths over twelve accounts of 100 each.
    static let cycles: [[Int]] = [[1, 2, 3], [4, 5, 6, 7, 8], [9, 10, 11, 12]]
    static let opening = [Account].sample(count: 12)

    @Test(
        "100 000 transfers racing around cycles, with latency and faults, keep the books exact",
        arguments: [Latency.yields(1), .yields(3)]
    )
    func racingCycles(latency: Latency) async throws {
        let bank = InMemoryBank(accounts: Self.opening, latency: latency)
        let edges = Self.cycles.flatMap(Edge.around)
        let perEdge = 100_000 / edges.count
        let outcomes = await withTaskGroup(of: [Outcome].self) { group in
            for (index, edge) in edges.enumerated() {
                group.addTask { await edge.run(perEdge, on: bank, seed: UInt64(index + 1)) }
            }
            group.addTask { await injectFaults(into: bank, count: 200) }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(outcomes.count == perEdge * edges.count)
        #expect(outcomes.contains { $0.failure == .networkError }, "no injected fault was hit")
        #expect(outcomes.contains { $0.failure == .insufficientFunds }, "no transfer was refused")
        try await expectBooksBalance(bank, outcomes: outcomes)
    }

    @Test("Transfers parked at a gate around a cycle, released in random order, some cancelled")
    func gatedCycle() async throws {
        let gate = ResponseGate()
        let bank = InMemoryBank(accounts: Self.opening, gate: gate)
        let edges = Self.cycles.flatMap(Edge.around)
        var tasks: [Task<Outcome, Never>] = []
        for round in 0..<20 {
            for edge in edges {
                let amount = Decimal(round % 7 * 10 + 5)
                tasks.append(Task { await edge.attempt(amount, on: bank) })
            }
        }
        let parked = tasks.count
        try await waitUntil { gate.waitingCount == parked }
        var random = SeededRandom(seed: 7)
        for (index, task) in tasks.enumerated() where index % 5 == 0 {
            task.cancel()
        }
        for ticket in (0..<tasks.count).shuffled(using: &random) {
            gate.release(ticket)
        }
        var outcomes: [Outcome] = []
        for task in tasks {
            outcomes.append(await task.value)
        }
        #expect(outcomes.filter { $0.failure == .cancelled }.count == tasks.count / 5)
        #expect(outcomes.contains { $0.failure == .insufficientFunds })
        try await expectBooksBalance(bank, outcomes: outcomes)
    }

    /// Checks what the bank's books must show after any mix of concurrent calls.
    ///
    /// The total is conserved and no balance is negative; the ledger, numbered 1, 2, 3, …, holds
    /// exactly the transfers that succeeded; replaying it from the opening balances never overdraws an
    /// account and ends at the bank's current balances, so a failed call changed nothing.
    func expectBooksBalance(_ bank: InMemoryBank, outcomes: [Outcome]) async throws {
        let ledger = await bank.ledger
        let total = await bank.total
        #expect(await bank.invariantHolds, "total \(total), opened with \(bank.openingTotal)")
        #expect(
            ledger.map(\.id.rawValue) == (0..<ledger.count).map { $0 + 1 }, "ledger ids are not 1, 2, 3, …")
        let succeeded = outcomes.compactMap(\.transaction)
        #expect(Set(succeeded) == Set(ledger), "the ledger is not exactly the successful transfers")
        #expect(succeeded.count == ledger.count, "a transaction was reported twice")
        var replayed = Dictionary(uniqueKeysWithValues: Self.opening.map { ($0.id, $0.balance) })
        var firstOverdraft: Transaction?
        for transaction in ledger {
            replayed[transaction.from, default: 0] -= transaction.amount
            replayed[transaction.to, default: 0] += transaction.amount
            if firstOverdraft == nil && replayed[transaction.from, default: 0] < 0 {
                firstOverdraft = transaction
            }
        }
        #expect(
            firstOverdraft == nil, "replaying the ledger overdraws at \(String(describing: firstOverdraft))")
        for account in Self.opening {
            let balance = try await bank.balance(of: account.id)
            #expect(balance == replayed[account.id], "\(account.id): bank \(balance), ledger replay")
            #expect(balance >= 0)
        }
    }
}

/// How one call to the bank ended.
struct Outcome: Sendable {
    enum Failure: Equatable, Sendable {
        case insufficientFunds, networkError, cancelled, other
    }

    var transaction: Transaction?
    var failure: Failure?
}

/// One edge of a cycle: a payer that keeps paying the next account.
struct Edge: Sendable {
    var from: AccountID
    var to: AccountID

    /// The edges 1→2, 2→3, …, n→1 of a cycle.
    static func around(_ cycle: [Int]) -> [Edge] {
        cycle.indices.map { Edge(from: AccountID(cycle[$0]), to: AccountID(cycle[($0 + 1) % cycle.count])) }
    }

    /// Makes `count` transfers of 1…60, one after another, and reports each outcome.
    func run(_ count: Int, on bank: InMemoryBank, seed: UInt64) async -> [Outcome] {
        var random = SeededRandom(seed: seed)
        var outcomes: [Outcome] = []
        outcomes.reserveCapacity(count)
        for _ in 0..<count {
            outcomes.append(await attempt(Decimal(Int.random(in: 1...60, using: &random)), on: bank))
        }
        return outcomes
    }

    /// Transfers `amount` along this edge and reports the outcome.
    func attempt(_ amount: Decimal, on bank: InMemoryBank) async -> Outcome {
        do {
            return Outcome(transaction: try await bank.transfer(from: from, to: to, amount: amount))
        } catch TransferError.insufficientFunds {
            return Outcome(failure: .insufficientFunds)
        } catch TransferError.networkError {
            return Outcome(failure: .networkError)
        } catch is CancellationError {
            return Outcome(failure: .cancelled)
        } catch {
            Issue.record("unexpected error \(error)")
            return Outcome(failure: .other)
        }
    }
}

/// Makes the next call fail, `count` times, with a few yields between, while transfers run.
func injectFaults(into bank: InMemoryBank, count: Int) async -> [Outcome] {
    for _ in 0..<count {
        await bank.failNextCalls(1)
        for _ in 0..<20 {
            await Task.yield()
        }
    }
    return []
}
