import Domain
import Foundation
import ScenarioSupport
import Testing

/// One conformance scenario (docs/features.md) applied to one architecture hosted one way: the unit
/// a test target runs, with Swift Testing, to check that a store behaves as the contract says.
///
/// Every built-in architecture's conformance test and an outside package's test call the same list:
///
/// ```swift
/// @Test(arguments: ConformanceCase.all(for: [MyStoreArchitecture.self]))
/// func conforms(to scenario: ConformanceCase) async throws {
///     try await scenario.run()
/// }
/// ```
///
/// A failed expectation is recorded as an issue of the running test, with the scenario's own
/// message (seed, step, expected and actual snapshots for the scripts).
public struct ConformanceCase: Sendable, CustomTestStringConvertible {
    /// The scenario, as docs/features.md numbers and names it.
    public let scenario: String
    /// What the scenario runs on: the architecture, how it is hosted and any argument.
    public let argument: String
    private let body: @MainActor @Sendable () async throws -> Void

    init(
        _ scenario: String, _ argument: String, _ body: @escaping @MainActor @Sendable () async throws -> Void
    ) {
        self.scenario = scenario
        self.argument = argument
        self.body = body
    }

    public var testDescription: String { "\(scenario) — \(argument)" }

    /// Runs the scenario; throws when it gave up waiting for something the store never did.
    ///
    /// Every wait of the scenario (a fetch reaching its gate, `settle()` returning, a script's
    /// snapshot showing) gives up after `timeLimit` (a whole random script after three times that),
    /// recording what the store did not do. The environment variable `CONFORMANCE_TIME_LIMIT`
    /// (seconds, e.g. `30` or `2.5`) overrides it, for a slow machine or a debugger.
    ///
    /// The default, ``defaultTimeLimit``, suits a test process that runs nothing else heavy: a
    /// passing case waits milliseconds, so a broken store fails in seconds. A process whose other
    /// tests hold the main actor for seconds at a time (benchmarks) needs a longer limit.
    @MainActor
    public func run(timeLimit: Duration = ConformanceCase.defaultTimeLimit) async throws {
        try await TestDeadline.$limit.withValue(try Self.environmentTimeLimit() ?? timeLimit) {
            try await body()
        }
    }

    /// How long a wait of ``run(timeLimit:)`` lasts unless told otherwise: 10 seconds.
    public static let defaultTimeLimit: Duration = .seconds(10)

    /// `CONFORMANCE_TIME_LIMIT`, in seconds, or nil when it is not set.
    ///
    /// - Throws: ``InvalidTimeLimit`` when it is set to anything but a positive number of seconds.
    static func environmentTimeLimit(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(InvalidTimeLimit) -> Duration? {
        guard let text = environment[InvalidTimeLimit.variable] else { return nil }
        guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
            throw InvalidTimeLimit(text: text)
        }
        return .milliseconds(Int((seconds * 1_000).rounded(.up)))
    }

    /// Every scenario for each of `architectures`: the counter and transfer scenarios alone and in
    /// every app layout, the composed app's rules in every layout, and the random and overlapping
    /// scripts against the conformance oracle.
    public static func all(for architectures: [any Architecture.Type]) -> [ConformanceCase] {
        let everyMode = architectures.flatMap(Subject.all)
        let inApp = architectures.flatMap(Subject.inApp)
        return everyMode.flatMap(counterCases) + everyMode.flatMap(transferCases) + inApp.flatMap(layoutCases)
            + RandomScriptScenarios.seeds.map { seed in
                ConformanceCase(RandomScriptScenarios.title, "seed \(seed)") {
                    try await RandomScriptScenarios().randomScript(seed: seed, subjects: inApp)
                }
            }
            + OverlappingScriptScenarios.seeds.map { seed in
                ConformanceCase(OverlappingScriptScenarios.title, "seed \(seed)") {
                    try await OverlappingScriptScenarios().overlappingScript(seed: seed, subjects: everyMode)
                }
            }
    }

    /// Checks on the scenarios themselves rather than on a store: the overlapping scripts, under
    /// each gate policy, reach every situation only overlapping effects create.
    public static let scriptCoverage: [ConformanceCase] = [true, false].map { honour in
        ConformanceCase(OverlappingScriptScenarios.coverageTitle, "gates honour cancellation: \(honour)") {
            OverlappingScriptScenarios().scriptsOverlap(gatesHonourCancellation: honour)
        }
    }
}

