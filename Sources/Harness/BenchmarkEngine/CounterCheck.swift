import CAllocationCounter
import CInstructionCounter

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A counter whose rows `bench` reports only after it has passed its self-check on known work
/// (``CounterCheck``; docs/platforms.md).
public enum MetricCounter: String, CaseIterable, Sendable, Codable, Comparable {
    /// The malloc interposer: mallocs, bytes and retained bytes.
    case allocations
    /// The retain and release forwarders: retains and releases.
    case retains
    /// The task-creation forwarder: tasks.
    case tasks
    /// Callgrind's client requests: instructions (`bench --instructions`).
    case instructions

    public static func < (lhs: MetricCounter, rhs: MetricCounter) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The environment variable that breaks counters on purpose: a comma-separated list of counter
    /// names. A broken counter drops what it should count, so its self-check fails and it is
    /// reported unavailable; for tests, and for seeing the report a failing counter gives.
    public static let breakingVariable = "BENCH_BREAK_COUNTER"

    /// The counters `environment` asks to break; nil, with the name that is not a counter, when the
    /// variable holds something else.
    public static func broken(in environment: [String: String]) -> Result<Set<MetricCounter>, UnknownCounter>
    {
        guard let list = environment[breakingVariable], !list.isEmpty else { return .success([]) }
        var counters: Set<MetricCounter> = []
        for name in list.split(separator: ",") {
            guard let counter = MetricCounter(rawValue: String(name)) else {
                return .failure(UnknownCounter(name: String(name)))
            }
            counters.insert(counter)
        }
        return .success(counters)
    }

    /// A name in ``breakingVariable`` that names no counter.
    public struct UnknownCounter: Error, Equatable {
        public var name: String

        public var description: String {
            "\(MetricCounter.breakingVariable): '\(name)' is not a counter; counters: "
                + MetricCounter.allCases.map(\.rawValue).joined(separator: ", ")
        }
    }

    /// True in a build made with `BENCH_NO_COUNTERS=1` (or `-Xcc -DBENCH_NO_COUNTERS`): every counter is a stub.
    public static var areCompiledOut: Bool { cac_built_without_counters() }

    /// Why this build cannot count with this counter at all.
    var missingReason: String {
        if Self.areCompiledOut { return "this build has no counters (built with BENCH_NO_COUNTERS=1)" }
        return switch self {
        case .allocations: "no malloc interposer on this platform (Linux with glibc only)"
        case .retains, .tasks:
            "no \(self == .tasks ? "task-creation" : "retain and release") forwarder on this platform "
                + "(Linux x86_64 with the Swift runtime linked dynamically only)"
        case .instructions: "no callgrind here (bench --instructions needs Valgrind on x86_64)"
        }
    }

    /// Breaks `counters` in this process from now on (and mends the others): a broken counter drops
    /// the events it should count. Instructions break only in a process started under callgrind.
    public static func breakInThisProcess(_ counters: Set<MetricCounter>) {
        let bits: [(MetricCounter, UInt32)] = [
            (.allocations, UInt32(CAC_BREAK_ALLOCATIONS)), (.retains, UInt32(CAC_BREAK_RETAINS)),
            (.tasks, UInt32(CAC_BREAK_TASKS)),
        ]
        cac_break_counters(bits.filter { counters.contains($0.0) }.reduce(0) { $0 | $1.1 })
        if counters.contains(.instructions) { cac_break_instructions() }
    }
}

/// A counter's self-check: the known work it counted, what that work must give, what it gave, and
/// the verdict. A counter that fails, or that this build or platform does not have, is unavailable:
/// none of its rows are reported.
public struct CounterCheck: Sendable, Equatable, Codable {
    public var counter: MetricCounter
    /// The known work, in words.
    public var work: String
    /// What the work must count, per operation.
    public var expected: String
    /// What it counted, per operation; nil where nothing could be counted.
    public var observed: String?
    /// Why the counter is unavailable; nil when it passed.
    public var problem: String?

    public init(counter: MetricCounter, work: String, expected: String, observed: String?, problem: String?) {
        self.counter = counter
        self.work = work
        self.expected = expected
        self.observed = observed
        self.problem = problem
    }

