import BenchmarkEngine
import BenchmarkResults
import BenchmarkSuites
import Foundation
import Testing

@testable import BenchmarkRun

/// The instruction pass: the difference method on a body of known cost (where Valgrind is
/// installed), the child's fixed environment, and the dump labels.
@MainActor
@Suite("instruction pass")
struct InstructionPassTests {
    nonisolated static var canCountInstructions: Bool {
        #if arch(x86_64)
            InstructionPass.missingTool(environment: ProcessInfo.processInfo.environment) == nil
                && benchProgram != nil && InstructionCounter.isBuiltIn
        #else
            false
        #endif
    }

    @Test(
        "The N and 2N difference counts the known body exactly: 9 instructions per operation",
        .enabled(if: canCountInstructions, "needs valgrind, strip and the bench program on x86_64"))
    func knownBodyCountsExactly() async throws {
        // The body of known cost alone: every other reference is counted against the instruction
        // baseline by the gate (`.ci/run`), a callgrind child each, which is what they cost here.
        var reference = plan(CaseSelector(suites: [.reference], features: ["reference/nine-instructions"]))
        #expect(
            plan(CaseSelector(suites: [.reference])).runner().catalogue.instructionLabels().contains {
                $0.caseKey.feature == "reference/copy-3-objects"
            })
        reference.request.addressOffsets = 2
        let rows = try await reference.instructionRows()
        let nine = rows.first { $0.key.feature == "reference/nine-instructions" }
        #expect(nine?.median == 9)
        #expect(
            nine?.min == 9 && nine?.max == 9 && nine?.sampleCount == 2, "the same under both address offsets")
        #expect(nine?.key.metric == .instructions)
        let outside = rows.first {
            $0.key.feature == "reference/nine-instructions"
                && $0.key.metric == .instructionsOutsideMetadataLookups
        }
        #expect(outside?.median == 9, "the body looks up no type")
        #expect(rows.allSatisfy { $0.key.suite == .reference && $0.unit == .count })
    }

    @Test("The child binds every symbol at load and hashes deterministically, in an environment of its own")
    func childEnvironment() {
        #expect(
            InstructionPass.childEnvironment == [
                "LD_BIND_NOW": "1", "LD_DYNAMIC_WEAK": "1", "SWIFT_DETERMINISTIC_HASHING": "1",
            ])
    }

    @Test(
        "Instruction counts do not move with the size of bench's environment",
        .enabled(
            if: canCountInstructions, "needs valgrind, strip and the bench program built next to the tests"))
    func countsIgnoreTheEnvironment() async throws {
        var counts: [[InstructionPass.PerOperation]] = []
        for padding in ["", String(repeating: "x", count: 110)] {
            var scoped = plan(
                CaseSelector(
                    suites: [.layout], architectures: ["closure-effects"], features: ["app/increment"],
                    layouts: ["single-store-scoped"], sizes: [1]))
            scoped.environment = ProcessInfo.processInfo.environment.merging(["BENCH_PADDING": padding]) {
                $1
            }
            // 100 operations a sample, as below: a child that inherited the padding counts another
            // total at this size too.
            counts.append(try await Self.counts(of: scoped, underOffsets: 1, iterations: 100))
        }
        #expect(counts[0].count == 1)
        #expect(counts[0] == counts[1])
    }

    @Test(
        "An effect round trip, which suspends, is counted (in serial mode) the same twice",
        .enabled(
            if: canCountInstructions, "needs valgrind, strip and the bench program built next to the tests"))
    func effectsAreCounted() async throws {
        let quote = plan(
            CaseSelector(
                suites: [.effects], architectures: ["effect-values"], features: ["counter/loadQuote"]))
        let first = try await quote.instructionRows()
        let second = try await quote.instructionRows()
        #expect(first.map(\.key.feature) == ["counter/loadQuote", "counter/loadQuote"])
        #expect(first.map(\.key.metric) == [.instructions, .instructionsOutsideMetadataLookups])
        #expect((first.first?.median ?? 0) > 1_000)
        #expect(first == second)
    }

    @Test(
        "Outside the metadata lookups, a row that moves between address offsets counts the same in each",
        .enabled(
            if: canCountInstructions, "needs valgrind, strip and the bench program built next to the tests"),
        arguments: [
            ("effect-objects", "single-store"),  // the runtime's type caches: a generic store
            ("observable-viewmodel", "multi-store"),  // Observation's tables keyed by key paths
        ] as [(ArchitectureName, LayoutName)])
    func outsideMetadataLookupsDoesNotMove(architecture: ArchitectureName, layout: LayoutName) async throws {
        let single = plan(
            CaseSelector(
                suites: [.layout], architectures: [architecture], features: ["app/increment"],
                layouts: [layout], sizes: [1]))
        // 100 operations a sample, not the pass's 1,000: a debug build's increment costs about
        // 70,000 instructions, which callgrind simulates 4,000 times otherwise (warm-up, N, 2N);
        // the total still moves between these offsets, and one instruction in a lookup shows.
        let counts = try await Self.counts(of: single, underOffsets: 3, iterations: 100)
        #expect(counts.count == 3)
        #expect(Set(counts.map(\.outsideMetadataLookups)).count == 1, "exact in every offset: \(counts)")
        #expect(
            counts.allSatisfy { $0.outsideMetadataLookups < $0.instructions },
            "every increment looks something up by metadata")
    }

    /// The instructions per operation of the one case `plan` selects under each of the first
    /// `offsets` address offsets, counted as the pass counts them but over `iterations` operations
    /// a sample; without the wider look the pass gives a case that moved (15 offsets under
    /// callgrind), which this test does not need.
    static func counts(of plan: RunPlan, underOffsets offsets: Int, iterations: Int) async throws
        -> [InstructionPass.PerOperation]
    {
        let valgrind = try #require(executable("valgrind", environment: plan.environment))
        let strip = try #require(executable("strip", environment: plan.environment))
        let program = try #require(plan.program)
        let labels = plan.runner().catalogue.instructionLabels().map {
            InstructionLabel(caseKey: $0.caseKey, iterations: iterations)
        }
        try #require(labels.count == 1)
        let counts = try await ChildProcess.withScratchDirectory(
            "instructions", in: InstructionPass.scratchParent
        ) {
            directory throws(RunFailure) in
            try await ChildProcess.run(
                strip, ["-o", directory.appendingPathComponent("bench").path, program], what: "strip")
            return try await InstructionPass.counts(
                of: InstructionPass.Job.all(labels, [0], offsets: 0..<offsets), valgrind, directory,
                InstructionPass.childEnvironment(passingBreaksFrom: plan.environment))
        }
        return (0..<offsets).compactMap { counts[InstructionPass.Job.index(0, offset: $0)] }
    }

    @Test("A quick run counts instructions for the same cases as a full run, N = 10,000 included")
    func quickRunCountsEverySize() {
        // One architecture and the references: the run size picks no architecture, and building
        // every architecture's cases at N = 10,000 twice took seconds of the main actor (debug).
        let oneArchitecture = CaseSelector(architectures: ["viper-reducer", "reference"])
        let quick = plan(oneArchitecture).runner().catalogue.instructionLabels()
        var full = plan(oneArchitecture)
        full.request.size = .full
        #expect(quick == full.runner().catalogue.instructionLabels())
        #expect(Set(quick.compactMap(\.caseKey.n)) == Set(CaseCatalogue.sizes))
        #expect(CaseCatalogue.sizes.contains(10_000))
        #expect(Set(quick.map(\.caseKey.suite)) == Set(CaseCatalogue.instructionSuites))
    }

    @Test("A dump label names its case and N, and reads back; a label of another shape is none")
    func labels() {
        let caseKey = ResultRow.CaseKey(
            suite: .layout, architecture: "closure-effects", feature: "app/increment", layout: "single-store",
            n: 10)
        let label = InstructionLabel(caseKey: caseKey, iterations: 1_000)
        #expect(label.text == "layout|closure-effects|app/increment|single-store|10|1000")
        #expect(InstructionLabel(label.text[...]) == label)
        let reference = InstructionLabel(
            caseKey: .init(suite: .reference, architecture: .reference, feature: "reference/empty"),
            iterations: 2)
        #expect(reference.text == "reference|reference|reference/empty|||2")
        #expect(InstructionLabel("baseline|reference|reference/empty|||2") == nil, "no former spelling")
        #expect(InstructionLabel("layout|closure-effects|app/increment") == nil)
    }

    @Test(
        "A case's counts under its offsets make two rows, all and outside the metadata lookups: median, min..max"
    )
    func rowsFromAddressOffsets() {
        let labels = [Self.label("closure-effects"), Self.label("effect-values")]
        let counts = Self.counts(
            [[100, 103, 99, 101, 100], [50, 50, 50]], inLookups: [[4, 7, 3, 5, 4], [0, 0, 0]])
        let rows = InstructionPass.instructionRows(labels, counts, configuration: .release)
        #expect(
            rows.map(\.key.architecture) == [
                "closure-effects", "closure-effects", "effect-values", "effect-values",
            ])
        #expect(
            rows.map(\.key.metric) == [
                .instructions, .instructionsOutsideMetadataLookups, .instructions,
                .instructionsOutsideMetadataLookups,
            ])
        #expect(rows.map(\.median) == [100, 96, 50, 50])
        #expect(rows.map(\.min) == [99, 96, 50, 50] && rows.map(\.max) == [103, 96, 50, 50])
        #expect(rows.map(\.sampleCount) == [5, 5, 3, 3])
    }

    @Test(
        "A dump's metadata-lookup instructions are the inclusive costs of calls into the lookups from outside"
    )
    func metadataLookupCost() throws {
        let dump = try #require(InstructionCounter.parseDump(Self.dumpText))
        #expect(dump.label == "layout|effect-objects|app/increment|single-store|1|1000|1")
        #expect(dump.instructions == 1_000)
        #expect(
            dump.metadataLookupInstructions == 57 + 20,
            "the two calls into the caches from outside; what a lookup calls is inside their costs")
        #expect(InstructionCounter.parseDump("summary: 5\n") == nil, "no label")
        #expect(
            InstructionCounter.isMetadataLookupFunction(
                "swift::MetadataCacheKey::operator==(swift::MetadataCacheKey const&) const"))
        #expect(!InstructionCounter.isMetadataLookupFunction("swift_getGenericMetadata"))
        #expect(
            InstructionCounter.isMetadataLookupFunction(
                "$sSh8_VariantV6insertySb8inserted_x17memberAfterInserttxnFs10AnyKeyPathC_Tg5"),
            "Set<AnyKeyPath>.insert")
        #expect(
            InstructionCounter.isMetadataLookupFunction(
                "$ss22__RawDictionaryStorageC4findys10_HashTableV6BucketV6bucket_Sb5foundtxSHRzlFs10AnyKeyPathC_Tg5"
            ), "a dictionary keyed by key paths finding a key")
        #expect(
            !InstructionCounter.isMetadataLookupFunction(
                "$ss22_ContiguousArrayBufferV20_consumeAndCreateNew14bufferIsUnique15minimumCapacity13growForAppend"
                    + "AByxGSb_SiSbtFys10AnyKeyPathCYbc_Tg5"), "an array of closures taking a key path")
        #expect(
            !InstructionCounter.isMetadataLookupFunction("$ss10AnyKeyPathC4hash4intoys6HasherVz_tF"),
            "hashing a key path costs the same wherever its types are")
    }

    /// A callgrind dump in the shape of those the pass reads: names compressed to ids after their
    /// first use, a `calls=` line followed by the call's inclusive cost, positions relative.
    static let dumpText = """
        # callgrind format
        version: 1
        desc: Trigger: Client Request: layout|effect-objects|app/increment|single-store|1|1000|1
        positions: line
        events: Ir
        summary: 1000

        ob=(1) /opt/swift/usr/lib/swift/linux/libswiftCore.so
        fl=(1) ???
        fn=(7) std::pair<X*, unsigned int> swift::ConcurrentReadableHashMap<X, swift::Mutex>::find<K>(K const&) const
        0 12
        +3 5
        cfn=(8) swift::MetadataCacheKey::operator==(swift::MetadataCacheKey const&) const
        calls=2 0
        -1 40
        cfn=(10) Key::Key(Shape const*)
        calls=1 0
        0 11
        fn=(9) swift_getGenericMetadata
        0 300
        cfn=(7)
        calls=1 0
        0 57
        cfn=(10)
        calls=1 0
        +1 9
        fn=(11) swift_conformsToProtocol
        cfn=(8)
        calls=1 0
        0 20
        fn=(8)
        * 30
        fn=(9)
        0 100
        """

    @Test("A case that moved between the requested offsets is looked at under 15; one that did not is not")
    func movedCasesGetTheWiderLook() {
        let labels = [
            Self.label("closure-effects"), Self.label("effect-values"), Self.label("local-reducer"),
        ]
        let counts = Self.counts([[100, 100, 100], [50, 51, 50], [7, 7]])
        #expect(InstructionPass.movedCases(labels, counts, offsets: 3) == [1])
        #expect(
            InstructionPass.movedCases(labels, counts, offsets: 1).isEmpty, "one offset shows no movement")
        #expect(InstructionPass.movedCases(labels, counts, offsets: 15).isEmpty, "15 are the wider look")
        #expect(InstructionPass.widerLook < InstructionPass.maximumOffsets)
        let jobs = InstructionPass.Job.all(labels, [1], offsets: 3..<InstructionPass.widerLook)
        #expect(jobs.map(\.addressOffset) == Array(3..<15))
        #expect(Set(jobs.map(\.index)).count == 12)
        #expect(jobs.allSatisfy { $0.label == labels[1] })
    }

    @Test("Every offset of every label has its own job index")
    func jobIndicesAreDistinct() {
        let indices = (0..<3).flatMap { label in
            (0..<InstructionPass.maximumOffsets).map { InstructionPass.Job.index(label, offset: $0) }
        }
        #expect(Set(indices).count == indices.count)
    }

    @Test("Batches take every job once, one offset each, every k-th job in order, none empty")
    func batchesShareTheJobs() {
        let names: [ArchitectureName] = [
            "closure-effects", "effect-values", "local-reducer", "viper-reducer", "effect-objects",
        ]
        let labels = names.map { Self.label($0) }
        let jobs = InstructionPass.Job.all(labels, labels.indices, offsets: 0..<2)
        let perOffset = InstructionPass.Batch.perCPU
        let batches = InstructionPass.Batch.all(jobs, width: 1)
        #expect(
            batches.map(\.addressOffset) == Array(repeating: 0, count: perOffset)
                + Array(repeating: 1, count: perOffset))
        #expect(Set(batches.map(\.number)).count == batches.count)
        #expect(batches.flatMap(\.jobs).map(\.index).sorted() == jobs.map(\.index).sorted())
        #expect(batches[0].jobs.map(\.label) == [labels[0], labels[perOffset]])
        #expect(
            batches.allSatisfy { batch in batch.jobs.allSatisfy { $0.addressOffset == batch.addressOffset } })
        #expect(InstructionPass.Batch.all(Array(jobs.prefix(1)), width: 2).count == 1, "no empty batch")
        #expect(InstructionPass.Batch.orderFile(7) == "case-00007.label")
    }

    @Test(
        "A case that cannot be counted fails its batch's pass with one line",
        .enabled(if: canCountInstructions, "needs valgrind, strip and the bench program on x86_64"))
    func aFailingCaseFailsThePass() async throws {
        let valgrind = try #require(executable("valgrind", environment: ProcessInfo.processInfo.environment))
        let strip = try #require(executable("strip", environment: ProcessInfo.processInfo.environment))
        let program = try #require(benchProgram)
        var label = Self.label("closure-effects")
        label.caseKey.feature = "counter/no-such-intent"
        let error = await #expect(throws: RunFailure.self) {
            try await ChildProcess.withScratchDirectory("instructions", in: InstructionPass.scratchParent) {
                directory throws(RunFailure) in
                try await ChildProcess.run(
                    strip, ["-o", directory.appendingPathComponent("bench").path, program], what: "strip")
                return try await InstructionPass.counts(
                    of: InstructionPass.Job.all([label], [0], offsets: 0..<1), valgrind, directory,
                    InstructionPass.childEnvironment)
            }
        }
        #expect(
            error?.description.contains("valgrind counting 1 cases") == true, "\(String(describing: error))")
    }

    static func label(_ architecture: ArchitectureName) -> InstructionLabel {
        InstructionLabel(
            caseKey: .init(suite: .dispatch, architecture: architecture, feature: "counter/increment"),
            iterations: 1_000)
    }

    /// Counts by job index from each label's counts under its offsets, in label order, and the
    /// part of each in metadata lookups (none when `inLookups` is nil).
    static func counts(_ values: [[Double]], inLookups: [[Double]]? = nil) -> [Int: InstructionPass
        .PerOperation]
    {
        var counts: [Int: InstructionPass.PerOperation] = [:]
        for (label, offsets) in values.enumerated() {
            for (offset, value) in offsets.enumerated() {
                let inLookup = inLookups?[label][offset] ?? 0
                counts[InstructionPass.Job.index(label, offset: offset)] = .init(
                    instructions: value, outsideMetadataLookups: value - inLookup)
            }
        }
        return counts
    }
}
