import Domain
import ScenarioSupport
import Testing

/// How a feature is hosted while a scenario drives it.
enum Mode: String, Sendable, CaseIterable {
    /// The feature on its own.
    case feature
    /// Inside the composed app, one store for everything.
    case singleStore = "single-store"
    /// Inside the composed app, one store for everything, each counter observed through its slice.
    case singleStoreScoped = "single-store-scoped"
    /// Inside the composed app, one store per child.
    case multiStore = "multi-store"

    var layout: Layout? {
        switch self {
        case .feature: nil
        case .singleStore: .singleStore
        case .singleStoreScoped: .singleStoreScoped
        case .multiStore: .multiStore
        }
    }
}

/// One architecture hosted one way: the unit every conformance scenario is parameterised over.
struct Subject: Sendable, Hashable {
    let type: any Architecture.Type
    let mode: Mode

    var architecture: ArchitectureID { type.id }

    /// Whether the single store wakes only the observer of the counter that changed
    /// (``Domain/Architecture/observesSingleStoreCountersApart``).
    var observesCountersApart: Bool { type.observesSingleStoreCountersApart }

    var testDescription: String { "\(architecture.rawValue) (\(mode.rawValue))" }

    /// `type` in every mode (feature alone, single store, single store scoped, multi store).
    static func all(_ type: any Architecture.Type) -> [Subject] {
        Mode.allCases.map { Subject(type: type, mode: $0) }
    }

    /// `type` in every app layout.
    static func inApp(_ type: any Architecture.Type) -> [Subject] {
        all(type).filter { $0.mode != .feature }
    }

    static func == (lhs: Subject, rhs: Subject) -> Bool {
        lhs.architecture == rhs.architecture && lhs.mode == rhs.mode
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(architecture)
        hasher.combine(mode)
    }
}

/// The number of counters in the composed app while a counter scenario runs, and the one it drives.
let appCounterCount = 3
let drivenCounter = 1

/// A counter feature under test, standalone or as counter ``drivenCounter`` of an app.
///
/// In app mode it also checks, on every read, the app-level rules the scenario does not name: the
/// other counters never change, and the transfer feature is left alone.
@MainActor
final class CounterUnderTest {
    let subject: Subject
    private let counter: (any FeatureDriver<CounterIntent, CounterState>)?
    private let app: (any AppDriver)?

    init(_ subject: Subject, quoteClient: QuoteClient) {
        self.subject = subject
        let dependencies = Dependencies(
            quoteClient: quoteClient, bank: InMemoryBank(accounts: .sample(count: 2)))
        if let layout = subject.mode.layout {
            counter = nil
            app = subject.type.makeApp(layout: layout, counters: appCounterCount, dependencies)
        } else {
            counter = subject.type.makeCounter(dependencies)
            app = nil
        }
    }

    func send(_ intent: CounterIntent) {
        if let counter {
            counter.send(intent)
        } else if let app {
            app.send(.counter(index: drivenCounter, intent))
        }
    }

    var state: CounterState {
        if let counter { return counter.snapshot }
        guard let app else { return CounterState() }
        let snapshot = app.snapshot
        for (index, other) in snapshot.counters.enumerated() where index != drivenCounter {
            #expect(
                other == CounterState(), "counter \(index) changed while counter \(drivenCounter) was driven")
        }
        #expect(snapshot.transfer == TransferState())
        return snapshot.counters[drivenCounter]
    }

    var selectedTab: Tab? { app?.snapshot.selectedTab }

    func settle() async throws {
        try await finishWithin("the counter's effects settle", otherwise: settleCause) {
            if let counter = self.counter { await counter.settle() }
            if let app = self.app { await app.settle() }
        }
    }
}

/// A transfer feature under test, standalone or inside an app, with its bank.
@MainActor
final class TransferUnderTest {
    let subject: Subject
    let bank: InMemoryBank
    private let transfer: (any FeatureDriver<TransferIntent, TransferState>)?
    private let app: (any AppDriver)?

    init(_ subject: Subject, bank: InMemoryBank) {
        self.subject = subject
        self.bank = bank
        let dependencies = Dependencies(quoteClient: .failing(), bank: bank)
        if let layout = subject.mode.layout {
            transfer = nil
            app = subject.type.makeApp(layout: layout, counters: appCounterCount, dependencies)
        } else {
            transfer = subject.type.makeTransfer(dependencies)
            app = nil
        }
    }

    func send(_ intent: TransferIntent) {
        if let transfer {
            transfer.send(intent)
        } else if let app {
            app.send(.transfer(intent))
        }
    }

    var state: TransferState {
        if let transfer { return transfer.snapshot }
        guard let app else { return TransferState() }
        let snapshot = app.snapshot
        #expect(snapshot.counters == Array(repeating: CounterState(), count: appCounterCount))
        return snapshot.transfer
    }

    func settle() async throws {
        try await finishWithin("the transfer's effects settle", otherwise: settleCause) {
            if let transfer = self.transfer { await transfer.settle() }
            if let app = self.app { await app.settle() }
        }
    }

    /// Loads the accounts and returns them.
    func loadAccounts() async throws -> [Account] {
        send(.loadAccounts)
        try await settle()
        return state.accounts
    }

    /// Checks the bank's invariant and that it still holds its opening balances when `untouched`.
    func expectBankIsConsistent(untouched: Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
        #expect(await bank.invariantHolds, "bank invariant broken", sourceLocation: sourceLocation)
        if untouched {
            #expect(await bank.ledger.isEmpty, "the bank moved money", sourceLocation: sourceLocation)
        }
    }
}
