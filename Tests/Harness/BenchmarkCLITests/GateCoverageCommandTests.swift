import BenchmarkGate
import BenchmarkResults
import Foundation
import Testing

@testable import BenchmarkCLI

/// What `bench compare` says it gated, end to end on files.
@MainActor
@Suite("Compare reports what it gated")
struct GateCoverageCommandTests {
    let files = BenchCommandTests()

    var timed: [ResultRow] {
        let reference = ResultRow(
            key: .init(
                suite: .reference, architecture: "reference", feature: "reference/ordinary-work", layout: nil,
                n: nil, metric: .time),
            unit: .nanoseconds, median: 10, p10: 10, p25: 10, p75: 10, min: 10, max: 10, sampleCount: 9,
            ratioToReference: 1, configuration: .release)
        var time = reference
        time.key.suite = .dispatch
        time.key.architecture = "closure-effects"
        time.ratioToReference = 3
        return [reference, time, files.row(median: 2)]
    }

    @Test("a counts-only comparison says in its first line that it gated no time, and why")
    func countsOnlyFirstLine() async throws {
        let baseline = try files.write(timed, to: "baseline.csv", cpu: "AMD EPYC")
        let current = try files.write(timed, to: "current.csv", cpu: "Intel Xeon")
        let text = await files.bench("compare", baseline, current, "--counts-only")
        #expect(text.status == 0)
        let first = text.captured.data.split(separator: "\n").first ?? ""
        #expect(
            first
                == "PASS: 1 metrics compared, none fails (counts only, no times); no time gated: counts only "
                + "(--counts-only), the baseline's CPU model is 'AMD EPYC', this run's 'Intel Xeon'."
        )
        #expect(text.captured.data.contains("What the gate checked"))
        let markdown = await files.bench(
            "compare", baseline, current, "--counts-only", "--format", "markdown")
        let heading = markdown.captured.data.split(separator: "\n").first ?? ""
        #expect(
            heading.hasPrefix("### ✅ Benchmark gate: PASS") && heading.contains("no time gated: counts only"))
    }

    @Test("the text report's short version lists every metric class with its gated rows")
    func textSummary() async throws {
        let baseline = try files.write(timed, to: "baseline.csv")
        let text = await files.bench("compare", baseline, baseline)
        #expect(text.status == 0)
        let lines = text.captured.data.split(separator: "\n").map(String.init)
        #expect(!lines[0].contains("No time gated"))
        let time = try #require(lines.first { $0.hasPrefix("time ") })
        #expect(
            time.split(separator: " ", omittingEmptySubsequences: true).prefix(4) == [
                "time", "1", "+20%", ">+20%",
            ])
        #expect(lines.contains { $0.hasPrefix("counts ") && $0.contains("+1 per op") })
        #expect(lines.contains { $0.hasPrefix("informational ") && $0.hasSuffix("1 informational") })
        let json = await files.bench("compare", baseline, baseline, "--format", "json")
        let object = try JSONSerialization.jsonObject(with: Data(json.captured.data.utf8)) as? [String: Any]
        let coverage = try #require(object?["coverage"] as? [String: Any])
        #expect(coverage["gatesTime"] as? Bool == true)
        #expect((coverage["lines"] as? [Any])?.count == 3)
    }
}
