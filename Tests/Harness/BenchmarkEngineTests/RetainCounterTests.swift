import BenchmarkEngine
import Testing

/// Retain and release counting: the reference benchmarks whose counts are known by construction.
@Suite(.enabled(if: AllocationCounter.isCountingRetains, "retain counting needs the x86_64 Linux interposer"))
struct RetainCounterTests {
    /// Assigning a copy of a struct holding k class instances retains the k objects copied and
    /// releases the k objects overwritten.
    @Test(arguments: [1, 3])
    func copyingAStructCountsOneRetainAndReleasePerObject(objects: Int) async throws {
        let benchmark =
            objects == 1 ? ReferenceBenchmarks.copyOneObject : ReferenceBenchmarks.copyThreeObjects
        let report = try #require(
            await benchmark.measureAllocations(iterations: 1000, repetitions: 3, scope: .currentThread))
        #expect(report.isExact)
        #expect(report.median.retainsPerOperation == Double(objects))
        #expect(report.median.releasesPerOperation == Double(objects))
        #expect(report.allocationsPerOperation == 0)
    }

    @Test func valueWorkRetainsNothing() throws {
        let measured = try #require(
            AllocationCounter.measure(iterations: 1000, scope: .currentThread) {
                var point = SIMD4<Int>(opaque(1), 2, 3, 4)
                point &*= 3
                blackHole(point)
            })
        #expect(measured.totals.retains == 0)
        #expect(measured.totals.releases == 0)
    }

    @Test func retainsOutsideAWindowAreNotCounted() throws {
        let box = opaque([1, 2, 3])
        let before = try #require(AllocationCounter.cumulative(in: .currentThread))
        for _ in 0..<100 { blackHole(opaque(box)) }
        let after = try #require(AllocationCounter.cumulative(in: .currentThread))
        #expect(after.retains == before.retains)
    }
}
