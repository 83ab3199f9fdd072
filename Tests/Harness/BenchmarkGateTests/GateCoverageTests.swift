import BenchmarkGate
import BenchmarkResults
import Foundation
import ResultsTestSupport
import Testing

/// Rows that exercise every reason a row is or is not gated.
enum CoverageRows {
    static func time(
        _ feature: FeatureName, ratio: Double, unit: Metric.Unit = .nanoseconds, suite: Suite = .layout
    )
        -> ResultRow
    {
        var row = RowFixture.row(suite: suite, feature: feature, unit: unit, median: 10, ratio: ratio)
        (row.p25, row.p75) = (10, 10)
        return row
    }

    static func count(_ feature: FeatureName, _ metric: Metric, _ value: Double, unit: Metric.Unit = .count)
        -> ResultRow
    {
        ComparisonTests.closureEffects(metric, suite: .layout, feature: feature, unit: unit, value: value)
    }

    /// A light time, a heavy one (its bytes reach 32 KiB), one below the ratio floor, a reference
    /// time, mallocs, bytes and a growth exponent, all in `layout`; a round trip in `effects`.
    static var baseline: [ResultRow] {
        let reference = RowFixture.row(
            suite: .reference, architecture: "reference", feature: "ordinary", ratio: 1)
        return [
            reference, time("light", ratio: 4), count("light", .mallocs, 2),
            time("heavy", ratio: 40), count("heavy", .bytes, 100_000, unit: .bytes),
            time("no-op", ratio: 0.004), time("trip", ratio: 3, unit: .microseconds, suite: .effects),
            count("light", .growthExponent, 1, unit: .exponent),
        ]
    }

    /// The baseline plus a cost-per-observer row the baseline lacks.
    static var current: [ResultRow] {
        baseline + [count("light", .costPerObserver, 0.5, unit: .nanoseconds)]
    }

    static func coverage(comparesTimes: Bool = true) throws -> (Comparison, GateCoverage) {
        let comparison = try Comparison(baseline: baseline, current: current, comparesTimes: comparesTimes)
        return (comparison, GateCoverage(comparison, baseline: baseline, current: current))
    }
}

@Suite("What the gate reports it gated")
struct GateCoverageTests {
    func line(_ coverage: GateCoverage, _ suite: Suite, _ metricClass: MetricClass) throws
        -> GateCoverageLine
    {
        try #require(coverage.lines.first { $0.suite == suite && $0.metricClass == metricClass })
    }

    @Test("rows are counted per suite and metric class, each with its tolerance")
    func counts() throws {
        let (_, coverage) = try CoverageRows.coverage()
        let light = try line(coverage, .layout, .time)
        #expect(light.gated == 1 && light.notGated == [.belowTimeFloor: 1] && light.tolerance == "+20%")
        let heavy = try line(coverage, .layout, .heavyTime)
        #expect(heavy.gated == 1 && heavy.tolerance == "+100%" && heavy.caughtText == ">+100%")
        let trip = try line(coverage, .effects, .roundTripTime)
        #expect(trip.gated == 1 && trip.tolerance == "+50%")
        #expect(try line(coverage, .layout, .counts).caughtText == "+1 per op")
        #expect(try line(coverage, .layout, .bytes).tolerance == "±32 B + 0.5%")
        let informational = try line(coverage, .layout, .informational)
        #expect(informational.gated == 0 && informational.notGated == [.noBaselineRow: 1, .informational: 1])
        #expect(try line(coverage, .reference, .informational).notGated == [.informational: 1])
        #expect(coverage.gated.count == 5 && coverage.noTimeGated == nil)
    }

    @Test("--time-tolerance replaces every time tolerance in the coverage, as in the gate")
    func override() throws {
        let baseline = CoverageRows.baseline
        let comparison = try Comparison(baseline: baseline, current: baseline, timeTolerance: 0.1)
        let coverage = GateCoverage(comparison, baseline: baseline)
        let times = coverage.lines.filter { $0.metricClass.isTime && $0.gated > 0 }
        #expect(times.count == 3 && times.allSatisfy { $0.tolerance == "+10%" })
    }

