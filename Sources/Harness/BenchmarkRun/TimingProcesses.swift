import BenchmarkEngine
import BenchmarkResults
import BenchmarkSuites
import Foundation

/// The hidden commands `bench` starts itself with for a run's child processes, all served by
/// ``RunPlan/serve(_:_:environment:progress:)``. Each has a typed order and reply: a timing
/// process and a `--best-of` run are followed by the paths of their order and reply (``Message``);
/// the instruction pass's child by its order, an ``InstructionLabel``, and it replies with callgrind's
/// dump files (``InstructionPass``).
public enum ChildCommand: String, CaseIterable, Sendable {
    /// A timing process: a ``TimingOrder``, replied to with rows (the last share) or samples.
    case time = "__time"
    /// A case counted under callgrind: an ``InstructionLabel``, replied to with the dumps of its
    /// warm-up, N and 2N samples, in that order.
    case countInstructions = "__count-instructions"
    /// Part of a run's counting pass (``CountingProcesses``): a ``RunRequest``, replied to with its
    /// counted rows.
    case count = "__count"
}

/// Starting the timing processes of a run, and being one (``serve(_:reply:progress:)``).
@MainActor
struct TimingProcesses {
    /// The `bench` program to start.
    var program: String
    /// The environment a child starts from (``weakBinding`` is added).
    var environment: [String: String]

    /// The environment variable, and its value, that makes the dynamic linker prefer the runtime's
    /// strong definitions to the executable's weak ones (glibc's `LD_DYNAMIC_WEAK`).
    nonisolated static let weakBinding = (name: "LD_DYNAMIC_WEAK", value: "1")

    /// The child's environment: `environment` with ``weakBinding``.
    static func childEnvironment(_ environment: [String: String]) -> [String: String] {
        environment.merging([weakBinding.name: weakBinding.value]) { _, weak in weak }
    }

    /// The rows of `request`, timed with `counts` in one child per share of the rounds, one after
    /// another: each earlier share replies with its samples, which the next ones are given; the
    /// last pools them all with its own and replies with the rows.
    func time(_ request: RunRequest, _ counts: [ResultRow]) async throws(RunFailure) -> [ResultRow] {
        let processes = request.size.timingProcesses
        return try await ChildProcess.withScratchDirectory("timing") { directory throws(RunFailure) in
            var earlier: [TimingGroupResults] = []
            for index in 0..<processes {
                let share = RoundShare(index, of: processes)
                let order = TimingOrder(
                    request: request, counts: counts, share: share, earlierShares: share.isLast ? earlier : []
                )
                let what =
                    processes == 1 ? "the timing process" : "timing process \(index + 1) of \(processes)"
                let exchange = try await start(order, in: directory, named: "share-\(index + 1)", what: what)
                guard share.isLast else {
                    earlier.append(try exchange.timingResults())
                    continue
                }
                return try exchange.rows()
            }
            throw RunFailure("a run needs at least one timing process")
        }
    }

    /// Writes `order`, runs a timing process on it and returns the files they exchanged.
    func start(_ order: TimingOrder, in directory: URL, named name: String, what: String)
        async throws(RunFailure) -> Exchange
    {
        let exchange = Exchange(directory: directory, name: name)
        try Message.write(order, to: exchange.order)
        try await ChildProcess.run(
            program, [ChildCommand.time.rawValue, exchange.order, exchange.reply], what: what,
            environment: Self.childEnvironment(environment))
        return exchange
    }

    /// Times `caseKey`, a heavy case of `order`'s run, with `seed`, in a process of its own: an
    /// earlier share's samples go into `collector` (and no rows come back), the last share's process
    /// pools the earlier shares' with its own and its time rows come back.
    func timeAlone(
        _ caseKey: ResultRow.CaseKey, seed: UInt64, of order: TimingOrder,
        into collector: TimingResultsCollector,
        directory: URL
    ) async throws(RunFailure) -> [ResultRow] {
        let heavy = order.alone(caseKey, seed: seed)
        let name =
            "heavy-\(order.share.index + 1)-"
            + String("\(caseKey)".map { $0.isLetter || $0.isNumber ? $0 : "-" })
        let exchange = try await start(
            heavy, in: directory, named: name, what: "the timing process of \(caseKey)")
        guard order.share.isLast else {
            collector.results.merge(try exchange.timingResults()) { _, heavy in heavy }
            return []
        }
        let rows = try exchange.rows().filter {
            $0.key.caseKey == caseKey && [.time, .cpuTime].contains($0.key.metric)
        }
        guard rows.contains(where: { $0.key.metric == .time }) else {
            throw RunFailure("the timing process of \(caseKey) replied with no time for it")
        }
        return rows
    }
}

extension TimingOrder {
    /// The order of `caseKey`'s own timing process, with `seed`: this order's request and share,
    /// narrowed to that case, with only its counts and the earlier shares' samples of its group.
    /// The whole run's took each heavy case's process 0.04 s to read (0.1 s in the last share,
    /// whose order holds every earlier sample), and a full run starts 138 of them.
    func alone(_ caseKey: ResultRow.CaseKey, seed: UInt64) -> TimingOrder {
        var heavy = self
        heavy.request.selector = CaseSelector(selecting: caseKey)
        heavy.request.seed = seed
        heavy.counts = counts.filter { $0.key.caseKey == caseKey }
        heavy.earlierShares = earlierShares.map { $0.filter { $0.key.kind == .alone(caseKey) } }
        heavy.timesHeavyCasesItself = true
        return heavy
    }
}

/// Where a timing process collects its groups' results as its runner times them.
@MainActor
final class TimingResultsCollector {
    var results: TimingGroupResults = [:]
}
