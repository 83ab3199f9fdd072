import BenchmarkGate
import BenchmarkResults

/// `--format rows`: every row, one aligned line per metric, for reading in a terminal.
enum ResultTable {
    static func render(_ rows: [ResultRow]) -> String {
        var table = TextTable(
            columns: [
                ("suite", .left), ("architecture", .left), ("feature", .left), ("layout", .left),
                ("n", .right),
                ("metric", .left), ("median", .right), ("p10", .right), ("p25..p75", .right),
                ("unit", .left),
                ("x ref", .right),
                ("samples", .right),
            ]
        )
        for row in rows {
            let isTime = row.metricClass.isTime
            let spread = isTime ? "\(number(row.p25))..\(number(row.p75))" : ""
            table.append([
                row.key.suite.rawValue, row.key.architecture.rawValue, row.key.feature.rawValue,
                row.key.layout?.rawValue ?? "", row.key.n.map(String.init) ?? "", row.key.metric.rawValue,
                number(row.median), isTime ? number(row.p10) : "", spread, row.unit.rawValue,
                row.ratioToReference.map { number($0) } ?? "",
                String(row.sampleCount),
            ])
        }
        let note =
            rows.contains { $0.configuration == .debug } ? "DEBUG BUILD: these numbers are not real.\n" : ""
        return note + table.render()
    }

    /// Three significant digits, without exponent notation for everyday magnitudes.
    static func number(_ value: Double) -> String { ReportText.number(value) }
}

/// The gate's report: the verdict first, then one line per cause (``ChangeCause``), the rows behind
/// them when asked for (`--rows`; every row with `--all`), how many metrics were compared, what the
/// gate checked per metric class (``GateCoverage``), and how to refresh the baseline as it was
/// recorded.
enum ComparisonReport {
    /// The most cause lines shown; the rest are counted.
    static let shownCauses = 5

    static func render(
        _ comparison: Comparison, showAll: Bool, rows: Bool = false, coverage: GateCoverage? = nil,
        refresh: String = "bench baseline update"
    ) -> String {
        let coverage = coverage ?? GateCoverage(comparison)
        let listed = comparison.changes.filter { change in
            showAll || rows && change.verdict != .unchanged && change.verdict != .changed
        }
        let table = listed.isEmpty ? "" : changeTable(listed) + "\n"
        return verdict(comparison, coverage) + causes(comparison, rows: rows || showAll, showAll: showAll)
            + table
            + summary(comparison) + coverage.text + advice(comparison, refresh: refresh)
    }

    /// `FAIL: 3 of 120 metrics fail (counts only, no times).` or `PASS: …, none fails …`.
    static func verdict(_ comparison: Comparison, _ coverage: GateCoverage) -> String {
        let scope = comparison.comparesTimes ? "" : " (counts only, no times)"
        let noTime = coverage.noTimeLine.map { "; \($0)" } ?? ""
        let total = comparison.changes.count
        let notCompared = comparison.notCompared.map { "  \($0)\n" }.joined()
        return comparison.hasRegression
            ? "FAIL: \(comparison.failures.count) of \(total) metrics fail\(ReportText.notComparedClause(comparison))"
                + "\(scope)\(noTime).\n" + notCompared
            : "PASS: \(total) metrics compared, none fails\(scope)\(noTime).\n"
    }

    /// One line per cause, the first ``shownCauses``; then where the rows and the informational
    /// changes are, when they are not listed.
    static func causes(_ comparison: Comparison, rows listed: Bool, showAll: Bool) -> String {
        let causes = comparison.causes
        var text = causes.prefix(shownCauses).map { "  \($0.line)\n" }.joined()
        if causes.count > shownCauses {
            text += "  … and \(causes.count - shownCauses) more causes\n"
        }
        let rows = causes.map(\.changes.count).reduce(0, +)
        if rows > 0 && !listed {
            text +=
                "--rows lists the \(rows) row\(rows == 1 ? "" : "s") behind \(causes.count == 1 ? "it" : "them").\n"
        }
        let informational = comparison.changes.filter { $0.verdict == .changed }.count
        if informational > 0 && !showAll {
            text +=
                "\(informational) informational figure\(informational == 1 ? "" : "s") moved "
                + "(reported only; --all lists them).\n"
        }
        return text
    }

    /// One line per listed change: verdict, metric, both values, the change and the unit.
    private static func changeTable(_ changes: [Comparison.Change]) -> String {
        var table = TextTable(
            columns: [
                ("verdict", .left), ("metric", .left), ("baseline", .right), ("current", .right),
                ("change", .right), ("unit", .left),
            ]
        )
        for change in changes {
            table.append([
                change.verdict.rawValue, change.key.description, ResultTable.number(change.baseline),
                ResultTable.number(change.current),
                ReportText.change(change),
                change.unit.rawValue,
            ])
        }
        return table.render()
    }

    /// How many metrics were compared, within what, and the count of each failing verdict.
    private static func summary(_ comparison: Comparison) -> String {
        let tolerance =
            comparison.timeTolerance.map { String(format: "within %.0f%%", $0 * 100) }
            ?? "within their tolerances"
        let twoRuns = comparison.judgesTimesOnTwoRuns ? " in the lower of two runs" : ""
        let scope =
            comparison.comparesTimes
            ? "time ratios \(tolerance)\(twoRuns), counts within their allowances" : "counts only, no times"
        var text = "\(comparison.changes.count) metrics compared (\(scope)): "
        text +=
            "\(comparison.regressions.count) regressions, \(comparison.improvements.count) improvements.\n"
        for verdict in [Comparison.Verdict.behaviourChanged, .suspicious] {
            let count = comparison.changes.filter { $0.verdict == verdict }.count
            if count > 0 { text += "\(count) \(verdict.rawValue): \(verdict.explanation)\n" }
        }
        return text
    }

    /// What to do next: refresh the baseline with `refresh`, the command that recorded it.
    private static func advice(_ comparison: Comparison, refresh: String) -> String {
        if comparison.hasRegression {
            return
                "FAIL. If the change is intended, record the baseline again as it was recorded: \(refresh)\n"
        }
        if !comparison.improvements.isEmpty {
            return "PASS. Improvements found: record the baseline again as it was recorded, to lock them in: "
                + "\(refresh)\n"
        }
        return "PASS.\n"
    }
}
