import BenchmarkEngine
import BenchmarkResults
import BenchmarkSuites
import Foundation

/// The counting pass of a `bench` run in child processes, one per CPU at a time, while the run's
/// own process waits. The selection is split into parts: every selected suite but `state-copy` and
/// `layout` in the first, `state-copy` in the second, then `layout` one architecture a part (its
/// apps of up to 10,000 counters and observers take most of the pass, and on the slowest
/// architectures most of that: a part of its own lets the other CPU count the rest meanwhile;
/// `state-copy`, at N = 10,000, took two thirds of the first part). A count does not depend on
/// the process it is taken in or on how loaded the machine is: allocations, retains and releases
/// are counted exactly, on the counted thread or in serial mode (docs/measurement.md,
/// "Counting"). The run's process takes no part, because a child's exit is seen on a thread of its
/// own, which would allocate inside an all-threads counting window.
struct CountingProcesses {
    /// The `bench` program to start.
    var program: String
    /// The environment the children start from.
    var environment: [String: String]

    /// The suite counted in a part of its own.
    static let countedAlone = Suite.stateCopy
    /// The suite counted one architecture a part.
    static let countedApart = Suite.layout

    /// `request`'s selection in parts, each with at least one selected case: the suites other than
    /// ``countedAlone`` and ``countedApart``, then ``countedAlone``, then ``countedApart`` for each
    /// selected architecture; nil when that leaves one part, which one process counts.
    @MainActor
    static func parts(of request: RunRequest) -> [RunRequest]? {
        let suites = Set(CaseCatalogue(selection: request.selector).selectedSuites)
        let rest = suites.subtracting([countedAlone, countedApart])
        let apart = suites.contains(countedApart) ? CaseCatalogue.architectureNames : []
        let parts =
            [narrowed(request, to: rest), narrowed(request, to: suites.intersection([countedAlone]))]
            + apart.map { narrowed(request, to: [countedApart], architecture: $0) }
        let selecting = parts.compactMap { $0 }
        return selecting.count > 1 ? selecting : nil
    }

    /// `request` narrowed to `suites` (and `architecture`), or nil where that selects no case.
    @MainActor
    private static func narrowed(
        _ request: RunRequest, to suites: Set<Suite>, architecture: ArchitectureName? = nil
    ) -> RunRequest? {
        var part = request
        part.selector.suites = suites
        if let architecture {
            guard
                request.selector.architectures.isEmpty
                    || request.selector.architectures.contains(architecture)
            else { return nil }
            part.selector.architectures = [architecture]
        }
        // An empty suite term selects every suite, so no suites left means no part.
        let selectsACase = !suites.isEmpty && !CaseCatalogue(selection: part.selector).selectedSuites.isEmpty
        return selectsACase ? part : nil
    }

    /// How many children count at once: one per CPU, and no more than there are parts.
    static func width(for parts: Int) -> Int {
        max(1, min(parts, ProcessInfo.processInfo.activeProcessorCount))
    }

    /// The rows of `parts`, each counted in a child of its own, ``width(for:)`` at a time, in the
    /// order of `parts`.
    func rows(of parts: [RunRequest]) async throws(RunFailure) -> [ResultRow] {
        try await ChildProcess.withScratchDirectory("counting") { directory throws(RunFailure) in
            let exchanges = parts.indices.map { Exchange(directory: directory, name: "part-\($0 + 1)") }
            for (part, exchange) in zip(parts, exchanges) { try Message.write(part, to: exchange.order) }
            let (program, environment) = (program, environment)
            _ = try await ChildProcess.concurrently(
                Array(exchanges.enumerated()), width: Self.width(for: exchanges.count)
            ) {
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
    /// part it counts, since the children's lines interleave.
    @MainActor
    static func serve(_ request: RunRequest, progress: @escaping @Sendable (String) -> Void)
        async throws(RunFailure)
        -> Reply
    {
        let part = name(of: request)
        var runner = RunPlan.runner(request, progress: { progress("counting \(part) · " + $0) })
        runner.passes = .counts
        return .rows(try await runner.run())
    }

    /// How a part is named in its progress lines: "layout, store-subclass", "state-copy", or "the
    /// other suites".
    static func name(of part: RunRequest) -> String {
        if part.selector.suites == [countedAlone] { return countedAlone.rawValue }
        guard part.selector.suites == [countedApart] else { return "the other suites" }
        let architectures = part.selector.architectures.map(\.rawValue).sorted()
        return ([countedApart.rawValue] + architectures).joined(separator: ", ")
    }
}
