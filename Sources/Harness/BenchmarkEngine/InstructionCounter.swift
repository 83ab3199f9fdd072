import CInstructionCounter

/// Instructions per operation, counted by Valgrind's callgrind tool.
///
/// The measuring process runs under `valgrind --tool=callgrind`; the benchmark's measured region
/// zeroes the counters of every thread when it starts and ends with a dump file labelled after the
/// sample, through client requests (see `CInstructionCounter.h`), so it holds what every thread
/// executed meanwhile. As in the
/// allocation pass, a sample of N operations and one of 2N are counted and their difference is
/// divided by N, so whatever a sample does once cancels out. A simulated CPU executes the
/// program, so the count does not depend on load, frequency or other processes.
public enum InstructionCounter {
    /// True when this build has callgrind's client requests (x86_64, not built with BENCH_NO_COUNTERS).
    public static var isBuiltIn: Bool { cac_instructions_are_built_in() }

    /// True when this process runs under Valgrind.
    public static var isUnderValgrind: Bool { cac_running_on_valgrind() }

    /// In a child forked for one case of a batch (`bench __count-instructions --fork-per-case`,
    /// under callgrind), the case's place in the batch; nil in any other process.
    public static var forkedCase: Int? {
        let index = cac_forked_case()
        return index >= 0 ? Int(index) : nil
    }

    /// What one labelled callgrind dump file holds: its label, every instruction it counted, and
    /// how many of them ran inside lookups keyed by type-metadata addresses: in calls into the
    /// ``isMetadataLookupFunction(_:)`` functions from outside them, with all they called.
    public struct Dump: Equatable, Sendable {
        public var label: String
        public var instructions: Int
        public var metadataLookupInstructions: Int

        public init(label: String, instructions: Int, metadataLookupInstructions: Int) {
            self.label = label
            self.instructions = instructions
            self.metadataLookupInstructions = metadataLookupInstructions
        }
    }

    /// The dump a callgrind dump file's text holds (`--dump-instr=no`, one event), or nil when the
    /// text is not a dump made by a labelled client request.
    public static func parseDump(_ text: String) -> Dump? {
        let trigger = "desc: Trigger: Client Request: "
        var label: String?
        var instructions: Int?
        var reader = MetadataLookupCost()
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix(trigger) {
                label = String(line.dropFirst(trigger.count))
            } else if line.hasPrefix("summary: ") || line.hasPrefix("totals: ") {
                instructions = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            } else {
                reader.read(line)
            }
        }
        guard let label, let instructions else { return nil }
        return Dump(label: label, instructions: instructions, metadataLookupInstructions: reader.total)
    }

    /// Whether the function `name` (as callgrind names it) looks something up in a hash table
    /// whose keys hash the addresses of type metadata, which land elsewhere when memory does. How
    /// many slots such a lookup probes, and so what it counts, moves with them, while the rest of
    /// the program's counts do not (docs/measurement.md, "Instructions"). Two kinds:
    ///
    /// - The Swift runtime's type caches: a member of the concurrent hash maps that hold generic
    ///   metadata, witness tables, tuple and existential types and protocol conformances, or the
    ///   comparison of generic metadata keys.
    /// - Hash tables keyed by key paths (Observation's registrar keeps them): standard-library
    ///   generic code specialised for `AnyKeyPath` as its first generic argument, as Swift mangles
    ///   it (`…Fs10AnyKeyPathC_…Tg5…`). A key path's hash includes its class's and its components'
    ///   metadata addresses.
    public static func isMetadataLookupFunction(_ name: Substring) -> Bool {
        name.contains("ConcurrentReadableHashMap<") || name.hasPrefix("swift::MetadataCacheKey::operator==")
            || isKeyPathTableFunction(name)
    }

    /// Whether `name` is a generic specialisation (`Tg5`) whose first generic argument is
    /// `Swift.AnyKeyPath` (`Fs10AnyKeyPathC_`). In the cases measured, all such code is
    /// `Set<AnyKeyPath>` and `[AnyKeyPath: Value]` lookups, inserts and resizes.
    private static func isKeyPathTableFunction(_ name: Substring) -> Bool {
        guard let arguments = name.firstRange(of: "Fs10AnyKeyPathC_") else { return false }
        return name[arguments.upperBound...].contains("Tg5")
    }

    /// Instructions per operation from a sample of `iterations` operations and one of twice as many.
    public static func perOperation(single: Int, double: Int, iterations: Int) -> Double {
        precondition(iterations > 0, "InstructionCounter.perOperation: iterations must be positive")
        return Double(double - single) / Double(iterations)
    }
}

extension Benchmark {
    /// The instruction pass of a benchmark, for a process running under callgrind: a warm-up
    /// sample of `iterations` dumped as `"\(label)|0"` (measured like the others, so that whatever
    /// measuring does the first time happens there), then a sample of `iterations` dumped as
    /// `"\(label)|1"` and one of `2 * iterations` dumped as `"\(label)|2"`. Callgrind counts every
    /// thread while it collects, so count an async benchmark in serial mode
    /// (``AllocationCounter/serially(_:)``), where nothing but its own jobs runs meanwhile.
    public func measureInstructions(
        iterations: Int, label: String, isolation: isolated (any Actor)? = #isolation
    ) async {
        precondition(iterations > 0, "Benchmark.measureInstructions: iterations must be positive")
        for multiple in 0...2 {
            var meter = Meter(mode: .instructions(label: "\(label)|\(multiple)"))
            await runSample(iterations: max(multiple, 1) * iterations, meter: &meter)
        }
    }
}

/// Sums the inclusive cost of the calls into the metadata-lookup functions made from outside them,
/// in a callgrind dump read line by line: `fn=` names the function whose cost lines follow
/// (`(id) name` the first time, `(id)` after), `cfn=` the function the next `calls=` line calls,
/// and the cost line after `calls=` is that call's inclusive cost, callees included. So whatever a
/// lookup runs (comparing keys, building a key of an entry it probes) counts as the lookup's,
/// however that is named. A lookup reached from inside another through a function of neither kind
/// would count twice; none of the cases measured does that (their rows outside the lookups count
/// the same in every address offset, docs/evidence/2026-11-26/instructions.md).
struct MetadataLookupCost {
    private var isLookup: [Substring: Bool] = [:]
    private var inLookup = false
    private var callsLookup = false
    private var readsCallCost = false
    private(set) var total = 0

    mutating func read(_ line: Substring) {
        if line.hasPrefix("fn=") {
            inLookup = name(line.dropFirst(3))
        } else if line.hasPrefix("cfn=") {
            callsLookup = name(line.dropFirst(4))
        } else if line.hasPrefix("calls=") {
            readsCallCost = true
        } else if let first = line.first, first.isNumber || first == "+" || first == "-" || first == "*" {
            defer { readsCallCost = false }
            guard readsCallCost, callsLookup, !inLookup else { return }
            total += line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        }
    }

    /// Whether the function a `fn=` or `cfn=` value names is a metadata-lookup function, remembering
    /// the answer for its compressed id.
    private mutating func name(_ value: Substring) -> Bool {
        guard value.hasPrefix("("), let close = value.firstIndex(of: ")") else {
            return InstructionCounter.isMetadataLookupFunction(value)
        }
        let id = value[...close]
        let rest = value[value.index(after: close)...].drop { $0 == " " }
        if rest.isEmpty { return isLookup[id] ?? false }
        let answer = InstructionCounter.isMetadataLookupFunction(rest)
        isLookup[id] = answer
        return answer
    }
}
