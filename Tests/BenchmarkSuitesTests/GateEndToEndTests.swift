import BenchmarkEngine
import BenchmarkReport
import ClosureEffects
import Domain
import Testing

@testable import BenchmarkSuites

/// The regression gate against real measurements: a clean re-run passes, and an architecture
/// variant with one extra allocation per action, or twice the work per action, is caught.
///
/// Timing needs a quiet process, like retention: `.ci/run` runs this suite on its own.
@MainActor
@Suite(
    "Gate end to end",
    .serialized,
    .enabled(
        if: isQuietProcess,
        "needs a quiet process: BENCH_QUIET_PROCESS=1 swift test --filter GateEndToEndTests")
)
struct GateEndToEndTests {
    /// A closure-effects counter whose dispatch is correct, allocates once more, or does the work twice.
    enum Variant {
        case clean
        case extraAllocation
        case twiceTheWork
    }

    final class Extra {}

    func measure(_ variant: Variant) async -> [ResultRow] {
        let store = Store(initialState: CounterState(), reducer: CounterFeature(quoteClient: .failing()))
        let benchmark = Benchmark("closure-effects counter/increment (\(variant))") { iterations in
            for _ in 0..<iterations {
                store.send(.increment)
                switch variant {
                case .clean: break
                case .extraAllocation: blackHole(Extra())
                case .twiceTheWork: store.send(.increment)
                }
            }
        }
        let runner = SuiteRunner(
            size: RunSize(
                samples: 15, warmUpRounds: 2, targetSampleDuration: .milliseconds(1), retentionEffects: 1),
            configuration: "release"
        )
        let benchmarkCase = BenchmarkCase(
            suite: .dispatch,
            architecture: "closure-effects",
            feature: "counter/increment",
            benchmark: benchmark
        )
        return await runner.run(.dispatch, [benchmarkCase])
    }

    /// The best of three measurements, as the gate's users run it (`--best-of 3`): one slow
    /// stretch of the machine cannot decide the comparison.
    func measureBestOfThree(_ variant: Variant) async -> [ResultRow] {
        var runs: [[ResultRow]] = []
        for _ in 0..<3 { runs.append(await measure(variant)) }
        return BestOf.merge(runs)
    }

    @Test("A clean re-run passes; +1 allocation per action and 2× the work are caught")
    func gateCatchesInjectedRegressions() async throws {
        let baseline = await measureBestOfThree(.clean)
        #expect(
            Set(baseline.filter { $0.kind != .informational }.map(\.key.metric))
                == (AllocationCounter.isAvailable ? ["time", "mallocs", "bytes"] : ["time"]))

        let rerun = try Comparison(baseline: baseline, current: await measureBestOfThree(.clean))
        #expect(!rerun.hasRegression, "a clean re-run failed the gate: \(rerun.regressions)")

        if AllocationCounter.isAvailable {
            let allocating = try Comparison(baseline: baseline, current: await measure(.extraAllocation))
            // One 16-byte object more is within the bytes allowance (32 B); the malloc count catches it.
            #expect(allocating.regressions.contains { $0.key.metric == "mallocs" })
            let mallocs = try #require(allocating.regressions.first { $0.key.metric == "mallocs" })
            #expect(mallocs.current - mallocs.baseline == 1)
        }

        // All three variants are measured in this one process, so the whole-process fast and slow
        // modes that set the shipped 100% tolerance do not occur here; 75% is the tolerance the
        // gate used before those modes were measured, and 2x the work must exceed it.
        let slow = try Comparison(
            baseline: baseline, current: await measureBestOfThree(.twiceTheWork), timeTolerance: 0.75)
        let time = try #require(slow.changes.first { $0.key.metric == "time" })
        #expect(
            time.verdict == .regression, "2× the work changed the time ratio by only \(time.percent ?? 0)%")
    }
}
