/// The timing of one benchmark in a run.
public struct BenchmarkResult: Sendable, Equatable {
    /// The benchmark's name.
    public let name: String
    /// Iterations (operations) per sample.
    public let iterationsPerSample: Int
    /// Nanoseconds per operation of each kept sample, in round order (for a share of a group's
    /// rounds, every round, with ``calmRounds`` marking the calm ones).
    public let samples: [Double]
    /// Statistics of `samples` (nanoseconds per operation).
    public let time: Statistics
    /// True when batch sizing hit the iteration limit (the body costs next to nothing).
    public let reachedIterationLimit: Bool
    /// The clock that timed the samples.
    public let clock: SampleClock
    /// For async benchmarks, the process's CPU nanoseconds per operation in each sample's stretch
    /// (all threads), summarised; nil for synchronous ones.
    public let processCPUTime: Statistics?
    /// The statistic of `time` that stands for this benchmark's cost when it is compared: the 10th
    /// percentile for synchronous benchmarks, the median for async ones.
    public let costStatistic: CostStatistic
    /// Rounds left out of `samples` because the sampling parameters' gauge found them disturbed.
    public var roundsSetAside = 0
    /// True when a gauge was given but fewer calm rounds than configured were found within its
    /// maximum span: `samples` then holds every round, disturbed ones included.
    public var wasDisturbed = false
    /// The process's CPU nanoseconds per operation of each kept sample (async benchmarks only),
    /// in round order: what ``processCPUTime`` summarises.
    public var processCPUSamples: [Double] = []
    /// For one share of a group's rounds (``RoundShare``): whether the gauge found each sample's
    /// round calm. A share keeps every round and leaves the choice to ``pooling(_:calmRoundsNeeded:)``;
    /// empty for a whole group, whose `samples` are already the rounds it stands for.
    public var calmRounds: [Bool] = []

    /// The time per operation that stands for this benchmark's cost: `time`'s ``costStatistic``.
    public var cost: Double { costStatistic.value(of: time) }

    /// Cost relative to `reference`'s (for example the in-run reference of the same kind); each
    /// side uses its own ``costStatistic``.
    public func ratio(to reference: BenchmarkResult) -> Double {
        cost / reference.cost
    }

    /// The results of several shares of one benchmark's rounds (``RoundShare``) as one result,
    /// with the calm-round rule applied to the pool: when the shares' calm rounds number at least
    /// `calmRoundsNeeded`, only they are kept; otherwise every round is, and the result is flagged
    /// ``wasDisturbed``, as a whole group's would be. The smallest batch size; the iteration-limit
    /// flag when any share's is set. Nil for no shares, shares of different benchmarks, or a share
    /// whose calm marks do not match its samples.
    public static func pooling(_ shares: [BenchmarkResult], calmRoundsNeeded: Int) -> BenchmarkResult? {
        guard let first = shares.first,
            shares.allSatisfy({
                $0.name == first.name && ($0.calmRounds.isEmpty || $0.calmRounds.count == $0.samples.count)
            })
        else { return nil }
        let marks = shares.flatMap {
            $0.calmRounds.isEmpty ? Array(repeating: true, count: $0.samples.count) : $0.calmRounds
        }
        let allSamples = shares.flatMap(\.samples)
        let allCPU = shares.flatMap(\.processCPUSamples)
        let calmCount = marks.filter { $0 }.count
        let disturbed = calmCount < calmRoundsNeeded
        let keep = { (all: [Double]) in
            disturbed || all.count != marks.count ? all : zip(all, marks).filter(\.1).map(\.0)
        }
        let samples = keep(allSamples)
        guard let time = Statistics(samples) else { return nil }
        let cpuSamples = allCPU.isEmpty ? [] : keep(allCPU)
        var pooled = BenchmarkResult(
            name: first.name, iterationsPerSample: shares.map(\.iterationsPerSample).min()!,
            samples: samples, time: time,
            reachedIterationLimit: shares.contains(where: \.reachedIterationLimit), clock: first.clock,
            processCPUTime: Statistics(cpuSamples), costStatistic: first.costStatistic)
        pooled.processCPUSamples = cpuSamples
        pooled.roundsSetAside = allSamples.count - samples.count
        pooled.wasDisturbed = disturbed
        return pooled
    }
}

/// Which statistic of a benchmark's samples stands for its cost when runs and cases are compared.
///
/// On a shared machine, other tenants only ever add time to a sample: they slow allocation, hashing
/// and calls in phases lasting from a fraction of a second to many seconds
/// (docs/evidence/2026-11-25/measurement.md, "The machine's speed"), and a phase can cover most of
/// a group's samples. A synchronous body does the same work in every sample, so its fastest samples
/// are the ones the machine disturbed least, and a low percentile repeats across processes where
/// the median does not (docs/measurement.md, "Which statistic a comparison uses"). A round trip's
/// samples differ by how the operating system schedules its threads, which is part of what a round
/// trip costs, so round trips keep the median.
public enum CostStatistic: String, Sendable, Equatable, Codable {
    /// The 10th percentile: synchronous benchmarks.
    case p10
    /// The median: effect round trips (async benchmarks).
    case median

    /// The statistic for `benchmark`: the median for an async benchmark, else the 10th percentile.
    public init(for benchmark: Benchmark) {
        self = benchmark.isAsync ? .median : .p10
    }

    /// This statistic of `statistics`.
    public func value(of statistics: Statistics) -> Double {
        switch self {
        case .p10: statistics.p10
        case .median: statistics.median
        }
    }
}

/// A result travels between processes (``RoundShare``) as its raw samples and flags; its
/// statistics are computed again from the samples when it is read.
extension BenchmarkResult: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, iterationsPerSample, samples, reachedIterationLimit, clock, costStatistic
        case processCPUSamples, roundsSetAside, wasDisturbed, calmRounds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let samples = try container.decode([Double].self, forKey: .samples)
        guard let time = Statistics(samples) else {
            throw DecodingError.dataCorruptedError(
                forKey: .samples, in: container, debugDescription: "a result needs at least one sample")
        }
        let cpuSamples = try container.decode([Double].self, forKey: .processCPUSamples)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            iterationsPerSample: try container.decode(Int.self, forKey: .iterationsPerSample),
            samples: samples, time: time,
            reachedIterationLimit: try container.decode(Bool.self, forKey: .reachedIterationLimit),
            clock: try container.decode(SampleClock.self, forKey: .clock),
            processCPUTime: Statistics(cpuSamples),
            costStatistic: try container.decode(CostStatistic.self, forKey: .costStatistic))
        processCPUSamples = cpuSamples
        roundsSetAside = try container.decode(Int.self, forKey: .roundsSetAside)
        wasDisturbed = try container.decode(Bool.self, forKey: .wasDisturbed)
        calmRounds = try container.decode([Bool].self, forKey: .calmRounds)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(iterationsPerSample, forKey: .iterationsPerSample)
        try container.encode(samples, forKey: .samples)
        try container.encode(reachedIterationLimit, forKey: .reachedIterationLimit)
        try container.encode(clock, forKey: .clock)
        try container.encode(costStatistic, forKey: .costStatistic)
        try container.encode(processCPUSamples, forKey: .processCPUSamples)
        try container.encode(roundsSetAside, forKey: .roundsSetAside)
        try container.encode(wasDisturbed, forKey: .wasDisturbed)
        try container.encode(calmRounds, forKey: .calmRounds)
    }
}
