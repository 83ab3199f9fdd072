import BenchmarkRun
import Foundation

/// Makes allocation counts repeatable across processes.
///
/// Swift seeds `Hashable` hashing randomly per process, so a dictionary (for example inside the
/// Observation registrar) can grow at a different moment in two runs of the same build, and the
/// byte counts of a benchmark differ by a few hundred bytes. The runtime reads
/// `SWIFT_DETERMINISTIC_HASHING` once at startup, so `bench` re-executes itself with it set, as the
/// Swift standard library's benchmark suite does.
enum DeterministicHashing {
    static let variable = InstructionPass.deterministicHashing

    /// Returns nil when hashing is deterministic in this process; otherwise re-executes the program
    /// with the variable set (never returning), or returns why it could not.
    static func ensureEnabled(arguments: [String]) -> String? {
        guard ProcessInfo.processInfo.environment[variable] != "1" else { return nil }
        guard let executable = Bundle.main.executablePath else {
            return "cannot find this program's path to re-run it with \(variable)=1; set it yourself"
        }
        setenv(variable, "1", 1)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        execv(executable, argv)
        return
            "cannot re-run \(executable) with \(variable)=1 (\(String(cString: strerror(errno)))); set it yourself"
    }
}
