import ArchitectureConformance
import Domain
import OneWayArchitecture
import Testing

/// The real OneWay against every conformance scenario ArchitectureBench's seven architectures pass:
/// the counter and the transfer alone and in the three app layouts, and the random and overlapping
/// scripts against the reference model. README.md, "Conformance", lists the ones OneWay fails and
/// why.
@MainActor
@Suite("OneWay conformance")
struct ConformanceTests {
    @Test("Every scenario, every layout", arguments: ConformanceCase.all(for: [OneWayArchitecture.self]))
    func conforms(to scenario: ConformanceCase) async throws {
        try await scenario.run()
    }
}
