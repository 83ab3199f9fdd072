/// How a run samples its benchmarks.
public struct BenchmarkConfiguration: Sendable, Equatable {
    /// Each sample runs enough iterations to last at least this long (default 1 ms), so clock
    /// overhead and resolution are negligible.
    public var targetSampleDuration: Duration
    /// Rounds run and discarded after batch sizing, before samples are kept (default 3).
    public var warmUpRounds: Int
    /// Samples kept per benchmark, at least (default 30); one per round.
    public var samples: Int
    /// Kept rounds continue, past `samples`, until this much wall time has passed since the first
    /// kept round (default zero: exactly `samples` rounds). On a shared machine, bursts of
    /// contention slow ordinary code for a fraction of a second at a time (docs/measurement.md,
    /// "Rounds spread over 1 s"); a benchmark whose samples all fall inside one burst reports the
    /// burst, so a run spreads every benchmark's samples over a span longer than the bursts, and
    /// its statistics set them aside.
    public var minimumSpan: Duration
    /// Batch sizing stops growing here even if the target duration is not reached (a body the
    /// optimizer reduced to nothing); such results are flagged `reachedIterationLimit`.
    public var maximumIterations: Int
    /// The clock that times samples (default `.monotonic`, wall time). `.threadCPUTime` applies to
    /// synchronous benchmarks only; every result says which clock timed it.
    public var clock: SampleClock
    /// Seeds the shuffle of every round's order (``BenchmarkRunner/roundOrders(count:)``): the same
    /// seed gives the same order.
    public var seed: UInt64
    /// A benchmark of the run that tells calm rounds from disturbed ones (nil: every round counts).
    public var gauge: Gauge?
    /// Which share of a group's rounds this run takes, when several processes time the group
    /// (``RoundShare``): it decides the stack positions of its rounds (default: the whole group).
    public var share: RoundShare = .whole

    /// Creates a configuration; every value has a default.
    public init(
        targetSampleDuration: Duration = .milliseconds(1),
        warmUpRounds: Int = 3,
        samples: Int = 30,
        maximumIterations: Int = 1 << 32,
        clock: SampleClock = .monotonic,
        seed: UInt64 = 0,
        minimumSpan: Duration = .zero,
        gauge: Gauge? = nil
    ) {
        precondition(targetSampleDuration > .zero, "BenchmarkConfiguration: target must be positive")
        precondition(warmUpRounds >= 0 && samples > 0 && maximumIterations > 0, "BenchmarkConfiguration")
        precondition(minimumSpan >= .zero, "BenchmarkConfiguration: the minimum span cannot be negative")
        self.targetSampleDuration = targetSampleDuration
        self.warmUpRounds = warmUpRounds
        self.samples = samples
        self.maximumIterations = maximumIterations
        self.clock = clock
        self.seed = seed
        self.minimumSpan = minimumSpan
        self.gauge = gauge
    }

    /// The most kept rounds a minimum span can ask for: 100 times `samples`, a bound that only a
    /// body far faster than the target duration (one that reached the iteration limit) can meet.
    public var maximumRounds: Int { samples * 100 }

    /// The clock used for `benchmark`: async benchmarks always use the monotonic clock.
    func clock(for benchmark: Benchmark) -> SampleClock {
        benchmark.isAsync ? .monotonic : clock
    }

    var targetNanoseconds: UInt64 {
        let (seconds, attoseconds) = targetSampleDuration.components
        return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }

    /// The stack position of this run's round `round` (``StackAlignment/offset(forRound:)``): the
    /// shares of a group take turns along one sequence of positions, so together they cover the page
    /// as evenly as one process taking all their rounds would.
    func stackOffset(forRound round: Int) -> Int {
        StackAlignment.offset(forRound: round * share.count + share.index)
    }
}

