import BenchmarkEngine
import BenchmarkResults
import BenchmarkSuites
import Foundation
import Testing

@testable import BenchmarkRun

/// The `bench` program built next to the test bundle, which the run plan starts its children with.
let benchProgram: String? = {
    guard let tests = Bundle.main.executablePath else { return nil }
    var directory = URL(fileURLWithPath: tests).deletingLastPathComponent()
    if directory.lastPathComponent == "MacOS" {
        directory = directory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
    let bench = directory.appendingPathComponent("bench").path
    return FileManager.default.isExecutableFile(atPath: bench) ? bench : nil
}()

/// Whether runs here count with the retain counters and time in children of the `bench` program.
let timesInChildren = benchProgram != nil

/// A quick run plan of `selector`, started from the `bench` program built next to the tests.
@MainActor
func plan(_ selector: CaseSelector, processes: Int = 1, seed: UInt64 = 7) -> RunPlan {
    var size = RunSize.quick
    size.timingProcesses = processes
    return RunPlan(request: RunRequest(selector: selector, size: size, seed: seed), program: benchProgram)
}

/// Counting here, timing in children bound with `LD_DYNAMIC_WEAK=1`, which exchange typed messages.
@MainActor
@Suite("timing processes")
struct TimingProcessesTests {
    @Test("a timing process refuses to run without LD_DYNAMIC_WEAK=1, in one line")
    func childNeedsWeakBinding() async {
        await #expect {
            try await RunPlan.serve(
                .time, ["order.json", "reply.json"], environment: [:], progress: { _ in })
        } throws: { error in
            "\(error)" == "__time is bench's timing process; it needs LD_DYNAMIC_WEAK=1"
        }
    }

    @Test("timing processes and the instruction child bind the libraries' retains to the runtime")
    func childrenBindWeakly() {
        #expect(
            TimingProcesses.childEnvironment(["PATH": "/usr/bin"]) == [
                "PATH": "/usr/bin", "LD_DYNAMIC_WEAK": "1",
            ])
        #expect(InstructionPass.childEnvironment["LD_DYNAMIC_WEAK"] == "1")
    }

    @Test("only the bench program splits the passes (a test runner has no child mode)")
    func onlyBenchSplits() {
        #expect(RunPlan.isBench("/work/.build/release/bench"))
        let tests = "/work/.build/debug/ArchitectureBenchPackageTests.xctest"
        #expect(!RunPlan.isBench(tests))
        var full = RunPlan(request: RunRequest(selector: .all, size: .full, seed: 1), program: tests)
        #expect(full.timingProcesses == 1)
        full.program = "/work/.build/release/bench"
        #expect(full.timingProcesses == 3)
    }

    @Test(
        "a run split between processes has the counting process's counts and the children's times, in order",
        .enabled(
            if: timesInChildren, "needs the bench program built next to the tests"))
    func splitRun() async throws {
        let selector = CaseSelector(suites: [.reference])
        let rows = try await plan(selector).rows()
        let copy = rows.filter { $0.key.feature == "reference/copy-1-object" }
        // Where retains are not counted (the build without counters, a Mac) the row is absent, not 0.
        let retains = copy.first { $0.key.metric == .retains }?.median
        #expect(retains == (AllocationCounter.isCountingRetains ? 1 : nil))
        #expect(copy.first { $0.key.metric == .time }.map { $0.median > 0 } == true)
        let inProcess = try await plan(selector).runner().run()
        #expect(rows.map(\.key) == inProcess.map(\.key), "the same rows in the same order")
    }

    @Test(
        "each share times a heavy case in a process of its own, and its rows keep their place",
        .enabled(
            if: timesInChildren, "needs the bench program built next to the tests"),
        arguments: [1, 2])
    func heavyCaseApart(processes: Int) async throws {
        // At N = 100 an Observation single store allocates 66,748 B per increment: a heavy case.
        let selector = CaseSelector(
            suites: [.layout], architectures: ["observable-viewmodel"], layouts: ["single-store"],
            sizes: [100])
        let rows = try await plan(selector, processes: processes).rows()
        // Found by its bytes where they are counted, by its declaration where they are not.
        let heavy = HeavyCases.among(Array(Set(rows.map(\.key.caseKey))), counts: rows)
        #expect(heavy.map(\.feature) == ["app/increment"])
        #expect(rows.contains { $0.key.metric == .bytes } == AllocationCounter.isAvailable)
        let time = rows.first { heavy.contains($0.key.caseKey) && $0.key.metric == .time }
        #expect(time.map { $0.median > 0 && $0.ratioToReference != nil } == true)
        // The pool keeps its calm rounds when they number a whole run's samples, else every round
        // of every share (each share runs at least its part): never fewer than one share alone has.
        let share = RunSize.quick.sharing(RoundShare(0, of: processes)).sampleCount
        let pooled = min(RunSize.quick.sampleCount, processes * share)
        #expect(time.map { $0.sampleCount >= pooled } == true, "every share's samples, pooled")
        let inProcess = try await plan(selector).runner().run()
        #expect(rows.map(\.key) == inProcess.map(\.key), "the same rows in the same order")
    }

    @Test(
        "a run in two timing processes pools their samples into the rows a one-process run has",
        .enabled(
            if: timesInChildren, "needs the bench program built next to the tests"))
    func runInTwoProcesses() async throws {
        let selector = CaseSelector(suites: [.dispatch], architectures: ["closure-effects"])
        let lines = Lines()
        var split = plan(selector, processes: 2)
        split.progress = { line in Task { @MainActor in lines.all.append(line) } }
        let rows = try await split.rows()
        let inProcess = try await plan(selector).runner().run()
        #expect(rows.map(\.key) == inProcess.map(\.key), "the same rows in the same order")
        let sharePart = RunSize.quick.sharing(RoundShare(0, of: 2)).sampleCount
        let pooled = min(RunSize.quick.sampleCount, 2 * sharePart)
        #expect(pooled > sharePart, "a pool of both shares keeps more than one share's part")
        #expect(rows.filter { $0.key.metric == .time }.allSatisfy { $0.sampleCount >= pooled })
        await Task.yield()
        #expect(lines.all.contains { $0.hasPrefix("timing in 2 child processes, one after another") })
    }

    @Test("a heavy case's order carries its own counts and its own group's earlier samples, no others")
    func heavyOrderIsNarrowed() {
        let heavy = ResultRow.CaseKey(
            suite: .layout, architecture: "local-reducer", feature: "app/increment", layout: "single-store",
            n: 1000)
        var other = heavy
        other.architecture = "viper-reducer"
        let count = { (caseKey: ResultRow.CaseKey) in
            ResultRow.count(
                ResultRow.Key(caseKey, metric: .mallocs), unit: .count, value: 1,
                configuration: .release)
        }
        let groups = [heavy, other].map { TimingGroupID(suite: .layout, n: 1000, kind: .alone($0)) }
        let shared = TimingGroupID(suite: .layout, n: 1000, kind: .synchronous)
        let order = TimingOrder(
            request: RunRequest(selector: .all, size: .full, seed: 1), counts: [count(heavy), count(other)],
            share: RoundShare(2, of: 3),
            earlierShares: Array(
                repeating: Dictionary(uniqueKeysWithValues: (groups + [shared]).map { ($0, []) }), count: 2))
        let alone = order.alone(heavy, seed: 9)
        #expect(alone.counts.map(\.key.caseKey) == [heavy])
        #expect(alone.earlierShares.map { Array($0.keys) } == [[groups[0]], [groups[0]]])
        #expect(alone.request.selector == CaseSelector(selecting: heavy) && alone.request.seed == 9)
        #expect(alone.share == order.share && alone.timesHeavyCasesItself)
    }

    @Test("a heavy case's process that fails is a one-line error naming the case")
    func heavyCaseFailure() async throws {
        let processes = TimingProcesses(program: "/bin/false", environment: [:])
        let caseKey = ResultRow.CaseKey(
            suite: .layout, architecture: "local-reducer", feature: "app/increment", layout: "single-store",
            n: 10000)
        let order = TimingOrder(
            request: RunRequest(selector: .all, size: .quick, seed: 1), counts: [], share: .whole)
        let directory = FileManager.default.temporaryDirectory
        await #expect {
            try await processes.timeAlone(
                caseKey, seed: 3, of: order, into: TimingResultsCollector(), directory: directory)
        } throws: { error in
            "\(error)"
                == "the timing process of layout / local-reducer / app/increment / single-store / n=10000 failed with status 1"
        }
    }

    @Test("a program that fails, or cannot start, is one error naming it")
    func failuresNameTheProgram() async {
        await #expect {
            try await ChildProcess.run("/bin/sh", ["-c", "exit 3"], what: "the test program")
        } throws: { error in
            "\(error)" == "the test program failed with status 3"
        }
        await #expect {
            try await ChildProcess.run("/nonexistent/bench", [], what: "bench")
        } throws: { error in
            "\(error)".contains("cannot start /nonexistent/bench")
        }
    }
}

/// Progress lines heard by a test.
@MainActor
final class Lines {
    var all: [String] = []
}
