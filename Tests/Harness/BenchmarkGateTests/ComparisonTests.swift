import BenchmarkGate
import BenchmarkResults
import ResultsTestSupport
import Testing

@Suite("Regression gate")
struct ComparisonTests {
    let time = RowFixture.row(median: 10, ratio: 4)
    let mallocs = Self.closureEffects(.mallocs, suite: .dispatch, feature: "counter", value: 2)
    let exponent = Self.closureEffects(
        .growthExponent, suite: .layout, feature: "app", layout: "single-store", unit: .exponent, value: 1)

    var baseline: [ResultRow] { [time, mallocs, exponent] }

    func with(_ rows: [ResultRow], _ change: (inout ResultRow) -> Void, at index: Int) -> [ResultRow] {
        var rows = rows
        change(&rows[index])
        return rows
    }

    /// The baseline compared with itself after `change` to its row at `index`.
    func compared(
        at index: Int, timeTolerance: Double? = nil, _ change: (inout ResultRow) -> Void
    ) throws -> Comparison {
        try Comparison(
            baseline: baseline, current: with(baseline, change, at: index), timeTolerance: timeTolerance)
    }

    @Test("A run compared with itself passes")
    func identical() throws {
        let comparison = try Comparison(baseline: baseline, current: baseline)
        #expect(!comparison.hasRegression)
        #expect(comparison.changes.allSatisfy { $0.verdict == .unchanged })
    }

    @Test("One extra allocation per operation is a regression")
    func oneMoreAllocation() throws {
        let comparison = try compared(at: 1) { $0.median += 1 }
        #expect(comparison.hasRegression)
        #expect(comparison.regressions.map(\.key) == [mallocs.key])
        #expect(comparison.changes.first?.verdict == .regression)
    }

    @Test("Less than half an allocation more per operation is async noise, not a regression")
    func tinyAllocationRise() throws {
        #expect(try !compared(at: 1) { $0.median += 0.4 }.hasRegression)
    }

    @Test(
        "With a rerun, a time fails only when both runs rose beyond the tolerance; counts come from the run",
        arguments: [
            (8.0, 4.2, Comparison.Verdict.unchanged, 4.2), (4.2, 8, .unchanged, 4.2), (8, 6, .regression, 6),
            (8, 1.2, .improvement, 1.2),
        ]
    )
    func rerun(current: Double, rerun: Double, verdict: Comparison.Verdict, judged: Double) throws {
        let run = with(with(baseline, { $0.ratioToReference = current }, at: 0), { $0.median += 1 }, at: 1)
        let again = with(with(baseline, { $0.ratioToReference = rerun }, at: 0), { $0.median -= 1 }, at: 1)
        let comparison = try Comparison(baseline: baseline, current: run, rerun: again, timeTolerance: 0.2)
        let change = try #require(comparison.changes.first { $0.key == time.key })
        #expect(change.verdict == verdict)
        #expect(change.current == judged)
        #expect(comparison.regressions.map(\.key).contains(mallocs.key), "the run's extra allocation")
        #expect(comparison.judgesTimesOnTwoRuns)
        #expect(try !Comparison(baseline: baseline, current: run).judgesTimesOnTwoRuns)
    }

