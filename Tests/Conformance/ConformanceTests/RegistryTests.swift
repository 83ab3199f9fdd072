import BenchmarkResults
import BenchmarkSuites
import Domain
import Foundation
import Testing

/// Checks that the lists naming every architecture agree with ``ArchitectureID``, so an architecture
/// added in one place and forgotten in another fails here instead of silently missing from the
/// benchmarks or the conformance suite. docs/adding-an-architecture.md lists every place; the lists
/// outside Swift (the chart script, the docs) are checked by scripts/test_registry.py.
@MainActor
@Suite("Architecture registry")
struct RegistryTests {
    @Test(
        "The conformance suite's entry point for each id reports that id",
        arguments: zip(ArchitectureID.builtIn, builtInArchitectures.indices))
    func conformanceEntryPoint(id: ArchitectureID, index: Int) {
        #expect(builtInArchitectures[index].id == id)
    }

    @Test("The benchmark suites measure every architecture, in ArchitectureID order")
    func benchmarkSubjects() {
        #expect(CaseCatalogue.architectureNames.map(\.rawValue) == ArchitectureID.builtIn.map(\.rawValue))
    }

    @Test("Package.swift's architectures list names each id's module, in ArchitectureID order")
    func packageManifest() throws {
        #expect(builtInArchitectures.map { $0.id } == ArchitectureID.builtIn)
        let modules = builtInArchitectures.map { Self.moduleName(of: $0) }
        #expect(try Self.manifestArchitectures() == modules)
    }

    /// The module that declares `type`: the first component of its fully qualified name.
    static func moduleName(of type: any Architecture.Type) -> String {
        String(String(reflecting: type).prefix { $0 != "." })
    }

    /// The quoted names in Package.swift's `let architectures = [ … ]`, in order.
    static func manifestArchitectures() throws -> [String] {
        let root = try PackageRoot.of(#filePath)
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let lines = manifest.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("let architectures = [") })
        let end = try #require(lines[start...].firstIndex { $0.hasPrefix("]") })
        return lines[(start + 1)..<end].compactMap { line in
            let parts = line.split(separator: "\"")
            return parts.count == 3 ? String(parts[1]) : nil
        }
    }
}
