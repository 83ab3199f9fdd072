import BenchmarkResults
import Foundation
import Testing

@Suite("Derived rows")
struct DerivedRowsTests {
    /// A series of times growing as 3 * N^exponent, with N observers woken at each N.
    static func series(exponent: Double, sizes: [Double] = [1, 10, 100, 1000]) -> [ResultRow] {
        sizes.flatMap { n in
            [
                MedianProcessTests.time("a", n: Int(n), median: 3 * pow(n, exponent), ratio: 1),
                MedianProcessTests.count("a", n: Int(n), metric: .observersWoken, value: n),
            ]
        }
    }

    @Test("the growth exponent is the least-squares slope in log-log space", arguments: [0.0, 0.5, 1.0, 2.0])
    func exponent(expected: Double) throws {
        let rows = DerivedRows.compute(from: Self.series(exponent: expected))
        let fit = try #require(rows.first { $0.key.metric == Metric.growthExponent })
        #expect(abs(fit.median - expected) < 1e-9)
        #expect(fit.key.n == nil && fit.unit == .exponent && fit.sampleCount == 4)
    }

    @Test("two actions measured in one layout are two series, each with its own exponent")
    func seriesPerFeature() {
        let flat = Self.series(exponent: 0).map { row -> ResultRow in
            var row = row
            row.key.feature = "app/no-op"
            return row
        }
        let exponents = DerivedRows.compute(from: Self.series(exponent: 1) + flat)
            .filter { $0.key.metric == .growthExponent }
        #expect(exponents.count == 2)
        for exponent in exponents {
            let expected = exponent.key.feature == "app/no-op" ? 0.0 : 1.0
            #expect(abs(exponent.median - expected) < 1e-9, "\(exponent.key.feature)")
        }
    }

    @Test("slopes between neighbouring sizes show where a series bends")
    func neighbourSlopes() {
        let rows = [
            MedianProcessTests.time("a", n: 1, median: 10, ratio: 1),
            MedianProcessTests.time("a", n: 10, median: 10, ratio: 1),
            MedianProcessTests.time("a", n: 100, median: 1000, ratio: 1),
        ]
        let slopes = DerivedRows.compute(from: rows).filter { $0.key.metric == Metric.growthSlope }
        #expect(slopes.map(\.key.n) == [10, 100])
        #expect(zip(slopes.map(\.median), [0.0, 2]).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    @Test("the cost per woken observer is the extra time over the extra observers")
    func costPerObserver() {
        let costs = DerivedRows.compute(from: Self.series(exponent: 1)).filter {
            $0.key.metric == Metric.costPerObserver
        }
        #expect(costs.map(\.key.n) == [10, 100, 1000])
        #expect(costs.allSatisfy { abs($0.median - 3) < 1e-9 && $0.unit == .nanoseconds })
    }

    @Test("no cost per observer where no more observers woke (multi store)")
    func noExtraObservers() {
        let rows = [1.0, 10].flatMap { n in
            [
                MedianProcessTests.time("a", n: Int(n), median: 5, ratio: 1),
                MedianProcessTests.count("a", n: Int(n), metric: .observersWoken, value: 1),
            ]
        }
        #expect(!DerivedRows.compute(from: rows).contains { $0.key.metric == Metric.costPerObserver })
    }

    @Test("derived and spread rows carry their metric's unit")
    func derivedUnits() {
        let runs = [1.0, 2].map { label in
            MedianProcessTests.run(label, ratios: (5 * label, 30), medians: (10, 60 * label))
        }
        let made = DerivedRows.adding(to: MedianProcess.merge(runs)).filter {
            $0.key.metric.isDerived || $0.key.metric == .processSpread
        }
        #expect(
            Set(made.map(\.key.metric)) == [.growthExponent, .growthSlope, .costPerObserver, .processSpread])
        for row in made {
            #expect(row.unit == row.key.metric.unit ?? .nanoseconds, "\(row.key)")
        }
    }
}
