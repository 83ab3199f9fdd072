import BenchmarkResults
import Foundation

/// `bench run --format json`: the list github-action-benchmark reads as `customSmallerIsBetter`,
/// one entry per CSV row (each row is one metric of one benchmark).
///
/// `name` is ``ReportText/name(_:)``, `unit` the row's unit, `value` its median. `range` is
/// `± half the p25–p75 spread`, the form the action shows beside a value (0 for exact counts);
/// `extra`, which the action shows as a tooltip, holds the spread itself, min–max, the sample
/// count, the ratio to the in-run reference, the build configuration, the row's flags and how it was
/// selected (rounds set aside, the `--best-of` process), one per line. Every figure is smaller-is-better except the derived growth figures, which are
/// informational anyway.
public enum RunJSON {
    /// One benchmark figure in github-action-benchmark's shape.
    public struct Entry: Codable, Equatable, Sendable {
        public var name: String
        public var unit: String
        public var value: Double
        public var range: String
        public var extra: String

        public init(name: String, unit: String, value: Double, range: String, extra: String) {
            self.name = name
            self.unit = unit
            self.value = value
            self.range = range
            self.extra = extra
        }
    }

    public static func entries(_ rows: [ResultRow]) -> [Entry] {
        rows.map { row in
            Entry(
                name: ReportText.name(row.key),
                unit: row.unit.rawValue,
                value: row.median,
                range: "± " + ReportText.number((row.p75 - row.p25) / 2),
                extra: extra(row)
            )
        }
    }

    /// The entries as pretty-printed JSON, ending with a newline.
    public static func render(_ rows: [ResultRow]) throws -> String {
        try ReportJSON.encode(entries(rows))
    }

    private static func extra(_ row: ResultRow) -> String {
        var lines = [
            "p25..p75: \(ReportText.number(row.p25))..\(ReportText.number(row.p75))",
            "min..max: \(ReportText.number(row.min))..\(ReportText.number(row.max))",
            "samples: \(row.sampleCount)",
        ]
        if let ratio = row.ratioToReference {
            lines.append("ratio to reference: \(ReportText.number(ratio))")
        }
        lines.append("configuration: \(row.configuration.rawValue)")
        let flags = ResultCSV.flags(of: row)
        if !flags.isEmpty { lines.append("flags: \(flags)") }
        if let setAside = row.roundsSetAside { lines.append("rounds set aside: \(setAside)") }
        if let process = row.bestOfProcess { lines.append("best-of process: \(process)") }
        return lines.joined(separator: "\n")
    }
}
