import BenchmarkReport
import Testing

/// The gate on the exact counts: retains and releases (0.5 per operation, like mallocs) and
/// instructions per operation (within the baseline row's spread over address layouts, compared only when asked to).
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
        "A row counted the same under every address layout may move by 0.02%: one instruction more fails on 4,000, 0.0086% passes on a billion"
    )
    func exactInstructions() throws {
        #expect(try Self.verdict(.instructions, from: 4_000, to: 4_000) == .unchanged)
        #expect(try Self.verdict(.instructions, from: 4_000, to: 4_000.5) == .unchanged)
        #expect(try Self.verdict(.instructions, from: 4_000, to: 4_001) == .regression)
        #expect(try Self.verdict(.instructions, from: 4_000, to: 3_999) == .improvement)
        #expect(try Self.verdict(.instructions, from: 1e9, to: 1e9 + 86_000) == .unchanged)
        #expect(try Self.verdict(.instructions, from: 1e9, to: 1e9 + 200_001) == .regression)
    }

    @Test(
        "A row that moved over its address layouts may move as far as it did, either way, and a mean gap more"
    )
    func instructionsWithinTheirHeapSpread() throws {
        var spread = Self.row(.instructions, 10_000)
        (spread.min, spread.max, spread.samples) = (9_990, 10_004, 5)
        #expect(Comparison.instructionAllowance(for: spread) == 10 + 14.0 / 4)
        func verdict(_ value: Double) throws -> Comparison.Verdict? {
            try Comparison(baseline: [spread], current: [Self.row(.instructions, value)]).changes.first?
                .verdict
        }
        #expect(try verdict(10_013.5) == .unchanged)
        #expect(try verdict(9_986.5) == .unchanged)
        #expect(try verdict(10_014) == .regression)
        #expect(try verdict(10_100) == .regression, "+1%")
        #expect(try verdict(9_986) == .improvement)
        spread.samples = 1
        #expect(Comparison.instructionAllowance(for: spread) == 10, "no gap without two counts")
    }

    @Test("A round trip's instructions may move by 0.1% even where its layouts agreed; 1% fails")
    func roundTripInstructions() throws {
        for key in [
            ResultRow.Key(
                suite: .effects, architecture: "viper-reducer", feature: "counter/loadQuote",
                metric: .instructions),
            ResultRow.Key(
                suite: .stateCopy, architecture: "viper-reducer", feature: .submitTransfer, n: 10,
                metric: .instructions),
        ] {
            let row = ResultRow.count(key, unit: .count, value: 20_000, configuration: .release)
            func verdict(_ value: Double) throws -> Comparison.Verdict? {
                let current = ResultRow.count(key, unit: .count, value: value, configuration: .release)
                return try Comparison(baseline: [row], current: [current]).changes.first?.verdict
            }
            #expect(Comparison.instructionAllowance(for: row) == 20)
            #expect(try verdict(20_020) == .unchanged)
            #expect(try verdict(20_021) == .regression)
            #expect(try verdict(20_200) == .regression, "+1%")
        }
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