extension ConformanceCase {
    static func counterCases(_ subject: Subject) -> [ConformanceCase] {
        let scenarios = CounterScenarios()
        let name = subject.testDescription
        return [
            ConformanceCase("1. increment ×3, decrement ×1 -> count 2", name) {
                scenarios.incrementAndDecrement(subject: subject)
            },
            ConformanceCase("2. a loaded quote is kept when the next load fails", name) {
                try await scenarios.successThenFailure(subject: subject)
            },
            ConformanceCase("A new load clears the previous error", name) {
                try await scenarios.loadClearsError(subject: subject)
            },
        ]
            + [true, false].map { honours in
                ConformanceCase(
                    "3. two loads in flight, answered newest first: only the newest quote is applied",
                    "\(name), gate honours cancellation: \(honours)"
                ) {
                    try await scenarios.newestLoadWins(subject: subject, gateHonoursCancellation: honours)
                }
            }
            + [
                ConformanceCase("A cancelled load leaves no error behind", name) {
                    try await scenarios.cancelledLoadIsSilent(subject: subject)
                },
                ConformanceCase("settle() returns only once the fetch has answered", name) {
                    try await scenarios.settleAwaitsTheFetch(subject: subject)
                },
            ]
    }

    static func transferCases(_ subject: Subject) -> [ConformanceCase] {
        let scenarios = TransferScenarios()
        let name = subject.testDescription
        return [
            ConformanceCase("4. load accounts, transfer 30 from A to B", name) {
                try await scenarios.successfulTransfer(subject: subject)
            }
        ]
            + Rejection.allCases.map { rejection in
                ConformanceCase(
                    "5. rejected transfers report the matching error and leave the bank untouched",
                    "\(name), \(rejection.rawValue)"
                ) {
                    try await scenarios.rejectedTransfer(subject: subject, rejection: rejection)
                }
            }
            + transferFailureCases(subject, scenarios)
    }

    static func transferFailureCases(_ subject: Subject, _ scenarios: TransferScenarios) -> [ConformanceCase]
    {
        let name = subject.testDescription
        return [
            ConformanceCase("6. a network failure while loading accounts shows networkError", name) {
                try await scenarios.networkFailureOnLoad(subject: subject)
            },
            ConformanceCase(
                "6. a network failure while submitting shows networkError, and a retry succeeds", name
            ) {
                try await scenarios.networkFailureOnSubmit(subject: subject)
            },
            ConformanceCase(
                "7. a second submit while the first is in flight is ignored: it neither runs nor replaces the first",
                name
            ) {
                try await scenarios.doubleSubmit(subject: subject)
            },
        ]
            + [true, false].map { honours in
                ConformanceCase(
                    "A newer loadAccounts cancels the older: only the newest answer is shown",
                    "\(name), gate honours cancellation: \(honours)"
                ) {
                    try await scenarios.newestLoadAccountsWins(
                        subject: subject, gateHonoursCancellation: honours)
                }
            }
            + [
                ConformanceCase("settle() returns only once the bank has answered", name) {
                    try await scenarios.settleAwaitsTheBank(subject: subject)
                },
                ConformanceCase("Selecting and editing clear the error", name) {
                    try await scenarios.editingClearsError(subject: subject)
                },
            ]
    }

    static func layoutCases(_ subject: Subject) -> [ConformanceCase] {
        let scenarios = LayoutScenarios()
        let name = subject.testDescription
        return [
            ConformanceCase("A counter's loadQuote selects the counter tab; nothing else does", name) {
                try await scenarios.loadQuoteSelectsCounterTab(subject: subject)
            },
            ConformanceCase(
                "Each counter's quote load is independent: loading one does not cancel another", name
            ) {
                try await scenarios.independentCounters(subject: subject)
            },
        ]
            + [1, 10, 100].map { counters in
                ConformanceCase(
                    "One intent wakes every observer in a single store observed whole and only its own otherwise",
                    "\(name), \(counters) counters"
                ) {
                    try scenarios.observerWakeUps(subject: subject, counters: counters)
                }
            }
            + [
                ConformanceCase("Selecting the tab already shown changes nothing", name) {
                    try await scenarios.noOpChangesNothing(subject: subject)
                },
                ConformanceCase(
                    "An intent sent from inside an observer is applied after the current one", name
                ) {
                    try await scenarios.reentrantIntentIsAppliedAfter(subject: subject)
                },
            ]
    }
}

/// `CONFORMANCE_TIME_LIMIT` set to something other than a positive number of seconds.
public struct InvalidTimeLimit: Error, CustomStringConvertible {
    static let variable = "CONFORMANCE_TIME_LIMIT"
    /// The variable's value.
    public let text: String

    public var description: String {
        "\(Self.variable) is '\(text)': give the seconds each conformance wait may last, e.g. 10 or 2.5"
    }
}
