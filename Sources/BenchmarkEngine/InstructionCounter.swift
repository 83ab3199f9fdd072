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
    /// True when this process runs under Valgrind.
    public static var isUnderValgrind: Bool { cac_running_on_valgrind() }

    /// The label and the instruction count of one callgrind dump file (`--dump-instr=no`), or nil
    /// when the text is not a dump made by a labelled client request.
    public static func parseDump(_ text: String) -> (label: String, instructions: Int)? {
        let trigger = "desc: Trigger: Client Request: "
        var label: String?
        var instructions: Int?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix(trigger) {
                label = String(line.dropFirst(trigger.count))
            } else if line.hasPrefix("summary: ") || line.hasPrefix("totals: ") {
                instructions = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            }
        }
        guard let label, let instructions else { return nil }
        return (label, instructions)
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
