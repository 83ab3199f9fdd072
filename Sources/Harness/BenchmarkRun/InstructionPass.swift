import BenchmarkEngine
import BenchmarkResults
import BenchmarkSuites
import Foundation

/// `bench --instructions`: instructions per operation of every timed case, under Valgrind.
///
/// `bench` runs a stripped copy of itself under `valgrind --tool=callgrind`, in the hidden child
/// mode ``ChildCommand/countInstructions``, as many at a time as there are CPUs (a simulated CPU
/// counts the same however loaded the real one is), each serving a batch of cases under one address
/// offset. Such a process starts once and forks a child per case before `main` runs
/// (`cac_forked_case`): Valgrind's start, about 1.2 s of CPU, is paid once per batch instead of once
/// per case. The order of a case is its ``InstructionLabel``, in a file named by its place in the
/// batch; its child builds only its case, settles the heap and counts the case for N and 2N
/// operations after a warm-up (``SuiteRunner/countInstructions(_:)``), leaving one dump file per
/// sample, named by its process id, which it writes beside its order. That is its reply: this
/// process reads the dump files by their number (warm-up, N, 2N), never by their label. The process
/// that forks reads nothing of its batch, so every child starts from the same state whatever else
/// the run selects, and a synchronous case counts the same in every run of one build (docs/gate.md,
/// "Instructions"). The copy is stripped because Valgrind 3.19 rejects the debug information of a
/// release build.
@MainActor
public enum InstructionPass {
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

    /// One case counted under one address offset: a child process of the pass.
    struct Job: Sendable {
        var label: InstructionLabel
        var addressOffset: Int
        var index: Int

        /// The job index of offset `offset` of the label at `labelIndex`: room is left for every
        /// offset up to ``InstructionPass/maximumOffsets``.
        static func index(_ labelIndex: Int, offset: Int) -> Int {
            labelIndex * maximumOffsets + offset
        }

        /// A job for each of `offsets` (address offsets) of each label at `indices`.
        static func all(_ labels: [InstructionLabel], _ indices: some Sequence<Int>, offsets: Range<Int>)
            -> [Job]
        {
            indices.flatMap { labelIndex in
                offsets.map {
                    Job(label: labels[labelIndex], addressOffset: $0, index: index(labelIndex, offset: $0))
                }
            }
        }
    }

    /// The most address offsets one case can be counted under, and the most `--address-offsets` takes.
    public nonisolated static let maximumOffsets = 16

    /// The rows of the pass for every case `plan` selects, running its `bench` program under
    /// Valgrind.
    static func rows(of plan: RunPlan) async throws(RunFailure) -> [ResultRow] {
        guard let valgrind = executable("valgrind", environment: plan.environment),
            let strip = executable("strip", environment: plan.environment)
        else { throw RunFailure(missingTool(environment: plan.environment) ?? "no Valgrind") }
        guard let executable = plan.program else {
            throw RunFailure("cannot find this program's path to run it under Valgrind")
        }
        let runner = plan.runner()
        let labels = runner.catalogue.instructionLabels()
        let offsets = plan.request.addressOffsets
        plan.progress("instructions: \(labels.count) cases under callgrind, \(offsets) address offset(s)")
        let environment = childEnvironment(passingBreaksFrom: plan.environment)
        let counts = try await ChildProcess.withScratchDirectory("instructions", in: Self.scratchParent) {
            directory throws(RunFailure) in
            try await ChildProcess.run(
                strip, ["-o", directory.appendingPathComponent("bench").path, executable], what: "strip")
            var counts = try await Self.counts(
                of: Job.all(labels, labels.indices, offsets: 0..<offsets), valgrind, directory, environment)
            let moved = movedCases(labels, counts, offsets: offsets)
            if !moved.isEmpty {
                plan.progress(
                    "instructions: \(moved.count) cases moved between offsets; counting them under "
                        + "\(widerLook) in all")
                let more = Job.all(labels, moved, offsets: offsets..<widerLook)
                counts.merge(try await Self.counts(of: more, valgrind, directory, environment)) { first, _ in
                    first
                }
            }
            return counts
        }
        return instructionRows(labels, counts, configuration: runner.configuration)
    }

