import BenchmarkSuites
import Domain
import OneWay

/// The real OneWay as ArchitectureBench's harness builds it: the conformance scenarios drive it
/// through the shared store drivers, each intent a ``OneWayStore/send(_:)`` that returns before the
/// store has reduced it (README.md, "Conformance").
public enum OneWayArchitecture: Architecture {
    public static let id: ArchitectureID = "oneway"

    @MainActor
    public static func makeCounter(_ dependencies: Dependencies) -> any FeatureDriver<
        CounterIntent, CounterState
    > {
        OneWaySubject.makeCounterDriver(dependencies)
    }

    @MainActor
    public static func makeTransfer(_ dependencies: Dependencies) -> any FeatureDriver<
        TransferIntent, TransferState
    > {
        OneWaySubject.makeTransferDriver(dependencies)
    }

    @MainActor
    public static func makeApp(layout: Layout, counters: Int, _ dependencies: Dependencies) -> any AppDriver {
        OneWaySubject.makeAppDriver(layout: layout, counters: counters, dependencies)
    }
}

extension OneWayStore where R == AppFeature {
    /// Calls `onChange` after each state the reader takes in which counter `index` differs from the
    /// one before: a selector with distinct-until-changed over the store's one reader. OneWay has no
    /// scoping tool (no child store, no selector), so this is built by hand.
    public func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        var last = state.counters[index]
        addObserver { state in
            guard state.counters[index] != last else { return }
            last = state.counters[index]
            onChange()
        }
    }
}
