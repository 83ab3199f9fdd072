import BenchmarkGate
import BenchmarkResults
import Testing

@Suite("Regression gate: counts that vary and leaks")
struct NoisyCountTests {
    func row(_ metric: Metric, median: Double, min: Double, max: Double) -> ResultRow {
        ResultRow(
            key: .init(
                suite: .effects, architecture: "effect-values", feature: "counter/loadQuote", layout: nil,
                n: nil, metric: metric),
            unit: .count,
            median: median,
            p10: median,
            p25: median,
            p75: median,
            min: min,
            max: max,
            sampleCount: 3,
            configuration: .release
        )
    }

    @Test("An async count that wobbles by a fraction passes; one more allocation per operation fails")
    func noisyCounts() throws {
        let baseline = [row(.mallocs, median: 6.6, min: 6.6, max: 6.6)]
        #expect(
            try !Comparison(baseline: baseline, current: [row(.mallocs, median: 6.975, min: 6.9, max: 7.1)])
                .hasRegression)
        #expect(
            try Comparison(baseline: baseline, current: [row(.mallocs, median: 7.6, min: 7.6, max: 7.6)])
                .hasRegression)
    }

    /// One 48-byte allocation more fails in a small operation and in an effect round trip (whose
    /// bytes, run serially, do not move); a 10,000-observer layout action may move by the 8 KB its
    /// address-keyed dictionaries were seen to move, but not by 40 KB.
    @Test(
        "Bytes may rise by 32 B plus 0.1% per operation (layout 0.5%)",
        arguments: [
            (Suite.dispatch, 1_633.0, 1_660.0, 1_681.0), (.layout, 1_633.0, 1_660.0, 1_681.0),
            (.effects, 4_266.04, 4_298.04, 4_314.04), (.layout, 6_764_752, 6_772_912, 6_804_752),
        ]
    )
    func noisyBytes(suite: Suite, baseline median: Double, passing: Double, failing: Double) throws {
        var baseline = row(.bytes, median: median, min: median, max: median)
        baseline.unit = .bytes
        baseline.key.suite = suite
        #expect(try !regresses(baseline, medianBecoming: passing))
        #expect(try regresses(baseline, medianBecoming: failing))
    }

    /// Effect round trips are counted serially, and `scripts/byte_spread.py measure` found their
    /// bytes per operation the same to the byte in every run: they have no allowance of their own,
    /// so 10% more bytes (within the 25% they were once allowed) fails, as state-copy's submit does.
    @Test(
        "An effect round trip's bytes are gated like every exact count",
        arguments: [Suite.effects, .stateCopy])
    func exactRoundTripBytes(suite: Suite) throws {
        #expect(MetricClass.bytes.tolerance.relativeBySuite[suite] == nil)
        var baseline = row(.bytes, median: 4_266.04, min: 4_266.04, max: 4_266.04)
        (baseline.unit, baseline.key.suite) = (.bytes, suite)
        #expect(try regresses(baseline, medianBecoming: 4_266.04 * 1.1))
        #expect(try !regresses(baseline, medianBecoming: 4_266.04 + MetricClass.bytes.tolerance.absolute))
    }

    /// Whether `baseline` with its median moved to `median` (and its spread unchanged) regresses.
    func regresses(_ baseline: ResultRow, medianBecoming median: Double) throws -> Bool {
        var current = baseline
        current.median = median
        return try Comparison(baseline: [baseline], current: [current]).hasRegression
    }

    @Test("Retained bytes may wobble by a fraction of a byte per effect; a hoarding store fails")
    func retention() throws {
        let baseline = [row(.retainedBytes, median: 0.094, min: 0.094, max: 0.094)]
        #expect(
            try !Comparison(
                baseline: baseline, current: [row(.retainedBytes, median: 0.3, min: 0.3, max: 0.3)]
            ).hasRegression)
        #expect(
            try Comparison(
                baseline: baseline, current: [row(.retainedBytes, median: 212, min: 212, max: 212)]
            ).hasRegression)
    }
}