    /// How many address offsets a case that moved between the requested ones is counted under in
    /// all: 15. Five offsets found the extremes of too few rows: another build, counted under 9,
    /// went beyond the allowance a 5-offset baseline had set in 69 of 675 counts, by up to twice
    /// it, which a build whose memory lands where those offsets put it would fail on
    /// (docs/evidence/2026-11-26/instructions.md, "A wider look at the rows that move").
    public nonisolated static let widerLook = 15

    /// The indices of the labels whose counts differ between the first `offsets` offsets; none when
    /// `offsets` is 1 or reaches ``widerLook``.
    static func movedCases(_ labels: [InstructionLabel], _ counts: [Int: PerOperation], offsets: Int) -> [Int]
    {
        guard offsets > 1, offsets < widerLook else { return [] }
        return labels.indices.filter { index in
            Set((0..<offsets).compactMap { counts[Job.index(index, offset: $0)]?.instructions }).count > 1
        }
    }

    /// Runs `jobs` under `valgrind`, in batches (``Batch/all(_:width:)``), as many at a time as
    /// there are CPUs, in `directory` (which holds the stripped `bench`), with `environment`
    /// (``childEnvironment(passingBreaksFrom:)``); returns each job's instructions per operation by
    /// job index.
    static func counts(of jobs: [Job], _ valgrind: String, _ directory: URL, _ environment: [String: String])
        async throws(RunFailure) -> [Int: PerOperation]
    {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let counted = try await ChildProcess.concurrently(Batch.all(jobs, width: width), width: width) {
            batch throws(RunFailure) in try await batch.count(valgrind, directory, environment: environment)
        }
        return counted.reduce(into: [:]) { counts, batch in counts.merge(batch) { first, _ in first } }
    }

    /// The instructions per operation of one job: all of them, and those that ran outside lookups
    /// keyed by type-metadata addresses (``InstructionCounter/isMetadataLookupFunction(_:)``).
    struct PerOperation: Equatable, Sendable {
        var instructions: Double
        var outsideMetadataLookups: Double

        /// The counts per operation from the dumps of a sample of `iterations` operations and one
        /// of twice as many.
        init(single: InstructionCounter.Dump, double: InstructionCounter.Dump, iterations: Int) {
            instructions = InstructionCounter.perOperation(
                single: single.instructions, double: double.instructions, iterations: iterations)
            outsideMetadataLookups = InstructionCounter.perOperation(
                single: single.instructions - single.metadataLookupInstructions,
                double: double.instructions - double.metadataLookupInstructions, iterations: iterations)
        }

        init(instructions: Double, outsideMetadataLookups: Double) {
            self.instructions = instructions
            self.outsideMetadataLookups = outsideMetadataLookups
        }
    }

    /// An `instructions` and an `instructions-outside-metadata-lookups` row per label, each from its
    /// counts under every address offset the label was counted under (job indices from
    /// ``Job/index(_:offset:)``): their median, with their spread as the row's min..max.
    static func instructionRows(
        _ labels: [InstructionLabel], _ counts: [Int: PerOperation], configuration: BuildConfiguration
    ) -> [ResultRow] {
        let metrics: [(Metric, KeyPath<PerOperation, Double>)] = [
            (.instructions, \.instructions), (.instructionsOutsideMetadataLookups, \.outsideMetadataLookups),
        ]
        return labels.indices.flatMap { index in
            let values = (0..<maximumOffsets).compactMap { counts[Job.index(index, offset: $0)] }
            return metrics.compactMap { metric, value -> ResultRow? in
                guard let statistics = Statistics(values.map { $0[keyPath: value] }) else { return nil }
                return ResultRow(
                    key: ResultRow.Key(labels[index].caseKey, metric: metric), unit: .count,
                    median: statistics.median, p10: statistics.p10, p25: statistics.p25, p75: statistics.p75,
                    min: statistics.min, max: statistics.max, sampleCount: statistics.count,
                    configuration: configuration)
            }
        }
    }