    @Test("A rerun that lacks one of the run's time rows cannot judge it")
    func rerunMissingTime() throws {
        #expect(throws: ComparisonError.missingInRerun([time.key])) {
            try Comparison(baseline: baseline, current: baseline, rerun: [mallocs, exponent])
        }
        #expect(
            ComparisonError.missingInRerun([time.key]).description
                == "1 time row(s) of the current run missing from the rerun, first: \(time.key); "
                + "rerun the same benchmarks")
    }

    @Test("Fewer allocations is an improvement, not a failure")
    func fewerAllocations() throws {
        let comparison = try compared(at: 1) { $0.median = 1 }
        #expect(!comparison.hasRegression)
        #expect(comparison.improvements.map(\.key) == [mallocs.key])
    }

    @Test(
        "Time ratios are gated by the tolerance",
        arguments: [
            (4.0, Comparison.Verdict.unchanged), (4.9, .unchanged), (5.1, .regression), (8, .regression),
            (3.3, .unchanged), (3.1, .improvement),
        ]
    )
    func timeTolerance(ratio: Double, verdict: Comparison.Verdict) throws {
        let comparison = try compared(at: 0, timeTolerance: 0.25) { $0.ratioToReference = ratio }
        #expect(comparison.changes.first { $0.key == time.key }?.verdict == verdict)
    }

    @Test(
        "A round trip (timed in µs) gets the round-trip tolerance; a synchronous time the synchronous one"
    )
    func roundTripTolerance() throws {
        func stateCopy(_ unit: Metric.Unit, _ feature: FeatureName, ratio: Double) -> ResultRow {
            var row = time
            row.key.suite = .stateCopy
            row.key.feature = feature
            row.unit = unit
            row.ratioToReference = ratio
            return row
        }
        let synchronous = MetricClass.time.tolerance.relative
        let roundTrips = MetricClass.roundTripTime.tolerance.relative
        let risen = 1 + synchronous + 0.1
        #expect(synchronous + 0.1 < roundTrips)
        let before = [
            stateCopy(.nanoseconds, "transfer/updateAmount", ratio: 1),
            stateCopy(.microseconds, "transfer/submitTransfer", ratio: 1),
        ]
        let after = [
            stateCopy(.nanoseconds, "transfer/updateAmount", ratio: risen),
            stateCopy(.microseconds, "transfer/submitTransfer", ratio: risen),
        ]
        let comparison = try Comparison(baseline: before, current: after)
        let verdicts = Dictionary(uniqueKeysWithValues: comparison.changes.map { ($0.key.feature, $0) })
        #expect(verdicts["transfer/updateAmount"]?.verdict == .regression)
        #expect(verdicts["transfer/submitTransfer"]?.verdict == .unchanged)
        let roundTrip = try #require(verdicts["transfer/submitTransfer"])
        #expect(comparison.toleranceText(roundTrip) == "+\(Int(roundTrips * 100))%")
    }

    @Test(
        "A case allocating 32 KiB or retaining 10,000 objects or more per operation in the baseline gets the heavy tolerance",
        arguments: [
            (Metric.bytes, 32_767.0, Comparison.Verdict.regression), (.bytes, 32_768, .unchanged),
            (.retains, 9_999, .regression), (.retains, 10_000, .unchanged),
        ]
    )
    func heavyTolerance(metric: Metric, perOperation: Double, verdict: Comparison.Verdict) throws {
        var countRow = time
        countRow.key.metric = metric
        countRow.unit = metric == .bytes ? .bytes : .count
        (countRow.median, countRow.ratioToReference) = (perOperation, nil)
        let risen = 1 + (MetricClass.time.tolerance.relative + MetricClass.heavyTime.tolerance.relative) / 2
        let before = [time, countRow]
        let after = [
            with([time], { $0.ratioToReference = time.ratioToReference.map { $0 * risen } }, at: 0)[0],
            countRow,
        ]
        let comparison = try Comparison(baseline: before, current: after)
        let change = try #require(comparison.changes.first { $0.key == time.key })
        #expect(change.verdict == verdict)
        let heavy = verdict == .unchanged
        #expect(
            change.timeTolerance
                == (heavy ? MetricClass.heavyTime.tolerance.relative : MetricClass.time.tolerance.relative))
        #expect(ResultRow.heavyCases(in: before) == (heavy ? [time.key.caseKey] : []))
    }

    @Test(
        "A time ratio that moves by less than the floor is unchanged however large in percent; above it, judged",
        arguments: [
            (0.003, 0.006, Comparison.Verdict.unchanged), (0.006, 0.0005, .unchanged),
            (0.1, 0.2, .regression), (0.1, 0.015, .suspicious), (0.1, 0.05, .improvement),
        ]
    )
    func ratioFloor(before: Double, after: Double, verdict: Comparison.Verdict) throws {
        #expect(MetricClass.time.tolerance.absolute == 0.01)
        let old = with(baseline, { $0.ratioToReference = before }, at: 0)
        let new = with(baseline, { $0.ratioToReference = after }, at: 0)
        let comparison = try Comparison(baseline: old, current: new, timeTolerance: 0.5)
        #expect(comparison.changes.first { $0.key == time.key }?.verdict == verdict)
    }

    @Test("Absolute times do not matter, only ratios: a uniformly slower machine passes")
    func slowerMachine() throws {
        #expect(try !compared(at: 0) { $0.median *= 3 }.hasRegression)
    }

    @Test("Growth exponents are reported but never fail the gate")
    func exponentsAreInformational() throws {
        let comparison = try compared(at: 2) { $0.median = 2 }
        #expect(!comparison.hasRegression)
        #expect(comparison.changes.first { $0.key == exponent.key }?.verdict == .changed)
    }

    @Test("A falling informational figure is reported as changed, never as an improvement or a failure")
    func fallingInformational() throws {
        let comparison = try compared(at: 2) { $0.median = 0.2 }
        #expect(comparison.changes.first { $0.key == exponent.key }?.verdict == .changed)
        #expect(comparison.improvements.isEmpty && !comparison.hasRegression)
    }

    @Test("A flat series' exponent wandering by a few hundredths around 0 is not reported as moved")
    func flatExponentNoise() throws {
        let flat = with(baseline, { $0.median = 0.001 }, at: 2)
        let wandered = with(flat, { $0.median = -0.034 }, at: 2)
        let comparison = try Comparison(baseline: flat, current: wandered)
        #expect(comparison.changes.first { $0.key == exponent.key }?.verdict == .unchanged)
    }

    @Test("Reference times are reported but never fail the gate: they are what ratios divide by")
    func referencesAreInformational() throws {
        func reference(_ feature: FeatureName, median: Double) -> ResultRow {
            ResultRow(
                key: .init(
                    suite: .reference, architecture: "reference", feature: feature, layout: nil, n: nil,
                    metric: .time),
                unit: .nanoseconds, median: median, p10: median, p25: median, p75: median, min: median,
                max: median,
                sampleCount: 25,
                ratioToReference: median / 1.1, configuration: .release)
        }
        let before = [
            reference("reference/struct-mutation", median: 1.1), reference("reference/empty", median: 4.7e-9),
        ]
        let after = [
            reference("reference/struct-mutation", median: 2.2), reference("reference/empty", median: 9.3e-9),
        ]
        let comparison = try Comparison(baseline: before, current: after)
        #expect(!comparison.hasRegression)
        let verdicts = Dictionary(
            uniqueKeysWithValues: comparison.changes.map { ($0.key.feature, $0.verdict) })
        #expect(verdicts == ["reference/struct-mutation": .changed, "reference/empty": .unchanged])
    }

    @Test("Rows missing on either side make the runs incomparable, naming the rows")
    func missingRows() {
        let withoutMallocs = [time, exponent]
        #expect(throws: ComparisonError.missingRows(inCurrent: [mallocs.key], inBaseline: [])) {
            try Comparison(baseline: baseline, current: withoutMallocs)
        }
        #expect(throws: ComparisonError.missingRows(inCurrent: [], inBaseline: [mallocs.key])) {
            try Comparison(baseline: withoutMallocs, current: baseline)
        }
    }

    @Test("A unit change, a missing ratio or a debug run make the runs incomparable")
    func unusableInputs() {
        #expect(
            throws: ComparisonError.unitMismatch(time.key, baseline: .nanoseconds, current: .microseconds)
        ) {
            try Comparison(baseline: baseline, current: with(baseline, { $0.unit = .microseconds }, at: 0))
        }
        #expect(throws: ComparisonError.missingRatio(time.key)) {
            try Comparison(baseline: baseline, current: with(baseline, { $0.ratioToReference = nil }, at: 0))
        }
        #expect(throws: ComparisonError.debugBuild(time.key)) {
            try Comparison(baseline: baseline, current: with(baseline, { $0.configuration = .debug }, at: 0))
        }
    }
}

