import BenchmarkResults
import BenchmarkSummary
import Foundation
import Testing

@testable import BenchmarkCLI

/// `--format` end to end, bad input around reports, and `bench baseline update`.
@MainActor
@Suite("Reports and baselines")
struct ReportCommandTests {
    let files = BenchCommandTests()

    @Test("compare --format markdown and json report a regression with exit 1, a pass with exit 0")
    func compareFormats() async throws {
        let baseline = try files.write([files.row(median: 2)], to: "baseline.csv")
        let worse = try files.write([files.row(median: 3)], to: "worse.csv")
        let markdown = await files.bench("compare", baseline, worse, "--format", "markdown")
        #expect(markdown.status == 1 && markdown.captured.errors.isEmpty)
        #expect(
            markdown.captured.data.hasPrefix(
                "### ❌ Benchmark gate: FAIL, 1 of 1 metrics fail; no time gated: the baseline has no time rows\n"
            ))
        #expect(markdown.captured.data.contains("<summary>Regressions (1)</summary>"))
        let json = await files.bench("compare", baseline, worse, "--format=json")
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.captured.data.utf8)) as? [String: Any]
        #expect(object?["verdict"] as? String == "fail")
        let pass = await files.bench("compare", baseline, baseline, "--format", "markdown")
        #expect(pass.status == 0 && pass.captured.data.hasPrefix("### ✅ Benchmark gate: PASS"))
    }

    @Test(
        "bad input around reports is one line, exit 2, and no report or file",
        arguments: ["format", "metadata", "output"])
    func badInput(problem: String) async throws {
        let baseline = try files.write(
            [files.row(median: 2)], to: "baseline.csv", cpu: problem == "metadata" ? nil : "CPU")
        let unwritable = files.directory.appendingPathComponent("no/such/folder/out.json").path
        let arguments: [String] =
            switch problem {
            case "format": ["compare", baseline, baseline, "--format", "html"]
            case "metadata": ["compare", baseline, baseline, "--format", "markdown"]
            default:
                ["run", "--allow-debug", "--filter", "reference", "--format", "json", "--output", unwritable]
            }
        let captured = Captured()
        let status = await BenchCommand.main(arguments, output: captured.output)
        #expect(status == ExitStatus.badInput.rawValue)
        #expect(
            captured.errors.count == 1 && captured.errors.allSatisfy { !$0.contains("\n") },
            "\(captured.errors)")
        let expected = [
            "format": "--format for compare must be text, markdown or json, not 'html'",
            "metadata": "baseline.csv has no metadata file", "output": "cannot write --output \(unwritable)",
        ]
        #expect(captured.errors.first?.contains(expected[problem] ?? "?") == true, "\(captured.errors)")
        #expect(captured.data.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: unwritable))
    }

    @Test("a debug build's baseline update re-runs in release, or refuses where swift is missing")
    func baselineUpdateInDebug() async throws {
        guard BenchCommand.configuration == .debug else { return }
        let refused = Captured()
        let status = await BenchCommand.main(
            ["baseline", "update"], output: refused.output, environment: ["PATH": ""])
        #expect(status == ExitStatus.badInput.rawValue)
        #expect(
            refused.errors == [
                "this is a debug build, whose times are not real, and 'swift' is not on PATH to build a release "
                    + "one; run 'swift run -c release bench baseline update'"
            ])
        try FileManager.default.createDirectory(at: files.directory, withIntermediateDirectories: true)
        let record = files.directory.appendingPathComponent("arguments.txt").path
        let swift = files.directory.appendingPathComponent("swift")
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record)'\n".write(
            to: swift, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
        let rerun = await BenchCommand.main(
            ["baseline", "update", "--best-of", "2"], output: Captured().output,
            environment: ["PATH": files.directory.path])
        #expect(rerun == 0)
        let recorded = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").suffix(4)
        #expect(Array(recorded) == ["baseline", "update", "--best-of", "2"])
    }

    @Test("a baseline takes release rows only; an ordinary run keeps debug rows")
    func baselineNeedsRelease() throws {
        var debug = CSVTestsRow.time(ratio: 4)
        debug.configuration = .debug
        #expect(throws: BenchError.self) { try BenchCommand.check([debug], releaseOnly: true) }
        try BenchCommand.check([debug], releaseOnly: false)
        try BenchCommand.check([CSVTestsRow.time(ratio: 4)], releaseOnly: true)
    }

    @Test("a run's JSON has github-action-benchmark's shape, one entry per CSV row")
    func runJSONShape() async throws {
        var options = Invocation.RunOptions()
        options.quick = true
        options.filter = CaseSelector(suites: [.reference])
        let rows = try await BenchCommand.plan(options, seed: 1, output: Captured().output, environment: [:])
            .rows()
        let metadata = RunMetadata(
            commit: "abc", swiftVersion: "Swift version 6.3.1", operatingSystem: "Linux", cpu: "Test CPU",
            cores: 2, configuration: .release, date: "2026-11-23T00:00:00Z", options: [])
        let text = try BenchCommand.render(rows, .json, metadata: metadata)
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        let csvLines = ResultCSV.render(rows).split(separator: "\r\n").dropFirst()
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(!entries.isEmpty && entries.count == csvLines.count)
        #expect(Set(entries.compactMap { $0["name"] as? String }).count == entries.count, "names are unique")
        // JSONSerialization on Linux reads some doubles one bit off; JSONDecoder reads them exactly.
        let values = try JSONDecoder().decode([RunJSON.Entry].self, from: Data(text.utf8)).map(\.value)
        #expect(values == csvLines.map { Double($0[7]) })
        let samples = try #require(ResultCSV.Column.allCases.firstIndex(of: .samples))
        let configuration = try #require(ResultCSV.Column.allCases.firstIndex(of: .configuration))
        for (entry, fields) in zip(entries, csvLines) {
            #expect(Set(entry.keys) == ["name", "unit", "value", "range", "extra"])
            let name = fields[0...3] + [fields[4].isEmpty ? "" : "n=" + fields[4], fields[5]]
            #expect(entry["name"] as? String == name.filter { !$0.isEmpty }.joined(separator: "/"))
            #expect(entry["unit"] as? String == fields[6])
            #expect(entry["value"] is NSNumber)
            #expect((entry["range"] as? String)?.hasPrefix("± ") == true)
            let extra = try #require(entry["extra"] as? String)
            #expect(
                extra.contains("samples: \(fields[samples])\n")
                    && extra.contains("configuration: \(fields[configuration])"))
        }
    }
}
