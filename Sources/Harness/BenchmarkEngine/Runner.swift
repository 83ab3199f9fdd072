/// Runs benchmarks: batch sizing, warm-up, then samples taken interleaved round by round.
///
/// Every round samples each benchmark once, in an order shuffled anew for every round from the
/// sampling parameters' seed, so slow drifts and bursts of machine noise hit all benchmarks alike, and no
/// benchmark always follows the same neighbour (whatever heap or cache state one benchmark leaves
/// behind lands on a different one each round).
public struct BenchmarkRunner: Sendable {
    /// The sampling parameters.
    public var sampling: SamplingParameters

    /// Creates a runner.
    public init(sampling: SamplingParameters = SamplingParameters()) {
        self.sampling = sampling
    }

    /// Finds the iteration count for which one sample lasts at least the target duration.
    ///
    /// Starts at one iteration and grows from the measured time (at most 100x per step) until a
    /// sample reaches the target twice in a row at the same count, or the iteration limit is hit.
    /// One iteration that lasts ``unconfirmedMultiple`` times the target is not run again to
    /// confirm it: no batch is smaller, and only a second run that many times faster would make it
    /// larger (a layout case at N = 10,000 takes 100 ms, and its process runs it a dozen times).
    public func batchSize(
        for benchmark: Benchmark,
        isolation: isolated (any Actor)? = #isolation
    ) async -> BatchSize {
        let target = sampling.targetNanoseconds
        let limit = sampling.maximumIterations
        let clock = sampling.clock(for: benchmark)
        var iterations = 1
        var confirming = false
        while true {
            let elapsed = await benchmark.time(iterations: iterations, clock: clock)
            if elapsed >= target {
                if confirming || (iterations == 1 && elapsed >= target * Self.unconfirmedMultiple) {
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

    /// How many times the target one iteration must last for batch sizing to take it unconfirmed.
    public static let unconfirmedMultiple: UInt64 = 10

    /// The order in which the first `rounds` rounds (warm-up rounds first; default: warm-up rounds
    /// plus ``SamplingParameters/samples``) sample `count` benchmarks: a fresh shuffle of
    /// `0..<count` per round, drawn from ``SamplingParameters/seed``. A run that goes on to
    /// meet its minimum span continues the same sequence.
    public func roundOrders(count: Int, rounds: Int? = nil) -> [[Int]] {
        var orders = RoundOrders(count: count, seed: sampling.seed)
        let rounds = rounds ?? sampling.warmUpRounds + sampling.sampleCount
        return (0..<rounds).map { _ in orders.next() }
    }

    /// Times `benchmarks` interleaved and returns one result per benchmark, in the given order.
    ///
    /// `progress` hears when a batch size is found, after every tenth of the first
    /// ``SamplingParameters/samples`` kept rounds, and when sampling ends.
    public func run(
        _ benchmarks: [Benchmark],
        progress: (Progress) -> Void = { _ in },
        isolation: isolated (any Actor)? = #isolation
    ) async -> [BenchmarkResult] {
        guard !benchmarks.isEmpty else { return [] }
        let sizes = await batchSizes(for: benchmarks, progress: progress)
        var orders = RoundOrders(count: benchmarks.count, seed: sampling.seed)
        var discarded = SampleLog(count: benchmarks.count)
        for round in 0..<sampling.warmUpRounds {
            await sampleRound(orders.next(), benchmarks, sizes, at: round, into: &discarded)
        }
        var log = SampleLog(count: benchmarks.count)
        let start = ContinuousClock.now
        var kept = 0
        while needsAnotherRound(kept: kept, calm: calmRounds(in: log).count, since: start) {
            await sampleRound(orders.next(), benchmarks, sizes, at: kept, into: &log)
            kept += 1
            if kept % 10 == 0 && kept <= sampling.sampleCount {
                progress(.roundsKept(kept, of: sampling.sampleCount))
            }
        }
        let calm = calmRounds(in: log)
        // Without a gauge every round is calm, and the loop above kept at least `samples`.
        let disturbed = calm.count < sampling.sampleCount
        // A share hands every round on, marked, and the pool decides (``BenchmarkResult/pooling``).
        let isShare = sampling.share.count > 1
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
            clock: sampling.clock(for: benchmark),
            processCPUTime: Statistics(samples.processCPU[index]),
            costStatistic: CostStatistic(for: benchmark)
        )
        result.processCPUSamples = samples.processCPU[index]
        return result
    }

    /// The calm rounds of `log` by the sampling parameters' gauge; every round without one.
    private func calmRounds(in log: SampleLog) -> [Int] {
        guard let gauge = sampling.gauge else { return Array(0..<log.roundCount) }
        return gauge.calmRounds(log.times[gauge.index])
    }

    /// Takes one sample of each benchmark, in `order`, the synchronous ones with their stack at
    /// round `round`'s position (``SamplingParameters/stackOffset(forRound:)``).
    private func sampleRound(
        _ order: [Int], _ benchmarks: [Benchmark], _ sizes: [BatchSize], at round: Int,
        into log: inout SampleLog, isolation: isolated (any Actor)? = #isolation
    ) async {
        let stackOffset = sampling.stackOffset(forRound: round)
        for index in order {
            let iterations = sizes[index].iterations
            let time = await benchmarks[index].sampleTime(
                iterations: iterations, clock: sampling.clock(for: benchmarks[index]),
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
    /// ``SamplingParameters/samples`` rounds are kept and they span
    /// ``SamplingParameters/minimumSpan``, but never past
    /// ``SamplingParameters/maximumRounds``.
    func needsAnotherRound(kept: Int, calm: Int, since start: ContinuousClock.Instant) -> Bool {
        if kept < sampling.sampleCount { return true }
        if kept >= sampling.maximumRounds { return false }
        let span = ContinuousClock.now - start
        if span < sampling.minimumSpan { return true }
        guard let gauge = sampling.gauge else { return false }
        return calm < sampling.sampleCount && span < gauge.maximumSpan
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
