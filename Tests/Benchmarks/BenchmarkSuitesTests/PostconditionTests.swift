import BenchmarkResults
import Domain
import Testing

@testable import BenchmarkSuites

/// Every timed body does the work its case is named for.
///
/// A benchmark whose body silently does the wrong work (a submit that is rejected, an intent sent to
/// the wrong field, an observer of the wrong counter) still produces a plausible time. Each case of
/// the architecture suites carries a postcondition that runs its own body for a few operations and
/// states what they must have done; this test builds every case of every such suite for every
/// architecture, as the runner does, and runs them all. The references of `baseline` touch no
/// architecture and `retention` times nothing, so neither has postconditions.
@MainActor
@Suite("Benchmark postconditions")
struct PostconditionTests {
    nonisolated static let checkedSuites: [BenchmarkResults.Suite] = [
        .dispatch, .dispatchAdapter, .effects, .layout, .stateCopy,
    ]

    @Test(
        "every timed body does the work its case is named for", arguments: checkedSuites,
        ArchitectureID.builtIn)
    func timedBodiesDoTheirWork(suite: BenchmarkResults.Suite, architecture: ArchitectureID) async throws {
        let subject = try #require(Subjects.all.first { $0.id == architecture })
        var checked = 0
        for build in try Self.builds(of: subject, suite) {
            for benchmarkCase in build() {
                let postcondition = try #require(
                    benchmarkCase.postcondition, "\(benchmarkCase.name) has none")
                let problems = await postcondition()
                #expect(problems.isEmpty, "\(benchmarkCase.name): \(problems.joined(separator: "; "))")
                checked += 1
                // A check at N = 10,000 holds the main actor for a while: let other tests run.
                await Task.yield()
            }
        }
        #expect(checked > 0)
    }

    /// The suite's cases, built one size at a time for the sized suites, as the runner builds them.
    static func builds(of subject: SubjectCases, _ suite: BenchmarkResults.Suite) throws
        -> [() -> [BenchmarkCase]]
    {
        guard let sizes = CaseCatalogue.sizes(of: suite) else { return [try #require(subject.cases[suite])] }
        let build = try #require(subject.casesOfSize[suite])
        return sizes.map { n in { build(n, Layout.allCases) } }
    }
}
