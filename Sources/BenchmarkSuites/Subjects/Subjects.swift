import BenchmarkReport
import Domain

/// Every architecture the suites measure, in table order: the one list to extend with a new one.
@MainActor
enum Subjects {
    static let all: [SubjectCases] = [
        SubjectCases(ObservableViewModelSubject.self),
        SubjectCases(StoreSubclassSubject.self),
        SubjectCases(ClosureEffectsSubject.self),
        SubjectCases(EffectValuesSubject.self),
        SubjectCases(EffectObjectsSubject.self),
        SubjectCases(LocalReducerSubject.self),
        SubjectCases(ViperReducerSubject.self),
    ]
}

/// One architecture's case builders, bound to its concrete subject type.
///
/// The initializer is generic, but each entry of ``Subjects/all`` calls it with a concrete type, so
/// the optimiser instantiates it, and with it every `Catalog` builder and the measured closures
/// inside them, once per architecture: a timed loop calls the architecture's own methods directly,
/// as an app would, instead of through protocol witnesses. `.ci/run` checks the release binary for
/// these instantiations (`scripts/check_specialisations.sh`).
@MainActor
struct SubjectCases {
    let id: ArchitectureID
    let cases: [Suite: () -> [BenchmarkCase]]
    /// The cases of one size of the sized suites (`layout`, `state-copy`), so a run builds the
    /// objects of one size at a time (``SuiteRunner`` explains why).
    let casesOfSize: [Suite: (Int) -> [BenchmarkCase]]

    init<S: ArchitectureSubject>(_ subject: S.Type) {
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
            .layout: { Catalog.layoutCases(S.self, sizes: [$0]) },
            .stateCopy: { Catalog.stateCopyCases(S.self, sizes: [$0]) },
        ]
    }
}
