import BenchmarkEngine
import BenchmarkReport
import BenchmarkSuites
import Foundation

/// What a timing child (``TimingPass/childCommand`` or ``TimingPass/heavyCaseCommand``) was asked
/// to do, read from its arguments, and doing it.
///
/// The arguments are `<counts.csv> <output>`, then either `--share <index> <count>` (an earlier
/// share of the rounds: index below count − 1) or one `--earlier-share <samples.json>` per earlier
/// share (the last share, or with none the whole run), then run options. An earlier share writes
/// its samples to the output as JSON (``SharedSamples``); the last writes the run's rows as CSV,
/// its own samples pooled with the earlier shares'. A child that is not a heavy case's process
/// times each heavy case's share in a ``TimingPass/heavyCaseCommand`` process of its own, whose
/// files sit beside its output: every share of the run writes there, so the last share's heavy
/// process finds the earlier ones' samples by name (``heavySamplesFile(_:_:)``).
@MainActor
struct TimingChild: Equatable {
    /// This child's share of every group's rounds.
    var share: RoundShare
    /// The earlier shares' samples files, for the last share.
    var earlierShares: [String]
    /// Whether this is a heavy case's process, which times every case itself.
    var timesHeavyCasesItself: Bool
    var counts: String
    /// The run's CSV (the last share) or the share's samples (an earlier one).
    var output: String
    var options: Invocation.RunOptions

    static let shareOption = "--share"
    static let earlierShareOption = "--earlier-share"

    /// Parses `arguments` of `command`; nil when they do not fit ``usage(_:)``.
    init?(_ command: String, _ arguments: [String]) {
        guard [TimingPass.childCommand, TimingPass.heavyCaseCommand].contains(command), arguments.count >= 2
        else { return nil }
        var rest = Array(arguments.dropFirst(2))
        var earlier: [String] = []
        var share: RoundShare?
        while rest.count >= 2, [Self.shareOption, Self.earlierShareOption].contains(rest[0]) {
            if rest[0] == Self.earlierShareOption {
                earlier.append(rest[1])
                rest.removeFirst(2)
                continue
            }
            guard share == nil, rest.count >= 3, let index = Int(rest[1]), let count = Int(rest[2]),
                count > 1, (0..<(count - 1)).contains(index)
            else { return nil }
            share = RoundShare(index, of: count)
            rest.removeFirst(3)
        }
        guard share == nil || earlier.isEmpty,
            case .run(let options)? = try? Invocation.parse(rest, vocabulary: BenchCommand.vocabulary)
        else { return nil }
        self.share = share ?? RoundShare(earlier.count, of: earlier.count + 1)
        earlierShares = earlier
        timesHeavyCasesItself = command == TimingPass.heavyCaseCommand
        (counts, output, self.options) = (arguments[0], arguments[1], options)
    }

    /// The one-line usage error of `command`.
    static func usage(_ command: String) -> String {
        "\(command) needs <counts.csv> <output>, then \(shareOption) <index> <count> (index below count - 1) "
            + "or \(earlierShareOption) <samples.json> per earlier share, then run options"
    }

    /// The arguments that make a child take `share`, an earlier one.
    static func shareArguments(_ share: RoundShare) -> [String] {
        [shareOption, String(share.index), String(share.count)]
    }

    /// The arguments that give the last share the earlier shares' samples files.
    static func earlierShareArguments(_ files: [String]) -> [String] {
        files.flatMap { [earlierShareOption, $0] }
    }

    /// The name of an earlier share's samples file.
    static func samplesFile(_ share: RoundShare) -> String {
        "share-\(share.index + 1).json"
    }

    /// The name of the file in which `share` of `group`'s heavy-case process writes: its samples,
    /// or for the last share the rows.
    static func heavySamplesFile(_ group: ResultRow.Key.Group, _ share: RoundShare) -> String {
        let name = String("\(group)".map { $0.isLetter || $0.isNumber ? $0 : "-" })
        return "heavy-\(share.index + 1)-\(name).\(share.isLast ? "csv" : "json")"
    }

