import Domain

/// Whatever a script drives: a composed app in one of its layouts, or the features hosted alone.
///
/// Both answer with an ``AppSnapshot`` so one ``ConformanceOracle`` checks every mode.
@MainActor
protocol ScriptHost: AnyObject {
    var snapshot: AppSnapshot { get }
    func send(_ intent: AppIntent)
    func settle() async
}

/// A composed app in one of its layouts. In the scoped layout every counter has an observer, and
/// ``wakes`` counts how often each was woken since ``resetWakes()``.
@MainActor
final class AppHost: ScriptHost {
    private let app: any AppDriver
    private(set) var wakes: [Int] = []

    init(_ app: any AppDriver) {
        self.app = app
        guard app.layout == .singleStoreScoped else { return }
        wakes = Array(repeating: 0, count: app.snapshot.counters.count)
        for index in wakes.indices {
            app.observeCounter(at: index) { [weak self] in self?.wakes[index] += 1 }
        }
    }

    func resetWakes() {
        wakes = Array(repeating: 0, count: wakes.count)
    }

    var snapshot: AppSnapshot { app.snapshot }

    func send(_ intent: AppIntent) {
        app.send(intent)
    }

    func settle() async {
        await app.settle()
    }
}

/// The features hosted alone: `counters` counter drivers and one transfer driver, no tabs.
///
/// Tab intents do nothing here; the snapshot always shows the counter tab.
@MainActor
final class FeaturesAloneHost: ScriptHost {
    private let counters: [any FeatureDriver<CounterIntent, CounterState>]
    private let transfer: any FeatureDriver<TransferIntent, TransferState>

    init(_ type: any Architecture.Type, counters: Int, _ dependencies: Dependencies) {
        self.counters = (0..<counters).map { _ in type.makeCounter(dependencies) }
        transfer = type.makeTransfer(dependencies)
    }

    var snapshot: AppSnapshot {
        AppSnapshot(
            selectedTab: .counter, counters: counters.map { $0.snapshot }, transfer: transfer.snapshot)
    }

    func send(_ intent: AppIntent) {
        switch intent {
        case .counter(let index, let intent): counters[index].send(intent)
        case .transfer(let intent): transfer.send(intent)
        case .selectTab: break
        }
    }

    func settle() async {
        for counter in counters { await counter.settle() }
        await transfer.settle()
    }
}

extension Subject {
    /// This subject built as a script host with `counters` counters.
    @MainActor func makeHost(counters: Int, _ dependencies: Dependencies) -> any ScriptHost {
        guard let layout = mode.layout else {
            return FeaturesAloneHost(type, counters: counters, dependencies)
        }
        return AppHost(type.makeApp(layout: layout, counters: counters, dependencies))
    }
}
