import BenchmarkResults
import Foundation

/// The medians of a run's rows, looked up by key, for ``RunSummary``.
struct SummaryFigures: Sendable {
    private let rows: [ResultRow.Key: ResultRow]
    /// The architectures measured, in the order the rows first name them; the references left out.
    let architectures: [ArchitectureName]
    /// Whether the run counted instructions (`bench --instructions`).
    let hasInstructions: Bool

    init(_ rows: [ResultRow]) {
        self.rows = Dictionary(rows.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var architectures: [ArchitectureName] = []
        for row in rows
        where row.key.architecture != .reference && !architectures.contains(row.key.architecture) {
            architectures.append(row.key.architecture)
        }
        self.architectures = architectures
        hasInstructions = rows.contains { $0.key.metric == .instructions }
    }

    /// The row of that key, if the run has it.
    func row(
        _ suite: Suite, _ architecture: ArchitectureName, _ feature: FeatureName, _ metric: Metric,
        layout: LayoutName? = nil, n: Int? = nil
    ) -> ResultRow? {
        rows[
            ResultRow.Key(
                suite: suite, architecture: architecture, feature: feature, layout: layout, n: n,
                metric: metric)
        ]
    }

    func median(
        _ suite: Suite, _ architecture: ArchitectureName, _ feature: FeatureName, _ metric: Metric,
        layout: LayoutName? = nil, n: Int? = nil
    ) -> Double? {
        row(suite, architecture, feature, metric, layout: layout, n: n)?.median
    }

    /// The median time of that case in nanoseconds, whichever unit its row is in.
    func nanoseconds(
        _ suite: Suite, _ architecture: ArchitectureName, _ feature: FeatureName, layout: LayoutName? = nil,
        n: Int? = nil
    ) -> Double? {
        guard let row = row(suite, architecture, feature, .time, layout: layout, n: n) else { return nil }
        return row.unit == .microseconds ? row.median * 1000 : row.median
    }

    /// The median time of that case in microseconds, whichever unit its row is in.
    func microseconds(
        _ suite: Suite, _ architecture: ArchitectureName, _ feature: FeatureName, layout: LayoutName? = nil,
        n: Int? = nil
    ) -> Double? {
        nanoseconds(suite, architecture, feature, layout: layout, n: n).map { $0 / 1000 }
    }

    /// `value(architecture)` for every architecture that has it, in order.
    func perArchitecture(_ value: (ArchitectureName) -> Double?) -> [(ArchitectureName, Double)] {
        architectures.compactMap { a in value(a).map { (a, $0) } }
    }
}

/// The lines under the per-architecture table: per-suite highlights, references, disturbed rows.
struct Highlights {
    let figures: SummaryFigures
    let rows: [ResultRow]

    var lines: [String] {
        layout + [effects, copying].compactMap { $0 } + noOp + [references].compactMap { $0 } + [disturbed]
    }

    /// Per layout, the range of one `app/increment` at N = 1,000 across architectures.
    var layout: [String] {
        let ranges = RunSummary.layouts.compactMap { layout -> String? in
            let times = figures.perArchitecture {
                figures.microseconds(.layout, $0, "app/increment", layout: layout, n: RunSummary.layoutSize)
            }
            guard !times.isEmpty else { return nil }
            return "  \(layout.rawValue.padding(toLength: 21, withPad: " ", startingAt: 0)) "
                + span(times) { "\(shortTime($0)) µs" }
        }
        return ranges.isEmpty ? [] : ["layout, one app/increment at N = 1,000:"] + ranges
    }

    /// The range of `counter/loadQuote` and its multiple of the bare round trip timed beside it.
    var effects: String? {
        let times = figures.perArchitecture { figures.microseconds(.effects, $0, "counter/loadQuote") }
        guard !times.isEmpty else { return nil }
        let ratios = figures.perArchitecture {
            figures.row(.effects, $0, "counter/loadQuote", .time)?.ratioToReference
        }
        let multiple =
            ratios.isEmpty
            ? ""
            : ", \(bounds(ratios.map(\.1)) { fixed($0, 2) }) times the bare round trip (reference/round-trip)"
        return "effects, loadQuote: " + span(times) { "\(fixed($0, 1)) µs" } + multiple
    }

