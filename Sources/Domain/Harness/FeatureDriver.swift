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
///
/// `SendableMetatype`, so the conformance scenarios can hold `any Architecture.Type` in the
/// `Sendable` arguments Swift Testing runs in parallel.
public protocol Architecture: SendableMetatype {
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

    /// Whether an observer of one counter in the single-store app wakes only when that counter
    /// changes, because the store observes each element of a collection apart (as TCA's
    /// `@ObservableState` does), instead of on every change of the store. False unless a style
    /// says otherwise.
    static var observesSingleStoreCountersApart: Bool { get }
}

extension Architecture {
    public static var observesSingleStoreCountersApart: Bool { false }
}

/// The name of an architecture in module docs, CSV rows, chart legends and `--filter`: one of the
/// seven built into this package, or one a package of its own adds.
///
/// A name is lowercase letters, digits and single hyphens, starting with a letter (`effect-values`,
/// `mobius-core`), so it needs no quoting in CSV, Markdown or a shell. `reference` is taken by the
/// reference benchmarks. Outside the seven, write one as a literal:
/// `public static let id: ArchitectureID = "my-store"`.
public struct ArchitectureID: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String

    public var description: String { rawValue }

    /// The id named `rawValue`, or `nil` when it is not a valid name (see the type's documentation).
    public init?(rawValue: String) {
        guard Self.isValid(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// An id written in the source; an invalid name is a programming error and stops the program.
    public init(stringLiteral name: String) {
        guard let id = Self(rawValue: name) else {
            preconditionFailure(
                "'\(name)' is not an architecture id: use lowercase letters, digits and hyphens")
        }
        self = id
    }

    public static let observableViewModel: ArchitectureID = "observable-viewmodel"
    public static let storeSubclass: ArchitectureID = "store-subclass"
    public static let closureEffects: ArchitectureID = "closure-effects"
    public static let effectValues: ArchitectureID = "effect-values"
    public static let effectObjects: ArchitectureID = "effect-objects"
    public static let localReducer: ArchitectureID = "local-reducer"
    public static let viperReducer: ArchitectureID = "viper-reducer"

    /// The seven architectures of this package, in the order tables and charts list them.
    public static let builtIn: [ArchitectureID] = [
        .observableViewModel, .storeSubclass, .closureEffects, .effectValues, .effectObjects, .localReducer,
        .viperReducer,
    ]

    /// The built-in architectures in ``builtIn`` order, then any other by name.
    public static func < (lhs: ArchitectureID, rhs: ArchitectureID) -> Bool {
        let count = builtIn.count
        let left = builtIn.firstIndex(of: lhs) ?? count
        let right = builtIn.firstIndex(of: rhs) ?? count
        return (left, lhs.rawValue) < (right, rhs.rawValue)
    }

    private static func isValid(_ name: String) -> Bool {
        let allowed = name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
        }
        return allowed && name.first?.isLetter == true && name.last != "-" && !name.contains("--")
            && name != "reference" && name != "baseline"
    }
}
