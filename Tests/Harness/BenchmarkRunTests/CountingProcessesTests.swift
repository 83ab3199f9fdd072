import BenchmarkEngine
import BenchmarkResults
import BenchmarkSuites
import Foundation
import Testing

@testable import BenchmarkRun

/// The counting pass split between child processes: which selections split and how, and what a
/// counting child replies.
@MainActor
@Suite("counting processes")
struct CountingProcessesTests {
    @Test("A selection splits into the other suites, state-copy, then layout by architecture")
    func splitsLayoutByArchitecture() throws {
        let request = RunRequest(
            selector: CaseSelector(architectures: ["closure-effects", "local-reducer"]), size: .quick, seed: 1
        )
        let parts = try #require(CountingProcesses.parts(of: request))
        #expect(
            parts.map(\.selector.suites) == [
                [.dispatch, .dispatchAdapter, .effects, .retention], [.stateCopy], [.layout], [.layout],
            ])
        #expect(
            parts.map(\.selector.architectures) == [
                ["closure-effects", "local-reducer"], ["closure-effects", "local-reducer"],
                ["closure-effects"],
                ["local-reducer"],
            ])
        #expect(parts.allSatisfy { $0.seed == 1 && $0.size == .quick })
        #expect(
            parts.map(CountingProcesses.name(of:)) == [
                "the other suites", "state-copy", "layout, closure-effects", "layout, local-reducer",
            ])
    }

    @Test("Every case is counted in exactly one part: layout by architecture, state-copy in the second")
    func partsCoverTheSelection() throws {
        let parts = try #require(
            CountingProcesses.parts(of: RunRequest(selector: .all, size: .quick, seed: 1)))
        #expect(parts.count == 2 + CaseCatalogue.architectureNames.count)
        for entry in CaseCatalogue.entries {
            for n in CaseCatalogue.sizes(of: entry.suite)?.map(Optional.some) ?? [nil] {
                let selecting = parts.indices.filter {
                    parts[$0].selector.selects(
                        suite: entry.suite, architecture: entry.architecture, feature: entry.feature, n: n)
                }
                let place =
                    "\(entry.suite) \(entry.architecture) \(entry.feature) n=\(n.map(String.init) ?? "-")"
                #expect(selecting.count == 1, "\(place)")
                #expect((selecting == [0]) == ![.layout, .stateCopy].contains(entry.suite), "\(place)")
                #expect((selecting == [1]) == (entry.suite == .stateCopy), "\(place)")
            }
        }
    }

    @Test("Layout alone splits by architecture; one architecture's layout is counted by one process")
    func layoutAlone() throws {
        let all = RunRequest(selector: CaseSelector(suites: [.layout]), size: .quick, seed: 0)
        let parts = try #require(CountingProcesses.parts(of: all))
        #expect(parts.map(\.selector.architectures) == CaseCatalogue.architectureNames.map { [$0] })
        let one = RunRequest(
            selector: CaseSelector(suites: [.layout], architectures: ["viper-reducer"]), size: .quick, seed: 0
        )
        #expect(CountingProcesses.parts(of: one) == nil)
    }

    @Test("Counting children run one per CPU, never more than there are parts")
    func width() {
        #expect(CountingProcesses.width(for: 1) == 1)
        #expect(CountingProcesses.width(for: 8) == min(8, ProcessInfo.processInfo.activeProcessorCount))
    }

    @Test(
        "A selection without layout and state-copy, or with state-copy alone, is counted by one process",
        arguments: ["dispatch,effects", "reference", "state-copy"])
    func withoutLayoutIsNotSplit(_ filter: String) {
        let suites = Set(filter.split(separator: ",").compactMap { Suite(rawValue: String($0)) })
        let request = RunRequest(selector: CaseSelector(suites: suites), size: .quick, seed: 0)
        #expect(CountingProcesses.parts(of: request) == nil)
    }

    @Test("State-copy and one other suite are counted in two processes")
    func stateCopyApart() throws {
        let request = RunRequest(
            selector: CaseSelector(suites: [.stateCopy, .effects]), size: .quick, seed: 0)
        let parts = try #require(CountingProcesses.parts(of: request))
        #expect(parts.map(\.selector.suites) == [[.effects], [.stateCopy]])
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
