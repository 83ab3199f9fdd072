import BenchmarkResults
import Foundation
import ResultsTestSupport
import Testing

@Suite("Best of several runs")
struct MedianProcessTests {
    static func time(_ architecture: ArchitectureName, n: Int, median: Double, ratio: Double) -> ResultRow {
        RowFixture.row(
            suite: .layout, architecture: architecture, feature: "app/increment", layout: "single-store",
            n: n,
            median: median, ratio: ratio)
    }

    static func count(_ architecture: ArchitectureName, n: Int, metric: Metric, value: Double) -> ResultRow {
        .count(
            .init(
                suite: .layout, architecture: architecture, feature: "app/increment", layout: "single-store",
                n: n, metric: metric),
            unit: .count, value: value, configuration: .release)
    }

    /// One run of a two-point series (N = 1 and 10) whose mallocs say which run it came from.
    static func run(_ label: Double, ratios: (Double, Double), medians: (Double, Double)) -> [ResultRow] {
        [
            time("a", n: 1, median: medians.0, ratio: ratios.0),
            count("a", n: 1, metric: .mallocs, value: label),
            count("a", n: 1, metric: .observersWoken, value: 1),
            time("a", n: 10, median: medians.1, ratio: ratios.1),
            count("a", n: 10, metric: .mallocs, value: label),
            count("a", n: 10, metric: .observersWoken, value: 10),
        ]
    }

    @Test("of two runs, each case's rows all come from the run in which that case was slower")
    func wholeGroupsFromOneRun() {
        let first = Self.run(1, ratios: (5, 30), medians: (10, 60))
        let second = Self.run(2, ratios: (4, 40), medians: (8, 80))
        let merged = MedianProcess.merge([first, second])
        func value(_ n: Int, _ metric: Metric) -> Double? {
            merged.first { $0.key.n == n && $0.key.metric == metric }?.median
        }
        #expect(value(1, .time) == 10, "not the minimum (8)")
        #expect(value(1, .mallocs) == 1, "N = 1 came from the first run, so must its mallocs")
        #expect(value(10, .time) == 80, "not the minimum (60)")
        #expect(value(10, .mallocs) == 2, "N = 10 came from the second run, so must its mallocs")
        let processes = merged.filter { $0.key.metric != .processSpread }.map(\.bestOfProcess)
        #expect(processes == [1, 1, 1, 2, 2, 2], "every row names the run it came from")
        #expect(merged.filter { $0.key.metric == .processSpread }.allSatisfy { $0.bestOfProcess == nil })
    }

    @Test(
        "of two to six calm runs the pick is the median, the upper middle for an even count", arguments: 2...6
    )
    func neverTheMinimum(count: Int) throws {
        for rotation in 0..<count {
            let ratios = (0..<count).map { Double(10 + (($0 + rotation) % count)) }
            let runs = ratios.enumerated().map { index, ratio in
                Self.run(Double(index + 1), ratios: (ratio, ratio), medians: (ratio, ratio))
            }
            let merged = MedianProcess.merge(runs)
            let time = try #require(merged.first { $0.key.metric == .time })
            #expect(time.median == ratios.sorted()[count / 2], "ratios \(ratios)")
            #expect(time.median > ratios.min()!, "ratios \(ratios): never the minimum")
            let process = try #require(time.bestOfProcess)
            #expect(ratios[process - 1] == time.median, "the process named is the one the row came from")
        }
    }

    @Test("the merge drops the runs' derived rows; growth figures are fitted once, from the merged medians")
    func refitFromMergedMedians() throws {
        let first =
            Self.run(1, ratios: (5, 30), medians: (10, 60))
            + DerivedRows.compute(from: Self.run(1, ratios: (5, 30), medians: (10, 60)))
        let second = Self.run(2, ratios: (4, 40), medians: (8, 80))
        #expect(!MedianProcess.merge([first, second]).contains { $0.key.metric.isDerived })
        let merged = DerivedRows.adding(to: MedianProcess.merge([first, second]))
        let exponents = merged.filter { $0.key.metric == Metric.growthExponent }
        #expect(exponents.count == 1, "derived rows of the inputs are dropped and fitted once")
        let exponent = try #require(exponents.first).median
        #expect(abs(exponent - log10(80.0 / 10)) < 1e-9)
        let cost = try #require(merged.first { $0.key.metric == Metric.costPerObserver })
        #expect(abs(cost.median - (80 - 10) / 9) < 1e-9)
        #expect(merged.filter { $0.key.metric.isDerived }.allSatisfy { $0.bestOfProcess == nil })
    }

