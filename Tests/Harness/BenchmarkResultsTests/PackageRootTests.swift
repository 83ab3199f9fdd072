import BenchmarkResults
import Foundation
import Testing

/// The package root, found by walking up from a file to the nearest `Package.swift`.
@Suite("The package root")
struct PackageRootTests {
    @Test("from a file deep in the package, the root is the folder holding Package.swift")
    func fromADeepFile() throws {
        let root = try PackageRoot.of(#filePath)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path))
        #expect(
            FileManager.default.fileExists(atPath: root.appendingPathComponent("results/baseline.csv").path))
        #expect(#filePath.hasPrefix(root.path + "/Tests/"))
    }

    @Test("the nearest Package.swift wins, and a path with none above it fails naming the path")
    func nearestOrNone() throws {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("package-root-\(UUID())")
        let inner = top.appendingPathComponent("outer/inner")
        let deep = inner.appendingPathComponent("Sources/Module/File.swift").path
        try FileManager.default.createDirectory(
            at: inner.appendingPathComponent("Sources/Module"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: top) }
        #expect(throws: PackageRoot.NotFound(path: deep)) { try PackageRoot.of(deep) }
        #expect("\(PackageRoot.NotFound(path: deep))" == "no folder above \(deep) holds a Package.swift")
        try Data().write(to: top.appendingPathComponent("outer/Package.swift"))
        #expect(try PackageRoot.of(deep).path == top.appendingPathComponent("outer").standardizedFileURL.path)
        try Data().write(to: inner.appendingPathComponent("Package.swift"))
        #expect(try PackageRoot.of(deep).path == inner.standardizedFileURL.path)
    }
}
