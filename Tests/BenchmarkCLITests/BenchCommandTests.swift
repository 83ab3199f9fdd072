import BenchmarkReport
import Foundation
import Synchronization
import Testing

@testable import BenchmarkCLI

/// Captures what `bench` writes, so a test can check the exit status and the one-line errors.
final class Captured: Sendable {
    private let lines = Mutex<(data: String, errors: [String])>(("", []))

    var data: String { lines.withLock { $0.data } }
    var errors: [String] { lines.withLock { $0.errors } }

    var output: Output {
        Output(
            data: { text in self.lines.withLock { $0.data += text } },
            progress: { _ in },
            error: { text in self.lines.withLock { $0.errors.append(text) } }
        )
    }
}

@MainActor
@Suite("bench commands")
struct BenchCommandTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "bench-cli-\(UUID().uuidString)")

    func write(_ rows: [ResultRow], to name: String) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try ResultCSV.render(rows).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func row(metric: String = "mallocs", median: Double) -> ResultRow {
        ResultRow.count(
            .init(
                suite: "dispatch", architecture: "closure-effects", feature: "counter/increment", layout: "",
                n: "", metric: metric),
            unit: "count",
            value: median,
            configuration: "release"
        )
    }

    func bench(_ arguments: String...) async -> (status: Int32, captured: Captured) {
        let captured = Captured()
        let status = await BenchCommand.main(arguments, output: captured.output)
        return (status, captured)
    }

    @Test("compare exits 0 for an identical run, 1 for a regression, and lists regressions first")
    func compareVerdicts() async throws {
        let baseline = try write([row(median: 2)], to: "baseline.csv")
        let same = try write([row(median: 2)], to: "same.csv")
        let worse = try write([row(median: 3)], to: "worse.csv")
        #expect(await bench("compare", baseline, same).status == 0)
        let (status, captured) = await bench("compare", baseline, worse)
        #expect(status == 1)
        #expect(captured.data.contains("regression"))
        #expect(captured.data.contains("FAIL"))
        #expect(captured.errors.isEmpty)
    }

    @Test("compare exits 2 with one line for a missing file, a malformed file and mismatched rows")
    func compareInputErrors() async throws {
        let baseline = try write([row(median: 2)], to: "baseline.csv")
        let other = try write([row(metric: "tasks", median: 2)], to: "other.csv")
        let malformed = directory.appendingPathComponent("malformed.csv").path
        try "suite,oops\n".write(toFile: malformed, atomically: true, encoding: .utf8)
        let cases: [(String, String)] = [
            (directory.appendingPathComponent("missing.csv").path, "cannot read"),
            (malformed, "is not a bench CSV: line 1: the header is not"),
            (other, "missing from the current run"),
        ]
        for (current, message) in cases {
            let (status, captured) = await bench("compare", baseline, current)
            #expect(status == 2)
            #expect(captured.errors.count == 1)
            #expect(captured.errors.first?.contains(message) == true, "\(captured.errors)")
            #expect(captured.errors.first?.contains("\n") == false)
        }
    }

    @Test("A debug build refuses to run and names the release command")
    func debugBuildRefuses() async {
        guard BenchCommand.configuration == "debug" else { return }
        let (status, captured) = await bench("--quick", "--filter", "dispatch")
        #expect(status == 2)
        #expect(
            captured.errors == [
                "this is a debug build, whose times are not real; run 'swift run -c release bench --quick --filter dispatch' "
                    + "(or pass --allow-debug to mark every row debug)"
            ])
        #expect(captured.data.isEmpty)
    }

    @Test("An unwritable --output fails before anything runs, leaving no file")
    func unwritableOutput() async {
        let path = directory.appendingPathComponent("no/such/folder/out.csv").path
        let (status, captured) = await bench("--allow-debug", "--filter", "baseline", "--output", path)
        #expect(status == 2)
        #expect(captured.errors.first?.hasPrefix("cannot write --output \(path)") == true)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("Bad arguments exit 2 with one line; --help and list exit 0 on stdout")
    func argumentsAndHelp() async {
        let bad = await bench("--filter", "nonsense")
        #expect(bad.status == 2)
        #expect(bad.captured.errors.count == 1)
        let help = await bench("--help")
        #expect(help.status == 0 && help.captured.data.contains("USAGE"))
        let list = await bench("list", "--filter", "layout")
        #expect(list.status == 0)
        #expect(list.captured.data.contains("layout"))
        #expect(!list.captured.data.contains("dispatch "))
    }
}