extension ComparisonTests {
    /// A release-build closure-effects row of `metric` holding `value`.
    static func closureEffects(
        _ metric: Metric, suite: Suite, feature: FeatureName, layout: LayoutName? = nil, n: Int? = nil,
        unit: Metric.Unit = .count, value: Double
    ) -> ResultRow {
        .count(
            .init(
                suite: suite, architecture: "closure-effects", feature: feature, layout: layout, n: n,
                metric: metric),
            unit: unit, value: value, configuration: .release)
    }

    static func behaviour(_ metric: Metric, _ value: Double) -> ResultRow {
        closureEffects(
            metric, suite: .layout, feature: "app/increment", layout: "single-store", n: 1000, value: value)
    }

    @Test(
        "Observers woken and tasks must stay put in both directions: a drop is a behaviour change",
        arguments: [
            (Metric.observersWoken, 1000.0, 0.0), (.observersWoken, 1000, 1001), (.tasks, 1, 0),
            (.tasks, 1, 2),
        ]
    )
    func behaviourChanges(metric: Metric, before: Double, after: Double) throws {
        let comparison = try Comparison(
            baseline: [Self.behaviour(metric, before)], current: [Self.behaviour(metric, after)])
        #expect(comparison.hasRegression)
        #expect(comparison.changes.first?.verdict == .behaviourChanged)
        #expect(comparison.improvements.isEmpty)
    }