    @Test("a time row's smallest change caught is its tolerance widened by its own spread, or the floor")
    func timeSpread() throws {
        var baseline = CoverageRows.baseline
        baseline[1].p25 = 9  // light: p25..p75 is a tenth of the median
        var spread = CoverageRows.count("heavy", .processSpread, 5, unit: .percent)
        spread.key.metric = .processSpread
        baseline.append(spread)
        let comparison = try Comparison(baseline: baseline, current: baseline)
        let caught: [FeatureName: Double] = Dictionary(
            GateCoverage(comparison, baseline: baseline).gated.filter { $0.metricClass.isTime }.map {
                ($0.key.feature, $0.smallestCaught ?? 0)
            },
            uniquingKeysWith: max)
        let light: Double = caught["light"] ?? 0
        let heavy: Double = caught["heavy"] ?? 0
        #expect(abs(light - (1.1 * 1.2 - 1)) < 1e-12)
        #expect(abs(heavy - (1.05 * 2 - 1)) < 1e-12)
        var small = CoverageRows.time("small", ratio: 0.02)
        small.key.feature = "small"
        let floor = try Comparison(baseline: [small], current: [small])
        #expect(GateCoverage(floor, baseline: [small]).gated.first?.smallestCaught == 0.5)
    }

    @Test(
        "instructions outside metadata lookups are caught beyond 0.25% where a row never moved, and beyond its spread over address offsets and a gap where that is wider; all instructions beyond 10%"
    )
    func instructionSpread() throws {
        let outside = Metric.instructionsOutsideMetadataLookups
        let exact = CoverageRows.count("light", outside, 1_000)
        var moving = CoverageRows.count("heavy", outside, 10_000)
        (moving.min, moving.max, moving.sampleCount) = (9_980, 10_020, 5)
        let comparison = try Comparison(baseline: [exact, moving], current: [exact, moving])
        let line = try self.line(
            GateCoverage(comparison, baseline: [exact, moving]), .layout, .instructionsOutsideMetadataLookups)
        #expect(
            line.gated == 2
                && line.tolerance
                    == "±0.25%, or the row's spread over address offsets and a mean gap when wider"
        )
        #expect(line.caughtText == ">+0.25%..+0.5%", "20 above, a gap of 40 / 4, and 20 below the median")
        let total = CoverageRows.count("light", .instructions, 1_000)
        let alone = try Comparison(baseline: [total], current: [total])
        #expect(
            try self.line(GateCoverage(alone, baseline: [total]), .layout, .instructions).caughtText
                == ">+10%"
        )
    }

    @Test("a comparison that gates no time says so in the Markdown report's first line")
    func noTimeFirstLine() throws {
        let (comparison, coverage) = try CoverageRows.coverage(comparesTimes: false)
        #expect(coverage.noTimeGated == "counts only (--counts-only)")
        let markdown = MarkdownReport.render(comparison, baseline: "a", current: "b", coverage: coverage)
        let first = try #require(markdown.split(separator: "\n").first)
        #expect(
            first.hasPrefix("### ✅ Benchmark gate: PASS")
                && first.hasSuffix("no time gated: counts only (--counts-only)"))
        #expect(markdown.contains("| layout | time | 0 | — | — | 2 times not compared |"))
        let counts = try Comparison(baseline: [CoverageRows.baseline[2]], current: [CoverageRows.baseline[2]])
        #expect(GateCoverage(counts).noTimeGated == "the baseline has no time rows")
        let (timed, timedCoverage) = try CoverageRows.coverage()
        let line = MarkdownReport.render(timed, baseline: "a", current: "b", coverage: timedCoverage)
        #expect(!(line.split(separator: "\n").first ?? "").contains("no time gated"))
    }

    @Test("a row not gated appears with its reason in the Markdown table and the JSON report")
    func notGatedRows() throws {
        let (comparison, coverage) = try CoverageRows.coverage()
        let markdown = MarkdownReport.render(comparison, baseline: "a", current: "b", coverage: coverage)
        #expect(markdown.contains("| layout | time | 1 | +20% | >+20% | 1 below the 0.01 ratio floor |"))
        #expect(
            markdown.contains(
                "| layout | growth-exponent, cost-per-observer | 0 | — | — | 1 no baseline row, 1 informational |"
            ))
        let report = ComparisonJSON.report(comparison, coverage: coverage)
        let reasons = Dictionary(uniqueKeysWithValues: report.coverage.notGated.map { ($0.name, $0.reason) })
        #expect(reasons["layout/closure-effects/no-op/time"] == "below-time-floor")
        #expect(reasons["layout/closure-effects/light/cost-per-observer"] == "no-baseline-row")
        #expect(report.coverage.gatesTime)
        let json = try ComparisonJSON.render(comparison, coverage: coverage)
        #expect(json.contains("\"smallestCaughtText\" : \"+1 per op\""))
    }
}