    /// The labelled dumps among the files of `directory` whose names start with `prefix`, in dump
    /// order (callgrind numbers them from 1); with `removing`, those files are deleted once read.
    nonisolated static func readDumps(in directory: URL, prefix: String, removing: Bool = false)
        throws(RunFailure) -> [InstructionCounter.Dump]
    {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw RunFailure("cannot read \(directory.path): \(error.localizedDescription)")
        }
        let numbered = names.compactMap { name in
            name.hasPrefix(prefix) ? Int(name.dropFirst(prefix.count)).map { ($0, name) } : nil
        }.sorted { $0.0 < $1.0 }
        let dumps = numbered.compactMap { _, name in
            (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
                .flatMap(InstructionCounter.parseDump)
        }
        if removing {
            for (_, name) in numbered {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            }
        }
        return dumps
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
    nonisolated static let childEnvironment = [
        "LD_BIND_NOW": "1", TimingProcesses.weakBinding.name: TimingProcesses.weakBinding.value,
        deterministicHashing: "1",
    ]

    /// Where the pass's scratch directory goes: `/tmp`, not `TMPDIR`, whose length varies.
    static let scratchParent = URL(fileURLWithPath: "/tmp")

    /// The environment variable that makes Swift's hashing the same in every process (the CLI
    /// sets it for its own process too, before it measures anything).
    public nonisolated static let deterministicHashing = "SWIFT_DETERMINISTIC_HASHING"

    /// The child, started under callgrind (``ChildCommand/countInstructions``), with its order in
    /// `arguments`: `<case label>`, or ``Batch/forkPerCase`` in a child forked for one case of a
    /// batch, which reads its label from the file the batch names it by.
    static func serve(_ arguments: [String], progress: @escaping (String) -> Void) async throws(RunFailure) {
        let command = ChildCommand.countInstructions.rawValue
        guard arguments.count == 1 else { throw RunFailure("\(command) needs one case label") }
        var text = arguments[0]
        if text == Batch.forkPerCase {
            guard let index = InstructionCounter.forkedCase else {
                throw RunFailure(
                    "\(command) \(Batch.forkPerCase) counts only under callgrind on Linux x86_64")
            }
            text = try Batch.label(at: index)
        }
        guard let label = InstructionLabel(Substring(text)) else {
            throw RunFailure("\(command): '\(text)' is not a case label")
        }
        let request = RunRequest(selector: CaseSelector(selecting: label.caseKey), size: .quick, seed: 0)
        try await count(label, request, progress: progress)
    }

    /// Counts the instructions of the case `label` names, leaving its three dumps.
    static func count(_ label: InstructionLabel, _ request: RunRequest, progress: @escaping (String) -> Void)
        async throws(RunFailure)
    {
        let command = ChildCommand.countInstructions.rawValue
        guard InstructionCounter.isUnderValgrind else {
            throw RunFailure("\(command) counts instructions only under valgrind --tool=callgrind")
        }
        guard await RunPlan.runner(request, progress: progress).countInstructions(label) else {
            throw RunFailure("\(command): no case '\(label.text)'")
        }
    }

    /// Valgrind's options for a child counted under address offset `offset`. Offset 0 is
    /// Valgrind's own placement, the one every run counts; offset k > 0 has Valgrind map nothing
    /// below 1 GiB + k × 19 MiB + k² × 4 KiB, which moves where the shared libraries and the heap's
    /// mappings land. Tables that hash addresses (Observation's registrar, key paths, the runtime's
    /// caches) then collide differently, as they do after an unrelated change moves the program's
    /// code and data (docs/evidence/2026-11-26/instructions.md).
    nonisolated static func valgrindArguments(offset: Int) -> [String] {
        let base = ["--tool=callgrind", "-q", "--dump-instr=no", "--instr-atstart=no"]
        guard offset > 0 else { return base }
        let lowest = (1 << 30) + offset * 19 * (1 << 20) + offset * offset * 4_096
        return base + ["--aspace-minaddr=0x\(String(lowest, radix: 16))"]
    }
}

extension RunPlan {
    /// The rows of the instruction pass (`bench --instructions`) for this plan's selection.
    public func instructionRows() async throws(RunFailure) -> [ResultRow] {
        try await InstructionPass.rows(of: self)
    }
}
