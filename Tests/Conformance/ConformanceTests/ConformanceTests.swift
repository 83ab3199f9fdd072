import ArchitectureConformance
import ClosureEffects
import Domain
import EffectObjects
import EffectValues
import LocalReducer
import ObservableViewModel
import ScenarioSupport
import StoreSubclass
import Testing
import ViperReducer

/// The seven built-in architectures' entry points, in ``Domain/ArchitectureID/builtIn`` order.
let builtInArchitectures: [any Architecture.Type] = [
    ObservableViewModelArchitecture.self,
    StoreSubclassArchitecture.self,
    ClosureEffectsArchitecture.self,
    EffectValuesArchitecture.self,
    EffectObjectsArchitecture.self,
    LocalReducerArchitecture.self,
    ViperReducerArchitecture.self,
]

/// Every conformance scenario over the seven architectures, through the same public list an outside
/// package's tests run (`Examples/CustomStore`).
@MainActor
@Suite("Conformance")
struct ConformanceTests {
    @Test(
        "Every scenario, every architecture, every layout",
        arguments: ConformanceCase.all(for: builtInArchitectures))
    func conforms(to scenario: ConformanceCase) async throws {
        // This process also runs the benchmark suites' tests, which hold the main actor for seconds
        // at a time: the waits get TestSupport's long default deadline (`TestDeadline`), not the
        // 10 s an outside package's conformance run gets.
        try await scenario.run(timeLimit: .seconds(120))
    }

    @Test("The overlapping scripts cover what they are for", arguments: ConformanceCase.scriptCoverage)
    func scriptsCover(_ check: ConformanceCase) async throws {
        try await check.run()
    }
}
