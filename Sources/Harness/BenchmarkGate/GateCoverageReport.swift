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
        let rows = lines.map { group in
            let cells = [
                group.suite?.rawValue ?? "", group.metricText, String(group.gated), group.tolerance ?? "—",
                group.caughtText ?? "—", group.notGatedText,
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
        for group in classes {
            table.append([
                group.metricClass.rawValue, String(group.gated), group.tolerance ?? "-",
                group.caughtText ?? "-", group.notGatedText == "—" ? "-" : group.notGatedText,
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
    /// One per suite and metric class.
    /// The coverage lines (``GateCoverage/lines``); `groups` is the JSON's name for them.
    public var groups: [Group]
    /// Every row that was not gated, with its reason.
    public var notGated: [Row]

    /// One suite and metric class.
    public struct Group: Codable, Equatable, Sendable {
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
        groups = coverage.lines.map { group in
            Group(
                suite: group.suite?.rawValue ?? "", metricClass: group.metricClass.rawValue,
                metrics: group.metrics.map(\.rawValue), gated: group.gated, tolerance: group.tolerance,
                smallestCaught: group.smallestCaught.map { [$0.lowerBound, $0.upperBound] },
                smallestCaughtText: group.caughtText,
                notGated: Dictionary(uniqueKeysWithValues: group.notGated.map { ($0.rawValue, $1) }))
        }
        notGated = coverage.entries.compactMap { entry in
            entry.reason.map { Row(name: ReportText.name(entry.key), reason: $0.rawValue) }
        }
    }
}
