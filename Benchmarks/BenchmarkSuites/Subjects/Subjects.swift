import BenchmarkResults
import Domain

/// Every architecture the suites measure, in table order: the one list to extend with a new one.
@MainActor
public enum Subjects {
    static let builtIn: [SubjectCases] = [
        SubjectCases(ObservableViewModelSubject.self),
        SubjectCases(StoreSubclassSubject.self),
        SubjectCases(ClosureEffectsSubject.self),
        SubjectCases(EffectValuesSubject.self),
        SubjectCases(EffectObjectsSubject.self),
        SubjectCases(LocalReducerSubject.self),
        SubjectCases(ViperReducerSubject.self),
    ]

    /// The seven built-in architectures, then those a package of its own added with ``add(_:)``.
    static private(set) var all = builtIn

    /// Adds `subjects` after the built-in architectures, for every suite, filter and report of this
    /// process; throws the one-line message of a subject whose id is already taken.
    public static func add(_ subjects: [SubjectCases]) throws(DuplicateSubject) {
        for subject in subjects {
            guard !all.contains(where: { $0.id == subject.id }) else {
                throw DuplicateSubject(id: subject.id)
            }
            all.append(subject)
        }
    }
}

/// Two subjects with the same id: the second would be unreachable by `--filter` and its rows would
/// mix with the first's.
public struct DuplicateSubject: Error, CustomStringConvertible {
    public let id: ArchitectureID

    public var description: String { "two architectures are named '\(id)'; each needs an id of its own" }
}

/// One architecture's case builders, bound to its concrete subject type.
///
/// The initializer is generic, but each entry of ``Subjects/all`` calls it with a concrete type, so
/// the optimiser instantiates it, and with it every `Catalog` builder and the measured closures
/// inside them, once per architecture: a timed loop calls the architecture's own methods directly,
/// as an app would, instead of through protocol witnesses. `.ci/run` checks the release binary for
/// these instantiations (`scripts/check_specialisations.sh`). The initializer and the builders are
/// `@inlinable`, so a package that adds its own subject (`Examples/CustomStore`) gets them compiled
/// for its type in its own module, without `-cross-module-optimization`.
@MainActor
public struct SubjectCases {
    @usableFromInline let id: ArchitectureID
    @usableFromInline let cases: [Suite: () -> [BenchmarkCase]]
    /// The cases of one size of the sized suites (`layout`, `state-copy`), so a run builds the
    /// objects of one size at a time (``SuiteRunner`` explains why), and of the layouts given
    /// (`layout` only): a heavy case's own process builds the one app it times, not three.
    @usableFromInline let casesOfSize: [Suite: (_ n: Int, _ layouts: [Layout]) -> [BenchmarkCase]]

    /// The cases of `subject`, for ``Subjects/add(_:)`` or this package's own list.
    @inlinable public init<S: ArchitectureSubject>(_ subject: S.Type) {
        id = S.id
        cases = [
            .dispatch: { Catalog.dispatchCases(S.self) },
            .dispatchAdapter: { Catalog.adapterCases(S.self) },
            .effects: { Catalog.effectCases(S.self) },
            .layout: { Catalog.layoutCases(S.self) },
            .stateCopy: { Catalog.stateCopyCases(S.self) },
            .retention: { Catalog.retentionCases(S.self) },
        ]
        casesOfSize = [
            .layout: { Catalog.layoutCases(S.self, sizes: [$0], layouts: $1) },
            .stateCopy: { n, _ in Catalog.stateCopyCases(S.self, sizes: [n]) },
        ]
    }
}
