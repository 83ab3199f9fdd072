import CInstructionCounter

/// Instructions per operation, counted by Valgrind's callgrind tool.
///
/// The measuring process runs under `valgrind --tool=callgrind --collect-atstart=no`; the
/// benchmark's measured region switches collection on and off with client requests (see
/// `CInstructionCounter.h`) and ends with a dump file labelled after the sample. As in the
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
    /// The instruction pass of a synchronous benchmark, for a process running under callgrind: one
    /// uncounted warm-up sample of `iterations`, then a counted sample of `iterations` dumped as
    /// `"\(label)|1"` and one of `2 * iterations` dumped as `"\(label)|2"`.
    public func measureInstructions(
        iterations: Int, label: String, isolation: isolated (any Actor)? = #isolation
    ) async {
        precondition(!isAsync, "Benchmark.measureInstructions: only synchronous benchmarks are counted")
        precondition(iterations > 0, "Benchmark.measureInstructions: iterations must be positive")
        await run(iterations: iterations)
        for multiple in 1...2 {
            var meter = Meter(mode: .instructions(label: "\(label)|\(multiple)"))
            await runSample(iterations: multiple * iterations, meter: &meter)
        }
    }
}
