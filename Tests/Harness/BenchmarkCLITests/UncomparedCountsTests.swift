import BenchmarkGate
import BenchmarkResults
import Foundation
import Testing

@testable import BenchmarkCLI

/// `bench compare` against a run that could not take some counts: they are listed as not compared,
/// with the reason the run recorded, and the gate fails; the rest is compared as usual.
@MainActor
@Suite("Counts not compared")
struct UncomparedCountsTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "uncompared-\(UUID().uuidString)")

    static let caseKey = ResultRow.CaseKey(
        suite: .dispatch, architecture: "closure-effects", feature: "counter/increment")

    static func row(_ metric: Metric, _ value: Double) -> ResultRow {
        ResultRow.count(
            ResultRow.Key(caseKey, metric: metric), unit: metric == .bytes ? .bytes : .count, value: value,
            configuration: .release)
    }

    func write(_ rows: [ResultRow], to name: String, unavailable: [String: String]?) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try ResultCSV.render(rows).write(toFile: path, atomically: true, encoding: .utf8)
        var metadata = RunMetadata(
            commit: "abc", swiftVersion: "Swift version 6.3.1", operatingSystem: "Linux", cpu: "Test CPU",
            cores: 2,
            configuration: .release, date: "2026-11-28T00:00:00Z", options: [], seed: 7, roundTrips: .oneCPU)
        metadata.unavailableCounters = unavailable
        try metadata.encoded().write(to: URL(fileURLWithPath: RunMetadata.sidecarPath(forCSV: path)))
        return path
    }

    @Test("counts of a counter the run names unavailable are listed with its reason, and the gate fails")
    func listedAndFailed() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = try write(
            [Self.row(.mallocs, 2), Self.row(.bytes, 64), Self.row(.observersWoken, 1)], to: "baseline.csv",
            unavailable: nil)
        let current = try write(
            [Self.row(.observersWoken, 1)], to: "current.csv",
            unavailable: ["allocations": "this build has no counters (built with BENCH_NO_COUNTERS=1)"])
        let captured = Captured()
        let status = await BenchCommand.main(["compare", baseline, current], output: captured.output)
        #expect(status == 1)
        let report = captured.data.split(separator: "\n").map(String.init)
        #expect(
            report.first
                == "FAIL: 0 of 1 metrics fail, and 2 baseline counts were not compared (counters unavailable)"
                + "; no time gated: the baseline has no time rows.", "\(report)")
        let lines = report.filter { $0.hasPrefix("  not compared: ") }
        #expect(
            lines == [
                "  not compared: 1 mallocs row(s) of the baseline, first \(Self.caseKey) / mallocs: allocations this "
                    + "build has no counters (built with BENCH_NO_COUNTERS=1)",
                "  not compared: 1 bytes row(s) of the baseline, first \(Self.caseKey) / bytes: allocations this "
                    + "build has no counters (built with BENCH_NO_COUNTERS=1)",
            ], "\(report)")
        #expect(captured.data.contains("1 metrics compared"), "the rows it could compare are compared")
        #expect(!captured.data.contains("PASS"), "a report with counts left uncompared never says PASS")
        #expect(captured.errors.isEmpty, "\(captured.errors)")
    }

    @Test("a run that names no counter unavailable but lacks rows is still refused as mismatched")
    func missingRowsWithoutAReasonAreRefused() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = try write([Self.row(.mallocs, 2)], to: "baseline.csv", unavailable: nil)
        let current = try write([Self.row(.tasks, 2)], to: "current.csv", unavailable: nil)
        let captured = Captured()
        #expect(await BenchCommand.main(["compare", baseline, current], output: captured.output) == 2)
        #expect(!captured.data.contains("not compared"))
    }

    @Test("a case the baseline describes only by counts the current run lacks is listed, not missing")
    func countOnlyCasesAreListed() {
        let retention = ResultRow.CaseKey(
            suite: .retention, architecture: "closure-effects", feature: "counter/loadQuote")
        let retained = ResultRow.count(
            ResultRow.Key(retention, metric: .retainedBytes), unit: .bytes, value: 0, configuration: .release)
        let baseline = [Self.row(.mallocs, 2), Self.row(.observersWoken, 1), retained]
        let uncompared = UncomparedCounts(
            baseline: baseline, current: [Self.row(.observersWoken, 1)],
            counted: [.mallocs, .bytes, .retainedBytes],
            reasons: [:])
        #expect(uncompared.count == 2)
        #expect(uncompared.remaining(of: baseline).map(\.key.metric) == [.observersWoken])
    }
}
