import BenchmarkResults
import Foundation

/// `bench compare --format markdown`: the gate's report for a pull request comment or a CI job
/// summary.
///
/// A verdict line first, then one bullet per cause (``ChangeCause``) and a line on how many metrics
/// were compared; then the rows, one collapsed `<details>` block per verdict in the order they
/// matter (regressions, behaviour changes, suspicious speed-ups, improvements, informational
/// changes), a table of what the gate checked (``GateCoverage``), the unchanged metrics, collapsed
/// too, and how to refresh the baseline as it was recorded. Every row gives the baseline, the
/// current value, the change and the tolerance it was judged with. Blocks without rows are left
/// out; when no time was gated, the verdict line says so.
public enum MarkdownReport {
    /// The report; `coverage` defaults to one made from `comparison` alone, without the runs' rows;
    /// `refresh` is the command that records the baseline again.
    public static func render(
        _ comparison: Comparison, baseline: String, current: String, rerun: String? = nil,
        coverage: GateCoverage? = nil, refresh: String = "bench baseline update"
    ) -> String {
        let coverage = coverage ?? GateCoverage(comparison)
        let runs = "current `\(current)`" + (rerun.map { ", rerun `\($0)`" } ?? "")
        let causes = comparison.causes.map { "- \($0.line)" }.joined(separator: "\n")
        var parts = [verdictLine(comparison, coverage)] + (causes.isEmpty ? [] : [causes])
        parts.append(summary(comparison, baseline: baseline, runs: runs))
        for verdict in Comparison.Verdict.allCases where verdict != .unchanged {
            let changes = comparison.changes.filter { $0.verdict == verdict }
            guard !changes.isEmpty else { continue }
            let explanation = verdict.explanation.prefix(1).uppercased() + verdict.explanation.dropFirst()
            parts.append(
                "<details>\n<summary>\(title(verdict)) (\(changes.count))</summary>\n\n\(explanation).\n\n"
                    + table(changes, comparison) + "\n\n</details>")
        }
        parts.append(coverage.markdown)
        let unchanged = comparison.changes.filter { $0.verdict == .unchanged }
        if !unchanged.isEmpty {
            parts.append(
                "<details>\n<summary>\(title(.unchanged)) (\(unchanged.count))</summary>\n\n"
                    + table(unchanged, comparison) + "\n\n</details>")
        }
        parts.append(advice(comparison, refresh: refresh))
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// The section heading of a verdict.
    public static func title(_ verdict: Comparison.Verdict) -> String {
        switch verdict {
        case .regression: "Regressions"
        case .behaviourChanged: "Behaviour changes"
        case .suspicious: "Suspicious speed-ups"
        case .improvement: "Improvements"
        case .changed: "Informational changes"
        case .unchanged: "Unchanged"
        }
    }

    static func verdictLine(_ comparison: Comparison, _ coverage: GateCoverage) -> String {
        let failing = comparison.failures.count
        let total = comparison.changes.count
        let noTime = coverage.noTimeLine.map { "; \($0)" } ?? ""
        let notCompared = comparison.notCompared.map { "\n- \($0)" }.joined()
        return comparison.hasRegression
            ? "### ❌ Benchmark gate: FAIL, \(failing) of \(total) metrics fail"
                + "\(ReportText.notComparedClause(comparison))\(noTime)\(notCompared)"
            : "### ✅ Benchmark gate: PASS, \(total) metrics compared, none fails\(noTime)"
    }

    private static func summary(_ comparison: Comparison, baseline: String, runs: String) -> String {
        let tolerance =
            comparison.timeTolerance.map { "time ratios within \(ReportText.number($0 * 100))%" }
            ?? "time ratios within their tolerances"
        let twoRuns = comparison.judgesTimesOnTwoRuns ? " in the lower of two runs" : ""
        let scope =
            comparison.comparesTimes
            ? "\(tolerance)\(twoRuns), counts within their allowances" : "counts only, no times"
        let counts = Comparison.Verdict.allCases.map { verdict in
            "\(title(verdict).lowercased()) \(comparison.changes.filter { $0.verdict == verdict }.count)"
        }
        return "Baseline `\(baseline)`, \(runs); \(scope). Metrics per verdict: "
            + counts.joined(separator: ", ") + "."
    }

    private static func table(_ changes: [Comparison.Change], _ comparison: Comparison) -> String {
        let header =
            "| metric | unit | baseline | current | change | tolerance |\n| --- | --- | ---: | ---: | ---: | --- |"
        let rows = changes.map { change in
            let cells = [
                "`\(ReportText.name(change.key))`", change.unit.rawValue,
                ReportText.number(change.baseline), ReportText.number(change.current),
                ReportText.change(change),
                comparison.toleranceText(change),
            ]
            return "| " + cells.joined(separator: " | ") + " |"
        }
        return ([header] + rows).joined(separator: "\n")
    }

    private static func advice(_ comparison: Comparison, refresh: String) -> String {
        if comparison.hasRegression {
            return "If the change is intended, record the baseline again as it was recorded, and commit it: "
                + "`\(refresh)`"
        }
        if !comparison.improvements.isEmpty {
            return
                "Improvements found: record the baseline again as it was recorded, to lock them in: `\(refresh)`"
        }
        return "Nothing to do."
    }
}
