import BenchmarkEngine
import BenchmarkResults
import BenchmarkSuites
import Foundation

/// The counting pass of a `bench` run in two child processes at once, one per CPU of a 2-core
/// machine: the `layout` suite in one (its apps of up to 10,000 counters and observers take more
/// than half of the pass) and every other selected suite in the other, while the run's own process
/// waits. A count does not depend on the process it is taken in or on how loaded the machine is:
/// allocations, retains and releases are counted exactly, on the counted thread or in serial mode
/// (docs/measurement.md, "Counting"). The run's process takes no part, because a child's exit is
/// seen on a thread of its own, which would allocate inside an all-threads counting window.
struct CountingProcesses {
    /// The `bench` program to start.
    var program: String
    /// The environment the children start from.
    var environment: [String: String]

    /// The suite one child counts while the other counts the rest.
    static let countedApart = Suite.layout

    /// `request`'s selection split in two, the ``countedApart`` suite and the rest, when it selects
    /// cases of both; nil when one process counts it all.
    @MainActor
    static func parts(of request: RunRequest) -> [RunRequest]? {
        let suites = Set(CaseCatalogue(selection: request.selector).selectedSuites)
        guard suites.contains(countedApart), suites.count > 1 else { return nil }
        return [suites.subtracting([countedApart]), [countedApart]].map { part in
            var one = request
            one.selector.suites = part
            return one
        }
    }

    /// The rows of `parts`, each counted in a child of its own, all at once, in the order of
    /// `parts`.
    func rows(of parts: [RunRequest]) async throws(RunFailure) -> [ResultRow] {
        try await ChildProcess.withScratchDirectory("counting") { directory throws(RunFailure) in
            let exchanges = parts.indices.map { Exchange(directory: directory, name: "part-\($0 + 1)") }
            for (part, exchange) in zip(parts, exchanges) { try Message.write(part, to: exchange.order) }
            let (program, environment) = (program, environment)
            _ = try await ChildProcess.concurrently(Array(exchanges.enumerated()), width: exchanges.count) {
                index, exchange throws(RunFailure) in
                try await ChildProcess.run(
                    program, [ChildCommand.count.rawValue, exchange.order, exchange.reply],
                    what: "counting process \(index + 1)", environment: environment)
            }
            var rows: [ResultRow] = []
            for exchange in exchanges { rows += try exchange.rows() }
            return rows
        }
    }

    /// What a counting child replies to `request`: its counted rows. Its progress lines name the
    /// suites it counts, since the two children's lines interleave.
    @MainActor
    static func serve(_ request: RunRequest, progress: @escaping @Sendable (String) -> Void)
        async throws(RunFailure)
        -> Reply
    {
        let part = request.selector.suites == [countedApart] ? countedApart.rawValue : "the other suites"
        var runner = RunPlan.runner(request, progress: { progress("counting \(part) · " + $0) })
        runner.passes = .counts
        return .rows(try await runner.run())
    }
}
