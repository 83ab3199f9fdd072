import BenchmarkResults
import Foundation
import ResultsTestSupport
import Testing

@testable import BenchmarkGate

/// The gate's findings grouped by cause, and the command that records a baseline again.
@Suite("Causes and refresh hints")
struct CauseTests {
    /// Two tiny-store cases that allocate once more per operation (72 and 96 bytes more), one that
    /// got a task more, and another architecture's case that did not move.
    static func plantedAllocation() throws -> Comparison {
        func rows(_ mallocs: Int, _ bytes: [Int], _ tasks: Int) throws -> [ResultRow] {
            try RowFixture.parse([
                "dispatch,tiny-store,counter/increment,,,mallocs,count,\(mallocs),\(mallocs),\(mallocs),\(mallocs),\(mallocs),\(mallocs),1,,release,",
                "dispatch,tiny-store,counter/increment,,,bytes,B,\(bytes[0]),\(bytes[0]),\(bytes[0]),\(bytes[0]),\(bytes[0]),\(bytes[0]),1,,release,",
                "layout,tiny-store,app/increment,single-store,10,mallocs,count,\(mallocs),\(mallocs),\(mallocs),\(mallocs),\(mallocs),\(mallocs),1,,release,",
                "layout,tiny-store,app/increment,single-store,10,bytes,B,\(bytes[1]),\(bytes[1]),\(bytes[1]),\(bytes[1]),\(bytes[1]),\(bytes[1]),1,,release,",
                "effects,tiny-store,counter/loadQuote,,,tasks,count,\(tasks),\(tasks),\(tasks),\(tasks),\(tasks),\(tasks),1,,release,",
                "dispatch,local-reducer,counter/increment,,,mallocs,count,0,0,0,0,0,0,1,,release,",
            ])
        }
        return try Comparison(baseline: rows(0, [0, 16], 1), current: rows(1, [72, 112], 2))
    }

    @Test("Cases moved the same way are one cause; another move is another")
    func grouping() throws {
        let causes = try Self.plantedAllocation().causes
        #expect(
            causes.map(\.line) == [
                "regression: +1 malloc and +72..96 B per operation in 2 tiny-store cases (4 rows): dispatch, layout",
                "behaviour-changed: +1 task per operation in effects / tiny-store / counter/loadQuote",
            ])
    }

    @Test("A change near zero is a difference, a change of a larger figure a percentage")
    func nearZero() {
        let key = ResultRow.Key(
            suite: .layout, architecture: "a", feature: "app/increment", metric: .growthSlope)
        func change(_ unit: Metric.Unit, _ baseline: Double, _ current: Double) -> String {
            ReportText.change(
                Comparison.Change(
                    key: key, unit: unit, baseline: baseline, current: current, verdict: .changed))
        }
        #expect(change(.exponent, 0.01, 0.05) == "+0.040")
        #expect(change(.count, 0.2, 0.9) == "+0.700")
        #expect(change(.count, 0, 1) == "+1")
        #expect(change(.count, 4, 5) == "+25.0%")
        #expect(change(.ratio, 0.5, 0.6) == "+20.0%")
    }

    @Test("The refresh hint repeats how the baseline was recorded")
    func refreshHint() {
        var metadata = RunMetadata(
            commit: "c", swiftVersion: "s", operatingSystem: "o", cpu: "p", cores: 2, configuration: .release,
            date: "d", options: ["baseline", "update"])
        #expect(
            metadata.recordingCommand(program: "bench", path: "results/baseline.csv")
                == "bench baseline update")
        metadata.options = ["--quick", "--filter", "dispatch,tiny-store", "--output", "tiny.csv"]
        #expect(
            metadata.recordingCommand(program: "tiny-bench", path: "tiny.csv")
                == "tiny-bench --quick --filter dispatch,tiny-store --output tiny.csv")
        metadata.options = ["--quick", "--instructions", "--output", "/tmp/recorded.csv"]
        #expect(
            metadata.recordingCommand(program: "bench", path: "results/instructions-baseline.csv")
                == "bench --quick --instructions --output results/instructions-baseline.csv",
            "the file compared is the one to refresh, not where the run was first written")
        metadata.options = ["--filter", "dispatch counter"]
        #expect(
            metadata.recordingCommand(program: "bench", path: "my run.csv")
                == "bench --filter 'dispatch counter' --output 'my run.csv'")
        metadata.options = []
        #expect(metadata.recordingCommand(program: "bench", path: "x.csv") == "bench baseline update")
    }
}
