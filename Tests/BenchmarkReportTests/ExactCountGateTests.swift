import BenchmarkReport
import Testing

/// The gate on the exact counts: retains and releases (0.5 per operation, like mallocs) and
/// instructions per operation (a relative tolerance, compared only when asked to).
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

    @Test("Instructions may rise by the tolerance; a 5% rise fails; a 5% fall improves")
    func instructions() throws {
        let tolerance = Comparison.instructionTolerance
        #expect(tolerance <= 0.02)
        #expect(try Self.verdict(.instructions, from: 10_000, to: 10_000 * (1 + tolerance)) == .unchanged)
        #expect(
            try Self.verdict(.instructions, from: 10_000, to: 10_000 * (1 + tolerance) + 1) == .regression)
        #expect(try Self.verdict(.instructions, from: 10_000, to: 10_500) == .regression)
        #expect(try Self.verdict(.instructions, from: 10_000, to: 9_500) == .improvement)
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
