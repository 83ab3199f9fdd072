import BenchmarkEngine
import Testing

/// Statistics against values computed by hand (type 7 percentiles, unscaled MAD).
struct StatisticsTests {
    @Test func oddCount() throws {
        let stats = try #require(Statistics([5, 1, 4, 2, 3]))
        #expect(stats.count == 5)
        #expect(stats.min == 1)
        #expect(stats.max == 5)
        #expect(stats.median == 3)
        #expect(abs(stats.p10 - 1.4) < 1e-12)  // h = 4 * 0.1 = 0.4: 1 + 0.4 * 1
        #expect(stats.p25 == 2)  // h = 4 * 0.25 = 1 -> x[1]
        #expect(stats.p75 == 4)  // h = 3 -> x[3]
        #expect(stats.mean == 3)
        #expect(stats.medianAbsoluteDeviation == 1)  // |x - 3| = 0 1 1 2 2
    }

    @Test func evenCountInterpolates() throws {
        let stats = try #require(Statistics([40, 10, 30, 20]))
        #expect(abs(stats.p10 - 13) < 1e-12)  // h = 0.3: 10 + 0.3 * 10
        #expect(stats.p25 == 17.5)  // h = 0.75: 10 + 0.75 * 10
        #expect(stats.median == 25)  // h = 1.5: 20 + 0.5 * 10
        #expect(stats.p75 == 32.5)  // h = 2.25: 30 + 0.25 * 10
        #expect(stats.mean == 25)
        #expect(stats.medianAbsoluteDeviation == 10)  // |x - 25| = 5 5 15 15
    }

    @Test func duplicatesAndSkew() throws {
        let stats = try #require(Statistics([7, 1, 3, 3, 9, 2]))  // sorted 1 2 3 3 7 9
        #expect(stats.min == 1)
        #expect(stats.max == 9)
        #expect(stats.p10 == 1.5)  // h = 0.5: 1 + 0.5 * 1
        #expect(stats.p25 == 2.25)  // h = 1.25: 2 + 0.25 * 1
        #expect(stats.median == 3)  // h = 2.5: 3 + 0.5 * 0
        #expect(stats.p75 == 6)  // h = 3.75: 3 + 0.75 * 4
        #expect(stats.mean == 25.0 / 6.0)
        #expect(stats.medianAbsoluteDeviation == 1.5)  // |x - 3| = 0 0 1 2 4 6 -> h = 2.5
        #expect(stats.relativeInterquartileRange == (6 - 2.25) / 3)
    }

    @Test func singleSample() throws {
        let stats = try #require(Statistics([4.5]))
        #expect(stats.count == 1)
        #expect(
            [stats.min, stats.p10, stats.p25, stats.median, stats.p75, stats.max, stats.mean]
                == Array(repeating: 4.5, count: 7))
        #expect(stats.medianAbsoluteDeviation == 0)
    }

    @Test func noSamples() {
        #expect(Statistics([]) == nil)
    }

    @Test func percentileEnds() {
        let sorted: [Double] = [1, 2, 4, 8, 16]
        #expect(Statistics.percentile(sorted: sorted, 0) == 1)
        #expect(Statistics.percentile(sorted: sorted, 1) == 16)
        #expect(Statistics.percentile(sorted: sorted, 0.9) == 12.8)  // h = 3.6: 8 + 0.6 * 8
    }
}
