/// Drives one feature of one architecture with the shared intents, for the conformance suite and the
/// benchmarks' adapter rows.
///
/// This is the *adapter* path: an existential, an intent enum translated into the architecture's
/// own calls. Benchmarks measure each architecture's native API separately and report this path as
/// its own `dispatch-adapter` row, so the cost of the adapter stays visible.
@MainActor
public protocol FeatureDriver<Intent, Snapshot>: AnyObject, Sendable {
    associatedtype Intent: Sendable
    associatedtype Snapshot: Equatable & Sendable

    /// The feature's state as the common value the conformance suite compares.
    var snapshot: Snapshot { get }

    /// Performs an intent. Synchronous state changes are visible in ``snapshot`` when this returns;
    /// effects it starts run on and are awaited by ``settle()``.
    func send(_ intent: Intent)

    /// Returns once every effect started so far, and every effect those started, has finished.
    /// Never sleeps: it awaits the effects themselves.
    func settle() async
}

/// Drives the composed app: N counters, one transfer feature and the selected tab.
@MainActor
public protocol AppDriver: FeatureDriver where Intent == AppIntent, Snapshot == AppSnapshot {
    /// The layout this app was built with.
    var layout: Layout { get }

    /// Registers an observer interested in counter `index`, in the way this architecture's users
    /// observe state (Observation tracking, a subscription, a state stream). `onChange` runs every
    /// time that observer is woken, whether or not counter `index` really changed: the benchmarks
    /// count these calls as "observers woken".
    func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void)
}

/// One architecture's entry point for the harness: its id and how to build each feature.
public protocol Architecture {
    /// The architecture's id, as used in module docs, CSV rows, chart legends and `--filter`.
    static var id: ArchitectureID { get }

    @MainActor static func makeCounter(_ dependencies: Dependencies) -> any FeatureDriver<
        CounterIntent, CounterState
    >

    @MainActor static func makeTransfer(
        _ dependencies: Dependencies
    ) -> any FeatureDriver<TransferIntent, TransferState>

    @MainActor static func makeApp(layout: Layout, counters: Int, _ dependencies: Dependencies)
        -> any AppDriver
}

/// The ids of the compared architectures, in the order tables and charts list them.
public enum ArchitectureID: String, Sendable, CaseIterable, Comparable {
    case observableViewModel = "observable-viewmodel"
    case storeSubclass = "store-subclass"
    case closureEffects = "closure-effects"
    case effectValues = "effect-values"
    case effectObjects = "effect-objects"
    case localReducer = "local-reducer"
    case viperReducer = "viper-reducer"

    public static func < (lhs: ArchitectureID, rhs: ArchitectureID) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
