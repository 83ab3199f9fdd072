import BenchmarkResults
import Foundation

/// The gate's findings grouped by cause: one line for all the rows one change of code moved the
/// same way, such as one more allocation per action in every case of one architecture.
///
/// A cause is a verdict (failing, or an improvement), an architecture, and the same move in every
/// case it covers: the same whole number of allocations more or fewer per operation, or, where
/// allocations did not move, the same metrics moved the same way. Each metric's move is given as a
/// range over the cause's rows. Informational figures and unchanged rows have none.
public struct ChangeCause: Sendable, Equatable {
    public var verdict: Comparison.Verdict
    public var architecture: ArchitectureName
    /// The cases it covers, in key order.
    public var cases: [ResultRow.CaseKey]
    /// Every row it covers.
    public var changes: [Comparison.Change]

    /// `+1 malloc, +1 retain (in 2 cases) and +48..72 B per operation`: a metric that moved in fewer
    /// cases than the cause covers says in how many.
    public var moves: String {
        let metrics = Metric.allCases.filter { metric in changes.contains { $0.key.metric == metric } }
        let parts = metrics.map { metric in
            let rows = changes.filter { $0.key.metric == metric }
            let move = Self.move(of: metric, rows)
            return rows.count < cases.count ? "\(move) (in \(rows.count) cases)" : move
        }
        let joined =
            parts.count > 1
            ? parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1] : parts[0]
        return joined + " per operation"
    }

    /// Where: the one case, or how many cases of the architecture and their first suites.
    public var scope: String {
        if cases.count == 1 { return "in \(cases[0])" }
        var suites: [Suite] = []
        for caseKey in cases where !suites.contains(caseKey.suite) { suites.append(caseKey.suite) }
        let shown = suites.prefix(3).map(\.rawValue).joined(separator: ", ")
        return "in \(cases.count) \(architecture.rawValue) cases (\(changes.count) rows): \(shown)"
            + (suites.count > 3 ? " …" : "")
    }

    /// The cause as one report line: `regression: +1 malloc … per operation in 30 tiny-store cases …`.
    public var line: String { "\(verdict.rawValue): \(moves) \(scope)" }

    /// One metric's move over the cause's rows: a whole count, or a range of bytes, instructions or
    /// time.
    static func move(of metric: Metric, _ changes: [Comparison.Change]) -> String {
        let deltas = changes.map { $0.current - $0.baseline }
        switch metric.metricClass {
        case .counts, .behaviour:
            let whole = deltas.map { $0.rounded() }
            let name = countNames[metric] ?? (metric.rawValue, metric.rawValue)
            let one = whole.allSatisfy { abs($0) == 1 }
            return range(whole, signed) + " " + (one ? name.singular : name.plural)
        case .bytes, .retainedBytes:
            let unit = metric == .retainedBytes ? " B retained" : " B"
            return range(deltas, signed) + unit
        default:
            let percents = changes.map { $0.percent ?? 0 }
            let name = metric == .time ? "time" : metric.rawValue.replacingOccurrences(of: "-", with: " ")
            return range(percents) { signed($0, decimals: 1) + "%" } + " " + name
        }
    }

    /// The names of the count metrics, one and many.
    static let countNames: [Metric: (singular: String, plural: String)] = [
        .mallocs: ("malloc", "mallocs"), .retains: ("retain", "retains"), .releases: ("release", "releases"),
        .tasks: ("task", "tasks"), .observersWoken: ("observer woken", "observers woken"),
    ]

    private static func range(_ values: [Double], _ text: (Double) -> String) -> String {
        guard let low = values.min(), let high = values.max() else { return "" }
        return text(low) == text(high) ? text(low) : text(low) + ".." + text(high).drop { $0 == "+" }
    }

    private static func signed(_ value: Double) -> String {
        (value >= 0 ? "+" : "-") + ReportText.short(abs(value))
    }

    private static func signed(_ value: Double, decimals: Int) -> String {
        String(format: "%+.\(decimals)f", value)
    }
}

extension Comparison {
    /// The failing changes and the improvements, grouped by cause; failures first, then the causes
    /// covering the most cases.
    public var causes: [ChangeCause] {
        let notable = changes.filter { $0.verdict.fails || $0.verdict == .improvement }
        let byCase = Dictionary(grouping: notable) {
            CaseVerdict(caseKey: $0.key.caseKey, verdict: $0.verdict)
        }
        var causes: [CauseSignature: ChangeCause] = [:]
        for (caseVerdict, changes) in byCase {
            let signature = CauseSignature(caseVerdict, changes)
            causes[
                signature,
                default: ChangeCause(
                    verdict: caseVerdict.verdict, architecture: caseVerdict.caseKey.architecture, cases: [],
                    changes: [])
            ].absorb(caseVerdict.caseKey, changes)
        }
        return causes.values.map { cause in
            var sorted = cause
            sorted.cases.sort { $0.spellings.lexicographicallyPrecedes($1.spellings) }
            sorted.changes.sort { $0.key < $1.key }
            return sorted
        }
        .sorted {
            ($0.verdict, -$0.cases.count, $0.architecture.rawValue, $0.line)
                < ($1.verdict, -$1.cases.count, $1.architecture.rawValue, $1.line)
        }
    }
}

extension ChangeCause {
    fileprivate mutating func absorb(_ caseKey: ResultRow.CaseKey, _ rows: [Comparison.Change]) {
        cases.append(caseKey)
        changes += rows
    }
}

/// One case under one verdict.
private struct CaseVerdict: Hashable {
    var caseKey: ResultRow.CaseKey
    var verdict: Comparison.Verdict
}

/// What makes two cases' moves one cause: the verdict, the architecture, and the whole-number change
/// of their allocations when they moved (the commonest cause: one more allocation per operation
/// moves retains, releases and bytes too, by amounts that differ between cases), else the metrics
/// that moved and their directions.
private struct CauseSignature: Hashable {
    var verdict: Comparison.Verdict
    var architecture: ArchitectureName
    var moves: [String]

    init(_ caseVerdict: CaseVerdict, _ changes: [Comparison.Change]) {
        verdict = caseVerdict.verdict
        architecture = caseVerdict.caseKey.architecture
        if let mallocs = changes.first(where: { $0.key.metric == .mallocs }) {
            moves = ["mallocs \(Int((mallocs.current - mallocs.baseline).rounded()))"]
            return
        }
        moves = changes.sorted { $0.key < $1.key }.map { change in
            let delta = change.current - change.baseline
            let amount =
                [.counts, .behaviour].contains(change.key.metric.metricClass)
                ? String(Int(delta.rounded())) : (delta >= 0 ? "+" : "-")
            return "\(change.key.metric.rawValue) \(amount)"
        }
    }
}
