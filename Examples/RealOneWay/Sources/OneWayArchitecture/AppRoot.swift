import BenchmarkSuites
import Domain
import OneWay

/// The composed app as one store per child (the multi-store layout): a counter store per counter
/// and a transfer store, with the selected tab kept here. OneWay has no tool that composes stores,
/// so this root is written by hand: it forwards each action to its child's store and applies the
/// cross-feature rule itself.
@MainActor
public final class AppRoot {
    public private(set) var selectedTab: Tab = .counter
    public let counters: [OneWayStore<CounterFeature>]
    public let transfer: OneWayStore<TransferFeature>

    public init(counters: Int, dependencies: Dependencies) {
        self.counters = (0..<counters).map { _ in
            OneWayStore(reducer: CounterFeature(quoteClient: dependencies.quoteClient), state: CounterState())
        }
        transfer = OneWayStore(reducer: TransferFeature(dependencies: dependencies), state: TransferState())
    }
}

extension AppRoot: SubjectStore {
    /// The app's state, gathered from what each child's reader last took.
    public var state: AppSnapshot {
        AppSnapshot(selectedTab: selectedTab, counters: counters.map(\.state), transfer: transfer.state)
    }

    public func send(_ action: AppFeature.Action) {
        switch action {
        case .counter(let index, let action):
            if action == .loadQuote {
                selectedTab = .counter
            }
            counters[index].send(action)
        case .transfer(let action):
            transfer.send(action)
        case .selectTab(let tab):
            selectedTab = tab
        }
    }

    /// Returns once every child has settled, including work started meanwhile.
    public func settle() async {
        repeat {
            for counter in counters { await counter.settle() }
            await transfer.settle()
        } while counters.contains { $0.unsettledWork > 0 } || transfer.unsettledWork > 0
    }
}

extension OneWayStore: SubjectStore, SubjectFeatureStore {
    public var runningEffects: Int { unsettledWork }
}
