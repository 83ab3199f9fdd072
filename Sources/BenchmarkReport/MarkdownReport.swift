import Foundation

/// `bench compare --format markdown`: the gate's report for a pull request comment or a CI job
/// summary.
///
/// A verdict line first, then one section per verdict in the order they matter: regressions,
/// behaviour changes, suspicious speed-ups, improvements, informational changes; then the unchanged
/// metrics, collapsed in a `<details>` block. Every row gives the baseline, the current value, the
/// change and the tolerance it was judged with. Sections without rows are left out. Before the
/// unchanged metrics, a table says what the gate checked (``GateCoverage``); when no time was
/// gated, the verdict line says so.
public enum MarkdownReport {
    /// The report; `coverage` defaults to one made from `comparison` alone, without the runs' rows.
    public static func render(
        _ comparison: Comparison, baseline: String, current: String, rerun: String? = nil,
        coverage: GateCoverage? = nil
    ) -> String {
        let coverage = coverage ?? GateCoverage(comparison)
        let runs = "current `\(current)`" + (rerun.map { ", rerun `\($0)`" } ?? "")
        var parts = [verdictLine(comparison, coverage), summary(comparison, baseline: baseline, runs: runs)]
        for verdict in Comparison.Verdict.allCases where verdict != .unchanged {
            let changes = comparison.changes.filter { $0.verdict == verdict }
            guard !changes.isEmpty else { continue }
            let explanation = verdict.explanation.prefix(1).uppercased() + verdict.explanation.dropFirst()
            parts.append("#### \(title(verdict)) (\(changes.count))\n\n\(explanation).")
            parts.append(table(changes, comparison))
        }
        parts.append(coverage.markdown)
        let unchanged = comparison.changes.filter { $0.verdict == .unchanged }
        if !unchanged.isEmpty {
            parts.append(
                "<details>\n<summary>\(title(.unchanged)) (\(unchanged.count))</summary>\n\n"
                    + table(unchanged, comparison) + "\n\n</details>")
        }
        parts.append(advice(comparison))
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
        return comparison.hasRegression
            ? "### ❌ Benchmark gate: FAIL, \(failing) of \(total) metrics fail\(noTime)"
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
                "`\(ReportText.name(change.key))`", ReportText.text(change.unit),
                ReportText.number(change.baseline), ReportText.number(change.current),
                changeText(change),
                comparison.toleranceText(change),
            ]
            return "| " + cells.joined(separator: " | ") + " |"
        }
        return ([header] + rows).joined(separator: "\n")
    }

    /// The relative change, or the difference when the baseline is 0.
    static func changeText(_ change: Comparison.Change) -> String {
        if let percent = change.percent { return String(format: "%+.1f%%", percent) }
        let difference = change.current - change.baseline
        return difference == 0 ? "0" : (difference > 0 ? "+" : "-") + ReportText.number(abs(difference))
    }

    private static func advice(_ comparison: Comparison) -> String {
        if comparison.hasRegression {
            return
                "If the change is intended, refresh the baseline with `bench baseline update` and commit it."
        }
        if !comparison.improvements.isEmpty {
            return "Improvements found: refresh the baseline with `bench baseline update` to lock them in."
        }
        return "Nothing to do."
    }
}