    @Test("each time row gains the spread of its ratio across the runs, in percent")
    func spreadAcrossProcesses() throws {
        let merged = MedianProcess.merge([
            Self.run(1, ratios: (5, 30), medians: (10, 60)), Self.run(2, ratios: (4, 40), medians: (8, 80)),
            Self.run(3, ratios: (4.4, 36), medians: (9, 70)),
        ])
        let spread = merged.filter { $0.key.metric == Metric.processSpread }
        #expect(spread.map(\.key.n) == [1, 10])
        #expect(abs(try #require(spread.first).median - 25) < 1e-9)
        #expect(abs(try #require(spread.last).median - 100.0 / 3) < 1e-9)
        #expect(spread.allSatisfy { $0.sampleCount == 3 })
    }

    @Test("of three runs, each case's rows come from the middle one, not from an outlier either way")
    func middleOfThree() {
        let merged = MedianProcess.merge([
            Self.run(1, ratios: (3, 40), medians: (6, 80)), Self.run(2, ratios: (5, 30), medians: (10, 60)),
            Self.run(3, ratios: (4, 20), medians: (8, 40)),
        ])
        let mallocs = merged.filter { $0.key.metric == .mallocs }.map(\.median)
        #expect(mallocs == [3, 2], "N = 1: ratios 3, 5, 4 -> run 3; N = 10: 40, 30, 20 -> run 2")
        #expect(merged.filter { $0.key.metric == .time }.map(\.bestOfProcess) == [3, 2])
    }

    @Test("of three runs, a case flagged disturbed in some comes from the middle of the others")
    func calmRunsFirst() {
        func flagging(_ run: [ResultRow], n: Int) -> [ResultRow] {
            run.map { row in
                var row = row
                row.wasDisturbed = row.wasDisturbed || (row.key.n == n && row.key.metric == .time)
                return row
            }
        }
        let runs = [
            Self.run(1, ratios: (3, 40), medians: (6, 80)), Self.run(2, ratios: (5, 30), medians: (10, 60)),
            Self.run(3, ratios: (4, 20), medians: (8, 40)),
        ]
        let merged = MedianProcess.merge([
            flagging(runs[0], n: 1), runs[1], flagging(flagging(runs[2], n: 1), n: 10),
        ])
        let mallocs = merged.filter { $0.key.metric == .mallocs }.map(\.median)
        #expect(
            mallocs == [2, 1],
            "N = 1: only run 2 is calm; N = 10: of calm runs 1 and 2 (40, 30), the slower, not the minimum")
        #expect(merged.filter { $0.key.metric == .time }.map(\.bestOfProcess) == [2, 1])
        let flaggedEverywhere = MedianProcess.merge(runs.map { flagging(flagging($0, n: 1), n: 10) })
        #expect(
            flaggedEverywhere.filter { $0.key.metric == .mallocs }.map(\.median) == [3, 2],
            "all flagged: as before")
    }

    @Test("of two runs, a case one of them flagged disturbed comes from the other, faster or not")
    func calmOverDisturbed() {
        var disturbed = Self.run(1, ratios: (6, 20), medians: (12, 40))
        for index in disturbed.indices where disturbed[index].key.metric == .time {
            disturbed[index].wasDisturbed = true
        }
        let calm = Self.run(2, ratios: (5, 30), medians: (10, 60))
        let merged = MedianProcess.merge([disturbed, calm])
        #expect(merged.filter { $0.key.metric == .mallocs }.map(\.median) == [2, 2])
        #expect(
            merged.filter { $0.key.metric == .time }.allSatisfy { !$0.wasDisturbed && $0.bestOfProcess == 2 })
    }

    @Test("a reference's rows come from the run most of its suite's cases came from")
    func referenceFollowsItsSuite() {
        func effect(_ architecture: ArchitectureName, median: Double, ratio: Double) -> ResultRow {
            RowFixture.row(
                suite: .effects, architecture: architecture, feature: "counter/loadQuote",
                unit: .microseconds,
                median: median, ratio: ratio)
        }
        func run(reference: Double, ratios: (Double, Double, Double)) -> [ResultRow] {
            [
                effect("a", median: ratios.0 * reference, ratio: ratios.0),
                effect("b", median: ratios.1 * reference, ratio: ratios.1),
                effect(.reference, median: reference, ratio: 1),
                effect("c", median: ratios.2 * reference, ratio: ratios.2),
            ]
        }
        let merged = MedianProcess.merge([
            run(reference: 27, ratios: (2, 2, 1)), run(reference: 62, ratios: (1, 1, 2)),
        ])
        let times = merged.filter { $0.key.metric == .time }
        #expect(times.map(\.key.architecture) == ["a", "b", .reference, "c"])
        #expect(
            times.map(\.median) == [54, 54, 27, 124], "a and b came from the first run, so does the reference"
        )
        #expect(times.map(\.bestOfProcess) == [1, 1, 1, 2])
    }

    @Test("a single run merges to itself")
    func singleRun() {
        let rows = Self.run(1, ratios: (5, 30), medians: (10, 60))
        #expect(MedianProcess.merge([rows]) == rows)
        #expect(MedianProcess.merge([rows]).allSatisfy { $0.bestOfProcess == nil }, "no best-of, no process")
    }
}