/// One of several processes that each take part of a group's rounds, whose samples are then pooled.
///
/// With address-space randomisation, every process places the heap and the shared libraries anew,
/// and a case can run faster or slower for a whole process because of where its code and data
/// landed (docs/evidence/2026-11-25/measurement.md, "Rounds in several processes"). Spreading a
/// group's rounds over several processes times every case over several such draws, and its low
/// percentile comes from the draws that suit it, as it does for stack positions.
public struct RoundShare: Sendable, Equatable {
    /// This process's share, from 0.
    public var index: Int
    /// How many processes share the rounds.
    public var count: Int

    /// Share `index` of `count`.
    public init(_ index: Int, of count: Int) {
        precondition(count > 0 && (0..<count).contains(index), "RoundShare: \(index) of \(count)")
        self.index = index
        self.count = count
    }

    /// All of a group's rounds, in one process.
    public static let whole = RoundShare(0, of: 1)

    /// The last share: the process that pools the others' samples with its own.
    public var isLast: Bool { index == count - 1 }
}

extension RoundShare: Codable {
    private enum CodingKeys: CodingKey { case index, count }

    /// Decodes a share, refusing one that ``init(_:of:)`` would not make.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let (index, count) = (
            try container.decode(Int.self, forKey: .index), try container.decode(Int.self, forKey: .count)
        )
        guard count > 0, (0..<count).contains(index) else {
            throw DecodingError.dataCorruptedError(
                forKey: .index, in: container, debugDescription: "share \(index) of \(count)")
        }
        self.init(index, of: count)
    }
}

extension BenchmarkConfiguration {
    /// A benchmark timed in every round whose time tells whether the machine ran at its usual speed
    /// during that round.
    ///
    /// On a shared machine, phases of outside contention slow ordinary code, and code that
    /// allocates more than the rest (docs/measurement.md, "Calm rounds";
    /// docs/evidence/2026-11-25/measurement.md, "The machine's speed"). The gauge is ordinary work
    /// with no architecture in it. A round is calm when the gauge's sample is within ``tolerance``
    /// of the fastest gauge sample seen (in this run or, via ``calmest``, before it); only calm
    /// rounds are kept when there are enough of them, and sampling goes on, up to ``maximumSpan``,
    /// until there are.
    public struct Gauge: Sendable, Equatable {
        /// The gauge's position among the benchmarks of the run.
        public var index: Int
        /// A round is calm when the gauge's sample is at most this fraction above the calmest.
        public var tolerance: Double
        /// The gauge's fastest time per operation seen before this run (an earlier group of the same
        /// process), in nanoseconds; nil: only this run's samples count.
        public var calmest: Double?
        /// Sampling stops waiting for calm rounds once kept rounds span this long.
        public var maximumSpan: Duration

        /// The tolerance a gauge has unless told otherwise: 20%.
        public static let defaultTolerance = 0.2

        /// Creates a gauge; the defaults allow ``defaultTolerance`` and wait up to 4 s.
        public init(
            index: Int, tolerance: Double = defaultTolerance, calmest: Double? = nil,
            maximumSpan: Duration = .seconds(4)
        ) {
            precondition(index >= 0 && tolerance > 0, "BenchmarkConfiguration.Gauge")
            self.index = index
            self.tolerance = tolerance
            self.calmest = calmest
            self.maximumSpan = maximumSpan
        }

        /// The positions of the calm rounds among `samples`, the gauge's time per operation in each round.
        public func calmRounds(_ samples: [Double]) -> [Int] {
            let calmest = Swift.min(self.calmest ?? .infinity, samples.min() ?? .infinity)
            return samples.indices.filter { samples[$0] <= calmest * (1 + tolerance) }
        }

