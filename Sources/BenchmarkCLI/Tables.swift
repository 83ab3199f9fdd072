import BenchmarkReport

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
            let isTime = row.kind == .time
            let spread = isTime ? "\(number(row.p25))..\(number(row.p75))" : ""
            table.append([
                row.key.suite.rawValue, row.key.architecture.rawValue, row.key.feature.rawValue,
                row.key.layout?.rawValue ?? "", row.key.n.map(String.init) ?? "", row.key.metric.rawValue,
                number(row.median), isTime ? number(row.p10) : "", spread, row.unit.rawValue,
                row.ratioToReference.map { number($0) } ?? "",
                String(row.samples),
            ])
        }
        let note =
            rows.contains { $0.configuration == .debug } ? "DEBUG BUILD: these numbers are not real.\n" : ""
        return note + table.render()
    }

    /// Three significant digits, without exponent notation for everyday magnitudes.
    static func number(_ value: Double) -> String { ReportText.number(value) }
}

/// The gate's report: every metric that changed, regressions first, what the gate checked per metric
/// class (``GateCoverage``), and what to do next. When no time was gated, the first line says so.
enum ComparisonReport {
    static func render(_ comparison: Comparison, showAll: Bool, coverage: GateCoverage? = nil) -> String {
        let coverage = coverage ?? GateCoverage(comparison)
        let listed = comparison.changes.filter { showAll || $0.verdict != .unchanged }
        let table = listed.isEmpty ? "" : changeTable(listed) + "\n"
        let noTime = coverage.noTimeLine.map { $0.prefix(1).uppercased() + $0.dropFirst() + ".\n" } ?? ""
        return noTime + table + summary(comparison) + coverage.text + advice(comparison)
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
                change.percent.map { String(format: "%+.1f%%", $0) } ?? "new",
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

    /// The verdict line and what to do next.
    private static func advice(_ comparison: Comparison) -> String {
        if comparison.hasRegression {
            return
                "FAIL: see above. If the change is intended, refresh the baseline: bench baseline update.\n"
        }
        if !comparison.improvements.isEmpty {
            return "PASS. Improvements found: refresh the baseline to lock them in: bench baseline update.\n"
        }
        return "PASS.\n"
    }
}
