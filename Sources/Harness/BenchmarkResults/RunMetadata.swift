import Foundation

/// Where and how a run was made, written next to its CSV so numbers are never separated from their
/// machine (docs/reports.md, "The CSV").
public struct RunMetadata: Codable, Equatable, Sendable {
    public var commit: String
    public var swiftVersion: String
    public var operatingSystem: String
    public var cpu: String
    public var cores: Int
    public var configuration: BuildConfiguration
    public var date: String
    public var options: [String]
    /// The seed of the shuffled timing order (with `--best-of`, process k used seed + k - 1); nil in
    /// files written before the order was shuffled.
    public var seed: UInt64?
    /// Where the round trips' threads ran; nil in files written before they were confined, whose
    /// round trips ran on every CPU (``roundTripPlacement``).
    public var roundTrips: RoundTripPlacement?
    /// How many processes shared every timing group's rounds (`--timing-processes`); nil in files
    /// written before the rounds were shared (one process) and in instruction counts.
    public var timingProcesses: Int?
    /// The counters the run could not report, each with the reason (not built in, or failed its
    /// self-check: docs/platforms.md); nil when every counter passed, and in older files.
    public var unavailableCounters: [String: String]?

    /// Where the threads of a run's effect round trips ran while they were timed.
    public enum RoundTripPlacement: String, Codable, Sendable {
        /// Every thread confined to one CPU (the default where the platform allows it).
        case oneCPU = "one-cpu"
        /// Threads free on every CPU (`--all-cpus`, and platforms that cannot confine threads).
        case everyCPU = "every-cpu"

        /// How messages name the placement: "one CPU", "every CPU".
        public var phrase: String {
            switch self {
            case .oneCPU: "one CPU"
            case .everyCPU: "every CPU"
            }
        }
    }

    /// Where the round trips' threads ran, files from before the choice existed included.
    public var roundTripPlacement: RoundTripPlacement { roundTrips ?? .everyCPU }

    public init(
        commit: String,
        swiftVersion: String,
        operatingSystem: String,
        cpu: String,
        cores: Int,
        configuration: BuildConfiguration,
        date: String,
        options: [String],
        seed: UInt64? = nil,
        roundTrips: RoundTripPlacement? = nil
    ) {
        self.commit = commit
        self.swiftVersion = swiftVersion
        self.operatingSystem = operatingSystem
        self.cpu = cpu
        self.cores = cores
        self.configuration = configuration
        self.date = date
        self.options = options
        self.seed = seed
        self.roundTrips = roundTrips
    }

    /// The sidecar path for a CSV path: `results/baseline.csv` -> `results/baseline.meta.json`.
    public static func sidecarPath(forCSV path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let base = url.pathExtension.lowercased() == "csv" ? url.deletingPathExtension() : url
        return base.path + ".meta.json"
    }

    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    public static func decoded(from data: Data) throws -> RunMetadata {
        try JSONDecoder().decode(RunMetadata.self, from: data)
    }
}

extension RunMetadata {
    /// The command that records this run again into `path`, for refreshing a baseline: `program`
    /// and the options the run was recorded with (`bench baseline update`, or `tiny-bench --quick
    /// --filter dispatch,tiny-store --output tiny.csv`), writing to `path` whatever file the run was
    /// first written to. A file without options gets `bench baseline update`.
    public func recordingCommand(program: String, path: String) -> String {
        guard !options.isEmpty else { return "\(program) baseline update" }
        guard options.first != "baseline" else {
            return ([program] + options).map(Self.shellWord).joined(separator: " ")
        }
        // The file to refresh is the one compared, wherever the run was first written.
        var words: [String] = []
        var rest = options[...]
        while let word = rest.popFirst() {
            if word == "--output" {
                rest = rest.dropFirst()
            } else if !word.hasPrefix("--output=") {
                words.append(word)
            }
        }
        return ([program] + words + ["--output", path]).map(Self.shellWord).joined(separator: " ")
    }

    /// `word` as a shell reads it back: as it is when it holds only safe characters, else quoted.
    static func shellWord(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789,._/=:@%+-")
        guard word.isEmpty || !word.allSatisfy(safe.contains) else { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
