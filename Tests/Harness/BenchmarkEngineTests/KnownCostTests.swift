import BenchmarkEngine
import Testing

/// Spins until the monotonic clock has advanced `nanoseconds`: work whose wall time per operation
/// is known in advance, whatever the machine.
private func spin(nanoseconds: UInt64) {
    let end = MonotonicClock.now() + nanoseconds
    while MonotonicClock.now() < end {}
}

/// A benchmark named `name` whose every operation spins for `nanoseconds`, `repeats` times over.
private func spinning(_ name: String, nanoseconds: UInt64, repeats: Int = 1) -> Benchmark {
    Benchmark(name) { iterations in
        for _ in 0..<iterations {
            for _ in 0..<repeats { spin(nanoseconds: nanoseconds) }
        }
    }
}

private final class Object {
    let value: Int

    init(_ value: Int) {
        self.value = value
    }
}

/// The engine against workloads whose cost is known by construction.
struct KnownCostTests {
    @Test(
        "a body that allocates k objects per operation reports k mallocs per operation",
        .enabled(if: AllocationCounter.isAvailable, "needs the malloc interposer (Linux with glibc)"),
        arguments: [0, 1, 3, 7])
    func allocationsPerOperation(k: Int) async throws {
        let benchmark = Benchmark("k objects") { iterations in
            for iteration in 0..<iterations {
                for index in 0..<k { blackHole(Object(iteration &+ index)) }
            }
        }
        let report = try #require(await benchmark.measureAllocations(iterations: 100, scope: .currentThread))
        #expect(report.isExact)
        #expect(report.allocationsPerOperation == Double(k))
        #expect(report.bytesPerOperation == Double(k * 24))
    }

    @Test("each sample's time is divided by its iteration count: 20 µs of work per operation reads as 20 µs")
    func perOperationArithmetic() async throws {
        let sampling = SamplingParameters(
            targetSampleDuration: .microseconds(400), warmUpRounds: 0, sampleCount: 5)
        let benchmark = spinning("20 µs", nanoseconds: 20_000)
        let result = try #require(await BenchmarkRunner(sampling: sampling).run([benchmark]).first)
        // Preemption on a busy machine can stretch a spin; a runner that forgot to divide would
        // report 20 times as much.
        #expect(result.iterationsPerSample >= 10 && result.iterationsPerSample <= 25)
        #expect(result.time.median >= 20_000 && result.time.median < 40_000, "\(result.time.median) ns")
    }

    @Test("batch sizing stops near the target: 10 µs operations and a 1 ms target give about 100 per sample")
    func batchSizeFromKnownCost() async {
        let runner = BenchmarkRunner(
            sampling: SamplingParameters(targetSampleDuration: .milliseconds(1)))
        let size = await runner.batchSize(for: spinning("10 µs", nanoseconds: 10_000))
        #expect(!size.reachedIterationLimit)
        #expect(size.iterations >= 50 && size.iterations <= 115, "\(size.iterations) iterations")
    }

    @Test("twice the work per operation reads as about twice the time")
    func twiceTheWork() async throws {
        let sampling = SamplingParameters(
            targetSampleDuration: .microseconds(300), warmUpRounds: 1, sampleCount: 9)
        let once = spinning("once", nanoseconds: 5_000)
        let twice = spinning("twice", nanoseconds: 5_000, repeats: 2)
        let results = await BenchmarkRunner(sampling: sampling).run([once, twice])
        let ratio = results[1].ratio(to: results[0])
        #expect(ratio > 1.6 && ratio < 2.5, "twice / once = \(ratio)")
    }
}
