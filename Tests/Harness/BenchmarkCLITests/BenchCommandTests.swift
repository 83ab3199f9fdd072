import BenchmarkResults
import Foundation
import Synchronization
import Testing

@testable import BenchmarkCLI

/// Captures what `bench` writes, so a test can check the exit status and the one-line errors.
final class Captured: Sendable {
    private let lines = Mutex<(data: String, progress: [String], errors: [String])>(("", [], []))

    var data: String { lines.withLock { $0.data } }
    var progress: [String] { lines.withLock { $0.progress } }
    var errors: [String] { lines.withLock { $0.errors } }

    var output: Output {
        Output(
            data: { text in self.lines.withLock { $0.data += text } },
            progress: { text in self.lines.withLock { $0.progress.append(text) } },
            error: { text in self.lines.withLock { $0.errors.append(text) } }
        )
    }
}

@MainActor
@Suite("bench commands")
final class BenchCommandTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "bench-cli-\(UUID().uuidString)")

    /// Each test gets an instance of its own; its scratch folder goes with it.
    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Writes `rows` as CSV with a metadata sidecar naming `cpu` (nil: no sidecar).
    func write(
        _ rows: [ResultRow], to name: String, cpu: String? = "Test CPU",
        roundTrips: RunMetadata.RoundTripPlacement? = .oneCPU
    ) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try ResultCSV.render(rows).write(toFile: path, atomically: true, encoding: .utf8)
        if let cpu {
            let metadata = RunMetadata(
                commit: "abc", swiftVersion: "Swift version 6.3.1", operatingSystem: "Linux", cpu: cpu,
                cores: 2,
                configuration: .release, date: "2026-11-23T00:00:00Z", options: [], seed: 7,
                roundTrips: roundTrips)
            try metadata.encoded().write(to: URL(fileURLWithPath: RunMetadata.sidecarPath(forCSV: path)))
        }
        return path
    }

    func row(metric: Metric = .mallocs, median: Double) -> ResultRow {
        ResultRow.count(
            .init(
                suite: .dispatch, architecture: "closure-effects", feature: "counter/increment", layout: nil,
                n: nil, metric: metric),
            unit: .count,
            value: median,
            configuration: .release
        )
    }

    func bench(_ arguments: String...) async -> (status: Int32, captured: Captured) {
        let captured = Captured()
        let status = await BenchCommand.main(arguments, output: captured.output)
        return (status, captured)
    }

    @Test("compare exits 0 for an identical run, 1 for a regression, and lists regressions first")
    func compareVerdicts() async throws {
        let baseline = try write([row(median: 2)], to: "baseline.csv")
        let same = try write([row(median: 2)], to: "same.csv")
        let worse = try write([row(median: 3)], to: "worse.csv")
        #expect(await bench("compare", baseline, same).status == 0)
        let (status, captured) = await bench("compare", baseline, worse)
        #expect(status == 1)
        #expect(captured.data.contains("regression"))
        #expect(captured.data.contains("FAIL"))
        #expect(captured.errors.isEmpty)
    }

    @Test("compare exits 2 with one line for a missing file, a malformed file and mismatched rows")
    func compareInputErrors() async throws {
        let baseline = try write([row(median: 2)], to: "baseline.csv")
        let other = try write([row(metric: .tasks, median: 2)], to: "other.csv")
        let malformed = directory.appendingPathComponent("malformed.csv").path
        try "suite,oops\n".write(toFile: malformed, atomically: true, encoding: .utf8)
        let cases: [(String, String)] = [
            (directory.appendingPathComponent("missing.csv").path, "cannot read"),
            (malformed, "is not a bench CSV: line 1: the header is not"),
            (other, "missing from the current run"),
        ]
        for (current, message) in cases {
            let (status, captured) = await bench("compare", baseline, current)
            #expect(status == 2)
            #expect(captured.errors.count == 1)
            #expect(captured.errors.first?.contains(message) == true, "\(captured.errors)")
            #expect(captured.errors.first?.contains("\n") == false)
        }
    }

    @Test("A debug build without swift on PATH refuses to run and names the release command")
    func debugBuildRefuses() async {
        guard BenchCommand.configuration == .debug else { return }
        let captured = Captured()
        let status = await BenchCommand.main(
            ["--quick", "--filter", "dispatch"], output: captured.output, environment: ["PATH": ""])
        #expect(status == 2)
        #expect(
            captured.errors == [
                "this is a debug build, whose times are not real, and 'swift' is not on PATH to build a release "
                    + "one; run 'swift run -c release bench --quick --filter dispatch' (or pass --allow-debug to "
                    + "mark every row debug)"
            ])
        #expect(captured.data.isEmpty)
    }

    @Test(
        "A debug build re-runs itself as 'swift run -c release bench' with the same arguments and its status")
    func debugBuildRerunsInRelease() async throws {
        guard BenchCommand.configuration == .debug else { return }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let record = directory.appendingPathComponent("arguments.txt").path
        let swift = directory.appendingPathComponent("swift")
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record)'\nexit 3\n".write(
            to: swift, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
        let captured = Captured()
        let status = await BenchCommand.main(
            ["--quick", "--filter", "dispatch"], output: captured.output,
            environment: ["PATH": directory.path])
        #expect(status == 3, "the release run's exit status is passed on")
        let root = try ReleaseRerun.packageRoot()
        let recorded = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(
            String.init)
        #expect(
            recorded == [
                "run", "--package-path", root, "-c", "release", "bench", "--quick",
                "--filter",
                "dispatch",
            ])
        #expect(captured.errors.isEmpty)
        #expect(
            FileManager.default.fileExists(atPath: root + "/Package.swift"),
            "the re-run builds the package this binary came from")
    }

    @Test("An unwritable --output fails before anything runs, leaving no file")
    func unwritableOutput() async {
        let path = directory.appendingPathComponent("no/such/folder/out.csv").path
        let (status, captured) = await bench("--allow-debug", "--filter", "reference", "--output", path)
        #expect(status == 2)
        #expect(captured.errors.first?.hasPrefix("cannot write --output \(path)") == true)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("Bad arguments exit 2 with one line; --help and list exit 0 on stdout")
    func argumentsAndHelp() async {
        let bad = await bench("--filter", "nonsense")
        #expect(bad.status == 2)
        #expect(bad.captured.errors.count == 1)
        let help = await bench("--help")
        #expect(help.status == 0 && help.captured.data.contains("USAGE"))
        let list = await bench("list", "--filter", "layout")
        #expect(list.status == 0)
        #expect(list.captured.data.contains("layout"))
        #expect(!list.captured.data.contains("dispatch "))
    }

    @Test("compare refuses times from another CPU model unless told, and compares counts only on request")
    func otherMachine() async throws {
        let time = CSVTestsRow.time(ratio: 4)
        let baseline = try write([row(median: 2), time], to: "epyc.csv", cpu: "AMD EPYC")
        let current = try write([row(median: 2), time], to: "xeon.csv", cpu: "Intel Xeon")
        let (refused, captured) = await bench("compare", baseline, current)
        #expect(refused == 2)
        #expect(captured.errors.count == 1)
        #expect(captured.errors.first?.contains("CPU 'AMD EPYC'") == true)
        #expect(await bench("compare", baseline, current, "--allow-other-machine").status == 0)
        let (countsOnly, report) = await bench("compare", baseline, current, "--counts-only")
        #expect(countsOnly == 0)
        #expect(report.data.contains("1 metrics compared (counts only, no times)"))
        let worse = try write([row(median: 3), time], to: "xeon-worse.csv", cpu: "Intel Xeon")
        #expect(await bench("compare", baseline, worse, "--counts-only").status == 1)
    }

    @Test(
        "compare --filter judges only the cases it selects, in both files, and says how many rows it left out"
    )
    func compareFilter() async throws {
        var large = row(median: 2)
        large.key.suite = .stateCopy
        large.key.n = 10_000
        var small = large
        small.key.n = 1_000
        let baseline = try write([row(median: 2), small, large], to: "all-sizes.csv")
        let current = try write([row(median: 2), small], to: "small-sizes.csv")
        #expect(await bench("compare", baseline, current, "--counts-only").status == 2, "a row missing")
        let (status, captured) = await bench(
            "compare", baseline, current, "--counts-only", "--filter", "n=1000")
        #expect(status == 0)
        #expect(captured.progress.contains { $0.contains("1 of the baseline's 3 rows left out") })
        var worse = small
        worse.median = 3
        let regressed = try write([row(median: 2), worse], to: "worse.csv")
        #expect(
            await bench("compare", baseline, regressed, "--counts-only", "--filter", "n=1000").status == 1)
    }

    @Test("compare refuses time ratios to different references, and compares counts only on request")
    func otherReference() async throws {
        func reference(_ feature: FeatureName) -> ResultRow {
            var row = CSVTestsRow.time(ratio: 1)
            row.key.suite = .reference
            row.key.architecture = "reference"
            row.key.feature = feature
            return row
        }
        let time = CSVTestsRow.time(ratio: 4)
        let old = try write([reference("reference/struct-mutation"), time], to: "old.csv")
        let new = try write([reference("reference/ordinary-work"), time], to: "new.csv")
        let (refused, captured) = await bench("compare", old, new)
        #expect(refused == 2)
        #expect(
            captured.errors == [
                "\(old)'s time ratios are to reference/struct-mutation, \(new)'s to reference/ordinary-work: "
                    + "record the baseline again (bench baseline update) or compare counts only (--counts-only)"
            ])
        #expect(await bench("compare", old, new, "--counts-only").status == 0)
        #expect(await bench("compare", new, new).status == 0)
    }

    @Test(
        "compare refuses round trips timed on one CPU against ones timed on every CPU, older files included")
    func otherRoundTripPlacement() async throws {
        var time = CSVTestsRow.time(ratio: 4)
        (time.key.suite, time.key.feature, time.unit) = (.effects, "counter/loadQuote", .microseconds)
        let oneCPU = try write([row(median: 2), time], to: "one-cpu.csv")
        let everyCPU = try write([row(median: 2), time], to: "every-cpu.csv", roundTrips: .everyCPU)
        let older = try write([row(median: 2), time], to: "older.csv", roundTrips: nil)
        let (refused, captured) = await bench("compare", older, oneCPU)
        #expect(refused == 2)
        #expect(
            captured.errors == [
                "\(older) timed its round trips on every CPU, \(oneCPU) on one CPU: record both the same way "
                    + "(--all-cpus or not) or compare counts only (--counts-only)"
            ])
        #expect(await bench("compare", oneCPU, everyCPU).status == 2)
        #expect(await bench("compare", oneCPU, everyCPU, "--counts-only").status == 0)
        #expect(await bench("compare", older, everyCPU).status == 0)
        let synchronous = CSVTestsRow.time(ratio: 4)
        let olderSynchronous = try write(
            [row(median: 2), synchronous], to: "older-sync.csv", roundTrips: nil)
        let synchronousOnOneCPU = try write([row(median: 2), synchronous], to: "sync.csv")
        #expect(
            await bench("compare", olderSynchronous, synchronousOnOneCPU).status == 0,
            "no round trips to compare (an instruction run, or synchronous suites only)")
    }

    @Test(
        "a failing time row flagged disturbed still fails, with one line saying so; a passing one says nothing"
    )
    func disturbedRows() async throws {
        var reference = CSVTestsRow.time(ratio: 1)
        (reference.key.suite, reference.key.architecture) = (.reference, "reference")
        reference.key.feature = "reference/ordinary-work"
        var slower = CSVTestsRow.time(ratio: 8)
        slower.wasDisturbed = true
        let baseline = try write([reference, CSVTestsRow.time(ratio: 4)], to: "baseline.csv")
        let disturbed = try write([reference, slower], to: "disturbed.csv")
        let (status, captured) = await bench("compare", baseline, disturbed)
        #expect(status == 1)
        #expect(
            captured.progress.contains(
                "1 failing time row was flagged disturbed in \(disturbed): "
                    + "the machine never ran calm while they were timed; run again before believing them"))
        let (passing, quiet) = await bench("compare", disturbed, disturbed)
        #expect(passing == 0)
        #expect(!quiet.progress.contains { $0.contains("disturbed") })
    }

    @Test(
        "compare --rerun fails a time only when the rerun rose too, and refuses a rerun measured otherwise")
    func rerun() async throws {
        var reference = CSVTestsRow.time(ratio: 1)
        (reference.key.suite, reference.key.architecture) = (.reference, "reference")
        reference.key.feature = "reference/ordinary-work"
        let baseline = try write([reference, CSVTestsRow.time(ratio: 4)], to: "baseline.csv")
        let slow = try write([reference, CSVTestsRow.time(ratio: 8)], to: "slow.csv")
        let calm = try write([reference, CSVTestsRow.time(ratio: 4.1)], to: "calm.csv")
        let xeon = try write([reference, CSVTestsRow.time(ratio: 4.1)], to: "xeon.csv", cpu: "Intel Xeon")
        #expect(await bench("compare", baseline, slow).status == 1)
        #expect(await bench("compare", baseline, slow, "--rerun", slow).status == 1)
        let (passed, report) = await bench("compare", baseline, slow, "--rerun", calm, "--format", "markdown")
        #expect(passed == 0)
        #expect(
            report.data.contains(
                "current `\(slow)`, rerun `\(calm)`; time ratios within their tolerances "
                    + "in the lower of two runs"))
        let (refused, captured) = await bench("compare", baseline, slow, "--rerun", xeon)
        #expect(refused == 2)
        #expect(
            captured.errors == [
                "\(xeon) was not measured as \(slow) was (CPU model, Swift version, build, round-trip "
                    + "placement or reference differ): a rerun must repeat the same run"
            ])
    }

    @Test("compare needs both runs' metadata, and names the missing file")
    func missingMetadata() async throws {
        let baseline = try write([row(median: 2)], to: "bare.csv", cpu: nil)
        let current = try write([row(median: 2)], to: "dressed.csv")
        let (status, captured) = await bench("compare", baseline, current)
        #expect(status == 2)
        #expect(captured.errors.count == 1)
        #expect(captured.errors.first?.contains("bare.meta.json") == true)
    }

    @Test("a measured case that hit the iteration limit fails the run; a reference may")
    func iterationLimit() {
        var emptied = CSVTestsRow.time(ratio: 0.01)
        emptied.hitIterationLimit = true
        var reference = CSVTestsRow.time(ratio: nil)
        reference.key.architecture = "reference"
        reference.hitIterationLimit = true
        #expect(BenchCommand.rowOptimisedAway([reference]) == nil)
        #expect(BenchCommand.rowOptimisedAway([reference, emptied]) == emptied)
    }
}

/// Time rows for the command tests.
enum CSVTestsRow {
    static func time(ratio: Double?) -> ResultRow {
        ResultRow(
            key: .init(
                suite: .dispatch, architecture: "closure-effects", feature: "counter/increment", layout: nil,
                n: nil,
                metric: .time),
            unit: .nanoseconds, median: 10, p10: 8.5, p25: 9, p75: 11, min: 8, max: 12, sampleCount: 7,
            ratioToReference: ratio,
            configuration: .release)
    }
}

/// The options of `bench run` with `arguments`; throws when they are not a run.
@MainActor
func parsedRunOptions(_ arguments: [String]) throws -> Invocation.RunOptions {
    guard case .run(let options) = try Invocation.parse(arguments, vocabulary: BenchCommand.vocabulary) else {
        throw BenchError.usage("not a run: \(arguments)")
    }
    return options
}
