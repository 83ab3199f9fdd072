import BenchmarkEngine
import BenchmarkGate
import BenchmarkResults
import BenchmarkRun
import BenchmarkSuites
import Foundation

/// `bench doctor`, and what a run does with the counters' self-checks (docs/platforms.md).
extension BenchCommand {
    /// Runs every counter's self-check and prints each counter, its check and the result. Exits 1
    /// when a counter this build has fails its check (a libc or linker change that makes the
    /// interposition miss); a counter the build or platform does not have is reported, not failed.
    static func doctor(output: Output, environment: [String: String]) async -> ExitStatus {
        output.progress("checking every counter on known work (\(configuration.rawValue) build)")
        let checks = await CounterAvailability.checks() + [await instructionCheck(environment: environment)]
        output.data(doctorReport(checks))
        return checks.contains { !$0.passed && $0.observed != nil } ? .failure : .success
    }

    /// The doctor's table: one block per counter.
    static func doctorReport(_ checks: [CounterCheck]) -> String {
        checks.map { check -> String in
            let metrics = Metric.allCases.filter { check.counter.metrics.contains($0) }.map(\.rawValue)
            let lines =
                [
                    "\(check.counter.rawValue) (\(metrics.joined(separator: ", "))): "
                        + (check.passed ? "passed" : "unavailable"),
                    "  check:    \(check.work)",
                    "  expected: \(check.expected) per operation",
                    "  counted:  \(check.observed.map { "\($0) per operation" } ?? "nothing")",
                ] + (check.problem.map { ["  why:      \($0)"] } ?? [])
            return lines.joined(separator: "\n")
        }.joined(separator: "\n") + "\n"
    }

    /// The instruction counter's check: the known loop counted by the instruction pass, under
    /// callgrind; unavailable without Valgrind.
    static func instructionCheck(environment: [String: String]) async -> CounterCheck {
        guard InstructionCounter.isBuiltIn else { return CounterChecks.instructions(perOperation: nil) }
        if let missing = InstructionPass.missingTool(environment: environment) {
            var check = CounterChecks.instructions(perOperation: nil)
            check.problem = missing
            return check
        }
        var request = RunRequest(selector: CaseSelector(selecting: knownLoop), size: .quick, seed: 0)
        request.confinesRoundTrips = false
        let plan = RunPlan(request: request, environment: environment)
        let rows = try? await plan.instructionRows()
        return CounterChecks.instructions(perOperation: knownLoopCount(in: rows ?? []))
    }

    /// The case whose instruction count is known: 9 per operation.
    static let knownLoop = ResultRow.CaseKey(
        suite: .reference, architecture: .reference, feature: "reference/nine-instructions")

    /// The known loop's instructions per operation among `rows`, if they hold it.
    static func knownLoopCount(in rows: [ResultRow]) -> Double? {
        rows.first { $0.key.caseKey == knownLoop && $0.key.metric == .instructions }?.median
    }

    /// An instruction run's rows, checked: the known loop is counted too (from `rows` when the
    /// selection holds it) and, when it does not give 9, every instruction row is left out and a line
    /// says why.
    static func checkedInstructionRows(_ rows: [ResultRow], environment: [String: String], output: Output)
        async -> [ResultRow]
    {
        let check: CounterCheck
        if let count = knownLoopCount(in: rows) {
            check = CounterChecks.instructions(perOperation: count)
        } else {
            check = await instructionCheck(environment: environment)
        }
        lastInstructionCheck = check
        guard let line = CounterAvailability.unavailableLine([check]) else { return rows }
        output.progress(line)
        return CounterAvailability.keepingRowsOfPassed(rows, checks: [check])
    }

    /// The instruction check of this process's instruction run, for its metadata.
    static var lastInstructionCheck: CounterCheck?

    /// Breaks the counters ``MetricCounter/breakingVariable`` names, in this process.
    static func breakCounters(environment: [String: String]) throws(BenchError) {
        switch MetricCounter.broken(in: environment) {
        case .success(let counters): MetricCounter.breakInThisProcess(counters)
        case .failure(let unknown): throw .usage(unknown.description)
        }
    }
}

extension BenchCommand {
    /// The baseline rows `compare` can judge against `current`, and the counts it cannot: those of
    /// the counters the current run's `metadata` names unavailable (``UncomparedCounts``).
    static func comparable(_ baseline: [ResultRow], current: [ResultRow], _ metadata: RunMetadata)
        -> (baseline: [ResultRow], uncompared: UncomparedCounts)
    {
        var reasons: [Metric: String] = [:]
        for (name, reason) in metadata.unavailableCounters ?? [:] {
            for metric in MetricCounter(rawValue: name)?.metrics ?? [] {
                reasons[metric] = "\(name) \(reason)"
            }
        }
        let uncompared = UncomparedCounts(
            baseline: baseline, current: current, counted: Set(reasons.keys), reasons: reasons)
        return (uncompared.remaining(of: baseline), uncompared)
    }
}

extension BenchCommand {
    /// The counters a run could not report and why, for its metadata: the instruction counter's
    /// check for an instruction run (``lastInstructionCheck``), the others' for a timed run.
    static func unavailableCounters(instructions: Bool) async -> [String: String]? {
        let checks =
            instructions ? [lastInstructionCheck].compactMap { $0 } : await CounterAvailability.checks()
        let failed = checks.filter { !$0.passed }
        guard !failed.isEmpty else { return nil }
        return Dictionary(uniqueKeysWithValues: failed.map { ($0.counter.rawValue, $0.problem ?? "") })
    }
}
