import BenchmarkGate
import BenchmarkResults
import Foundation
import ResultsTestSupport
import Testing

/// Rows for the report tests.
enum ReportRows {
    /// A baseline and a current run with one metric per verdict; `name(verdict)` is that metric's name.
    static func oneOfEach() throws -> (baseline: [ResultRow], current: [ResultRow]) {
        let baseline = try RowFixture.parse([
            "dispatch,closure-effects,counter/increment,,,mallocs,count,1,1,1,1,1,1,1,,release,",
            "layout,effect-values,app/increment,single-store,10,observers-woken,count,10,10,10,10,10,10,1,,release,",
            "dispatch,store-subclass,counter/increment,,,time,ns,60,59,59,61,58,70,25,100,release,",
            "dispatch,viper-reducer,counter/increment,,,mallocs,count,3,3,3,3,3,3,1,,release,",
            "layout,effect-values,app/increment,single-store,,growth-exponent,exponent,1,1,1,1,1,1,1,,release,",
            "state-copy,local-reducer,transfer/updateAmount,,100,bytes,B,64,64,64,64,64,64,1,,release,",
        ])
        let current = try RowFixture.parse([
            "dispatch,closure-effects,counter/increment,,,mallocs,count,2,2,2,2,2,2,1,,release,",
            "layout,effect-values,app/increment,single-store,10,observers-woken,count,1,1,1,1,1,1,1,,release,",
            "dispatch,store-subclass,counter/increment,,,time,ns,6,5.9,5.9,6.1,5.8,7,25,10,release,",
            "dispatch,viper-reducer,counter/increment,,,mallocs,count,1,1,1,1,1,1,1,,release,",
            "layout,effect-values,app/increment,single-store,,growth-exponent,exponent,2,2,2,2,2,2,1,,release,",
            "state-copy,local-reducer,transfer/updateAmount,,100,bytes,B,64,64,64,64,64,64,1,,release,",
        ])
        return (baseline, current)
    }

    /// The metric `oneOfEach` gives `verdict`.
    static func name(_ verdict: Comparison.Verdict) -> String {
        switch verdict {
        case .regression: "dispatch/closure-effects/counter/increment/mallocs"
        case .behaviourChanged: "layout/effect-values/app/increment/single-store/n=10/observers-woken"
        case .suspicious: "dispatch/store-subclass/counter/increment/time"
        case .improvement: "dispatch/viper-reducer/counter/increment/mallocs"
        case .changed: "layout/effect-values/app/increment/single-store/growth-exponent"
        case .unchanged: "state-copy/local-reducer/transfer/updateAmount/n=100/bytes"
        }
    }
}

@Suite("Markdown report")
struct MarkdownReportTests {
    func report() throws -> String {
        let (baseline, current) = try ReportRows.oneOfEach()
        return MarkdownReport.render(
            try Comparison(baseline: baseline, current: current), baseline: "base.csv", current: "new.csv")
    }