    @Test("Async noise under half a count is not a behaviour change")
    func behaviourNoise() throws {
        let comparison = try Comparison(
            baseline: [Self.behaviour(.tasks, 1)], current: [Self.behaviour(.tasks, 1.4)])
        #expect(!comparison.hasRegression)
    }

    @Test(
        "A time ratio falling more than 5-fold is suspicious and fails; less is an improvement",
        arguments: [(0.79, Comparison.Verdict.suspicious), (0.4, .suspicious), (0.81, .improvement)]
    )
    func suspiciousSpeedUp(ratio: Double, verdict: Comparison.Verdict) throws {
        let comparison = try compared(at: 0) { $0.ratioToReference = ratio }
        #expect(comparison.changes.first { $0.key == time.key }?.verdict == verdict)
        #expect(comparison.hasRegression == (verdict == .suspicious))
    }

    @Test("A rise exactly at the tolerance or allowance passes; just above fails")
    func boundaries() throws {
        let atTolerance = with(baseline, { $0.ratioToReference = 5 }, at: 0)
        #expect(try !Comparison(baseline: baseline, current: atTolerance, timeTolerance: 0.25).hasRegression)
        let atAllowance = with(baseline, { $0.median += MetricClass.counts.tolerance.absolute }, at: 1)
        #expect(try !Comparison(baseline: baseline, current: atAllowance).hasRegression)
        let above = with(baseline, { $0.median += MetricClass.counts.tolerance.absolute + 0.01 }, at: 1)
        #expect(try Comparison(baseline: baseline, current: above).hasRegression)
    }

    @Test("Counts only: time rows and the figures derived from times are neither compared nor required")
    func countsOnly() throws {
        let slower = with(baseline, { $0.ratioToReference = 40 }, at: 0)
        let comparison = try Comparison(baseline: baseline, current: slower, comparesTimes: false)
        #expect(!comparison.hasRegression)
        #expect(!comparison.changes.contains { $0.key == time.key })
        #expect(!comparison.changes.contains { $0.key.metric.metricClass == .informational })
        #expect(
            try Comparison(baseline: baseline, current: Array(baseline.dropFirst()), comparesTimes: false)
                .changes.count == baseline.filter { [.counts, .bytes].contains($0.metricClass) }.count)
    }

    @Test("Informational rows on one side only (spreads, derived figures) are skipped, not missing")
    func informationalRowsMayBeMissing() throws {
        var spread = time
        spread.key.metric = Metric.processSpread
        let comparison = try Comparison(baseline: baseline + [spread], current: baseline)
        #expect(!comparison.changes.contains { $0.key == spread.key })
        var wider = spread
        wider.median *= 10
        let both = try Comparison(baseline: baseline + [spread], current: baseline + [wider])
        #expect(!both.changes.contains { $0.key == spread.key }, "a run's noise is not compared")
    }
}
