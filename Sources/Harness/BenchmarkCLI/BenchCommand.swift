import BenchmarkEngine
import BenchmarkResults
import BenchmarkRun
import BenchmarkSuites
import BenchmarkSummary
import Foundation

/// The `bench` program: parses its arguments, runs the command and returns the exit status.
///
/// It parses, dispatches and renders: a run is the run plan's (`BenchmarkRun`'s ``RunPlan``), from
/// the request this builds to the rows this renders. Exit statuses are ``ExitStatus``; every error
/// is a ``BenchError``, one line on stderr prefixed `bench: error:`.
@MainActor
public enum BenchCommand {
    /// The build configuration this code was compiled in.
    public static var configuration: BuildConfiguration { .current }

    static var vocabulary: Vocabulary {
        Vocabulary(
            architectures: CaseCatalogue.architectureNames,
            features: CaseCatalogue.featureNames,
            layouts: CaseCatalogue.layoutNames,
            sizes: CaseCatalogue.sizes
        )
    }

    /// Runs `bench` with `arguments` (without the program name) and returns its exit status
    /// (``ExitStatus``, or a release re-run's own). `environment` supplies `PATH`, where a debug build
    /// looks for `swift` to re-run itself in release.
    ///
    /// `adding` lists architectures of the caller's own, measured after the seven built-in ones by
    /// every suite, filter, format, gate and report (Examples/CustomStore's `bench`); a package's
    /// `bench` passes the same list every time, since timing and counting passes re-run the program.
    public static func main(
        _ arguments: [String], adding subjects: [SubjectCases] = [], output: Output = .standard,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> Int32 {
        do throws(BenchError) {
            try breakCounters(environment: environment)
        } catch {
            output.error(error.description)
            return error.status.rawValue
        }
        do {
            try Subjects.add(subjects)
        } catch {
            let problem = BenchError.unusableInput(error.description)
            output.error(problem.description)
            return problem.status.rawValue
        }
        if let command = arguments.first, command.hasPrefix("__") {
            return await child(
                command, Array(arguments.dropFirst()), output: output, environment: environment)
        }
        do {
            let invocation = try Invocation.parse(arguments, vocabulary: vocabulary)
            return try await execute(
                invocation, arguments: arguments, output: output, environment: environment)
        } catch {
            output.error(error.description)
            return error.status.rawValue
        }
    }

    private static func execute(
        _ invocation: Invocation, arguments: [String], output: Output, environment: [String: String]
    ) async throws(BenchError) -> Int32 {
        switch invocation {
        case .help:
            output.data(Invocation.helpText(vocabulary: vocabulary))
        case .list(let filter):
            output.data(listing(filter))
        case .compare(let options):
            return try compare(options, output: output).rawValue
        case .doctor:
            return await doctor(output: output, environment: environment).rawValue
        case .run(let options) where configuration == .debug && !options.allowDebug:
            return try ReleaseRerun.run(arguments, environment: environment, output: output)
        case .updateBaseline where configuration == .debug:
            return try ReleaseRerun.run(arguments, environment: environment, output: output)
        case .run(let options):
            try await run(options, arguments: arguments, output: output, environment: environment)
        case .updateBaseline(let options):
            try await run(
                options, arguments: arguments, output: output, environment: environment, releaseOnly: true)
        }
        return ExitStatus.success.rawValue
    }

    // MARK: - list

    static func listing(_ filter: CaseSelector) -> String {
        var table = TextTable(columns: [
            ("suite", .left), ("architecture", .left), ("feature", .left), ("what one operation is", .left),
        ])
        for entry in CaseCatalogue.entries
        where filter.selects(suite: entry.suite, architecture: entry.architecture, feature: entry.feature) {
            table.append(
                [
                    entry.suite.rawValue, entry.architecture.rawValue, entry.feature.rawValue,
                    entry.suite.summary,
                ])
        }
        return table.render()
    }

    // MARK: - run

    /// Runs the benchmarks and writes them to stdout or `--output`. With `releaseOnly` (a baseline),
    /// rows from anything but a release build are refused before a file is written.
    static func run(
        _ options: Invocation.RunOptions, arguments: [String], output: Output, environment: [String: String],
        releaseOnly: Bool = false
    ) async throws(BenchError) {
        if options.instructions, let problem = InstructionPass.missingTool(environment: environment) {
            throw .unusableInput(problem)
        }
        if options.instructions, !InstructionCounter.isBuiltIn {
            throw .unusableInput(
                "--instructions: \(CounterChecks.instructions(perOperation: nil).problem ?? "no instruction counter")"
            )
        }
        let destination = try options.output.map(openDestination)
        if let problem = DeterministicHashing.ensureEnabled(arguments: arguments) {
            throw .unusableInput(problem)
        }
        let seed = options.seed ?? UInt64.random(in: 0...UInt64.max)
        let plan = plan(options, seed: seed, output: output, environment: environment)
        var rows = try await measure(options, plan)
        if options.instructions {
            rows = await checkedInstructionRows(rows, environment: environment, output: output)
        }
        try check(rows, releaseOnly: releaseOnly)
        var metadata = RunMetadata.current(configuration: configuration, options: arguments)
        metadata.seed = seed
        metadata.roundTrips = plan.roundTripPlacement
        metadata.timingProcesses = options.instructions ? nil : plan.timingProcesses
        metadata.unavailableCounters = await unavailableCounters(instructions: options.instructions)
        let text = try render(rows, options.format, metadata: metadata)
        guard let destination else { return output.data(text) }
        do {
            try destination.commit(csv: text, metadata: metadata)
        } catch {
            throw .unusableInput("cannot write --output \(destination.path): \(error.localizedDescription)")
        }
        output.progress("wrote \(rows.count) rows to \(destination.path) and \(destination.metadataPath)")
    }

    private static func openDestination(_ path: String) throws(BenchError) -> ResultFile {
        do {
            return try ResultFile(path: path)
        } catch {
            throw .unusableInput("cannot write --output \(path): \(error.localizedDescription)")
        }
    }

    /// The rows as `format`: CSV, a summary of the run `metadata` describes, every row aligned, or
    /// github-action-benchmark's JSON.
    static func render(_ rows: [ResultRow], _ format: Invocation.OutputFormat, metadata: RunMetadata)
        throws(BenchError) -> String
    {
        switch format {
        case .csv: return ResultCSV.render(rows)
        case .table: return RunSummary.render(rows, metadata: metadata)
        case .rows: return ResultTable.render(rows)
        case .json:
            do {
                return try RunJSON.render(rows)
            } catch {
                throw .unusableInput("cannot write the results as JSON: \(error.localizedDescription)")
            }
        }
    }

    /// Refuses rows that must not be written: a measured body the optimiser removed, or, for a
    /// baseline (`releaseOnly`), numbers from anything but a release build.
    static func check(_ rows: [ResultRow], releaseOnly: Bool) throws(BenchError) {
        if let emptied = rowOptimisedAway(rows) {
            throw .optimisedAway(
                "\(emptied.key) reached the iteration limit: its body costs next to nothing, so the "
                    + "optimiser probably removed the measured work; no results written")
        }
        if releaseOnly, let debug = rows.first(where: { $0.configuration != .release }) {
            throw .unusableInput(
                "\(debug.key) comes from a \(debug.configuration) build; a baseline needs release numbers, "
                    + "nothing written")
        }
    }

    /// The rows of a run: the instruction pass, or the run plan's timed run.
    static func measure(_ options: Invocation.RunOptions, _ plan: RunPlan) async throws(BenchError)
        -> [ResultRow]
    {
        do {
            return options.instructions ? try await plan.instructionRows() : try await plan.rows()
        } catch {
            throw .unusableInput(error.description)
        }
    }

    /// The first measured (non-reference) row whose batch sizing hit the iteration limit: its body
    /// costs next to nothing, which means the optimiser removed the work it was meant to measure.
    static func rowOptimisedAway(_ rows: [ResultRow]) -> ResultRow? {
        rows.first { $0.hitIterationLimit && $0.key.architecture != .reference }
    }

    /// The run size `options` ask for: full or quick, with `--samples` and `--timing-processes`.
    static func runSize(_ options: Invocation.RunOptions) -> RunSize {
        var size = options.quick ? RunSize.quick : RunSize.full
        if let count = options.sampleCount { size.sampleCount = count }
        if let processes = options.timingProcesses { size.timingProcesses = processes }
        return size
    }

    /// What `options` ask every process of the run to do.
    static func request(_ options: Invocation.RunOptions, seed: UInt64) -> RunRequest {
        var request = RunRequest(selector: options.filter, size: runSize(options), seed: seed)
        request.confinesRoundTrips = !options.allCPUs
        request.bestOf = options.bestOf
        request.addressOffsets = options.addressOffsets
        return request
    }

    /// The run `options` ask for, from this program with `environment`.
    static func plan(
        _ options: Invocation.RunOptions, seed: UInt64, output: Output, environment: [String: String]
    ) -> RunPlan {
        RunPlan(request: request(options, seed: seed), environment: environment, progress: output.progress)
    }

    // MARK: - child processes

    /// A child process of a run (a hidden command starting with `__`, ``ChildCommand``), which the
    /// run plan serves.
    static func child(_ command: String, _ arguments: [String], output: Output, environment: [String: String])
        async -> Int32
    {
        do throws(RunFailure) {
            guard let child = ChildCommand(rawValue: command) else {
                throw RunFailure("unknown command '\(command)'; see bench --help")
            }
            try await RunPlan.serve(child, arguments, environment: environment, progress: output.progress)
        } catch {
            output.error(error.description)
            return ExitStatus.badInput.rawValue
        }
        return ExitStatus.success.rawValue
    }

    static func shellQuoted(_ argument: String) -> String {
        let safe = argument.allSatisfy { $0.isLetter || $0.isNumber || "-_=./,:%".contains($0) }
        return safe ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Where `bench` writes: data to stdout, progress and errors to stderr.
public struct Output: Sendable {
    public var data: @Sendable (String) -> Void
    public var progress: @Sendable (String) -> Void
    public var error: @Sendable (String) -> Void

    public init(
        data: @escaping @Sendable (String) -> Void,
        progress: @escaping @Sendable (String) -> Void,
        error: @escaping @Sendable (String) -> Void
    ) {
        self.data = data
        self.progress = progress
        self.error = error
    }

    /// stdout for data; stderr for progress and for errors (prefixed `bench: error:`).
    public static let standard = Output(
        data: { FileHandle.standardOutput.write(Data($0.utf8)) },
        progress: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
        error: { FileHandle.standardError.write(Data("bench: error: \($0)\n".utf8)) }
    )
}
