import BenchmarkReport
import Foundation
import Testing

@testable import BenchmarkCLI

/// `bench --instructions`: the missing-Valgrind error, and the difference method on a body of known
/// cost (where Valgrind is installed).
@MainActor
@Suite("instruction pass")
struct InstructionPassTests {
    @Test("Without valgrind on PATH, --instructions stops with one line naming the package")
    func missingValgrindNamesThePackage() async {
        let captured = Captured()
        let status = await BenchCommand.main(
            ["--instructions", "--allow-debug", "--filter", "baseline"], output: captured.output,
            environment: ["PATH": "/nonexistent"])
        #expect(status == 2)
        #expect(captured.errors.count == 1)
        #expect(captured.errors.first?.contains("install the package 'valgrind'") == true)
        #expect(captured.data.isEmpty)
    }

    /// The `bench` program built next to the test bundle.
    nonisolated static var benchProgram: String? {
        guard let tests = Bundle.main.executablePath else { return nil }
        var directory = URL(fileURLWithPath: tests).deletingLastPathComponent()
        if directory.lastPathComponent == "MacOS" {
            directory = directory.deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
        }
        let bench = directory.appendingPathComponent("bench").path
        return FileManager.default.isExecutableFile(atPath: bench) ? bench : nil
    }

    nonisolated static var canCountInstructions: Bool {
        #if arch(x86_64)
            InstructionPass.missingTool(environment: ProcessInfo.processInfo.environment) == nil
                && benchProgram != nil
        #else
            false
        #endif
    }

    @Test(
        "The N and 2N difference counts the known body exactly: 9 instructions per operation",
        .enabled(if: canCountInstructions, "needs valgrind, strip and the bench program on x86_64"))
    func knownBodyCountsExactly() async throws {
        let options = try parsedRunOptions(["--instructions", "--allow-debug", "--filter", "baseline"])
        let rows = try await InstructionPass.run(
            options, runner: BenchCommand.runner(options, seed: 0, output: Captured().output),
            environment: ProcessInfo.processInfo.environment, output: Captured().output,
            program: Self.benchProgram)
        let nine = rows.first { $0.key.feature == "reference/nine-instructions" }
        #expect(nine?.median == 9)
        #expect(nine?.key.metric == .instructions)
        #expect(rows.allSatisfy { $0.key.suite == .baseline && $0.unit == .count })
        #expect(rows.contains { $0.key.feature == "reference/copy-3-references" })
    }

    @Test("The child binds every symbol at load and hashes deterministically, in an environment of its own")
    func childEnvironment() {
        #expect(
            InstructionPass.childEnvironment == [
                "LD_BIND_NOW": "1", "LD_DYNAMIC_WEAK": "1", "SWIFT_DETERMINISTIC_HASHING": "1",
            ])
    }

    @Test(
        "Instruction counts do not move with the size of bench's environment",
        .enabled(
            if: canCountInstructions, "needs valgrind, strip and the bench program built next to the tests"))
    func countsIgnoreTheEnvironment() async throws {
        let options = try parsedRunOptions([
            "--quick", "--instructions", "--filter", "layout,closure-effects,single-store-scoped,n=1",
        ])
        var counts: [[Double]] = []
        for padding in ["", String(repeating: "x", count: 110)] {
            let rows = try await InstructionPass.run(
                options, runner: BenchCommand.runner(options, seed: 0, output: Captured().output),
                environment: ProcessInfo.processInfo.environment.merging(["BENCH_PADDING": padding]) { $1 },
                output: Captured().output, program: Self.benchProgram)
            counts.append(rows.map(\.median))
        }
        #expect(!counts[0].isEmpty)
        #expect(counts[0] == counts[1])
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
                suite: .dispatch, architecture: "viper-reducer", feature: "counter/increment", layout: "",
                n: "",
                metric: .instructions),
            unit: .count, value: instructions, configuration: "release")
        try ResultCSV.render([row]).write(toFile: path, atomically: true, encoding: .utf8)
        let metadata = RunMetadata(
            commit: "abc", swiftVersion: swift, operatingSystem: "Linux", cpu: cpu, cores: 2,
            configuration: "release", date: "2026-11-23T00:00:00Z", options: [], seed: 7)
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
        "Instructions are gated across CPU models: equal passes, a rise past the tolerance fails",
        arguments: ["AMD EPYC", "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz"])
    func instructionsCarryAcrossCPUModels(baselineCPU: String) async throws {
        let baseline = try writeRun(instructions: 1_000, cpu: baselineCPU, name: "baseline")
        let equal = try writeRun(instructions: 1_000, cpu: "AMD EPYC 7B13", name: "equal")
        let rise = 1_000 * (1 + Comparison.instructionTolerance) + 1
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
