import Domain
import Foundation
import ScenarioSupport
import Synchronization
import Testing

/// Scenario 9: random scripts in which effects overlap. Quote fetches and bank calls wait at gates
/// and are answered in a random order chosen by the script, so a newer `loadQuote` or `loadAccounts`
/// starts while the older one is still in flight, submits arrive while a transfer is parked, and
/// stale answers arrive after newer ones. After every step each subject (every architecture, alone
/// and in both app layouts) must show exactly what the ``ConformanceOracle`` says.
@MainActor
struct OverlappingScriptScenarios {
    nonisolated static let seeds: [UInt64] = Array(1...100)
    nonisolated static let steps = 60
    nonisolated static let counters = 2
    nonisolated static let title =
        "9. random scripts with effects in flight together match the conformance oracle"
    nonisolated static let coverageTitle =
        "The overlapping scripts reach every situation only overlapping effects create, under both gate policies"
    /// The subjects that failed a script so far. A failed subject stops running: its first failure,
    /// with seed, step and both snapshots, is the finding, and a broken architecture then costs one
    /// deadline instead of one per seed.
    nonisolated static let failedSubjects = Mutex<Set<Subject>>([])

    func overlappingScript(seed: UInt64, subjects: [Subject]) async throws {
        let script = OverlappingScript(seed: seed, steps: Self.steps, counters: Self.counters)
        // Side by side, so that a broken store costs one deadline per script, not one per subject.
        // Each run is a task of its own, which inherits the test's deadline and its issue reporting.
        let runs = subjects.filter { subject in !Self.failedSubjects.withLock { $0.contains(subject) } }
            .map { subject in
                Task { @MainActor in (subject, await OverlappingScriptScenarios().run(script, on: subject)) }
            }
        for run in runs {
            let (subject, passed) = await run.value
            if !passed { Self.failedSubjects.withLock { _ = $0.insert(subject) } }
        }
    }

    func scriptsOverlap(gatesHonourCancellation: Bool) {
        let covered = Self.seeds.map {
            OverlappingScript(seed: $0, steps: Self.steps, counters: Self.counters)
        }
        .filter { $0.gatesHonourCancellation == gatesHonourCancellation }
        .map(\.coverage)
        #expect(covered.map(\.supersededFetches).reduce(0, +) >= 20)
        #expect(covered.map(\.supersededLoads).reduce(0, +) >= 20)
        #expect(covered.map(\.ignoredSubmits).reduce(0, +) >= 20)
        #expect(covered.map(\.staleAnswers).reduce(0, +) >= 20)
    }

    /// Runs `script` on one subject, checking every step against the model; stops at the first mismatch
    /// and returns whether there was none.
    func run(_ script: OverlappingScript, on subject: Subject) async -> Bool {
        let quoteGate = ResponseGate(honorsCancellation: script.gatesHonourCancellation)
        let bankGate = ResponseGate(honorsCancellation: script.gatesHonourCancellation)
        let bank = InMemoryBank(accounts: script.accounts, gate: bankGate)
        let host = subject.makeHost(
            counters: script.counters,
            Dependencies(quoteClient: .gated(quoteGate, results: script.quoteResults), bank: bank))
        for (index, step) in script.steps.enumerated() {
            switch step.action {
            case .intent(let intent): host.send(intent)
            case .bankFault: await bank.failNextCalls(1)
            case .releaseQuote(let ticket): quoteGate.release(ticket)
            case .releaseBank(let ticket): bankGate.release(ticket)
            }
            var expected = step.expected
            if subject.mode == .feature { expected.selectedTab = .counter }
            // A right snapshot shows at once; the deadline only bounds how long a wrong one is waited
            // for (``ConformanceCase/run(timeLimit:)``). The issue it records says what differs.
            do {
                try await waitUntil(
                    "\(subject.testDescription) shows the model's snapshot",
                    otherwise: mismatch(script, subject, index, expected, host.snapshot, quoteGate, bankGate)
                ) {
                    quoteGate.ticketsIssued == step.quoteTickets && bankGate.ticketsIssued == step.bankTickets
                        && host.snapshot == expected
                }
            } catch {
                return false
            }
        }
        guard
            (try? await finishWithin("\(subject.testDescription) settles", otherwise: settleCause) {
                await host.settle()
            }) != nil
        else { return false }
        return await expectBankMatches(bank, script.expectedLedger, subject, seed: script.seed)
    }

    func mismatch(
        _ script: OverlappingScript, _ subject: Subject, _ index: Int, _ expected: AppSnapshot,
        _ actual: AppSnapshot,
        _ quoteGate: ResponseGate, _ bankGate: ResponseGate
    ) -> String {
        let step = script.steps[index]
        return """
            seed \(script.seed), \(subject.testDescription), step \(index) (\(step.action)), \
            gates honour cancellation: \(script.gatesHonourCancellation): \
            \(firstDifference(expected, actual) ?? "the snapshot is the model's")
            quote tickets expected \(step.quoteTickets), issued \(quoteGate.ticketsIssued); \
            bank tickets expected \(step.bankTickets), issued \(bankGate.ticketsIssued)
            """
    }
}

/// Checks that the bank executed exactly the model's transactions and kept its invariant.
@discardableResult
func expectBankMatches(_ bank: InMemoryBank, _ expected: [Transaction], _ subject: Subject, seed: UInt64)
    async
    -> Bool
{
    let ledger = await bank.ledger
    let invariantHolds = await bank.invariantHolds
    #expect(
        ledger == expected, "seed \(seed), \(subject.testDescription): the bank's ledger is not the model's")
    #expect(invariantHolds, "seed \(seed), \(subject.testDescription): bank invariant broken")
    return ledger == expected && invariantHolds
}

