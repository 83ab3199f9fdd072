import BenchmarkEngine
import BenchmarkResults
import BenchmarkSuites
import Foundation
import Testing

/// Each counter broken on purpose (`BENCH_BREAK_COUNTER`): `bench` reports it unavailable and its
/// rows are gone from a quick run, while the other counters' rows stay (docs/platforms.md).
@Suite("Broken counters")
struct BrokenCounterTests {
    /// Runs the `bench` built next to the tests with `arguments` and `BENCH_BREAK_COUNTER=broken`;
    /// returns its status, its stderr and the rows it wrote with their metadata. It suspends while
    /// `bench` runs, rather than blocking one of the two threads the other tests run on.
    static func bench(_ arguments: [String], breaking broken: String?) async throws
        -> (status: Int32, errors: String, rows: [ResultRow], metadata: RunMetadata?)
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("run.csv").path
        let errorsFile = directory.appendingPathComponent("stderr.txt")
        try #require(FileManager.default.createFile(atPath: errorsFile.path, contents: nil))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(benchProgram))
        process.arguments = arguments + ["--allow-debug", "--output", csv]
        var environment = ProcessInfo.processInfo.environment
        environment[MetricCounter.breakingVariable] = broken
        process.environment = environment
        process.standardError = try FileHandle(forWritingTo: errorsFile)
        process.standardOutput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { finished in
            process.terminationHandler = { finished.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { finished.resume(throwing: error) }
        }
        let text = (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? ""
        let rows =
            (try? String(contentsOfFile: csv, encoding: .utf8)).flatMap { try? ResultCSV.parse($0) } ?? []
        let metadata = try? RunMetadata.decoded(
            from: Data(contentsOf: URL(fileURLWithPath: RunMetadata.sidecarPath(forCSV: csv))))
        return (status, text, rows, metadata)
    }

    /// A quick run of one architecture's counter cases in dispatch (mallocs, bytes, retains) and
    /// effects (tasks).
    static let quickRun = ["--quick", "--filter", "dispatch,effects,closure-effects,counter"]

    @Test(
        "a broken counter is reported unavailable, once, and its rows are gone; the others' stay",
        .enabled(
            if: AllocationCounter.isCountingRetains && AllocationCounter.isCountingTasks
                && benchProgram != nil,
            "needs every interposer and the bench program"),
        arguments: [MetricCounter.allocations, .retains, .tasks])
    func brokenCounterRowsAreGone(_ counter: MetricCounter) async throws {
        let run = try await Self.bench(Self.quickRun, breaking: counter.rawValue)
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.errors.split(separator: "\n").filter { $0.hasPrefix("counters unavailable") }
        #expect(lines.count == 1)
        #expect(lines.first?.contains("\(counter.rawValue) (") == true, "\(lines)")
        #expect(lines.first?.contains("where") == true, "the check's figures: \(lines)")
        let metrics = Set(run.rows.map(\.key.metric))
        #expect(metrics.isDisjoint(with: counter.metrics), "\(metrics)")
        #expect(metrics.contains(.time))
        for other in [MetricCounter.allocations, .retains, .tasks] where other != counter {
            #expect(!metrics.isDisjoint(with: other.metrics), "\(other)'s rows went too")
        }
        #expect(run.metadata?.unavailableCounters?.keys.sorted() == [counter.rawValue])
    }

    @Test(
        "a broken instruction counter is reported unavailable and no instruction row is written",
        .enabled(
            if: InstructionPassTests.canCountInstructions,
            "needs valgrind, strip and the bench program on x86_64"))
    func brokenInstructionCounter() async throws {
        // One case besides the known loop, which the check counts in a child of its own: two
        // callgrind children, where the reference suite took nine.
        let run = try await Self.bench(
            ["--instructions", "--filter", "dispatch,closure-effects,counter/increment"],
            breaking: "instructions")
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.errors.contains("counters unavailable, their rows left out: instructions ("), "\(run.errors)")
        #expect(run.rows.isEmpty, "\(run.rows.map(\.key))")
        #expect(run.metadata?.unavailableCounters?["instructions"] != nil)
    }
}