        /// `shares` (each one share's results for the benchmarks of one group, in the same order:
        /// ``RoundShare``) with every round marked calm or not (``BenchmarkResult/calmRounds``): calm
        /// when it is calm against the fastest gauge sample of all the shares (or ``calmest`` where
        /// that is faster) and its share marked it calm too. A share's own marks know only its own
        /// process: one that ran wholly in a slow phase found no faster round to judge by and marked
        /// its slow rounds calm; a share whose earlier groups ran faster knows more than the pool.
        public func judging(_ shares: [[BenchmarkResult]]) -> [[BenchmarkResult]] {
            var pooled = self
            pooled.calmest = ([calmest] + shares.map { $0[index].samples.min() }).compactMap { $0 }.min()
            return shares.map { results in
                let gauge = results[index]
                let calm = Set(pooled.calmRounds(gauge.samples))
                let ownMarks = gauge.calmRounds.count == gauge.samples.count ? gauge.calmRounds : nil
                let marks = gauge.samples.indices.map { calm.contains($0) && ownMarks?[$0] != false }
                return results.map { result in
                    var marked = result
                    marked.calmRounds = marks
                    return marked
                }
            }
        }
    }
}

/// The outcome of batch sizing: how many iterations one sample runs.
public struct BatchSize: Sendable, Equatable {
    /// Iterations per sample.
    public let iterations: Int
    /// Duration of the last sizing sample at that count, in nanoseconds (at least the target
    /// unless `reachedIterationLimit`).
    public let sampleNanoseconds: UInt64
    /// True when sizing stopped at `maximumIterations` before reaching the target duration.
    public let reachedIterationLimit: Bool
}

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
    /// Rounds left out of `samples` because the configuration's gauge found them disturbed.
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

/// Runs benchmarks: batch sizing, warm-up, then samples taken interleaved round by round.
///
/// Every round samples each benchmark once, in an order shuffled anew for every round from the
/// configuration's seed, so slow drifts and bursts of machine noise hit all benchmarks alike, and no
/// benchmark always follows the same neighbour (whatever heap or cache state one benchmark leaves
/// behind lands on a different one each round).
public struct BenchmarkRunner: Sendable {
    /// The sampling parameters.
    public var configuration: BenchmarkConfiguration

    /// Creates a runner.
    public init(configuration: BenchmarkConfiguration = BenchmarkConfiguration()) {
        self.configuration = configuration
    }

    /// Finds the iteration count for which one sample lasts at least the target duration.
    ///
    /// Starts at one iteration and grows from the measured time (at most 100x per step) until a
    /// sample reaches the target twice in a row at the same count, or the iteration limit is hit.
    public func batchSize(
        for benchmark: Benchmark,
        isolation: isolated (any Actor)? = #isolation
    ) async -> BatchSize {
        let target = configuration.targetNanoseconds
        let limit = configuration.maximumIterations
        let clock = configuration.clock(for: benchmark)
        var iterations = 1
        var confirming = false
        while true {
            let elapsed = await benchmark.time(iterations: iterations, clock: clock)
            if elapsed >= target {
                if confirming {
                    return BatchSize(
                        iterations: iterations, sampleNanoseconds: elapsed, reachedIterationLimit: false)
                }
                confirming = true
                continue
            }
            if iterations >= limit {
                return BatchSize(
                    iterations: iterations, sampleNanoseconds: elapsed, reachedIterationLimit: true)
            }
            confirming = false
            let estimate: Double =
                elapsed == 0
                ? Double(iterations) * 100 : Double(iterations) * Double(target) / Double(elapsed) * 1.1
            let grown = Swift.min(Swift.max(estimate, Double(iterations) + 1), Double(iterations) * 100)
            iterations = grown >= Double(limit) ? limit : Int(grown)
        }
    }

    /// The order in which the first `rounds` rounds (warm-up rounds first; default: warm-up rounds
    /// plus ``BenchmarkConfiguration/samples``) sample `count` benchmarks: a fresh shuffle of
    /// `0..<count` per round, drawn from ``BenchmarkConfiguration/seed``. A run that goes on to
    /// meet its minimum span continues the same sequence.
    public func roundOrders(count: Int, rounds: Int? = nil) -> [[Int]] {
        var orders = RoundOrders(count: count, seed: configuration.seed)
        let rounds = rounds ?? configuration.warmUpRounds + configuration.samples
        return (0..<rounds).map { _ in orders.next() }
    }

