import BenchmarkEngine
import BenchmarkResults
import BenchmarkSuites
import Testing

@testable import BenchmarkRun

/// The counting pass split between two child processes: which selections split and how, and what
/// a counting child replies.
@MainActor
@Suite("counting processes")
struct CountingProcessesTests {
    @Test("A selection of layout cases and others splits into the layout suite and the rest")
    func splitsLayoutFromTheRest() throws {
        let request = RunRequest(
            selector: CaseSelector(architectures: ["closure-effects"]), size: .quick, seed: 1)
        let parts = try #require(CountingProcesses.parts(of: request))
        #expect(
            parts.map(\.selector.suites) == [
                [.dispatch, .dispatchAdapter, .effects, .stateCopy, .retention], [.layout],
            ])
        #expect(parts.allSatisfy { $0.selector.architectures == ["closure-effects"] && $0.seed == 1 })
    }

    @Test(
        "A selection of one side only is counted by one process", arguments: ["layout", "dispatch,effects"])
    func oneSideIsNotSplit(_ filter: String) {
        let suites = Set(filter.split(separator: ",").compactMap { Suite(rawValue: String($0)) })
        let request = RunRequest(selector: CaseSelector(suites: suites), size: .quick, seed: 0)
        #expect(CountingProcesses.parts(of: request) == nil)
    }

    @Test("A selection whose layout terms leave no layout case is not split")
    func sizesOutsideLayoutAreNotSplit() {
        let request = RunRequest(
            selector: CaseSelector(suites: [.dispatch, .layout], sizes: [3]), size: .quick, seed: 0)
        #expect(CountingProcesses.parts(of: request) == nil)
    }

    @Test("A counting child replies with the rows an in-process counting pass makes")
    func childRepliesWithCounts() async throws {
        let request = RunRequest(
            selector: CaseSelector(suites: [.dispatch], architectures: ["local-reducer"]), size: .smoke,
            seed: 0)
        guard case .rows(let rows) = try await CountingProcesses.serve(request, progress: { _ in }) else {
            Issue.record("a counting child replied with samples")
            return
        }
        var runner = RunPlan.runner(request, progress: { _ in })
        runner.passes = .counts
        let expected = try await runner.run()
        #expect(rows.map(\.key) == expected.map(\.key))
        #expect(rows.isEmpty != AllocationCounter.isAvailable, "counts where there are counters, else none")
        #expect(rows.allSatisfy { $0.key.metric != .time })
        #expect(rows.map(\.median) == expected.map(\.median))
    }
}
