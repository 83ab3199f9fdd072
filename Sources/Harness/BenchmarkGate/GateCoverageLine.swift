import BenchmarkResults

/// The rows of one suite and metric class (or of one class across suites), summarised for a report:
/// how many were gated, within what, the smallest rise they catch, and why the others were not.
public struct GateCoverageLine: Sendable, Equatable {
    /// The suite, or nil for a class summed across suites.
    public var suite: Suite?
    public var metricClass: MetricClass
    /// The metrics of the rows, in the vocabulary's order.
    public var metrics: [Metric]
    public var gated: Int
    /// The rule the gated rows were judged by; nil when none was gated.
    public var tolerance: String?
    /// The least and the largest ``GateCoverage/Entry/smallestCaught`` of the gated rows.
    public var smallestCaught: ClosedRange<Double>?
    /// How many rows were not gated, per reason.
    public var notGated: [GateCoverage.Reason: Int]

    init(entries: [GateCoverage.Entry], coverage: GateCoverage) {
        let suites = Set(entries.map(\.key.suite))
        suite = suites.count == 1 ? suites.first : nil
        metricClass = entries.first?.metricClass ?? .informational
        let present = Set(entries.map(\.key.metric))
        metrics = Metric.allCases.filter(present.contains)
        let caught = entries.compactMap(\.smallestCaught)
        gated = caught.count
        smallestCaught = caught.min().flatMap { least in caught.max().map { least...$0 } }
        notGated = Dictionary(grouping: entries.compactMap(\.reason)) { $0 }.mapValues(\.count)
        let tolerances = Suite.allCases.filter(suites.contains).compactMap {
            Self.tolerance(metricClass, suite: $0, override: coverage.timeTolerance)
        }
        tolerance = gated == 0 ? nil : Array(Set(tolerances)).sorted().joined(separator: " / ")
    }

    /// The rule of `metricClass` in `suite`, as a reader would write it.
    static func tolerance(_ metricClass: MetricClass, suite: Suite, override: Double?) -> String? {
        func percent(_ fraction: Double) -> String { "\(ReportText.short(fraction * 100))%" }
        let tolerance = metricClass.tolerance
        switch metricClass {
        case .time, .heavyTime, .roundTripTime: return "+" + percent(override ?? tolerance.relative)
        case .counts: return "±\(ReportText.short(tolerance.absolute))"
        case .behaviour: return "±\(ReportText.short(tolerance.absolute)) either way"
        case .instructions, .instructionsOutsideMetadataLookups:
            return "±\(percent(tolerance.relative)), or the row's spread over address offsets "
                + "and a mean gap when wider"
        case .bytes:
            return "±\(ReportText.short(tolerance.absolute)) B + \(percent(tolerance.relative(in: suite)))"
        case .retainedBytes: return "+\(ReportText.short(tolerance.absolute)) B"
        case .informational: return nil
        }
    }

    /// What the metric column shows: the class for times, else the metrics of the rows.
    public var metricText: String {
        metricClass.isTime ? metricClass.rawValue : metrics.map(\.rawValue).joined(separator: ", ")
    }

    /// The smallest rise caught, as a reader would write it: `+1 per op` for counts (any whole
    /// count more per operation), else `>+26%..+61%` or `>+32 B..+48 B` (any rise beyond it), with
    /// `any` for a row compared exactly (`any..+0.09%`).
    public var caughtText: String? {
        guard let range = smallestCaught else { return nil }
        switch metricClass {
        case .counts where range.upperBound < 1: return "+1 per op"
        case .behaviour where range.upperBound < 1: return "±1 per op"
        default: break
        }
        let unit =
            metricClass.isRelative ? "%" : metricClass == .counts || metricClass == .behaviour ? "" : " B"
        let scale = metricClass.isRelative ? 100.0 : 1
        func text(_ bound: Double) -> String {
            bound == 0 ? "any" : ">+\(ReportText.short(bound * scale))\(unit)"
        }
        let (low, high) = (text(range.lowerBound), text(range.upperBound))
        return low == high ? low : "\(low)..\(high.dropFirst())"
    }

    /// The rows not gated, per reason: `5 below the 0.01 ratio floor, 8 informational`; `—` for none.
    public var notGatedText: String {
        let parts = GateCoverage.Reason.allCases.compactMap { reason in
            notGated[reason].map { "\($0) \(reason.phrase)" }
        }
        return parts.isEmpty ? "—" : parts.joined(separator: ", ")
    }
}