    /// Times `benchmarks` interleaved and returns one result per benchmark, in the given order.
    ///
    /// `progress` hears when a batch size is found, after every tenth of the first
    /// ``BenchmarkConfiguration/samples`` kept rounds, and when sampling ends.
    public func run(
        _ benchmarks: [Benchmark],
        progress: (Progress) -> Void = { _ in },
        isolation: isolated (any Actor)? = #isolation
    ) async -> [BenchmarkResult] {
        guard !benchmarks.isEmpty else { return [] }
        let sizes = await batchSizes(for: benchmarks, progress: progress)
        var orders = RoundOrders(count: benchmarks.count, seed: configuration.seed)
        var discarded = SampleLog(count: benchmarks.count)
        for round in 0..<configuration.warmUpRounds {
            await sampleRound(orders.next(), benchmarks, sizes, at: round, into: &discarded)
        }
        var log = SampleLog(count: benchmarks.count)
        let start = ContinuousClock.now
        var kept = 0
        while needsAnotherRound(kept: kept, calm: calmRounds(in: log).count, since: start) {
            await sampleRound(orders.next(), benchmarks, sizes, at: kept, into: &log)
            kept += 1
            if kept % 10 == 0 && kept <= configuration.samples {
                progress(.roundsKept(kept, of: configuration.samples))
            }
        }
        let calm = calmRounds(in: log)
        // Without a gauge every round is calm, and the loop above kept at least `samples`.
        let disturbed = calm.count < configuration.samples
        // A share hands every round on, marked, and the pool decides (``BenchmarkResult/pooling``).
        let isShare = configuration.share.count > 1
        let used = disturbed || isShare ? log : log.rounds(calm)
        let setAside = kept - (isShare ? calm.count : used.roundCount)
        progress(
            .finished(
                rounds: kept, span: ContinuousClock.now - start, setAside: setAside,
                disturbed: disturbed && !isShare))
        let calmMarks = isShare ? (0..<log.roundCount).map(Set(calm).contains) : []
        return benchmarks.indices.map { index in
            var result = self.result(of: benchmarks[index], sizes[index], samples: used, at: index)
            (result.roundsSetAside, result.wasDisturbed, result.calmRounds) = (setAside, disturbed, calmMarks)
            return result
        }
    }

    /// The batch size of each of `benchmarks`, in order, each reported to `progress` once found.
    private func batchSizes(
        for benchmarks: [Benchmark], progress: (Progress) -> Void,
        isolation: isolated (any Actor)? = #isolation
    ) async -> [BatchSize] {
        var sizes: [BatchSize] = []
        for benchmark in benchmarks {
            let size = await batchSize(for: benchmark)
            progress(.batchSized(benchmark: benchmark.name, iterations: size.iterations))
            sizes.append(size)
        }
        return sizes
    }

    /// The result of `benchmark`, at `index` of the rounds' `samples`, timed in batches of `size`.
    private func result(of benchmark: Benchmark, _ size: BatchSize, samples: SampleLog, at index: Int)
        -> BenchmarkResult
    {
        var result = BenchmarkResult(
            name: benchmark.name,
            iterationsPerSample: size.iterations,
            samples: samples.times[index],
            time: Statistics(samples.times[index])!,
            reachedIterationLimit: size.reachedIterationLimit,
            clock: configuration.clock(for: benchmark),
            processCPUTime: Statistics(samples.processCPU[index]),
            costStatistic: CostStatistic(for: benchmark)
        )
        result.processCPUSamples = samples.processCPU[index]
        return result
    }

    /// The calm rounds of `log` by the configuration's gauge; every round without one.
    private func calmRounds(in log: SampleLog) -> [Int] {
        guard let gauge = configuration.gauge else { return Array(0..<log.roundCount) }
        return gauge.calmRounds(log.times[gauge.index])
    }

