import ArchitectureConformance
import Domain
import ReSwiftArchitecture
import Testing

/// The real ReSwift against every conformance scenario ArchitectureBench's seven architectures
/// pass: the counter and the transfer alone and in the three app layouts, and the random and
/// overlapping scripts against the reference model.
@MainActor
@Suite("ReSwift conformance")
struct ConformanceTests {
    @Test("Every scenario, every layout", arguments: ConformanceCase.all(for: [ReSwiftArchitecture.self]))
    func conforms(to scenario: ConformanceCase) async throws {
        try await scenario.run()
    }
}