/// The smallest change caught, proved on copies of the committed baselines: in every suite and
/// metric class, a rise of that size injected into the row that catches the least and into the row
/// that needs the most fails the gate; a rise just below the tolerance alone, without the
/// baseline's spread, passes (a copy has no noise). Where the baseline row has no spread (every
/// count and instruction row) the two sizes are the same: the gate catches exactly that much.
@Suite("The smallest change caught, injected")
struct SmallestChangeCaughtTests {
    static func rows(_ file: String) throws -> [ResultRow] {
        let root = try PackageRoot.of(#filePath)
        return try ResultCSV.parse(String(contentsOf: root.appendingPathComponent(file), encoding: .utf8))
    }

    /// `rows` with `key`'s row raised by `rise`: a fraction of the ratio for times, a fraction of
    /// the count for instructions, else an amount.
    static func raised(_ rows: [ResultRow], _ key: ResultRow.Key, by rise: Double) -> [ResultRow] {
        rows.map { row in
            guard row.key == key else { return row }
            var raised = row
            switch row.metricClass {
            case .time, .heavyTime, .roundTripTime:
                raised.ratioToReference = (row.ratioToReference ?? 0) * (1 + rise)
            // A row counting none catches any instruction at all: its smallest change is 0.
            case .instructions, .instructionsOutsideMetadataLookups:
                raised.median = row.median == 0 ? rise : row.median * (1 + rise)
            default: raised.median = row.median + rise
            }
            return raised
        }
    }

    /// The failing keys of `baseline`'s rows of `key`'s suite against themselves with `key` raised
    /// by `rise`. A row is judged against its own baseline row, so the suite's rows show what the
    /// whole file would, in a seventh of the time.
    static func failures(_ baseline: [ResultRow], _ key: ResultRow.Key, _ rise: Double) throws -> [ResultRow
        .Key]
    {
        let suite = baseline.filter { $0.key.suite == key.suite }
        return try Comparison(baseline: suite, current: raised(suite, key, by: rise)).failures.map(\.key)
    }

    /// The entries at both ends of each suite and metric class's range of smallest change caught.
    static func extremes(_ coverage: GateCoverage) -> [GateCoverage.Entry] {
        let grouped = Dictionary(grouping: coverage.gated) { "\($0.key.suite)/\($0.metricClass)" }
        return grouped.values.flatMap { entries in
            let sorted = entries.sorted { ($0.smallestCaught ?? 0) < ($1.smallestCaught ?? 0) }
            return [sorted.first, sorted.last].compactMap { $0 }
        }
    }

    @Test(
        "a slowdown or count of the reported size fails the gate; the tolerance alone passes",
        arguments: ["results/baseline.csv", "results/instructions-baseline.csv"])
    func injected(file: String) throws {
        let baseline = try Self.rows(file)
        let coverage = GateCoverage(try Comparison(baseline: baseline, current: baseline), baseline: baseline)
        let entries = Self.extremes(coverage)
        let tolerances = try Self.toleranceParts(baseline)
        #expect(entries.count >= 2)
        for entry in entries {
            let caught = try #require(entry.smallestCaught)
            #expect(try Self.failures(baseline, entry.key, caught * (1 + 1e-9) + 1e-9) == [entry.key])
            let tolerance = try #require(tolerances[entry.key])
            #expect(try Self.failures(baseline, entry.key, tolerance * (1 - 1e-9)).isEmpty, "\(entry.key)")
        }
    }

    /// Each gated row's smallest change caught without the baseline's spread: what the gate allows
    /// a noise-free copy.
    static func toleranceParts(_ baseline: [ResultRow]) throws -> [ResultRow.Key: Double] {
        let still = baseline.filter { $0.key.metric != .processSpread }.map { row in
            var still = row
            (still.p25, still.p75, still.min, still.max) = (row.median, row.median, row.median, row.median)
            return still
        }
        let coverage = GateCoverage(try Comparison(baseline: still, current: still), baseline: still)
        return Dictionary(uniqueKeysWithValues: coverage.gated.map { ($0.key, $0.smallestCaught ?? 0) })
    }

    @Test("one more allocation per operation is the smallest count caught; half of one passes")
    func oneMoreMalloc() throws {
        let baseline = try Self.rows("results/baseline.csv")
        let key = try #require(baseline.first { $0.key.metric == .mallocs && $0.min == $0.max }?.key)
        let coverage = GateCoverage(try Comparison(baseline: baseline, current: baseline), baseline: baseline)
        #expect(
            coverage.gated.first { $0.key == key }?.smallestCaught == MetricClass.counts.tolerance.absolute)
        #expect(try Self.failures(baseline, key, 1) == [key])
        #expect(try Self.failures(baseline, key, MetricClass.counts.tolerance.absolute).isEmpty)
    }
}