    /// Takes one sample of each benchmark, in `order`, the synchronous ones with their stack at
    /// round `round`'s position (``BenchmarkConfiguration/stackOffset(forRound:)``).
    private func sampleRound(
        _ order: [Int], _ benchmarks: [Benchmark], _ sizes: [BatchSize], at round: Int,
        into log: inout SampleLog, isolation: isolated (any Actor)? = #isolation
    ) async {
        let stackOffset = configuration.stackOffset(forRound: round)
        for index in order {
            let iterations = sizes[index].iterations
            let time = await benchmarks[index].sampleTime(
                iterations: iterations, clock: configuration.clock(for: benchmarks[index]),
                stackOffset: stackOffset)
            log.times[index].append(Double(time.elapsed) / Double(iterations))
            if let cpu = time.processCPU { log.processCPU[index].append(Double(cpu) / Double(iterations)) }
        }
    }
}

/// Nanoseconds per operation of every sample taken so far, per benchmark.
struct SampleLog {
    var times: [[Double]]
    /// Process CPU nanoseconds per operation (async benchmarks only).
    var processCPU: [[Double]]

    init(count: Int) {
        times = Array(repeating: [], count: count)
        processCPU = Array(repeating: [], count: count)
    }

    /// The number of rounds logged.
    var roundCount: Int { times.first?.count ?? 0 }

    /// Only the rounds at `positions`.
    func rounds(_ positions: [Int]) -> SampleLog {
        var log = self
        log.times = times.map { samples in positions.map { samples[$0] } }
        log.processCPU = processCPU.map { samples in samples.isEmpty ? [] : positions.map { samples[$0] } }
        return log
    }
}

extension BenchmarkRunner {
    /// Whether sampling goes on after `kept` kept rounds that began at `start`: until
    /// ``BenchmarkConfiguration/samples`` rounds are kept and they span
    /// ``BenchmarkConfiguration/minimumSpan``, but never past
    /// ``BenchmarkConfiguration/maximumRounds``.
    func needsAnotherRound(kept: Int, calm: Int, since start: ContinuousClock.Instant) -> Bool {
        if kept < configuration.samples { return true }
        if kept >= configuration.maximumRounds { return false }
        let span = ContinuousClock.now - start
        if span < configuration.minimumSpan { return true }
        guard let gauge = configuration.gauge else { return false }
        return calm < configuration.samples && span < gauge.maximumSpan
    }
}

/// The endless sequence of round orders a seed gives: each round a fresh shuffle of `0..<count`.
struct RoundOrders {
    let count: Int
    var generator: SeededGenerator

    init(count: Int, seed: UInt64) {
        self.count = count
        generator = SeededGenerator(seed: seed)
    }

    mutating func next() -> [Int] {
        Array(0..<count).shuffled(using: &generator)
    }
}

extension BenchmarkRunner {
    /// What a run reports while it goes.
    public enum Progress: Sendable, Equatable, CustomStringConvertible {
        /// Batch sizing found how many iterations one sample of `benchmark` runs.
        case batchSized(benchmark: String, iterations: Int)
        /// `kept` of the configured `of` samples have been taken, one per round.
        case roundsKept(Int, of: Int)
        /// Sampling ended after `rounds` rounds past the warm-up that took `span` (more rounds than
        /// configured when the minimum span or the gauge asked for them). `setAside` of them were
        /// left out as disturbed, the rest kept (a row's `rounds_set_aside` and `samples`);
        /// `disturbed`: too few were calm, and all were kept.
        case finished(rounds: Int, span: Duration, setAside: Int = 0, disturbed: Bool = false)

        public var description: String {
            switch self {
            case .batchSized(let benchmark, let iterations):
                "\(benchmark): \(iterations) iterations per sample"
            case .roundsKept(let kept, let total): "round \(kept) of \(total)"
            case .finished(let rounds, let span, let setAside, let disturbed):
                "\(rounds) rounds over \(Int((span / .milliseconds(1)).rounded())) ms"
                    + (setAside > 0 ? ", \(setAside) set aside as disturbed" : "")
                    + (disturbed ? ", too few calm: all kept, rows flagged disturbed" : "")
            }
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
