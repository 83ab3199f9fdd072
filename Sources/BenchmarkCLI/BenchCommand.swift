import BenchmarkReport
import BenchmarkSuites
import Foundation

/// The `bench` program: parses its arguments, runs the command and returns the exit status.
///
/// Exit statuses: 0 success; 1 the gate found a regression; 2 bad input (arguments, files) or a
/// debug build asked for numbers. Errors are one line on stderr, prefixed `bench: error:`.
@MainActor
public enum BenchCommand {
    /// The build configuration this code was compiled in.
    public static var configuration: String {
        #if DEBUG
            "debug"
        #else
            "release"
        #endif
    }

    static var vocabulary: Vocabulary {
        Vocabulary(
            suites: SuiteRunner.suiteNames,
            architectures: SuiteRunner.architectureNames,
            features: SuiteRunner.featureNames,
            layouts: SuiteRunner.layoutNames,
            sizes: SuiteRunner.sizes
        )
    }

    /// Runs `bench` with `arguments` (without the program name). `environment` supplies `PATH`, where
    /// a debug build looks for `swift` to re-run itself in release.
    public static func main(
        _ arguments: [String], output: Output = .standard,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> Int32 {
        if arguments.first == InstructionPass.childCommand {
            return await InstructionPass.child(Array(arguments.dropFirst()), output: output)
        }
        let invocation: Invocation
        do {
            invocation = try Invocation.parse(arguments, vocabulary: vocabulary)
        } catch {
            output.error(error.message)
            return 2
        }
        switch invocation {
        case .help:
            output.data(Invocation.helpText(vocabulary: vocabulary))
            return 0
        case .list(let filter):
            output.data(listing(filter))
            return 0
        case .compare(let options):
            return compare(options, output: output)
        case .run(let options):
            if configuration == "debug" && !options.allowDebug {
                return ReleaseRerun.run(arguments, output: output, environment: environment)
            }
            return await run(options, arguments: arguments, output: output, environment: environment)
        }
    }

    // MARK: - list

    static func listing(_ filter: Filter) -> String {
        var table = TextTable(columns: [
            ("suite", .left), ("architecture", .left), ("feature", .left), ("what one operation is", .left),
        ])
        for entry in SuiteRunner.catalogue
        where filter.selects(suite: entry.suite, architecture: entry.architecture, feature: entry.feature) {
            let summary = Suite(rawValue: entry.suite)?.summary ?? ""
            table.append([entry.suite, entry.architecture, entry.feature, summary])
        }
        return table.render()
    }

    // MARK: - run

    static func run(
        _ options: Invocation.RunOptions, arguments: [String], output: Output, environment: [String: String]
    ) async -> Int32 {
        if options.instructions, let problem = InstructionPass.missingTool(environment: environment) {
            output.error(problem)
            return 2
        }
        var destination: ResultFile?
        if let path = options.output {
            do {
                destination = try ResultFile(path: path)
            } catch {
                output.error("cannot write --output \(path): \(error.localizedDescription)")
                return 2
            }
        }
        if let problem = DeterministicHashing.ensureEnabled(arguments: arguments) {
            output.error(problem)
            return 2
        }
        let seed = options.seed ?? UInt64.random(in: 0...UInt64.max)
        let rows: [ResultRow]
        do {
            rows = try await measure(options, seed: seed, output: output, environment: environment)
        } catch {
            output.error(error.description)
            return 2
        }
        if let emptied = rowOptimisedAway(rows) {
            output.error(
                "\(emptied.key) reached the iteration limit: its body costs next to nothing, so the "
                    + "optimiser probably removed the measured work; no results written")
            return 1
        }
        let csv = ResultCSV.render(rows)
        guard let destination else {
            output.data(options.format == .table ? ResultTable.render(rows) : csv)
            return 0
        }
        do {
            var metadata = RunMetadata.current(configuration: configuration, options: arguments)
            metadata.seed = seed
            try destination.commit(csv: csv, metadata: metadata)
            output.progress("wrote \(rows.count) rows to \(destination.path) and \(destination.metadataPath)")
            return 0
        } catch {
            destination.discard()
            output.error("cannot write --output \(destination.path): \(error.localizedDescription)")
            return 2
        }
    }

    /// The rows of a run: the instruction pass, several processes (`--best-of`), or this one.
    static func measure(
        _ options: Invocation.RunOptions, seed: UInt64, output: Output, environment: [String: String]
    ) async throws(FileProblem) -> [ResultRow] {
        if options.instructions {
            return try InstructionPass.run(
                options, runner: runner(options, seed: seed, output: output), environment: environment,
                output: output)
        }
        if options.bestOf > 1 { return try BestOfRuns.run(options, seed: seed, output: output) }
        return await runner(options, seed: seed, output: output).run()
    }

    /// The first measured (non-reference) row whose batch sizing hit the iteration limit: its body
    /// costs next to nothing, which means the optimiser removed the work it was meant to measure.
    static func rowOptimisedAway(_ rows: [ResultRow]) -> ResultRow? {
        rows.first { $0.hitIterationLimit && $0.key.architecture != "reference" }
    }

    static func runner(_ options: Invocation.RunOptions, seed: UInt64, output: Output) -> SuiteRunner {
        var size = options.quick ? RunSize.quick : RunSize.full
        if let samples = options.samples { size.samples = samples }
        let filter = options.filter
        return SuiteRunner(
            size: size,
            configuration: configuration,
            seed: seed,
            selection: { filter.selects(suite: $0, architecture: $1, feature: $2, layout: $3, n: $4) },
            progress: output.progress
        )
    }

    // MARK: - compare

    static func compare(_ options: Invocation.CompareOptions, output: Output) -> Int32 {
        let baseline: [ResultRow]
        let current: [ResultRow]
        do {
            baseline = try readRows(options.baseline)
            current = try readRows(options.current)
        } catch {
            output.error(error.description)
            return 2
        }
        if let problem = machineProblem(options) {
            output.error(problem)
            return 2
        }
        let instructionsSkipped = instructionSkip(options, baseline: baseline)
        if let instructionsSkipped { output.data(instructionsSkipped + "\n") }
        let comparison: Comparison
        do {
            comparison = try Comparison(
                baseline: baseline, current: current, timeTolerance: options.timeTolerance,
                comparesTimes: !options.countsOnly, comparesInstructions: instructionsSkipped == nil)
        } catch {
            output.error("cannot compare \(options.baseline) with \(options.current): \(error.description)")
            return 2
        }
        output.data(ComparisonReport.render(comparison, showAll: options.showAll))
        return comparison.hasRegression ? 1 : 0
    }

    /// Why the two runs' times must not be compared, or nil. Times from another CPU model or Swift
    /// version say nothing about the code; counts do not depend on either.
    static func machineProblem(_ options: Invocation.CompareOptions) -> String? {
        let before: RunMetadata
        let after: RunMetadata
        do {
            before = try readMetadata(forCSV: options.baseline)
            after = try readMetadata(forCSV: options.current)
        } catch {
            return error.description
        }
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

    /// Why instruction rows are not compared, as one line, or nil. Valgrind passes the host CPU's
    /// features and cache sizes through, and glibc picks its `memcpy` and friends by them, so
    /// instruction counts carry only between runs on the same CPU model (and Swift version).
    static func instructionSkip(_ options: Invocation.CompareOptions, baseline: [ResultRow]) -> String? {
        guard baseline.contains(where: { $0.kind == .instructions }),
            let before = try? readMetadata(forCSV: options.baseline),
            let after = try? readMetadata(forCSV: options.current),
            before.cpu != after.cpu || before.swiftVersion != after.swiftVersion
        else { return nil }
        return "instructions not compared: the baseline was counted on CPU '\(before.cpu)' with "
            + "'\(before.swiftVersion)', this run on '\(after.cpu)' with '\(after.swiftVersion)' (glibc picks its "
            + "memory functions by CPU; the runtime's code differs between Swift versions)"
    }

    static func readMetadata(forCSV path: String) throws(FileProblem) -> RunMetadata {
        let sidecar = RunMetadata.sidecarPath(forCSV: path)
        guard let data = FileManager.default.contents(atPath: sidecar) else {
            throw FileProblem(
                description:
                    "\(path) has no metadata file \(sidecar); it names the machine the numbers come from")
        }
        do {
            return try RunMetadata.decoded(from: data)
        } catch {
            throw FileProblem(
                description: "\(sidecar) is not bench run metadata: \(error.localizedDescription)")
        }
    }

    static func readRows(_ path: String) throws(FileProblem) -> [ResultRow] {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw FileProblem(description: "cannot read \(path): \(error.localizedDescription)")
        }
        do {
            return try ResultCSV.parse(text)
        } catch {
            throw FileProblem(description: "\(path) is not a bench CSV: \(error.description)")
        }
    }

    static func shellQuoted(_ argument: String) -> String {
        let safe = argument.allSatisfy { $0.isLetter || $0.isNumber || "-_=./,:%".contains($0) }
        return safe ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// A file that cannot be used, as one line.
struct FileProblem: Error, CustomStringConvertible {
    var description: String
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