    /// Whether the counter passed its check, so its rows may be reported.
    public var passed: Bool { problem == nil }

    /// The check of a counter that counted `observed` (figures per operation, in the order of
    /// `wanted`) where it should have counted `wanted`.
    static func judging(
        _ counter: MetricCounter, work: String, wanted: [(name: String, value: Double)], observed: [Double]?
    ) -> CounterCheck {
        let expected = figures(wanted.map(\.value), names: wanted.map(\.name))
        guard let observed else {
            return CounterCheck(
                counter: counter, work: work, expected: expected, observed: nil,
                problem: counter.missingReason)
        }
        let counted = figures(observed, names: wanted.map(\.name))
        let agrees = observed == wanted.map(\.value)
        return CounterCheck(
            counter: counter, work: work, expected: expected, observed: counted,
            problem: agrees ? nil : "its check counted \(counted) per operation where \(expected) is right")
    }

    private static func figures(_ values: [Double], names: [String]) -> String {
        zip(values, names).map { value, name in
            let text = value == value.rounded() ? String(Int(value)) : String(value)
            return "\(text) \(name)"
        }.joined(separator: ", ")
    }
}

/// The self-checks of the counters this process counts with: each counts known work and must find
/// exactly what the work does (docs/platforms.md, "Counters that prove themselves").
public enum CounterChecks {
    /// Operations each check counts (a sample of this many and one of twice as many, differenced).
    static let operations = 200

    /// The checks of the allocation, retain and task counters, run here (instructions are checked
    /// by the instruction pass, under callgrind).
    public static func run(isolation: isolated (any Actor)? = #isolation) async -> [CounterCheck] {
        [await allocations(), await retains(), await tasks()]
    }

    /// `malloc(48)` then `free` per operation: one malloc, 48 bytes, one free.
    static func allocations(isolation: isolated (any Actor)? = #isolation) async -> CounterCheck {
        let work = Benchmark("check-mallocs") { iterations in
            for _ in 0..<iterations {
                let block = malloc(opaque(48))
                blackHole(block)
                free(block)
            }
        }
        let report = await work.measureAllocations(
            iterations: operations, repetitions: 1, scope: .currentThread)
        return CounterCheck.judging(
            .allocations, work: "\(operations) × malloc(48) and free",
            wanted: [("malloc", 1), ("B", 48), ("free", 1)],
            observed: report.map { [$0.allocationsPerOperation, $0.bytesPerOperation, $0.freesPerOperation] })
    }

    /// A struct holding one class instance copied over another: one retain, one release.
    static func retains(isolation: isolated (any Actor)? = #isolation) async -> CounterCheck {
        let report = await ReferenceBenchmarks.copyOneObject.measureAllocations(
            iterations: operations, repetitions: 1, scope: .currentThread)
        let median = report?.median
        let observed = median.flatMap { median in
            median.retainsPerOperation.flatMap { retains in median.releasesPerOperation.map { [retains, $0] }
            }
        }
        return CounterCheck.judging(
            .retains, work: "\(operations) copies of a struct holding one class instance",
            wanted: [("retain", 1), ("release", 1)], observed: observed)
    }

    /// `Task {}` per operation: one task.
    static func tasks(isolation: isolated (any Actor)? = #isolation) async -> CounterCheck {
        let work = Benchmark("check-tasks") { iterations in
            for _ in 0..<iterations { Task {} }
        }
        let report = await work.measureAllocations(
            iterations: operations, repetitions: 1, scope: .currentThread)
        return CounterCheck.judging(
            .tasks, work: "\(operations) × Task {}", wanted: [("task", 1)],
            observed: report?.median.tasksPerOperation.map { [$0] })
    }

    /// The instruction counter's check, from the instruction pass's count of the known loop
    /// (``ReferenceBenchmarks/nineInstructions``); `perOperation` is nil where nothing was counted.
    public static func instructions(perOperation: Double?) -> CounterCheck {
        CounterCheck.judging(
            .instructions, work: "a loop of 9 instructions (cac_nine_instructions) under callgrind",
            wanted: [("instructions", 9)], observed: perOperation.map { [$0] })
    }
}
