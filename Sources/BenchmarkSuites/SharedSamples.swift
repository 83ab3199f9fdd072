import BenchmarkEngine
import BenchmarkReport

/// The results one process took of every timing group it shared with others (``RoundShare``), by
/// group: what an earlier share's process writes and the last share's pools with its own.
public typealias SharedSamples = [String: [BenchmarkResult]]

extension SharedSamples {
    /// The key of a suite's timing group: the suite, its size (`-` for none) and the group's
    /// position among the size's groups, which every share forms alike from the same cases.
    static func key(_ suite: Suite, n: Int?, group: Int) -> String {
        "\(suite.rawValue) n=\(n.map(String.init) ?? "-") group=\(group)"
    }
}
