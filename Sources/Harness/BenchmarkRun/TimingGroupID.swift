import BenchmarkEngine
import BenchmarkResults
import BenchmarkSuites

/// Which timing group of a run some samples belong to, the same in every process of the run: the
/// suite, the size, and which of the isolation rule's groups (``SuiteRunner/timingGroups(_:heavy:)``)
/// it is. A heavy case's group is named by its case, so its own process, which times nothing else,
/// names it as the processes that handed it out do.
struct TimingGroupID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Which of a size's groups.
    enum Kind: Hashable, Sendable, Codable {
        /// The synchronous cases of the size, in shared rounds.
        case synchronous
        /// The round trips of the size, in shared rounds of their own.
        case roundTrips
        /// One heavy case, in rounds of its own.
        case alone(ResultRow.CaseKey)
    }

    var suite: Suite
    var n: Int?
    var kind: Kind

    init(suite: Suite, n: Int?, kind: Kind) {
        self.suite = suite
        self.n = n
        self.kind = kind
    }

    var description: String {
        let size = n.map { " n=\($0)" } ?? ""
        switch kind {
        case .synchronous: return "\(suite.rawValue)\(size) synchronous"
        case .roundTrips: return "\(suite.rawValue)\(size) round trips"
        case .alone(let caseKey): return "\(caseKey) alone"
        }
    }
}

/// The results one process took of every timing group it shared with others (``RoundShare``), by
/// group: what an earlier share's process hands on and the last share's pools with its own.
typealias TimingGroupResults = [TimingGroupID: [BenchmarkResult]]
