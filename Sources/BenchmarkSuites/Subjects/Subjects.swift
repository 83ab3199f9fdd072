/// Every architecture the suites measure, in table order.
@MainActor
enum Subjects {
    static let all: [any ArchitectureSubject.Type] = [
        ObservableViewModelSubject.self,
        StoreSubclassSubject.self,
        ClosureEffectsSubject.self,
        EffectValuesSubject.self,
        EffectObjectsSubject.self,
        LocalReducerSubject.self,
        ViperReducerSubject.self,
    ]
}
