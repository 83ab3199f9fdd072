import Domain
import Foundation
import ScenarioSupport
import Testing

/// Scenario 8: long random scripts over every intent, from fixed seeds, in both app layouts of every
/// architecture, settling after every step. After every step each subject must show exactly the
/// snapshot the ``ConformanceOracle`` gives for the same step, so a bug all architectures share fails too.
@MainActor
struct RandomScriptScenarios {
    nonisolated static let seeds: [UInt64] = Array(1...20)
    nonisolated static let steps = 1000
    nonisolated static let counters = 3
    nonisolated static let title =
        "8. a 1000-step random script gives the conformance oracle's snapshots everywhere"

    func randomScript(seed: UInt64, subjects: [Subject]) async throws {
        let script = Script(seed: seed, steps: Self.steps, counters: Self.counters)
        let (expected, ledger) = script.expectedTrace()
        for subject in subjects {
            let trace = try await finishWithin(
                "\(subject.testDescription) runs the script", timeout: TestDeadline.script
            ) {
                await run(script, on: subject, expectedLedger: ledger)
            }
            #expect(trace.count == expected.count)
            if let step = Array(zip(expected, trace)).firstIndex(where: { $0 != $1 }) {
                Issue.record(
                    """
                    seed \(seed), \(subject.testDescription) differs from the conformance oracle \
                    after step \(step) (\(script.steps[step])): \
                    \(firstDifference(expected[step], trace[step]) ?? "")
                    """
                )
            }
            #expect(trace.last?.transfer.lastTransaction == ledger.last)
        }
    }

    /// Runs `script` on one subject, settling after every step, and checks the bank on the way out.
    ///
    /// The caller bounds the whole run with one deadline: a deadline per step costs more than the step.
    func run(_ script: Script, on subject: Subject, expectedLedger: [Transaction]) async -> [AppSnapshot] {
        let bank = InMemoryBank(accounts: script.accounts)
        let dependencies = Dependencies(quoteClient: .scripted(script.quoteResults), bank: bank)
        let host = subject.makeHost(counters: script.counters, dependencies)
        var trace: [AppSnapshot] = []
        var before = host.snapshot
        for (index, step) in script.steps.enumerated() {
            switch step {
            case .intent(let intent):
                host.send(intent.resolved(in: before))
            case .bankFault:
                await bank.failNextCalls(1)
            }
            await host.settle()
            let after = host.snapshot
            trace.append(after)
            if let app = host as? AppHost, !app.wakes.isEmpty {
                expectScopedWakes(app, step, from: before, to: after, subject, at: index)
            }
            // Nothing runs between one step's settled snapshot and the next step's intent.
            before = after
        }
        await expectBankMatches(bank, expectedLedger, subject, seed: script.seed)
        return trace
    }
}

/// In the scoped layout, a counter's observer wakes only for a step that drove that counter, and
/// does wake when the step changed it.
@MainActor
func expectScopedWakes(
    _ app: AppHost, _ step: Script.Step, from before: AppSnapshot, to after: AppSnapshot, _ subject: Subject,
    at index: Int
) {
    for counter in app.wakes.indices {
        var driven = false
        if case .intent(.counter(let target, _)) = step { driven = target == counter }
        let changed = before.counters[counter] != after.counters[counter]
        if app.wakes[counter] > 0 && !driven || changed && app.wakes[counter] == 0 {
            Issue.record(
                "\(subject.testDescription), step \(index) (\(step)): counter \(counter)'s observer woke \(app.wakes[counter]) times, counter changed: \(changed)"
            )
        }
    }
    app.resetWakes()
}

extension Script {
    /// The reference model's snapshot after every step, and the transactions the bank must hold.
    func expectedTrace() -> ([AppSnapshot], [Transaction]) {
        var model = ConformanceOracle(accounts: accounts, counters: counters, quoteResults: quoteResults)
        var trace: [AppSnapshot] = []
        for step in steps {
            switch step {
            case .intent(let intent): model.send(intent.resolved(in: model.snapshot))
            case .bankFault: model.armBankFault()
            }
            model.settle()
            trace.append(model.snapshot)
        }
        return (trace, model.ledger)
    }
}

