import BenchmarkEngine
import BenchmarkResults
import Foundation
import Testing

@testable import BenchmarkSuites

/// Heavy cases without counts, and the rows a counter that failed its check leaves out.
@Suite("Heavy cases and unavailable counters")
struct HeavyCasesTests {
    static var baselinePath: URL {
        get throws { try PackageRoot.of(#filePath).appendingPathComponent("results/baseline.csv") }
    }

    static func caseKey(_ description: String) throws -> ResultRow.CaseKey {
        let parts = description.components(separatedBy: " / ")
        let n = parts.last?.hasPrefix("n=") == true ? Int(parts.last!.dropFirst(2)) : nil
        return ResultRow.CaseKey(
            suite: try #require(Suite(rawValue: parts[0])),
            architecture: ArchitectureName(stringLiteral: parts[1]),
            feature: FeatureName(stringLiteral: parts[2]),
            layout: parts.count > 4 ? LayoutName(stringLiteral: parts[3]) : nil, n: n)
    }

    @Test("the cases declared heavy are exactly those the committed baseline's counts find heavy")
    func declaredAgreesWithTheBaseline() throws {
        let rows = try ResultCSV.parse(String(contentsOf: try Self.baselinePath, encoding: .utf8))
        let counted = Set(ResultRow.heavyCases(in: rows).map(\.description))
        #expect(HeavyCases.declared == counted)
        #expect(try HeavyCases.declared.allSatisfy { try Self.caseKey($0).description == $0 })
    }

    @Test("without bytes and retains a declared case is heavy; with them the counts decide")
    func declaredStandsInForMissingCounts() throws {
        let heavy = try Self.caseKey(try #require(HeavyCases.declared.min()))
        let light = ResultRow.CaseKey(
            suite: .dispatch, architecture: "closure-effects", feature: "counter/increment")
        #expect(HeavyCases.among([heavy, light], counts: []) == [heavy])
        let counts = [ResultRow.Key(heavy, metric: .bytes), ResultRow.Key(heavy, metric: .retains)].map {
            ResultRow.count(
                $0, unit: $0.metric == .bytes ? .bytes : .count, value: 8, configuration: .release)
        }
        #expect(HeavyCases.among([heavy, light], counts: counts) == [])
        var bytes = counts[0]
        bytes.median = ResultRow.heavyBytesPerOperation
        #expect(HeavyCases.among([heavy, light], counts: [bytes, counts[1]]) == [heavy])
    }

    @Test("a counter that failed its check loses every row of its metrics, and one line says why")
    @MainActor func failedCounterRowsLeftOut() {
        let caseKey = ResultRow.CaseKey(
            suite: .dispatch, architecture: "closure-effects", feature: "counter/increment")
        let rows = Metric.allCases.map {
            ResultRow.count(
                ResultRow.Key(caseKey, metric: $0), unit: .count, value: 1, configuration: .release)
        }
        let failed = CounterChecks.instructions(perOperation: 0)
        var tasks = failed
        tasks.counter = .tasks
        let kept = CounterAvailability.keepingRowsOfPassed(
            rows, checks: [CounterChecks.instructions(perOperation: 9), tasks])
        #expect(Set(kept.map(\.key.metric)) == Set(Metric.allCases).subtracting([.tasks]))
        #expect(CounterAvailability.unavailableLine([CounterChecks.instructions(perOperation: 9)]) == nil)
        #expect(
            CounterAvailability.unavailableLine([tasks])
                == "counters unavailable, their rows left out: tasks (tasks: \(failed.problem ?? ""))")
    }

    @Test("every counted metric belongs to exactly one counter")
    func metricsOfCounters() {
        let all = MetricCounter.allCases.map(\.metrics)
        #expect(all.reduce(0) { $0 + $1.count } == Set(all.joined()).count)
        #expect(MetricCounter(making: .bytes) == .allocations)
        #expect(MetricCounter(making: .time) == nil)
        #expect(MetricCounter(making: .observersWoken) == nil)
    }
}
