import BenchmarkEngine
import BenchmarkResults
import BenchmarkSuites
import Foundation

extension RunPlan {
    /// Does what a child process of a run was started for (``ChildCommand``, with its order, or
    /// the paths of its order and reply, in `arguments`): it reads the order, measures, and writes
    /// the reply.
    ///
    /// The instruction child is served before anything else is looked up: it does no work before
    /// its counting window that it does not need (docs/instructions.md, "Padding bytes can move a
    /// row"). Only the processes that start `bench` again look up this program's path.
    public static func serve(
        _ command: ChildCommand, _ arguments: [String], environment: [String: String],
        progress: @escaping @Sendable (String) -> Void
    ) async throws(RunFailure) {
        if command == .countInstructions {
            return try await InstructionPass.serve(arguments, progress: progress)
        }
        try await serve(
            command, arguments, environment: environment, program: Bundle.main.executablePath,
            progress: progress)
    }

    /// Serves a timing process or a counting process, given the paths of its order and reply.
    /// `program` is this program, which a timing process starts again for each heavy case.
    static func serve(
        _ command: ChildCommand, _ arguments: [String], environment: [String: String], program: String?,
        progress: @escaping @Sendable (String) -> Void
    ) async throws(RunFailure) {
        guard arguments.count == 2 else {
            throw RunFailure("\(command.rawValue) needs <order.json> <reply.json>")
        }
        let (order, reply) = (arguments[0], arguments[1])
        if command == .count {
            let request = try Message.read(RunRequest.self, from: order)
            return try Message.write(
                try await CountingProcesses.serve(request, progress: progress), to: reply)
        }
        try checkWeakBinding(environment)
        let timing = try Message.read(TimingOrder.self, from: order)
        let directory = URL(fileURLWithPath: reply).deletingLastPathComponent()
        let processes = program.map { TimingProcesses(program: $0, environment: environment) }
        try Message.write(
            try await time(timing, processes: processes, directory: directory, progress: progress), to: reply)
    }

    /// Refuses to time without ``TimingProcesses/weakBinding``, or where the dynamic linker ignored
    /// it (the retain counters still see the libraries' calls): the times would include the counters.
    static func checkWeakBinding(_ environment: [String: String]) throws(RunFailure) {
        let weak = TimingProcesses.weakBinding
        guard environment[weak.name] == weak.value else {
            throw RunFailure(
                "\(ChildCommand.time.rawValue) is bench's timing process; it needs \(weak.name)=1")
        }
        guard !AllocationCounter.isCountingRetains else {
            throw RunFailure(
                "the dynamic linker ignored \(weak.name)=1: the shared libraries still call the "
                    + "retain counters, and the times would include them")
        }
    }

    /// What a timing process replies to `order`: the rows (the last share) or its samples. Heavy
    /// cases go to processes of their own, started by `processes`, unless the order is one's.
    static func time(
        _ order: TimingOrder, processes: TimingProcesses?, directory: URL,
        progress: @escaping @Sendable (String) -> Void
    ) async throws(RunFailure) -> Reply {
        var runner = runner(order.request, progress: marked(progress, order))
        runner.passes = .times(counts: order.counts)
        runner.share = order.share
        runner.earlierShares = order.earlierShares
        let collected = TimingResultsCollector()
        if !order.timesHeavyCasesItself, let processes {
            runner.heavyCaseTimer = { caseKey, seed throws(RunFailure) in
                try await processes.timeAlone(
                    caseKey, seed: seed, of: order, into: collected, directory: directory)
            }
        }
        guard order.share.isLast else {
            runner.recordsGroup = { group, results in collected.results[group] = results }
            _ = try await runner.run()
            return .timingResults(collected.results)
        }
        return .rows(try await runner.run())
    }

    /// `progress` for the process `order` starts: silent for a heavy case (its parent reports it),
    /// every line marked with the share where the rounds are shared.
    static func marked(_ progress: @escaping @Sendable (String) -> Void, _ order: TimingOrder)
        -> @Sendable (String) -> Void
    {
        if order.timesHeavyCasesItself { return { _ in } }
        let share = order.share
        guard share.count > 1 else { return progress }
        return { progress("share \(share.index + 1) of \(share.count) · " + $0) }
    }
}
