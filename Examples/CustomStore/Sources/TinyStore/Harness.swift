import BenchmarkSuites
import Domain

/// TinyStore's entry point for the conformance scenarios (`ArchitectureConformance`): its id, and
/// each feature behind the shared drivers, built from the same stores the suites measure.
public enum TinyStoreArchitecture: Architecture {
    public static let id: ArchitectureID = "tiny-store"

    @MainActor
    public static func makeCounter(_ dependencies: Dependencies) -> any FeatureDriver<
        CounterIntent, CounterState
    > {
        TinyStoreSubject.makeCounterDriver(dependencies)
    }

    @MainActor
    public static func makeTransfer(_ dependencies: Dependencies) -> any FeatureDriver<
        TransferIntent, TransferState
    > {
        TinyStoreSubject.makeTransferDriver(dependencies)
    }

    @MainActor
    public static func makeApp(layout: Layout, counters: Int, _ dependencies: Dependencies) -> any AppDriver {
        TinyStoreSubject.makeAppDriver(layout: layout, counters: counters, dependencies)
    }
}