/// A random script whose effects overlap, generated together with the model's expected snapshots.
///
/// The generator consults the model, so it releases only tickets that are in flight and never
/// overlaps an accounts load with a transfer (features.md leaves that combination open: a reload
/// that already includes an in-flight transfer would show it twice). It ends by releasing every
/// ticket still in flight, one at a time, so the last snapshot is the settled one.
struct OverlappingScript: Sendable {
    enum Action: Sendable, CustomStringConvertible {
        case intent(AppIntent)
        case bankFault
        case releaseQuote(Int)
        case releaseBank(Int)

        var description: String {
            switch self {
            case .intent(let intent): "\(intent)"
            case .bankFault: "bank fault"
            case .releaseQuote(let ticket): "release quote ticket \(ticket)"
            case .releaseBank(let ticket): "release bank ticket \(ticket)"
            }
        }
    }

    /// One step and what the model says about the world after it.
    struct Step: Sendable {
        var action: Action
        var expected: AppSnapshot
        var quoteTickets: Int
        var bankTickets: Int
    }

    let seed: UInt64
    let counters: Int
    let accounts: [Account]
    let quoteResults: [Result<Quote, QuoteError>]
    let gatesHonourCancellation: Bool
    private(set) var steps: [Step] = []
    private(set) var expectedLedger: [Transaction] = []
    private(set) var coverage = ConformanceOracle.Coverage()

    init(seed: UInt64, steps count: Int, counters: Int) {
        var random = SeededRandom(seed: seed)
        self.seed = seed
        self.counters = counters
        gatesHonourCancellation = seed % 2 == 0
        accounts = (1...3).map {
            Account(id: AccountID($0), name: "Account \($0)", balance: Decimal(random.next(upTo: 150)))
        }
        quoteResults = (0..<count).map { index in
            random.next(upTo: 4) == 0
                ? .failure(QuoteError(message: "Failure \(index)"))
                : .success(Quote(content: "Quote \(index)", author: "Author \(index % 7)"))
        }
        var model = ConformanceOracle(accounts: accounts, counters: counters, quoteResults: quoteResults)
        for _ in 0..<count {
            steps.append(Self.perform(Self.nextAction(&random, model: model, counters: counters), on: &model))
        }
        for ticket in model.pendingQuotes.keys.sorted() {
            steps.append(Self.perform(.releaseQuote(ticket), on: &model))
        }
        for ticket in model.pendingBank.keys.sorted() {
            steps.append(Self.perform(.releaseBank(ticket), on: &model))
        }
        expectedLedger = model.ledger
        coverage = model.coverage
    }

    private static func perform(_ action: Action, on model: inout ConformanceOracle) -> Step {
        switch action {
        case .intent(let intent): model.send(intent)
        case .bankFault: model.armBankFault()
        case .releaseQuote(let ticket): model.releaseQuote(ticket)
        case .releaseBank(let ticket): model.releaseBank(ticket)
        }
        return Step(
            action: action, expected: model.snapshot, quoteTickets: model.quoteTickets,
            bankTickets: model.bankTickets)
    }

    /// A random next action that the model allows: releases pick a ticket in flight; a load never
    /// starts while a transfer is in flight, nor a submit while a load is.
    private static func nextAction(_ random: inout SeededRandom, model: ConformanceOracle, counters: Int)
        -> Action
    {
        let roll = random.next(upTo: 100)
        let quotes = model.pendingQuotes.keys.sorted()
        let bankCalls = model.pendingBank.keys.sorted()
        switch roll {
        case 0..<70:
            if let intent = randomIntent(&random, model: model, counters: counters) { return .intent(intent) }
        case 70..<72: return .bankFault
        case 72..<86 where !quotes.isEmpty: return .releaseQuote(quotes[random.next(upTo: quotes.count)])
        case 86..<100 where !bankCalls.isEmpty:
            return .releaseBank(bankCalls[random.next(upTo: bankCalls.count)])
        default: break
        }
        return .intent(.counter(index: random.next(upTo: counters), .increment))
    }

    private static func randomIntent(_ random: inout SeededRandom, model: ConformanceOracle, counters: Int)
        -> AppIntent?
    {
        switch random.next(upTo: 100) {
        case 0..<30:
            let intent = [CounterIntent.increment, .decrement, .loadQuote, .loadQuote][random.next(upTo: 4)]
            return .counter(index: random.next(upTo: counters), intent)
        case 30..<35: return .selectTab(random.next(upTo: 2) == 0 ? .counter : .transfer)
        case 35..<47: return model.isSubmitting ? nil : .transfer(.loadAccounts)
        case 47..<57: return .transfer(.selectFrom(pick(random.next(upTo: 4), in: model)))
        case 57..<67: return .transfer(.selectTo(pick(random.next(upTo: 4), in: model)))
        case 67..<77: return .transfer(.updateAmount(Decimal(random.next(upTo: 12_000) - 1_000) / 100))
        case 77..<95: return model.isLoadingAccounts ? nil : .transfer(.submitTransfer)
        default: return .transfer(.resetError)
        }
    }

    /// The shown account at `index`, or one the bank does not know when none is shown there.
    private static func pick(_ index: Int, in model: ConformanceOracle) -> Account {
        let shown = model.snapshot.transfer.accounts
        return index < shown.count
            ? shown[index] : Account(id: AccountID(900 + index), name: "Unknown", balance: 0)
    }
}