    @Test("the first line is the verdict, and regressions come first")
    func verdictLine() throws {
        let text = try report()
        #expect(text.hasPrefix("### ❌ Benchmark gate: FAIL, 3 of 6 metrics fail\n"))
        let lines = text.split(separator: "\n")
        #expect(lines[1].hasPrefix("- regression: +1 malloc per operation in "), "the first cause follows")
        let headings = lines.filter { $0.hasPrefix("#### ") || $0.hasPrefix("<summary>") }
        #expect(
            headings == [
                "<summary>Regressions (1)</summary>", "<summary>Behaviour changes (1)</summary>",
                "<summary>Suspicious speed-ups (1)</summary>", "<summary>Improvements (1)</summary>",
                "<summary>Informational changes (1)</summary>", "#### What the gate checked",
                "<summary>Unchanged (1)</summary>",
            ])
        let (baseline, _) = try ReportRows.oneOfEach()
        let same = MarkdownReport.render(
            try Comparison(baseline: baseline, current: baseline), baseline: "a", current: "b")
        #expect(same.hasPrefix("### ✅ Benchmark gate: PASS, 6 metrics compared, none fails\n"))
        #expect(
            same.components(separatedBy: "#### ").count == 2 && same.contains("#### What the gate checked"))
    }

    @Test(
        "each verdict's metric is in its own section, with baseline, current, change and tolerance",
        arguments: Comparison.Verdict.allCases)
    func section(verdict: Comparison.Verdict) throws {
        let text = try report()
        let start = try #require(text.range(of: "<summary>\(MarkdownReport.title(verdict)) ("))
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n</details>")?.upperBound ?? rest.endIndex
        let section = rest[..<end]
        let row = try #require(
            section.split(separator: "\n").first { $0.contains("`\(ReportRows.name(verdict))`") })
        let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(cells.count == 6, "\(row)")
        let expected: [Comparison.Verdict: [String]] = [
            .regression: ["count", "1", "2", "+100.0%", "±0.5"],
            .behaviourChanged: ["count", "10", "1", "-90.0%", "±0.5"],
            .suspicious: ["ratio", "100", "10", "-90.0%", "+20%"],
            .improvement: ["count", "3", "1", "-66.7%", "±0.5"],
            .changed: ["exponent", "1", "2", "+1", "reported only"],
            .unchanged: ["B", "64", "64", "+0.0%", "±32.1 B"],
        ]
        #expect(Array(cells.dropFirst()) == expected[verdict], "\(row)")
        #expect(text.contains("\n<details>\n<summary>\(MarkdownReport.title(verdict)) (1)</summary>\n"))
        #expect(section.hasSuffix("\n</details>"))
    }
}

extension MarkdownReportTests {
    @Test("a change from a zero baseline is shown as a difference, not a percentage")
    func zeroBaseline() throws {
        let rows = try RowFixture.parse([
            "dispatch,a,counter/increment,,,mallocs,count,0,0,0,0,0,0,1,,release,"
        ]
        )
        var more = rows
        more[0].median = 1
        let text = MarkdownReport.render(
            try Comparison(baseline: rows, current: more), baseline: "a", current: "b")
        #expect(text.contains("| `dispatch/a/counter/increment/mallocs` | count | 0 | 1 | +1 | ±0.5 |"))
        let same = MarkdownReport.render(
            try Comparison(baseline: rows, current: rows), baseline: "a", current: "b")
        #expect(same.contains("| count | 0 | 0 | 0 | ±0.5 |"))
    }
}

@Suite("JSON reports")
struct JSONReportTests {
    @Test("compare's JSON lists every metric with its verdict, failures first, and the gate's decision")
    func comparison() throws {
        let (baseline, current) = try ReportRows.oneOfEach()
        let text = try ComparisonJSON.render(try Comparison(baseline: baseline, current: current))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "verdict", "notCompared", "comparesTimes", "judgesTimesOnTwoRuns", "verdicts", "metrics",
                "coverage",
            ])
        #expect(object["notCompared"] as? [String] == [])
        #expect(object["judgesTimesOnTwoRuns"] as? Bool == false)
        #expect(object["verdict"] as? String == "fail")
        #expect(object["comparesTimes"] as? Bool == true)
        let verdicts = try #require(object["verdicts"] as? [String: Int])
        #expect(
            verdicts == Dictionary(uniqueKeysWithValues: Comparison.Verdict.allCases.map { ($0.rawValue, 1) })
        )
        let metrics = try #require(object["metrics"] as? [[String: Any]])
        #expect(metrics.map { $0["verdict"] as? String } == Comparison.Verdict.allCases.map(\.rawValue))
        #expect(metrics.map { $0["name"] as? String } == Comparison.Verdict.allCases.map(ReportRows.name))
        let first = metrics[0]
        #expect(
            Set(first.keys) == [
                "name", "unit", "baseline", "current", "changePercent", "tolerance", "verdict", "fails",
            ])
        #expect(first["baseline"] as? Double == 1 && first["current"] as? Double == 2)
        #expect(first["changePercent"] as? Double == 100 && first["tolerance"] as? String == "±0.5")
        #expect(metrics.map { $0["fails"] as? Bool } == Comparison.Verdict.allCases.map(\.fails))
    }
}