/// A deterministic random script: app intents plus injected bank faults.
struct Script: Sendable {
    enum Step: Sendable, CustomStringConvertible {
        case intent(ScriptedIntent)
        case bankFault

        var description: String {
            switch self {
            case .intent(let intent): "\(intent)"
            case .bankFault: "bank fault"
            }
        }
    }

    /// An app intent whose account arguments are chosen from the accounts shown when it runs.
    enum ScriptedIntent: Sendable {
        case counter(index: Int, CounterIntent)
        case selectTab(Tab)
        case loadAccounts
        case selectFrom(pick: Int)
        case selectTo(pick: Int)
        case updateAmount(Decimal)
        case submitTransfer
        case resetError

        func resolved(in snapshot: AppSnapshot) -> AppIntent {
            switch self {
            case .counter(let index, let intent): return .counter(index: index, intent)
            case .selectTab(let tab): return .selectTab(tab)
            case .loadAccounts: return .transfer(.loadAccounts)
            case .selectFrom(let pick): return .transfer(.selectFrom(Self.account(pick, in: snapshot)))
            case .selectTo(let pick): return .transfer(.selectTo(Self.account(pick, in: snapshot)))
            case .updateAmount(let amount): return .transfer(.updateAmount(amount))
            case .submitTransfer: return .transfer(.submitTransfer)
            case .resetError: return .transfer(.resetError)
            }
        }

        /// The shown account at `pick`, or an account the bank does not know when none is shown there.
        private static func account(_ pick: Int, in snapshot: AppSnapshot) -> Account {
            let accounts = snapshot.transfer.accounts
            guard pick < accounts.count else {
                return Account(id: AccountID(900 + pick), name: "Unknown", balance: 0)
            }
            return accounts[pick]
        }
    }

    let seed: UInt64
    let accounts: [Account]
    let counters: Int
    let steps: [Step]
    let quoteResults: [Result<Quote, QuoteError>]

    init(seed: UInt64, steps count: Int, counters: Int) {
        var random = SeededRandom(seed: seed)
        self.seed = seed
        self.counters = counters
        accounts = (1...4).map {
            Account(id: AccountID($0), name: "Account \($0)", balance: Decimal(random.next(upTo: 200)))
        }
        var steps: [Step] = []
        var loads = 0
        for _ in 0..<count {
            let roll = random.next(upTo: 100)
            let step: Step
            switch roll {
            case 0..<30:
                let intent = [CounterIntent.increment, .decrement, .loadQuote][random.next(upTo: 3)]
                if intent == .loadQuote { loads += 1 }
                step = .intent(.counter(index: random.next(upTo: counters), intent))
            case 30..<34: step = .intent(.selectTab(random.next(upTo: 2) == 0 ? .counter : .transfer))
            case 34..<42: step = .intent(.loadAccounts)
            case 42..<54: step = .intent(.selectFrom(pick: random.next(upTo: 5)))
            case 54..<66: step = .intent(.selectTo(pick: random.next(upTo: 5)))
            case 66..<80:
                let cents = random.next(upTo: 16_000) - 1_000
                step = .intent(.updateAmount(Decimal(cents) / 100))
            case 80..<94: step = .intent(.submitTransfer)
            case 94..<97: step = .intent(.resetError)
            default: step = .bankFault
            }
            steps.append(step)
        }
        self.steps = steps
        quoteResults = (0..<loads).map { index in
            random.next(upTo: 4) == 0
                ? .failure(QuoteError(message: "Failure \(index)"))
                : .success(Quote(content: "Quote \(index)", author: "Author \(random.next(upTo: 10))"))
        }
    }
}
