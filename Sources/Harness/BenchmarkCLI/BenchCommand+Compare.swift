import BenchmarkEngine
import BenchmarkGate
import BenchmarkResults
import Foundation

/// `bench compare`: reads two result files, checks they can be compared, and reports the gate's
/// verdict (docs/gate.md).
extension BenchCommand {
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
        let kept = rows.filter { options.filter.selects($0.key.caseKey) }
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
        guard baseline.contains(where: { $0.metricClass.isInstructions }),
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
}
