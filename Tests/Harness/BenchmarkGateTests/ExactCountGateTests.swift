import BenchmarkGate
import BenchmarkResults
import Testing

/// The gate on the exact counts: retains and releases (0.5 per operation, like mallocs) and
/// instructions per operation (outside metadata lookups 0.25%, all of them 10%, or the baseline row's spread
/// over address offsets when wider; compared only when asked to).
@Suite("Regression gate on exact counts")
struct ExactCountGateTests {
    static func row(_ metric: Metric, _ value: Double) -> ResultRow {
        ResultRow.count(
            .init(
                suite: .dispatch, architecture: "viper-reducer", feature: "counter/increment", layout: nil,
                n: nil,
                metric: metric),
            unit: .count, value: value, configuration: .release)
    }

    static func verdict(_ metric: Metric, from old: Double, to new: Double) throws -> Comparison.Verdict? {
        try Comparison(baseline: [row(metric, old)], current: [row(metric, new)]).changes.first?.verdict
    }

    @Test(
        "One more retain or release per operation is a regression; half of one is not; one fewer improves",
        arguments: [Metric.retains, .releases])
    func retainsAndReleases(metric: Metric) throws {
        #expect(try Self.verdict(metric, from: 4, to: 5) == .regression)
        #expect(try Self.verdict(metric, from: 4, to: 4.5) == .unchanged)
        #expect(try Self.verdict(metric, from: 4, to: 3) == .improvement)
    }

    @Test(
        "A row outside metadata lookups may move by 0.25%: one instruction more fails on 400, +0.2% passes, +1% fails; a round trip's too"
    )
    func strictInstructions() throws {
        let metric = Metric.instructionsOutsideMetadataLookups
        #expect(try Self.verdict(metric, from: 400, to: 400) == .unchanged)
        #expect(try Self.verdict(metric, from: 400, to: 401) == .unchanged, "exactly the floor")
        #expect(try Self.verdict(metric, from: 400, to: 401.01) == .regression)
        #expect(try Self.verdict(metric, from: 400, to: 398.9) == .improvement)
        #expect(try Self.verdict(metric, from: 1e9, to: 1e9 * 1.002) == .unchanged)
        #expect(try Self.verdict(metric, from: 1e9, to: 1e9 * 1.0026) == .regression)
        let roundTrip = ResultRow.Key(
            suite: .effects, architecture: "viper-reducer", feature: "counter/loadQuote", metric: metric)
        let row = ResultRow.count(roundTrip, unit: .count, value: 20_000, configuration: .release)
        #expect(abs(Comparison.instructionAllowance(for: row) - 50) < 1e-9)
        let raised = ResultRow.count(roundTrip, unit: .count, value: 20_200, configuration: .release)
        #expect(
            try Comparison(baseline: [row], current: [raised]).changes.first?.verdict == .regression, "+1%")
    }

    @Test(
        "All instructions may move by 10%, the lookups' spread over address offsets: +4.5% passes, +10.1% fails"
    )
    func looseInstructions() throws {
        #expect(try Self.verdict(.instructions, from: 4_000, to: 4_180) == .unchanged)
        #expect(try Self.verdict(.instructions, from: 4_000, to: 4_396) == .unchanged)
        #expect(try Self.verdict(.instructions, from: 4_000, to: 4_404) == .regression)
        #expect(try Self.verdict(.instructions, from: 4_000, to: 3_596) == .improvement)
    }

    @Test(
        "A row counted under several address offsets may move as far as it did, either way, and a mean gap more, when that exceeds its floor"
    )
    func instructionsWithinTheirHeapSpread() throws {
        var spread = Self.row(.instructionsOutsideMetadataLookups, 10_000)
        (spread.min, spread.max, spread.sampleCount) = (9_970, 10_012, 5)
        #expect(Comparison.instructionAllowance(for: spread) == 30 + 42.0 / 4)
        func verdict(_ value: Double) throws -> Comparison.Verdict? {
            try Comparison(
                baseline: [spread], current: [Self.row(.instructionsOutsideMetadataLookups, value)]
            ).changes.first?.verdict
        }
        #expect(try verdict(10_040.5) == .unchanged)
        #expect(try verdict(9_959.5) == .unchanged)
        #expect(try verdict(10_041) == .regression)
        #expect(try verdict(10_100) == .regression, "+1%")
        #expect(try verdict(9_959) == .improvement)
        spread.sampleCount = 1
        #expect(Comparison.instructionAllowance(for: spread) == 30, "no gap without two counts")
        (spread.min, spread.max) = (9_999, 10_001)
        #expect(
            abs(Comparison.instructionAllowance(for: spread) - 25) < 1e-9,
            "the floor when the spread is narrower")
    }

    @Test("Instructions from another CPU model are skipped: neither compared nor required")
    func instructionsSkipped() throws {
        let mallocs = Self.row(.mallocs, 2)
        let comparison = try Comparison(
            baseline: [mallocs, Self.row(.instructions, 10_000)], current: [mallocs],
            comparesInstructions: false)
        #expect(!comparison.comparesInstructions)
        #expect(comparison.changes.map(\.key.metric) == [.mallocs])
        #expect(!comparison.hasRegression)
    }
}