    /// Times what the arguments ask and writes the output file.
    func run(output: Output, environment: [String: String], program: String?) async throws(BenchError) {
        var runner = BenchCommand.runner(options, seed: options.seed ?? 0, output: progressOutput(output))
        runner.passes = .times(counts: try BenchCommand.readRows(counts))
        runner.share = share
        if !timesHeavyCasesItself, let program {
            runner.heavyCaseTimer = TimingPass.heavyCaseTimer(
                options, counts: counts, program: program, environment: environment, share: share,
                directory: URL(fileURLWithPath: self.output).deletingLastPathComponent())
        }
        guard share.isLast else { return try write(try await Self.samples(of: runner)) }
        runner.earlierShares = try earlierShares.map { path throws(BenchError) in try Self.read(path) }
        try write(ResultCSV.render(try await TimingPass.rows(of: runner)))
    }

    /// `output` with this child's progress: none for a heavy case (its parent reports it), and
    /// every line marked with the share where the rounds are shared.
    func progressOutput(_ output: Output) -> Output {
        if timesHeavyCasesItself { return Output(data: output.data, progress: { _ in }, error: output.error) }
        guard share.count > 1 else { return output }
        let mark = "share \(share.index + 1) of \(share.count) · "
        return Output(data: output.data, progress: { output.progress(mark + $0) }, error: output.error)
    }

    /// The samples `runner` takes, as JSON.
    private static func samples(of runner: SuiteRunner) async throws(BenchError) -> String {
        var runner = runner
        let collected = SamplesCollector()
        runner.recordsGroup = { key, results in collected.samples[key] = results }
        _ = try await TimingPass.rows(of: runner)
        do {
            return String(decoding: try JSONEncoder().encode(collected.samples), as: UTF8.self)
        } catch {
            throw .unusableInput("cannot encode the timing samples: \(error.localizedDescription)")
        }
    }

    /// An earlier share's samples, read from the file at `path`.
    static func read(_ path: String) throws(BenchError) -> SharedSamples {
        do {
            return try JSONDecoder().decode(
                SharedSamples.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .unusableInput("cannot read the timing samples in \(path): \(error.localizedDescription)")
        }
    }

    private func write(_ text: String) throws(BenchError) {
        do {
            try text.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            throw .unusableInput("cannot write \(output): \(error.localizedDescription)")
        }
    }
}

/// Where an earlier share's process collects its groups' samples as the runner times them.
@MainActor
private final class SamplesCollector {
    var samples: SharedSamples = [:]
}

extension TimingPass {
    /// Times `share` of a heavy case, as a child's runner asks, in a ``heavyCaseCommand`` process
    /// given `options` with a filter selecting just that case, the group's seed and the same
    /// counts, writing in `directory` (``TimingChild/heavySamplesFile(_:_:)``). An earlier share's
    /// process writes samples and this returns no rows; the last's pools them with its own and
    /// this returns its time rows.
    static func heavyCaseTimer(
        _ options: Invocation.RunOptions, counts: String, program: String, environment: [String: String],
        share: RoundShare, directory: URL
    ) -> SuiteRunner.HeavyCaseTimer {
        { group, seed throws(SuiteRunner.TimingFailure) in
            var heavy = options
            heavy.filter = Filter(selecting: group)
            heavy.seed = seed
            let file = { (share: RoundShare) in
                directory.appendingPathComponent(TimingChild.heavySamplesFile(group, share)).path
            }
            let earlier = (0..<share.index).map { file(RoundShare($0, of: share.count)) }
            let arguments =
                [heavyCaseCommand, counts, file(share)]
                + (share.isLast
                    ? TimingChild.earlierShareArguments(earlier) : TimingChild.shareArguments(share))
                + ChildProcess.forwardedArguments(heavy)
            do throws(BenchError) {
                try await ChildProcess.run(
                    program, arguments, what: "the timing process of \(group)",
                    environment: childEnvironment(environment))
                return share.isLast ? try timeRows(of: group, in: file(share)) : []
            } catch {
                throw SuiteRunner.TimingFailure(error.description)
            }
        }
    }

    /// The time rows of `group` in the heavy-case process's CSV at `path`.
    private static func timeRows(of group: ResultRow.Key.Group, in path: String) throws(BenchError)
        -> [ResultRow]
    {
        let rows = try BenchCommand.readRows(path).filter {
            $0.key.group == group && [.time, .cpuTime].contains($0.key.metric)
        }
        guard rows.contains(where: { $0.key.metric == .time }) else {
            throw .unusableInput("the timing process of \(group) wrote no time for it")
        }
        return rows
    }
}
