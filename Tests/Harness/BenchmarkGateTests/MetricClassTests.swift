import BenchmarkGate
import BenchmarkResults
import Foundation
import ResultsTestSupport
import Testing

@Suite("Regression gate: each metric's class")
struct MetricClassTests {
    /// How the gate treated each metric before the vocabulary was typed: its class, and the
    /// verdicts of a hundredfold rise and a hundredfold fall (nil: the metric is never compared).
    static let expected: [Metric: (MetricClass, rise: Comparison.Verdict?, fall: Comparison.Verdict?)] = [
        .time: (.time, .regression, .suspicious),
        .cpuTime: (.informational, .changed, .changed),
        .mallocs: (.counts, .regression, .improvement),
        .retains: (.counts, .regression, .improvement),
        .releases: (.counts, .regression, .improvement),
        .instructions: (.instructions, .regression, .improvement),
        .instructionsOutsideMetadataLookups: (.instructionsOutsideMetadataLookups, .regression, .improvement),
        .bytes: (.bytes, .regression, .improvement),
        .tasks: (.behaviour, .behaviourChanged, .behaviourChanged),
        .observersWoken: (.behaviour, .behaviourChanged, .behaviourChanged),
        .retainedBytes: (.retainedBytes, .regression, .improvement),
        .growthExponent: (.informational, .changed, .changed),
        .growthSlope: (.informational, .changed, .changed),
        .costPerObserver: (.informational, .changed, .changed),
        .processSpread: (.informational, nil, nil),
    ]

    @Test("every metric has the class and the verdicts it had", arguments: Metric.allCases)
    func classes(metric: Metric) throws {
        let (metricClass, rise, fall) = try #require(Self.expected[metric], "\(metric) has no expectation")
        #expect(metric.metricClass == metricClass)
        #expect(RowFixture.metricRow(metric: metric).metricClass == metricClass)
        #expect(try Self.verdict(metric, from: 10, to: 1_000) == rise)
        #expect(try Self.verdict(metric, from: 1_000, to: 10) == fall)
    }

    @Test("a reference's time is informational: it is what the ratios divide by")
    func referenceTimes() throws {
        let reference = RowFixture.metricRow(metric: .time, architecture: .reference)
        #expect(reference.metricClass == .informational)
        #expect(RowFixture.metricRow(metric: .mallocs, architecture: "reference").metricClass == .counts)
    }

    @Test("a time's class follows its case: a round trip's, a heavy case's, or a light one's")
    func timeClasses() {
        let light = ResultRow.Key(
            suite: .dispatch, architecture: "a", feature: "counter/increment", metric: .time)
        let roundTrip = ResultRow.Key(
            suite: .effects, architecture: "a", feature: "counter/loadQuote", metric: .time)
        #expect(MetricClass(light) == .time && MetricClass(light, isHeavy: true) == .heavyTime)
        #expect(roundTrip.isRoundTrip && MetricClass(roundTrip, isHeavy: true) == .roundTripTime)
    }

    @Test("every class has a tolerance, and its row in docs/gate.md's table of tolerances")
    func tolerances() throws {
        let gate = try String(
            contentsOf: PackageRoot.of(#filePath).appendingPathComponent("docs/gate.md"), encoding: .utf8)
        let section = gate.components(separatedBy: "## Tolerances").dropFirst().first ?? ""
        let rows = section.components(separatedBy: "\n\n").dropFirst(2).first ?? ""
        for metricClass in MetricClass.allCases {
            #expect(GateTolerance.table[metricClass] != nil, "\(metricClass) has no tolerance")
            #expect(
                rows.contains("| `\(metricClass.rawValue)` |"),
                "docs/gate.md gives no reason for \(metricClass)")
        }
    }

    /// The verdict on `metric` moving from `before` to `after`; nil when the row is not compared.
    static func verdict(_ metric: Metric, from before: Double, to after: Double) throws -> Comparison.Verdict?
    {
        let comparison = try Comparison(
            baseline: [RowFixture.metricRow(metric: metric, median: before)],
            current: [RowFixture.metricRow(metric: metric, median: after)])
        return comparison.changes.first?.verdict
    }
}
