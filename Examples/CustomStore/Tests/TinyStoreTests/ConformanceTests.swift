import ArchitectureConformance
import Testing
import TinyStore

/// TinyStore against every conformance scenario the seven built-in architectures pass.
@MainActor
@Suite("TinyStore conformance")
struct ConformanceTests {
    @Test("Every scenario, every layout", arguments: ConformanceCase.all(for: [TinyStoreArchitecture.self]))
    func conforms(to scenario: ConformanceCase) async throws {
        try await scenario.run()
    }
}
