import BenchmarkEngine
import BenchmarkReport
import BenchmarkSuites
import Foundation

/// `bench --instructions`: instructions per operation of the synchronous cases, under Valgrind.
///
/// For each selected synchronous suite, `bench` runs a stripped copy of itself under
/// `valgrind --tool=callgrind --collect-atstart=no` in the hidden child mode ``childCommand``; the
/// child counts each case for N and 2N operations (``SuiteRunner/countInstructions(suite:)``) and
/// leaves one dump file per sample, which this process reads. The copy is stripped because
/// Valgrind 3.19 rejects the debug information of a release build.
@MainActor
public enum InstructionPass {
    /// The first argument of the measuring child process, followed by the suite and run options.
    public nonisolated static let childCommand = "__count-instructions"

    /// Why the pass cannot run with this `PATH`, as one line, or nil.
    public nonisolated static func missingTool(environment: [String: String]) -> String? {
        if executable("valgrind", environment: environment) == nil {
            return "--instructions runs the benchmarks under Valgrind, which is not installed: "
                + "install the package 'valgrind' (apt-get install valgrind)"
        }
        if executable("strip", environment: environment) == nil {
            return "--instructions needs 'strip' to copy bench without debug information: "
                + "install the package 'binutils'"
        }
        return nil
    }

    /// The full path of `name` in the `PATH` of `environment`, or nil.
    nonisolated static func executable(_ name: String, environment: [String: String]) -> String? {
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The rows of the pass for every synchronous suite `plan` selects, running its `bench`
    /// program under Valgrind.
    static func rows(of plan: RunPlan) async throws(RunFailure) -> [ResultRow] {
        guard let valgrind = executable("valgrind", environment: plan.environment),
            let strip = executable("strip", environment: plan.environment)
        else { throw RunFailure(missingTool(environment: plan.environment) ?? "no Valgrind") }
        guard let executable = plan.program else {
            throw RunFailure("cannot find this program's path to run it under Valgrind")
        }
        let runner = plan.runner()
        let dumps = try await ChildProcess.withScratchDirectory("instructions", in: Self.scratchParent) {
            directory throws(RunFailure) in
            let stripped = directory.appendingPathComponent("bench").path
            try await ChildProcess.run(strip, ["-o", stripped, executable], what: "strip")
            var dumps: [(label: String, instructions: Int)] = []
            for suite in SuiteRunner.instructionSuites where runner.selects(suite: suite) {
                plan.progress("instructions: \(suite.rawValue) under callgrind")
                try await ChildProcess.run(
                    valgrind,
                    [
                        "--tool=callgrind", "-q", "--collect-atstart=no", "--dump-instr=no",
                        "--callgrind-out-file=\(suite.rawValue).out", "./bench", childCommand, suite.rawValue,
                    ] + plan.childArguments,
                    what: "valgrind", environment: childEnvironment, directory: directory)
                dumps += try readDumps(in: directory, prefix: "\(suite.rawValue).out.")
            }
            return dumps
        }
        return instructionRows(dumps, configuration: runner.configuration)
    }

    /// One `instructions` row per case from the dumps of its two samples (labels from
    /// ``InstructionLabel``, then `|1` or `|2`), in the order the cases were counted. A case
    /// without both dumps gets no row.
    static func instructionRows(
        _ dumps: [(label: String, instructions: Int)], configuration: BuildConfiguration
    ) -> [ResultRow] {
        var samples: [InstructionLabel: [Int: Int]] = [:]
        var order: [InstructionLabel] = []
        for dump in dumps {
            guard let bar = dump.label.lastIndex(of: "|"),
                let multiple = Int(dump.label[dump.label.index(after: bar)...]),
                let label = InstructionLabel(dump.label[..<bar])
            else { continue }
            if samples[label] == nil { order.append(label) }
            samples[label, default: [:]][multiple] = dump.instructions
        }
        return order.compactMap { label in
            guard let single = samples[label]?[1], let double = samples[label]?[2] else { return nil }
            let group = label.group
            let key = ResultRow.Key(
                suite: group.suite, architecture: group.architecture, feature: group.feature,
                layout: group.layout,
                n: group.n, metric: .instructions)
            let perOperation = InstructionCounter.perOperation(
                single: single, double: double, iterations: label.iterations)
            return .count(key, unit: .count, value: perOperation, configuration: configuration)
        }
    }

    /// The labelled dumps among the files of `directory` whose names start with `prefix`, in dump
    /// order (callgrind numbers them from 1).
    static func readDumps(in directory: URL, prefix: String) throws(RunFailure) -> [(
        label: String, instructions: Int
    )] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw RunFailure("cannot read \(directory.path): \(error.localizedDescription)")
        }
        let numbered = names.compactMap { name in
            name.hasPrefix(prefix) ? Int(name.dropFirst(prefix.count)).map { ($0, name) } : nil
        }
        return numbered.sorted { $0.0 < $1.0 }.compactMap { _, name in
            (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
                .flatMap(InstructionCounter.parseDump)
        }
    }

    /// The child's environment, the same wherever `bench` runs. With it, the child started as
    /// `./bench` in a scratch directory of ``scratchParent`` (whose name always has the same
    /// length), nothing the child starts from depends on the parent's environment, working
    /// directory or temporary directory. That matters because their sizes shift where the child's
    /// objects land in the heap, and the counts of the Observation layouts move with the addresses
    /// (probably through tables keyed by object identity, whose hash is the address), enough to
    /// fail the gate (docs/evidence/2026-11-25/measurement.md, "Instructions"). The variables:
    /// every symbol bound when the program loads (`LD_BIND_NOW=1`; bound lazily, the first call
    /// through each symbol runs the dynamic linker's resolver inside whichever counting window
    /// makes that call first), the shared libraries' retains and releases bound to the runtime
    /// itself (``TimingProcesses/weakBinding``), so no count includes the retain counters' detour,
    /// and deterministic hashing (``DeterministicHashing``).
    static let childEnvironment = [
        "LD_BIND_NOW": "1", TimingProcesses.weakBinding.name: TimingProcesses.weakBinding.value,
        deterministicHashing: "1",
    ]

    /// Where the pass's scratch directory goes: `/tmp`, not `TMPDIR`, whose length varies.
    static let scratchParent = URL(fileURLWithPath: "/tmp")

    /// The environment variable that makes Swift's hashing the same in every process (the CLI
    /// sets it for its own process too, before it measures anything).
    public nonisolated static let deterministicHashing = "SWIFT_DETERMINISTIC_HASHING"

    /// The child, started under callgrind: counts the instructions of the cases of `suite` that
    /// `request` selects.
    public static func count(_ suite: Suite, _ request: RunRequest, progress: @escaping (String) -> Void)
        async throws(RunFailure)
    {
        guard SuiteRunner.instructionSuites.contains(suite) else {
            throw RunFailure("\(childCommand) needs a synchronous suite name")
        }
        guard InstructionCounter.isUnderValgrind else {
            throw RunFailure("\(childCommand) counts instructions only under valgrind --tool=callgrind")
        }
        await RunPlan.runner(request, progress: progress).countInstructions(suite: suite)
    }
}

extension RunPlan {
    /// The rows of the instruction pass (`bench --instructions`) for this plan's selection.
    public func instructionRows() async throws(RunFailure) -> [ResultRow] {
        try await InstructionPass.rows(of: self)
    }
}
