import ArchitectureConformance
import Domain
import MobiusCoreArchitecture
import Testing

/// The real MobiusCore against every conformance scenario ArchitectureBench's seven architectures
/// pass: the counter and the transfer alone and in the three app layouts, and the random and
/// overlapping scripts against the reference model.
@MainActor
@Suite("MobiusCore conformance")
struct ConformanceTests {
    @Test("Every scenario, every layout", arguments: ConformanceCase.all(for: [MobiusCoreArchitecture.self]))
    func conforms(to scenario: ConformanceCase) async throws {
        try await scenario.run()
    }
}
