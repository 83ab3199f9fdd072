import BenchmarkResults
import Foundation
import Testing

@testable import BenchmarkCLI

/// `bench --instructions` from the command line: the missing-Valgrind error and the gate of
/// instruction rows (the pass itself is `BenchmarkRunTests`' to test).
@MainActor
@Suite("--instructions and instruction rows through the command line")
struct InstructionCommandTests {
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

    /// Writes one instructions row as CSV with a metadata sidecar naming `cpu` and `swift`; returns
    /// its path.
    func writeRun(
        instructions: Double, cpu: String, swift: String = "Swift version 6.3.1", name: String
    ) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bench-instructions-tests")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("\(name)-\(UUID().uuidString).csv").path
        let row = ResultRow.count(
            .init(
                suite: .dispatch, architecture: "viper-reducer", feature: "counter/increment", layout: nil,
                n: nil,
                metric: .instructionsOutsideMetadataLookups),
            unit: .count, value: instructions, configuration: .release)
        try ResultCSV.render([row]).write(toFile: path, atomically: true, encoding: .utf8)
        let metadata = RunMetadata(
            commit: "abc", swiftVersion: swift, operatingSystem: "Linux", cpu: cpu, cores: 2,
            configuration: .release, date: "2026-11-23T00:00:00Z", options: [], seed: 7)
        try metadata.encoded().write(to: URL(fileURLWithPath: RunMetadata.sidecarPath(forCSV: path)))
        return path
    }

    /// The exit status of `bench compare BASELINE CURRENT --counts-only`, and what it said.
    func compare(_ baseline: String, _ current: String) async -> (status: Int32, said: Captured) {
        let said = Captured()
        let status = await BenchCommand.main(
            ["compare", baseline, current, "--counts-only"], output: said.output)
        return (status, said)
    }

    @Test(
        "Instructions outside metadata lookups are gated across CPU models: equal passes, 1% more fails",
        arguments: ["AMD EPYC", "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz"])
    func instructionsCarryAcrossCPUModels(baselineCPU: String) async throws {
        let baseline = try writeRun(instructions: 1_000, cpu: baselineCPU, name: "baseline")
        let equal = try writeRun(instructions: 1_000, cpu: "AMD EPYC 7B13", name: "equal")
        let rise = 1_010.0
        let higher = try writeRun(instructions: rise, cpu: "AMD EPYC 7B13", name: "higher")
        let (equalStatus, equalSaid) = await compare(baseline, equal)
        let (higherStatus, higherSaid) = await compare(baseline, higher)
        #expect(equalStatus == 0)
        #expect(higherStatus == 1)
        #expect(
            !(equalSaid.progress + higherSaid.progress).contains { $0.hasPrefix("instructions not compared") }
        )
    }

    @Test("Instructions are skipped, with one line outside the report's data, across Swift versions")
    func instructionsNeedTheSameSwift() async throws {
        let baseline = try writeRun(instructions: 1_000, cpu: "AMD EPYC", name: "baseline")
        let otherSwift = try writeRun(
            instructions: 1_050, cpu: "AMD EPYC", swift: "Swift version 6.4", name: "other-swift")
        let (status, said) = await compare(baseline, otherSwift)
        #expect(status == 0)
        #expect(said.progress.contains { $0.hasPrefix("instructions not compared") })
        #expect(!said.data.contains("instructions not compared"), "the report's data stays clean for JSON")
    }
}
