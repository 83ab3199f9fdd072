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
enum InstructionPass {
    /// The first argument of the measuring child process.
    static let childCommand = "__count-instructions"

    /// Why the pass cannot run with this `PATH`, as one line, or nil.
    nonisolated static func missingTool(environment: [String: String]) -> String? {
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

    /// Runs the pass for every selected synchronous suite and returns its rows, running the
    /// `bench` program to run under Valgrind (`program`: this one unless a test names another).
    static func run(
        _ options: Invocation.RunOptions, runner: SuiteRunner, environment: [String: String], output: Output,
        program: String? = Bundle.main.executablePath
    ) async throws(BenchError) -> [ResultRow] {
        guard let valgrind = executable("valgrind", environment: environment),
            let strip = executable("strip", environment: environment)
        else { throw .unusableInput(missingTool(environment: environment) ?? "no Valgrind") }
        guard let executable = program else {
            throw .unusableInput("cannot find this program's path to run it under Valgrind")
        }
        let dumps = try await ChildProcess.withScratchDirectory("instructions", in: Self.scratchParent) {
            directory throws(BenchError) in
            let stripped = directory.appendingPathComponent("bench").path
            try await ChildProcess.run(strip, ["-o", stripped, executable], what: "strip")
            var dumps: [(label: String, instructions: Int)] = []
            for suite in SuiteRunner.instructionSuites where runner.selects(suite: suite) {
                output.progress("instructions: \(suite.rawValue) under callgrind")
                try await ChildProcess.run(
                    valgrind,
                    [
                        "--tool=callgrind", "-q", "--collect-atstart=no", "--dump-instr=no",
                        "--callgrind-out-file=\(suite.rawValue).out", "./bench", childCommand, suite.rawValue,
                    ] + ChildProcess.forwardedArguments(options),
                    what: "valgrind", environment: childEnvironment, directory: directory)
                dumps += try readDumps(in: directory, prefix: "\(suite.rawValue).out.")
            }
            return dumps
        }
        return SuiteRunner.instructionRows(dumps, configuration: BenchCommand.configuration)
    }

    /// The labelled dumps among the files of `directory` whose names start with `prefix`, in dump
    /// order (callgrind numbers them from 1).
    static func readDumps(in directory: URL, prefix: String) throws(BenchError) -> [(
        label: String, instructions: Int
    )] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw .unusableInput("cannot read \(directory.path): \(error.localizedDescription)")
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
    /// (probably through tables keyed by object identity, whose hash is the address): with the
    /// parent's environment passed on, one 110-character variable more moved `closure-effects`'
    /// scoped increment at N = 1 by 16 instructions, and in the gate of `.ci/run` layout rows moved
    /// by 2.1–2.4% (docs/measurement.md, "Instructions"). The variables: every symbol bound when
    /// the program loads (`LD_BIND_NOW=1`; bound lazily, the first call through each symbol runs
    /// the dynamic linker's resolver, about 1,000 instructions, inside whichever counting window
    /// makes that call first), the shared libraries' retains and releases bound to the runtime
    /// itself (``TimingPass/weakBinding``), so no count includes the retain counters' detour, and
    /// deterministic hashing (``DeterministicHashing``).
    static let childEnvironment = [
        "LD_BIND_NOW": "1", TimingPass.weakBinding.name: TimingPass.weakBinding.value,
        DeterministicHashing.variable: "1",
    ]

    /// Where the pass's scratch directory goes: `/tmp`, not `TMPDIR`, whose length varies.
    static let scratchParent = URL(fileURLWithPath: "/tmp")

    /// The child: counts the instructions of one suite's selected cases. `arguments` are the suite
    /// name followed by run options.
    static func child(_ arguments: [String], output: Output) async -> Int32 {
        guard let suite = arguments.first.flatMap(Suite.init(rawValue:)),
            SuiteRunner.instructionSuites.contains(suite)
        else {
            output.error("\(childCommand) needs a synchronous suite name")
            return ExitStatus.badInput.rawValue
        }
        guard InstructionCounter.isUnderValgrind else {
            output.error("\(childCommand) counts instructions only under valgrind --tool=callgrind")
            return ExitStatus.badInput.rawValue
        }
        guard
            case .run(let options)? = try? Invocation.parse(
                Array(arguments.dropFirst()), vocabulary: BenchCommand.vocabulary)
        else {
            output.error("\(childCommand): bad run options")
            return ExitStatus.badInput.rawValue
        }
        await BenchCommand.runner(options, seed: 0, output: output).countInstructions(suite: suite)
        return ExitStatus.success.rawValue
    }
}
