import BenchmarkEngine
import BenchmarkGate
import BenchmarkResults
import ClosureEffects
import Domain
import Testing

@testable import BenchmarkRun
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

    func benchmark(_ variant: Variant) -> Benchmark {
        let store = Store(initialState: CounterState(), reducer: CounterFeature(quoteClient: .failing()))
        return Benchmark("closure-effects counter/increment (\(variant))") { iterations in
            for _ in 0..<iterations {
                store.send(.increment)
                switch variant {
                case .clean: break
                case .extraAllocation: blackHole(Extra())
                case .twiceTheWork: store.send(.increment)
                }
            }
        }
    }

    /// Measures `variants` in the same timing rounds, best of three runs (as the gate's users run
    /// `--best-of 3`), and returns each variant's rows under the one name the gate compares, so
    /// that drift between runs cannot decide a comparison; only the variants' own costs can.
    func measure(_ variants: [Variant]) async throws -> [[ResultRow]] {
        let runner = SuiteRunner(
            size: RunSize(
                sampleCount: 15, warmUpRounds: 2, targetSampleDuration: .milliseconds(1), retentionEffects: 1),
            configuration: .release
        )
        var runs: [[ResultRow]] = []
        for _ in 0..<3 {
            let cases = variants.indices.map { index in
                BenchmarkCase(
                    suite: .dispatch, architecture: ArchitectureName(rawValue: "variant-\(index)")!,
                    feature: "counter/increment",
                    benchmark: benchmark(variants[index]))
            }
            runs.append(try await runner.run(.dispatch, cases))
        }
        let merged = MedianProcess.merge(runs)
        return variants.indices.map { index in
            merged.filter { $0.key.architecture.rawValue == "variant-\(index)" }.map { row in
                var row = row
                row.key.architecture = "closure-effects"
                return row
            }
        }
    }

    @Test("A clean re-run passes; +1 allocation per action and 2× the work are caught")
    func gateCatchesInjectedRegressions() async throws {
        let measured = try await measure([.clean, .clean, .extraAllocation, .twiceTheWork])
        let (baseline, rerun, allocating, twice) = (measured[0], measured[1], measured[2], measured[3])
        let counted: Set<Metric> =
            !AllocationCounter.isAvailable
            ? []
            : AllocationCounter.isCountingRetains
                ? [.mallocs, .bytes, .retains, .releases] : [.mallocs, .bytes]
        #expect(
            Set(baseline.filter { $0.metricClass != .informational }.map(\.key.metric))
                == counted.union([.time]))

        let clean = try Comparison(baseline: baseline, current: rerun)
        #expect(!clean.hasRegression, "a clean re-run failed the gate: \(clean.regressions)")

        if AllocationCounter.isAvailable {
            let extra = try Comparison(baseline: baseline, current: allocating)
            // One 16-byte object more is within the bytes allowance (32 B); the malloc count catches it.
            let mallocs = try #require(extra.regressions.first { $0.key.metric == .mallocs })
            #expect(mallocs.current - mallocs.baseline == 1)
        }

        // Judged with the shipped tolerance (synchronous: 25%), which twice the work must exceed.
        let slow = try Comparison(baseline: baseline, current: twice)
        let time = try #require(slow.changes.first { $0.key.metric == .time })
        #expect(
            time.verdict == .regression, "2× the work changed the time ratio by only \(time.percent ?? 0)%")
    }
}
