import BenchmarkEngine
import BenchmarkResults

extension MetricCounter {
    /// The metrics of the rows this counter's figures make: none of them is reported when the
    /// counter is unavailable.
    public var metrics: Set<Metric> {
        switch self {
        case .allocations: [.mallocs, .bytes, .retainedBytes]
        case .retains: [.retains, .releases]
        case .tasks: [.tasks]
        case .instructions: [.instructions, .instructionsOutsideMetadataLookups]
        }
    }

    /// The counter whose figures `metric` rows hold; nil for a metric no counter makes (times,
    /// observers woken, derived figures).
    public init?(making metric: Metric) {
        guard let counter = MetricCounter.allCases.first(where: { $0.metrics.contains(metric) }) else {
            return nil
        }
        self = counter
    }
}

/// Which counters this process may report: their self-checks (``CounterChecks``), run once, before
/// the first count, and the rows their verdicts leave in a run (docs/platforms.md).
@MainActor
public enum CounterAvailability {
    private static var cached: [CounterCheck]?

    /// The checks of the allocation, retain and task counters in this process, run the first time
    /// they are asked for.
    public static func checks() async -> [CounterCheck] {
        if let cached { return cached }
        let checks = await CounterChecks.run()
        cached = checks
        return checks
    }

    /// `rows` without those of the counters that failed (or could not run) their checks.
    public static func keepingRowsOfPassed(_ rows: [ResultRow], checks: [CounterCheck]) -> [ResultRow] {
        let dropped = Set(checks.filter { !$0.passed }.flatMap(\.counter.metrics))
        return rows.filter { !dropped.contains($0.key.metric) }
    }

    /// One line naming the unavailable counters among `checks`, with their rows and the reason;
    /// nil when all passed.
    public nonisolated static func unavailableLine(_ checks: [CounterCheck]) -> String? {
        let failed = checks.filter { !$0.passed }
        guard !failed.isEmpty else { return nil }
        return "counters unavailable, their rows left out: "
            + failed.map { check in
                let metrics = Metric.allCases.filter { check.counter.metrics.contains($0) }.map(\.rawValue)
                return
                    "\(check.counter.rawValue) (\(metrics.joined(separator: ", ")): \(check.problem ?? ""))"
            }.joined(separator: "; ")
    }
}
