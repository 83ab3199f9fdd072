import BenchmarkResults

/// The coverage as each report shows it: a Markdown table per suite and metric class, a short text
/// table per class, and a JSON object for tools.
extension GateCoverage {
    /// The first line's words when no time was gated, e.g. `no time gated: counts only (--counts-only)`.
    public var noTimeLine: String? { noTimeGated.map { "no time gated: \($0)" } }

    /// The Markdown section: a heading, one table row per suite and metric class, and what the
    /// columns mean.
    public var markdown: String {
        let header =
            "| suite | metric | gated | tolerance | smallest change caught | not gated |\n"
            + "| --- | --- | ---: | --- | --- | --- |"
        let rows = lines.map { line in
            let cells = [
                line.suite?.rawValue ?? "", line.metricText, String(line.gated), line.tolerance ?? "—",
                line.caughtText ?? "—", line.notGatedText,
            ]
            return "| " + cells.joined(separator: " | ") + " |"
        }
        return "#### What the gate checked\n\n" + ([header] + rows).joined(separator: "\n") + "\n\n"
            + Self.legend
    }

    /// What "smallest change caught" means, under the Markdown table.
    static let legend =
        "A rise beyond *smallest change caught* fails on every gated row of the line, even when the "
        + "current run lands at the low end of the baseline's own spread (a time's process spread, or "
        + "p25..p75; a count's min); the range runs from the row that catches the least rise to the "
        + "row that needs the most. See docs/gate.md."

    /// The text report's short version: one line per metric class across suites.
    public var text: String {
        var table = TextTable(
            columns: [
                ("metric class", .left), ("gated", .right), ("tolerance", .left),
                ("smallest change caught", .left),
                ("not gated", .left),
            ])
        for line in classes {
            table.append([
                line.metricClass.rawValue, String(line.gated), line.tolerance ?? "-",
                line.caughtText ?? "-", line.notGatedText == "—" ? "-" : line.notGatedText,
            ])
        }
        return "What the gate checked (per suite: --format markdown):\n" + table.render()
    }
}

/// The coverage in `bench compare --format json` (``ComparisonJSON/Report/coverage``).
public struct GateCoverageJSON: Codable, Equatable, Sendable {
    /// False when no time row was gated; ``noTimeGated`` then says why.
    public var gatesTime: Bool
    public var noTimeGated: String?
    /// The coverage lines (``GateCoverage/lines``): one per suite and metric class.
    public var lines: [Line]
    /// Every row that was not gated, with its reason.
    public var notGated: [Row]

    /// One coverage line: one suite and metric class.
    public struct Line: Codable, Equatable, Sendable {
        public var suite: String
        /// ``MetricClass``'s raw value.
        public var metricClass: String
        public var metrics: [String]
        public var gated: Int
        public var tolerance: String?
        /// The least and largest smallest rise caught: fractions of the baseline for times and
        /// instructions, else amounts in the rows' unit.
        public var smallestCaught: [Double]?
        public var smallestCaughtText: String?
        /// Per ``GateCoverage/Reason`` raw value.
        public var notGated: [String: Int]
    }

    /// A row not gated.
    public struct Row: Codable, Equatable, Sendable {
        /// ``ReportText/name(_:)``.
        public var name: String
        /// ``GateCoverage/Reason``'s raw value.
        public var reason: String
    }

    public init(_ coverage: GateCoverage) {
        gatesTime = coverage.noTimeGated == nil
        noTimeGated = coverage.noTimeGated
        lines = coverage.lines.map { line in
            Line(
                suite: line.suite?.rawValue ?? "", metricClass: line.metricClass.rawValue,
                metrics: line.metrics.map(\.rawValue), gated: line.gated, tolerance: line.tolerance,
                smallestCaught: line.smallestCaught.map { [$0.lowerBound, $0.upperBound] },
                smallestCaughtText: line.caughtText,
                notGated: Dictionary(uniqueKeysWithValues: line.notGated.map { ($0.rawValue, $1) }))
        }
        notGated = coverage.entries.compactMap { entry in
            entry.reason.map { Row(name: ReportText.name(entry.key), reason: $0.rawValue) }
        }
    }
}
