import BenchmarkEngine
import BenchmarkResults
import BenchmarkSuites
import Foundation

/// One run of `bench`, from the request to its rows: the one owner of passes, processes, shares of
/// the rounds and `--best-of`, and of the instruction pass (``instructionRows()``).
///
/// A run counts in child processes (``CountingProcesses``) and times in others
/// (``timesInChildren(_:)``): to count retains and releases, the executable defines the runtime's
/// entry points (`swift_retain`, …), and every call from the shared libraries (Observation,
/// Foundation) passes through them, which would slow the styles built on Observation
/// (docs/measurement.md, "Counting and timing in child processes"). The timing children are started with `LD_DYNAMIC_WEAK=1`, so the dynamic linker binds the
/// libraries' calls to the runtime's own definitions. They run one after another, each taking a
/// share of every group's rounds (``RoundShare``), and each times a heavy case in a process of its
/// own. Processes exchange typed messages (``TimingOrder``, ``Reply``), never CSV; every process
/// replies with measured rows or samples, and the growth figures are derived once, here, from the
/// whole run's rows. With `--best-of` the cases are counted once and timed that many times, each in
/// timing processes of their own, and ``MedianProcess`` merges the runs' rows.
@MainActor
public struct RunPlan {
    public var request: RunRequest
    /// The `bench` program to start the children with; nil runs everything in this process.
    public var program: String?
    /// The environment children start from.
    public var environment: [String: String]
    public var progress: @Sendable (String) -> Void

    public init(
        request: RunRequest, program: String? = Bundle.main.executablePath,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.request = request
        self.program = program
        self.environment = environment
        self.progress = progress
    }

    /// The run's rows: measured (merged from several processes with `--best-of`), then derived.
    public func rows() async throws(RunFailure) -> [ResultRow] {
        let measured = request.bestOf > 1 ? try await bestOfRows() : try await measuredRows()
        return DerivedRows.adding(to: measured)
    }

    /// The measured rows of one run: counted and timed in children where this process runs as
    /// `bench`; else all here (a test process).
    func measuredRows() async throws(RunFailure) -> [ResultRow] {
        await reportUnavailableCounters()
        guard let program, Self.timesInChildren(program) else { return try await runner().run() }
        let counts = try await countedRows(program)
        return try await timedRows(request, counts, program)
    }

    /// The run's counts: in children, one per CPU at a time, where the selection splits
    /// (``CountingProcesses``), else in this process.
    func countedRows(_ program: String) async throws(RunFailure) -> [ResultRow] {
        if let parts = CountingProcesses.parts(of: request) {
            progress(
                "counting in \(parts.count) child processes, \(CountingProcesses.width(for: parts.count)) at a time "
                    + "(counts do not depend on load)")
            return try await CountingProcesses(program: program, environment: environment).rows(of: parts)
        }
        var runner = runner()
        runner.passes = .counts
        return try await runner.run()
    }

    /// `request`'s rows, timed in children with `counts` standing in for its counts.
    func timedRows(_ request: RunRequest, _ counts: [ResultRow], _ program: String) async throws(RunFailure)
        -> [ResultRow]
    {
        let processes = request.size.timingProcesses
        progress(
            processes == 1
                ? "timing in a child process, whose shared libraries call the runtime directly"
                : "timing in \(processes) child processes, one after another, whose shared libraries call "
                    + "the runtime directly; each takes 1/\(processes) of every group's rounds")
        return try await TimingProcesses(program: program, environment: environment).time(request, counts)
    }

    /// Says which counters are unavailable, and why, once per run.
    func reportUnavailableCounters() async {
        if let line = CounterAvailability.unavailableLine(await CounterAvailability.checks()) {
            progress(line)
        }
    }

    /// The runner of this plan's request, in this process.
    func runner() -> SuiteRunner {
        Self.runner(request, progress: progress)
    }

    static func runner(_ request: RunRequest, progress: @escaping (String) -> Void) -> SuiteRunner {
        var runner = SuiteRunner(
            size: request.size, seed: request.seed, selection: request.selector, progress: progress)
        runner.confinesRoundTrips = request.confinesRoundTrips
        return runner
    }

    /// Where the run's round trips are timed, for its metadata.
    public var roundTripPlacement: RunMetadata.RoundTripPlacement { runner().roundTripPlacement }

    /// How many processes time each run: the run size's where it times in children, else 1.
    public var timingProcesses: Int {
        guard let program, Self.timesInChildren(program) else { return 1 }
        return request.size.timingProcesses
    }

    /// Whether a process running `program` times in child processes: when it is the `bench` program
    /// (not, say, the test runner, which has no child mode). Where the retain counters are missing
    /// (a Mac, the build without counters) the children are not needed to keep them out of the
    /// times, but they still give each heavy case a process of its own, so such a run times heavy
    /// cases as a Linux run does (docs/platforms.md).
    static func timesInChildren(_ program: String) -> Bool {
        isBench(program)
    }

    /// Whether `path` is the `bench` program.
    static func isBench(_ path: String) -> Bool {
        URL(fileURLWithPath: path).lastPathComponent == "bench"
    }

    // MARK: - --best-of

    /// The rows of `bestOf` runs, counted once (a count is the same in every process:
    /// ``CountingProcesses``) and timed `bestOf` times, each time in timing processes of its own
    /// with a seed of its own (`seed + index`, so the runs do not repeat one order), merged by
    /// ``MedianProcess``.
    func bestOfRows() async throws(RunFailure) -> [ResultRow] {
        guard let program, Self.timesInChildren(program) else {
            throw RunFailure("--best-of starts bench's own timing processes; this program is not bench")
        }
        await reportUnavailableCounters()
        let counts = try await countedRows(program)
        var runs: [[ResultRow]] = []
        for index in 1...request.bestOf {
            progress("best of \(request.bestOf): timing run \(index)")
            var one = request
            one.bestOf = 1
            one.seed = request.seed &+ UInt64(index - 1)
            runs.append(try await timedRows(one, counts, program))
        }
        return MedianProcess.merge(runs)
    }
}

/// The order and reply files of one child, in the run's scratch directory.
struct Exchange {
    var order: String
    var reply: String

    init(directory: URL, name: String) {
        order = directory.appendingPathComponent("\(name).order.json").path
        reply = directory.appendingPathComponent("\(name).reply.json").path
    }

    /// The rows the child replied with.
    func rows() throws(RunFailure) -> [ResultRow] {
        guard case .rows(let rows) = try Message.read(Reply.self, from: reply) else {
            throw RunFailure("\(reply) holds timing results where rows were expected")
        }
        return rows
    }

    /// The timing results the child replied with.
    func timingResults() throws(RunFailure) -> TimingGroupResults {
        guard case .timingResults(let results) = try Message.read(Reply.self, from: reply) else {
            throw RunFailure("\(reply) holds rows where timing results were expected")
        }
        return results
    }
}