    /// The range of bytes one completed transfer allocates on 10,000 accounts.
    var copying: String? {
        let bytes = figures.perArchitecture {
            figures.median(.stateCopy, $0, "transfer/submitTransfer", .bytes, n: 10_000)
        }
        guard !bytes.isEmpty else { return nil }
        return "copying, a completed transfer on 10,000 accounts: " + span(bytes) { "\(grouped($0)) B" }
    }

    /// Which single stores wake every observer when the tab already shown is selected again: one
    /// line per count woken, the architectures that wake it named.
    var noOp: [String] {
        let woken = figures.perArchitecture {
            figures.median(
                .layout, $0, "app/no-op", .observersWoken, layout: "single-store", n: RunSummary.layoutSize)
        }
        var counts: [Double] = []
        for (_, count) in woken where !counts.contains(count) { counts.append(count) }
        let lines = counts.sorted(by: >).map { count in
            let label =
                count >= Double(RunSummary.layoutSize) ? "every one (\(grouped(count)))" : grouped(count)
            let names = woken.filter { $0.1 == count }.map(\.0.rawValue).joined(separator: ", ")
            return "  \(label.padding(toLength: 21, withPad: " ", startingAt: 0)) \(names)"
        }
        return lines.isEmpty
            ? []
            : ["no-op (app/no-op: the tab shown selected again), observers woken in a single store of 1,000:"]
                + lines
    }

    /// The references every time ratio divides by.
    var references: String? {
        let work = figures.nanoseconds(.reference, .reference, "reference/ordinary-work")
        let roundTrip = figures.microseconds(.effects, .reference, "reference/round-trip")
        guard work != nil || roundTrip != nil else { return nil }
        return "references: ordinary work \(work.map { "\(fixed($0, 1)) ns" } ?? RunSummary.missing), "
            + "bare round trip \(roundTrip.map { "\(fixed($0, 1)) µs" } ?? RunSummary.missing)"
    }

    var disturbed: String {
        let count = rows.filter(\.wasDisturbed).count
        return "\(grouped(Double(count))) of \(grouped(Double(rows.count))) rows flagged disturbed "
            + "(timed while the machine never ran calm)"
    }

    /// "2.65 µs (a) to 13.0 µs (b)", or one figure when every architecture prints the same.
    func span(_ values: [(ArchitectureName, Double)], _ formatted: (Double) -> String) -> String {
        guard let low = values.min(by: { $0.1 < $1.1 }), let high = values.max(by: { $0.1 < $1.1 }) else {
            return RunSummary.missing
        }
        if formatted(low.1) == formatted(high.1) {
            return values.count == 1 ? "\(formatted(low.1)) (\(low.0))" : "\(formatted(low.1)) in every one"
        }
        return "\(formatted(low.1)) (\(low.0)) to \(formatted(high.1)) (\(high.0))"
    }

    /// "a–b", or one figure when both ends print the same.
    func bounds(_ values: [Double], _ formatted: (Double) -> String) -> String {
        let low = formatted(values.min() ?? 0)
        let high = formatted(values.max() ?? 0)
        return low == high ? low : "\(low)–\(high)"
    }
}

/// `value` with `decimals` digits after the point: 13.0.
func fixed(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }

/// A time in few characters: 2651, 13.0, 0.18.
func shortTime(_ value: Double) -> String { fixed(value, value >= 100 ? 0 : value >= 1 ? 1 : 2) }

/// A count as `%g` prints it: 3, 0.5, 1000.
func general(_ value: Double) -> String { String(format: "%g", value) }

/// A whole number with thousands separated by commas: 80,128.
func grouped(_ value: Double) -> String {
    let digits = fixed(abs(value), 0)
    var text = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
        text.append(digit)
    }
    return (value < 0 && digits != "0" ? "-" : "") + text
}

/// An instruction count in few characters: 866, 17,754, 239 k, 16.9 M.
func instructionCount(_ value: Double) -> String {
    if value >= 1e6 { return "\(fixed(value / 1e6, 1)) M" }
    if value >= 1e5 { return "\(fixed(value / 1e3, 0)) k" }
    return grouped(value)
}
