import BenchmarkEngine
import BenchmarkResults
import BenchmarkSuites
import Foundation

/// Why a run stopped before it had all its rows, in one line: a process that failed (a heavy
/// case's, a timing share's, Valgrind), a message that could not be read or written, shares that
/// did not time the same benchmarks.
public struct RunFailure: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// What a run asks of every process that takes part in it: which cases, how big, which seed.
public struct RunRequest: Sendable, Equatable, Codable {
    public var selector: CaseSelector
    public var size: RunSize
    /// Seeds the shuffled order of every timing round.
    public var seed: UInt64
    /// Whether round trips are timed with every thread on one CPU (``SuiteRunner/confinesRoundTrips``).
    public var confinesRoundTrips = true
    /// How many whole runs, each in a process of its own, the rows are merged from (``MedianProcess``).
    public var bestOf = 1
    /// Under how many address offsets the instruction pass counts each case
    /// (``InstructionPass/valgrindArguments(offset:)``): 1 counts the offset every run counts.
    public var addressOffsets = 1

    public init(selector: CaseSelector, size: RunSize, seed: UInt64) {
        self.selector = selector
        self.size = size
        self.seed = seed
    }
}

/// What the parent of a timing process asks of it: time `request`'s cases, with `counts` standing in
/// for this run's counts, taking `share` of every group's rounds. The last share pools the
/// `earlierShares`' samples with its own and replies with rows; an earlier one replies with its
/// samples. A heavy case's own process (`timesHeavyCasesItself`) times every case in itself.
struct TimingOrder: Sendable, Codable {
    var request: RunRequest
    var counts: [ResultRow]
    var share: RoundShare
    var earlierShares: [TimingGroupResults] = []
    var timesHeavyCasesItself = false
}

/// What a process of a run replies with.
enum Reply: Sendable, Codable {
    /// Measured rows (never derived ones: the run's owner derives them once, from all of them).
    case rows([ResultRow])
    /// The results an earlier share took of each timing group, heavy cases' included.
    case timingResults(TimingGroupResults)
}

/// The files the processes of one run exchange: one JSON message each, `{"version": …, "body": …}`.
///
/// Parent and children are the same program, so the version only ever differs for a file left by
/// another build, which is refused in one line rather than misread.
enum Message {
    /// The version of every message this build writes and the only one it reads.
    static let version = 1

    private struct Envelope<Body: Codable>: Codable {
        var version: Int
        var body: Body
    }

    private struct Version: Decodable {
        var version: Int
    }

    /// Writes `body` to `path`.
    static func write<Body: Codable>(_ body: Body, to path: String) throws(RunFailure) {
        do {
            let encoder = JSONEncoder()
            encoder.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            try encoder.encode(Envelope(version: version, body: body)).write(to: URL(fileURLWithPath: path))
        } catch {
            throw RunFailure("cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// The body of the message at `path`, which must be this version's.
    static func read<Body: Codable>(_ type: Body.Type, from path: String) throws(RunFailure) -> Body {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let data: Data
        let found: Int
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
            found = try decoder.decode(Version.self, from: data).version
        } catch {
            throw RunFailure("cannot read the message \(path): \(error.localizedDescription)")
        }
        guard found == version else {
            throw RunFailure("\(path) is a version \(found) message; this bench reads version \(version)")
        }
        do {
            return try decoder.decode(Envelope<Body>.self, from: data).body
        } catch {
            throw RunFailure("cannot read the message \(path): \(error.localizedDescription)")
        }
    }
}
