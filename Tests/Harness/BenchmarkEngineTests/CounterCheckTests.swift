import BenchmarkEngine
import Testing

/// The counters' self-checks: how a check judges what it counted, which counters the environment
/// breaks, and the checks themselves in this build (docs/platforms.md).
@Suite("Counter self-checks")
struct CounterCheckTests {
    @Test("a check that counts the known work passes; one that counts otherwise fails with both figures")
    func judging() {
        let passed = CounterChecks.instructions(perOperation: 9)
        #expect(passed.passed)
        #expect(passed.observed == "9 instructions")
        let failed = CounterChecks.instructions(perOperation: 0)
        #expect(!failed.passed)
        #expect(
            failed.problem == "its check counted 0 instructions per operation where 9 instructions is right")
        let missing = CounterChecks.instructions(perOperation: nil)
        #expect(!missing.passed && missing.observed == nil)
        #expect(missing.problem?.isEmpty == false)
    }

    @Test("BENCH_BREAK_COUNTER names counters, comma-separated; any other name is refused in one line")
    func breakingVariable() throws {
        #expect(try MetricCounter.broken(in: [:]).get() == [])
        #expect(
            try MetricCounter.broken(in: ["BENCH_BREAK_COUNTER": "tasks,retains"]).get() == [
                .tasks, .retains,
            ])
        let refused = MetricCounter.broken(in: ["BENCH_BREAK_COUNTER": "tasks,mallocs"])
        guard case .failure(let unknown) = refused else {
            Issue.record("mallocs is a metric, not a counter, and was accepted")
            return
        }
        #expect(unknown.description.hasPrefix("BENCH_BREAK_COUNTER: 'mallocs' is not a counter; counters: "))
    }

    @Test(
        "every counter this build has passes its check on known work",
        .enabled(
            if: AllocationCounter.isCountingRetains && AllocationCounter.isCountingTasks,
            "needs every interposer: Linux x86_64 with glibc, without BENCH_NO_COUNTERS"))
    func everyCounterPasses() async {
        let checks = await CounterChecks.run()
        #expect(checks.map(\.counter) == [.allocations, .retains, .tasks])
        for check in checks {
            #expect(check.passed, "\(check.counter): \(check.problem ?? "")")
        }
        #expect(checks[0].observed == "1 malloc, 48 B, 1 free")
    }

    @Test(
        "without the counters every check reports its counter unavailable, with the reason",
        .enabled(if: !AllocationCounter.isAvailable, "only where allocation counting is unavailable"))
    func checksWithoutCounters() async {
        let checks = await CounterChecks.run() + [CounterChecks.instructions(perOperation: nil)]
        for check in checks {
            #expect(!check.passed && check.observed == nil, "\(check.counter)")
        }
        if MetricCounter.areCompiledOut {
            #expect(
                checks.allSatisfy {
                    $0.problem == "this build has no counters (built with BENCH_NO_COUNTERS=1)"
                })
        }
    }
}
