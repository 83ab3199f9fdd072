import BenchmarkReport
import Foundation
import Testing

@testable import BenchmarkCLI

/// `bench --instructions` from the command line: the missing-Valgrind error and the gate of
/// instruction rows (the pass itself is `BenchmarkRunTests`' to test).
@MainActor
@Suite("instruction pass")
struct InstructionPassTests {
    @Test("Without valgrind on PATH, --instructions stops with one line naming the package")
    func missingValgrindNamesThePackage() async {
        let captured = Captured()
        let status = await BenchCommand.main(
            ["--instructions", "--allow-debug", "--filter", "reference"], output: captured.output,
            environment: ["PATH": "/nonexistent"])
        #expect(status == 2)
        #expect(captured.errors.count == 1)
        #expect(captured.errors.first?.contains("install the package 'valgrind'") == true)
        #expect(captured.data.isEmpty)
    }

    /// Writes one instructions row as CSV with a metadata sidecar naming `cpu`; returns its path.
    func writeRun(instructions: Double, cpu: String, name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bench-instructions-tests")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("\(name)-\(UUID().uuidString).csv").path
        let row = ResultRow.count(
            .init(
                suite: .dispatch, architecture: "viper-reducer", feature: "counter/increment", layout: nil,
                n: nil,
                metric: .instructions),
            unit: .count, value: instructions, configuration: .release)
        try ResultCSV.render([row]).write(toFile: path, atomically: true, encoding: .utf8)
        let metadata = RunMetadata(
            commit: "abc", swiftVersion: "Swift version 6.3.1", operatingSystem: "Linux", cpu: cpu, cores: 2,
            configuration: .release, date: "2026-11-23T00:00:00Z", options: [], seed: 7)
        try metadata.encoded().write(to: URL(fileURLWithPath: RunMetadata.sidecarPath(forCSV: path)))
        return path
    }

    @Test("Instructions are gated on the same CPU model and skipped, with a line, on another")
    func instructionsNeedTheSameCPU() async throws {
        let baseline = try writeRun(instructions: 1_000, cpu: "AMD EPYC", name: "baseline")
        let sameCPU = try writeRun(instructions: 1_050, cpu: "AMD EPYC", name: "same")
        let otherCPU = try writeRun(instructions: 1_050, cpu: "Intel Xeon", name: "other")
        let same = Captured()
        #expect(
            await BenchCommand.main(["compare", baseline, sameCPU, "--counts-only"], output: same.output) == 1
        )
        let other = Captured()
        #expect(
            await BenchCommand.main(["compare", baseline, otherCPU, "--counts-only"], output: other.output)
                == 0)
        #expect(other.progress.contains { $0.hasPrefix("instructions not compared") })
        #expect(!same.progress.contains { $0.hasPrefix("instructions not compared") })
        #expect(!other.data.contains("instructions not compared"), "the report's data stays clean for JSON")
    }
}
