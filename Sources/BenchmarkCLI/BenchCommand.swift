import BenchmarkEngine
import BenchmarkReport
import BenchmarkRun
import BenchmarkSuites
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
            architectures: SuiteRunner.architectureNames,
            features: SuiteRunner.featureNames,
            layouts: SuiteRunner.layoutNames,
            sizes: SuiteRunner.sizes
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
        for entry in SuiteRunner.catalogue
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
        if let samples = options.samples { size.samples = samples }
        if let processes = options.timingProcesses { size.timingProcesses = processes }
        return size
    }

    /// What `options` ask every process of the run to do.
    static func request(_ options: Invocation.RunOptions, seed: UInt64) -> RunRequest {
        var request = RunRequest(selector: options.filter, size: runSize(options), seed: seed)
        request.confinesRoundTrips = !options.allCPUs
        request.bestOf = options.bestOf
        request.addressLayouts = options.addressLayouts
        return request
    }

    /// The run `options` ask for, from this program with `environment`.
    static func plan(
        _ options: Invocation.RunOptions, seed: UInt64, output: Output, environment: [String: String]
    ) -> RunPlan {
        RunPlan(request: request(options, seed: seed), environment: environment, progress: output.progress)
    }

    // MARK: - child processes

    /// A child process of a run (a hidden command starting with `__`): the run plan's, or the
    /// instruction pass's, whose run options this parses.
    static func child(_ command: String, _ arguments: [String], output: Output, environment: [String: String])
        async -> Int32
    {
        do throws(RunFailure) {
            if let child = ChildCommand(rawValue: command) {
                try await RunPlan.serve(child, arguments, environment: environment, progress: output.progress)
            } else if command == InstructionPass.childCommand {
                try await countInstructions(arguments, output: output)
            } else {
                throw RunFailure("unknown command '\(command)'; see bench --help")
            }
        } catch {
            output.error(error.description)
            return ExitStatus.badInput.rawValue
        }
        return ExitStatus.success.rawValue
    }

    /// The instruction pass's child: `<case label>`.
    static func countInstructions(_ arguments: [String], output: Output) async throws(RunFailure) {
        guard arguments.count == 1, let label = InstructionLabel(Substring(arguments[0])) else {
            throw RunFailure("\(InstructionPass.childCommand) needs one case label")
        }
        let request = RunRequest(selector: CaseSelector(selecting: label.group), size: .quick, seed: 0)
        try await InstructionPass.count(label, request, progress: output.progress)
    }

    // MARK: - compare

    static func compare(_ options: Invocation.CompareOptions, output: Output) throws(BenchError) -> ExitStatus
    {
        let current = try selected(readRows(options.current), options)
        let before = try readMetadata(forCSV: options.baseline)
        let after = try readMetadata(forCSV: options.current)
        let (baseline, uncompared) = comparable(
            try selected(readRows(options.baseline), options, output: output), current: current, after)
        if let problem = machineProblem(options, before, after) { throw .unusableInput(problem) }
        if let problem = referenceProblem(options, baseline: baseline, current: current) {
            throw .unusableInput(problem)
        }
        if let problem = placementProblem(options, before, after, roundTrips: [baseline, current]) {
            throw .unusableInput(problem)
        }
        let rerun = try readRerun(options, current: current, after)
        let instructionsSkipped = instructionSkip(baseline: baseline, before, after)
        if let instructionsSkipped { output.progress(instructionsSkipped) }
        var comparison: Comparison
        do {
            comparison = try Comparison(
                baseline: baseline, current: current, rerun: rerun, timeTolerance: options.timeTolerance,
                comparesTimes: !options.countsOnly, comparesInstructions: instructionsSkipped == nil)
        } catch {
            throw .unusableInput(
                "cannot compare \(options.baseline) with \(options.current): \(error.description)")
        }
        comparison.uncompared = uncompared
        let coverage = GateCoverage(
            comparison, baseline: baseline, current: current, machineNote: cpuNote(before, after))
        let refresh = before.recordingCommand(program: programName, path: options.baseline)
        output.data(try report(comparison, options, coverage, refresh: refresh))
        if let note = disturbedNote(comparison, current: current, path: options.current) {
            output.progress(note)
        }
        return comparison.hasRegression ? .failure : .success
    }

    /// The rows of the cases `--filter` selects; all of them without one. With `output`, says how
    /// many of the file's rows were left out, so the gate's report shows that it judged a part.
    static func selected(_ rows: [ResultRow], _ options: Invocation.CompareOptions, output: Output? = nil)
        -> [ResultRow]
    {
        guard !options.filter.isEmpty else { return rows }
        let kept = rows.filter { options.filter.selects($0.key.group) }
        output?.progress(
            "compared only the cases '--filter \(options.filter.terms.joined(separator: ","))' selects: "
                + "\(rows.count - kept.count) of the baseline's \(rows.count) rows left out")
        return kept
    }

    /// The rows of `--rerun`, or nil without one. The rerun must have been measured as CURRENT was
    /// (CPU model, Swift version, build, round-trip placement, reference), or its times would mean
    /// something else.
    static func readRerun(_ options: Invocation.CompareOptions, current: [ResultRow], _ after: RunMetadata)
        throws(BenchError) -> [ResultRow]?
    {
        guard let path = options.rerun else { return nil }
        let rows = selected(try readRows(path), options)
        let metadata = try readMetadata(forCSV: path)
        let measured = { (run: RunMetadata) in
            [run.cpu, run.swiftVersion, run.configuration.rawValue, run.roundTripPlacement.phrase]
        }
        let reference = { (rows: [ResultRow]) in Comparison.synchronousReference(in: rows)?.rawValue }
        guard measured(metadata) == measured(after), reference(rows) == reference(current) else {
            throw .unusableInput(
                "\(path) was not measured as \(options.current) was (CPU model, Swift version, build, "
                    + "round-trip placement or reference differ): a rerun must repeat the same run")
        }
        return rows
    }

    /// A line on the failing time rows that `current` flags `disturbed` (timed while the machine
    /// never calmed: docs/measurement.md, "Calm rounds"), or nil when there are none. The verdict
    /// stands; the line says where to look first.
    static func disturbedNote(_ comparison: Comparison, current: [ResultRow], path: String) -> String? {
        let disturbed = Set(current.filter(\.wasDisturbed).map(\.key))
        let count = comparison.failures.filter { disturbed.contains($0.key) }.count
        guard count > 0 else { return nil }
        return "\(count) failing time row\(count == 1 ? " was" : "s were") flagged disturbed in \(path): "
            + "the machine never ran calm while they were timed; run again before believing them"
    }

    /// The CPU models of two runs, when they differ: why a counts-only comparison left times out.
    static func cpuNote(_ before: RunMetadata, _ after: RunMetadata) -> String? {
        before.cpu == after.cpu
            ? nil : "the baseline's CPU model is '\(before.cpu)', this run's '\(after.cpu)'"
    }

    /// The gate's report in the format asked for.
    static func report(
        _ comparison: Comparison, _ options: Invocation.CompareOptions, _ coverage: GateCoverage,
        refresh: String
    ) throws(BenchError) -> String {
        switch options.format {
        case .text:
            return ComparisonReport.render(
                comparison, showAll: options.showAll, rows: options.rows, coverage: coverage, refresh: refresh
            )
        case .markdown:
            return MarkdownReport.render(
                comparison, baseline: options.baseline, current: options.current, rerun: options.rerun,
                coverage: coverage, refresh: refresh)
        case .json:
            do {
                return try ComparisonJSON.render(comparison, coverage: coverage)
            } catch {
                throw .unusableInput("cannot write the comparison as JSON: \(error.localizedDescription)")
            }
        }
    }

    /// The name this program was started by (`bench`, `tiny-bench`), for the commands reports print;
    /// `bench` when it runs inside a test process.
    static var programName: String {
        let name = URL(fileURLWithPath: CommandLine.arguments.first ?? "bench").lastPathComponent
        return name.isEmpty || name.contains("xctest") || name.contains("PackageTests") ? "bench" : name
    }

    /// Why the two runs' times must not be compared, or nil. Times from another CPU model or Swift
    /// version say nothing about the code; counts do not depend on either.
    static func machineProblem(
        _ options: Invocation.CompareOptions, _ before: RunMetadata, _ after: RunMetadata
    ) -> String? {
        guard !options.countsOnly, !options.allowOtherMachine else { return nil }
        for (what, old, new) in [
            ("CPU", before.cpu, after.cpu), ("Swift", before.swiftVersion, after.swiftVersion),
        ]
        where old != new {
            return
                "\(options.baseline) was measured with \(what) '\(old)', \(options.current) with '\(new)': "
                + "times do not carry across machines; compare counts only (--counts-only) or pass --allow-other-machine"
        }
        return nil
    }

    /// Why the two runs' time ratios mean different things, or nil: when their synchronous ratios are
    /// to different references, every ratio would move by the references' quotient.
    static func referenceProblem(
        _ options: Invocation.CompareOptions, baseline: [ResultRow], current: [ResultRow]
    ) -> String? {
        guard !options.countsOnly, let old = Comparison.synchronousReference(in: baseline),
            let new = Comparison.synchronousReference(in: current), old != new
        else { return nil }
        return "\(options.baseline)'s time ratios are to \(old), \(options.current)'s to \(new): record the "
            + "baseline again (bench baseline update) or compare counts only (--counts-only)"
    }

    /// Why the two runs' round-trip times mean different things, or nil: one timed them with every
    /// thread on one CPU, the other with threads free on every CPU, where each hop also waits for
    /// another CPU to wake. Only when both runs' rows (`roundTrips`) have round-trip times (in µs):
    /// an instruction run or a run of synchronous suites has none to compare.
    static func placementProblem(
        _ options: Invocation.CompareOptions, _ before: RunMetadata, _ after: RunMetadata,
        roundTrips runs: [[ResultRow]]
    ) -> String? {
        let (old, new) = (before.roundTripPlacement, after.roundTripPlacement)
        let timeRoundTrips = runs.allSatisfy { $0.contains(where: \.isRoundTripTime) }
        guard !options.countsOnly, old != new, timeRoundTrips else { return nil }
        return "\(options.baseline) timed its round trips on \(old.phrase), \(options.current) on "
            + "\(new.phrase): record both the same way (--all-cpus or not) or compare counts only (--counts-only)"
    }

    /// Why instruction rows are not compared, as one line, or nil. Under Valgrind glibc sees the
    /// same synthetic CPU on every host, so counts carry across CPU models (docs/gate.md); they do
    /// not carry across Swift versions (the runtime's code differs) or build configurations.
    static func instructionSkip(baseline: [ResultRow], _ before: RunMetadata, _ after: RunMetadata) -> String?
    {
        guard baseline.contains(where: { $0.kind == .instructions }),
            before.swiftVersion != after.swiftVersion || before.configuration != after.configuration
        else { return nil }
        return "instructions not compared: the baseline was counted with '\(before.swiftVersion)' "
            + "(\(before.configuration)), this run with '\(after.swiftVersion)' (\(after.configuration)): "
            + "the runtime's and the program's code differ between them"
    }

    static func readMetadata(forCSV path: String) throws(BenchError) -> RunMetadata {
        do {
            return try RunMetadata.read(forCSV: path)
        } catch {
            throw .unusableInput(error.description)
        }
    }

    static func readRows(_ path: String) throws(BenchError) -> [ResultRow] {
        do {
            return try ResultCSV.read(path)
        } catch {
            throw .unusableInput(error.description)
        }
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
