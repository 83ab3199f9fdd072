import BenchmarkGate
import BenchmarkResults
import BenchmarkRun
import BenchmarkSuites
import Foundation
import Testing

@testable import BenchmarkCLI

/// The parts of `bench` around the numbers: result files, tables, the gate's report and the child
/// processes of `--best-of`.
@MainActor
@Suite("Output parts")
struct OutputPartsTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "bench-parts-\(UUID().uuidString)")
    let metadata = RunMetadata(
        commit: "abc", swiftVersion: "Swift version 6.3.1", operatingSystem: "Linux", cpu: "Test CPU",
        cores: 2,
        configuration: .release, date: "2026-11-23T00:00:00Z", options: ["--quick"], seed: 42)

    @Test(
        "a result file appears with its metadata only when committed, and an uncommitted one leaves nothing")
    func resultFileIsAllOrNothing() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("run.csv").path
        let file = try ResultFile(path: path)
        #expect(!FileManager.default.fileExists(atPath: path))
        try file.commit(csv: "a,b\r\n", metadata: metadata)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "a,b\r\n")
        let sidecar = try #require(FileManager.default.contents(atPath: file.metadataPath))
        #expect(try RunMetadata.decoded(from: sidecar) == metadata)
        _ = try ResultFile(path: directory.appendingPathComponent("other.csv").path)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(left == ["run.csv", "run.meta.json"])
    }

    @Test("a commit replaces the old pair whole; one whose metadata fails leaves no CSV and no temporaries")
    func resultFileReplacesWhole() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("run.csv").path
        try ResultFile(path: path).commit(csv: "old\r\n", metadata: metadata)
        var newer = metadata
        newer.seed = 43
        try ResultFile(path: path).commit(csv: "new\r\n", metadata: newer)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\r\n")
        #expect(try RunMetadata.read(forCSV: path) == newer)
        let blocked = directory.appendingPathComponent("blocked.csv").path
        try FileManager.default.createDirectory(
            atPath: RunMetadata.sidecarPath(forCSV: blocked), withIntermediateDirectories: true)
        let file = try ResultFile(path: blocked)
        #expect(throws: (any Error).self) { try file.commit(csv: "a,b\r\n", metadata: metadata) }
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(left == ["blocked.meta.json", "run.csv", "run.meta.json"])
    }

    @Test("a result file refuses a directory and an unwritable place before anything runs")
    func resultFileRefusesBadPaths() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        #expect(throws: (any Error).self) { try ResultFile(path: directory.path) }
        #expect(throws: (any Error).self) { try ResultFile(path: "/nonexistent-folder/run.csv") }
    }

    @Test("metadata sidecars sit beside their CSV, and metadata without a seed still reads")
    func metadataSidecar() throws {
        #expect(
            RunMetadata.sidecarPath(forCSV: "results/baseline.csv").hasSuffix("/results/baseline.meta.json"))
        #expect(RunMetadata.sidecarPath(forCSV: "out").hasSuffix("/out.meta.json"))
        var old = metadata
        old.seed = nil
        let json = String(decoding: try old.encoded(), as: UTF8.self)
        #expect(!json.contains("seed"))
        #expect(try RunMetadata.decoded(from: Data(json.utf8)) == old)
    }

    @Test("tables align columns and print numbers with three significant digits")
    func tables() {
        var table = TextTable(columns: [("name", .left), ("value", .right)])
        table.append(["a", "1"])
        table.append(["longer", "12345"])
        #expect(table.render() == "name    value\n------  -----\na           1\nlonger  12345\n")
        #expect(ResultTable.number(0) == "0")
        #expect(ResultTable.number(1234) == "1234")
        #expect(ResultTable.number(12.345) == "12.3")
        #expect(ResultTable.number(1.2345) == "1.23")
        #expect(ResultTable.number(0.012345) == "0.012")
    }

    @Test("the gate's report leads with the verdict and its causes; the rows come with --rows")
    func comparisonReport() throws {
        let baseline = [row(.mallocs, 1), row(.observersWoken, 10)]
        let current = [row(.mallocs, 2), row(.observersWoken, 0)]
        let comparison = try Comparison(baseline: baseline, current: current)
        let report = ComparisonReport.render(
            comparison, showAll: false, refresh: "bench --quick --output b.csv")
        let lines = report.split(separator: "\n").map(String.init)
        #expect(lines[0] == "FAIL: 2 of 2 metrics fail; no time gated: the baseline has no time rows.")
        #expect(lines[1].hasPrefix("  regression: +1 malloc per operation in "))
        #expect(lines[2].hasPrefix("  behaviour-changed: -10 observers woken per operation in "))
        #expect(lines[3] == "--rows lists the 2 rows behind them.")
        #expect(report.contains("1 behaviour-changed: observers woken or tasks per operation changed"))
        #expect(
            lines.last == "FAIL. If the change is intended, record the baseline again as it was recorded: "
                + "bench --quick --output b.csv")
        let withRows = ComparisonReport.render(comparison, showAll: false, rows: true)
            .split(separator: "\n").map(String.init)
        #expect(withRows[3].hasPrefix("verdict") && withRows[5].hasPrefix("regression"))
        #expect(withRows[6].hasPrefix("behaviour-changed"))
    }

    @Test("each --best-of process runs the same selection with its own seed")
    func bestOfRequest() {
        var options = Invocation.RunOptions()
        options.quick = true
        options.bestOf = 3
        options.filter = CaseSelector(suites: [.layout], layouts: ["single-store"], sizes: [10])
        let plan = BenchCommand.plan(options, seed: 7, output: Captured().output, environment: [:])
        #expect(plan.request.bestOf == 3 && plan.request.seed == 7 && plan.request.selector == options.filter)
        #expect(plan.request.size == RunSize.quick)
    }

    private func row(_ metric: Metric, _ value: Double) -> ResultRow {
        .count(
            .init(
                suite: .layout, architecture: "a", feature: "app/increment", layout: "single-store", n: 10,
                metric: metric),
            unit: .count, value: value, configuration: .release)
    }
}
