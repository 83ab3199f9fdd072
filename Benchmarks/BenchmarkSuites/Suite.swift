import BenchmarkEngine
import BenchmarkResults

extension Suite {
    /// One line on what one operation of the suite is.
    public var summary: String {
        switch self {
        case .reference: "reference operations every time ratio is computed against"
        case .dispatch: "one synchronous intent through the native API"
        case .dispatchAdapter: "the same intents through the shared FeatureDriver adapter"
        case .effects: "one full effect round trip, awaited until settled"
        case .layout: "one intent to one of N counters or a no-op, three layouts, one observer per counter"
        case .stateCopy: "one intent or one completed transfer on a transfer state holding N accounts"
        case .retention: "10,000 effects run and settled: bytes still held per effect"
        }
    }
}

/// The feature groups a filter can name; a benchmark's feature column starts with one of them.
public enum FeatureGroup: String, CaseIterable, Sendable {
    case counter
    case transfer
    case app
    case reference
}

/// How big a run is: the full run of `bench`, or the CI-sized `--quick` one.
public struct RunSize: Sendable, Equatable, Codable {
    public var sampleCount: Int
    public var warmUpRounds: Int
    public var targetSampleDuration: Duration
    /// The wall time over which each timing group's kept samples are spread, at least
    /// (``SamplingParameters/minimumSpan``): longer than the bursts in which a shared machine
    /// runs ordinary code slowly, so that a case's statistics do not depend on whether it ran inside one.
    public var minimumSpan: Duration
    /// How many effects the retention suite runs per architecture.
    public var retentionEffects: Int
    /// How many processes time the run, each taking an equal share of every group's rounds, whose
    /// samples are then pooled (``RoundShare``; docs/measurement.md, "Rounds in several processes").
    public var timingProcesses: Int
    /// At most this many operations in each counted window of a synchronous case, its warm-up
    /// included; nil: the case's own ``BenchmarkCase/allocationIterations``. Only ``smoke`` sets it:
    /// a synchronous count holds its thread, the main actor, for the whole window, which the tests
    /// of every store wait for.
    public var synchronousCountedOperationsLimit: Int?
    /// How many times the allocation pass counts each round trip on real threads, its N and 2N
    /// windows each time.
    ///
    /// What a round trip allocates on real threads can depend on how they interleave, so a run
    /// counts it 3 times and its rows carry the median and spread. Serial mode, where the counts
    /// repeat exactly, counts once whatever this says (``SuiteRunner/roundTripRepetitions``). Only
    /// ``smoke`` counts once: the 2,000 round trips a case takes otherwise made the effects suite
    /// the last test to finish.
    public var interleavedRoundTripCountRepetitions: Int

    public init(
        sampleCount: Int, warmUpRounds: Int, targetSampleDuration: Duration, retentionEffects: Int,
        minimumSpan: Duration = .zero, synchronousCountedOperationsLimit: Int? = nil,
        interleavedRoundTripCountRepetitions: Int = 3, timingProcesses: Int = 1
    ) {
        precondition(timingProcesses > 0, "RunSize: timingProcesses must be positive")
        self.sampleCount = sampleCount
        self.warmUpRounds = warmUpRounds
        self.targetSampleDuration = targetSampleDuration
        self.retentionEffects = retentionEffects
        self.minimumSpan = minimumSpan
        self.synchronousCountedOperationsLimit = synchronousCountedOperationsLimit
        self.interleavedRoundTripCountRepetitions = interleavedRoundTripCountRepetitions
        self.timingProcesses = timingProcesses
    }

    /// The default run: one warm-up round, then at least 25 samples of at least 1 ms each, spread
    /// over at least 1 s, taken in three processes.
    public static let full = RunSize(
        sampleCount: 25, warmUpRounds: 1, targetSampleDuration: .milliseconds(1), retentionEffects: 10_000,
        minimumSpan: .seconds(1), timingProcesses: 3)

    /// The CI-sized run: at least 7 samples of at least 0.5 ms each, spread over at least 0.25 s,
    /// in one process (CI takes the best of three such runs); 4,000 effects per retention figure
    /// (enough to tell a store that keeps its tasks from one that forgets them:
    /// docs/evidence/2026-11-25/gate.md, "Other counts"); the same rows as a full run.
    public static let quick = RunSize(
        sampleCount: 7, warmUpRounds: 1, targetSampleDuration: .microseconds(500), retentionEffects: 4_000,
        minimumSpan: .milliseconds(250))

    /// What one of several processes sharing every group's rounds takes: its share of the samples
    /// (rounded up) over its share of the span; warm-up and batch sizes as in a whole run.
    public func sharing(_ share: RoundShare) -> RunSize {
        var size = self
        size.sampleCount = (sampleCount + share.count - 1) / share.count
        size.minimumSpan = minimumSpan / share.count
        return size
    }

    /// The gauge of a timing group whose ordinary-work reference is at `index`, with the calmest
    /// time it had in earlier groups: a round counts when that reference ran within 20% of its
    /// calmest, and sampling waits for enough such rounds for up to four minimum spans.
    public func gauge(at index: Int, calmest: Double?) -> SamplingParameters.Gauge {
        SamplingParameters.Gauge(
            index: index, calmest: calmest, maximumSpan: minimumSpan * 4)
    }

    /// A tiny run for tests: numbers are meaningless, every row is produced. Synchronous cases are
    /// counted over 10 operations, not their 1,000: in a debug build the full windows held the main
    /// actor for seconds at a time. Round trips keep their windows (counted on every thread of a
    /// test process, what other tests allocate meanwhile must average out over enough round trips)
    /// but are counted once, not three times.
    public static let smoke = RunSize(
        sampleCount: 3,
        warmUpRounds: 0,
        targetSampleDuration: .microseconds(20),
        retentionEffects: 50,
        synchronousCountedOperationsLimit: 10,
        interleavedRoundTripCountRepetitions: 1
    )
}
