/// How a run samples its benchmarks.
public struct BenchmarkConfiguration: Sendable, Equatable {
    /// Each sample runs enough iterations to last at least this long (default 1 ms), so clock
    /// overhead and resolution are negligible.
    public var targetSampleDuration: Duration
    /// Rounds run and discarded after batch sizing, before samples are kept (default 3).
    public var warmUpRounds: Int
    /// Samples kept per benchmark (default 30); one per round.
    public var samples: Int
    /// Batch sizing stops growing here even if the target duration is not reached (a body the
    /// optimizer reduced to nothing); such results are flagged `reachedIterationLimit`.
    public var maximumIterations: Int
    /// The clock that times samples (default `.monotonic`, wall time). `.threadCPUTime` applies to
    /// synchronous benchmarks only; every result says which clock timed it.
    public var clock: SampleClock
    /// Seeds the shuffle of every round's order (``BenchmarkRunner/roundOrders(count:)``): the same
    /// seed gives the same order.
    public var seed: UInt64

    /// Creates a configuration; every value has a default.
    public init(
        targetSampleDuration: Duration = .milliseconds(1),
        warmUpRounds: Int = 3,
        samples: Int = 30,
        maximumIterations: Int = 1 << 32,
        clock: SampleClock = .monotonic,
        seed: UInt64 = 0
    ) {
        precondition(targetSampleDuration > .zero, "BenchmarkConfiguration: target must be positive")
        precondition(warmUpRounds >= 0 && samples > 0 && maximumIterations > 0, "BenchmarkConfiguration")
        self.targetSampleDuration = targetSampleDuration
        self.warmUpRounds = warmUpRounds
        self.samples = samples
        self.maximumIterations = maximumIterations
        self.clock = clock
        self.seed = seed
    }

    /// The clock used for `benchmark`: async benchmarks always use the monotonic clock.
    func clock(for benchmark: Benchmark) -> SampleClock {
        benchmark.isAsync ? .monotonic : clock
    }

    var targetNanoseconds: UInt64 {
        let (seconds, attoseconds) = targetSampleDuration.components
        return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
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
    /// Nanoseconds per operation of each kept sample, in round order.
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

    /// Median time per operation relative to `reference`'s (for example the in-run baseline).
    public func ratio(to reference: BenchmarkResult) -> Double {
        time.median / reference.time.median
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

    /// The order in which each round (warm-up rounds first) samples `count` benchmarks: a fresh
    /// shuffle of `0..<count` per round, drawn from ``BenchmarkConfiguration/seed``.
    public func roundOrders(count: Int) -> [[Int]] {
        var generator = SeededGenerator(seed: configuration.seed)
        let rounds = configuration.warmUpRounds + configuration.samples
        return (0..<rounds).map { _ in Array(0..<count).shuffled(using: &generator) }
    }

    /// Times `benchmarks` interleaved and returns one result per benchmark, in the given order.
    ///
    /// `progress` hears when a batch size is found and after every tenth kept round.
    public func run(
        _ benchmarks: [Benchmark],
        progress: (Progress) -> Void = { _ in },
        isolation: isolated (any Actor)? = #isolation
    ) async -> [BenchmarkResult] {
        guard !benchmarks.isEmpty else { return [] }
        var sizes: [BatchSize] = []
        for benchmark in benchmarks {
            let size = await batchSize(for: benchmark)
            progress(.batchSized(benchmark: benchmark.name, iterations: size.iterations))
            sizes.append(size)
        }
        var samples = Array(repeating: [Double](), count: benchmarks.count)
        var cpuSamples = Array(repeating: [Double](), count: benchmarks.count)
        for (round, order) in roundOrders(count: benchmarks.count).enumerated() {
            let keep = round >= configuration.warmUpRounds
            for index in order {
                let iterations = sizes[index].iterations
                let time = await benchmarks[index].sampleTime(
                    iterations: iterations, clock: configuration.clock(for: benchmarks[index]))
                guard keep else { continue }
                samples[index].append(Double(time.elapsed) / Double(iterations))
                if let cpu = time.processCPU { cpuSamples[index].append(Double(cpu) / Double(iterations)) }
            }
            if keep && (round - configuration.warmUpRounds + 1) % 10 == 0 {
                progress(.roundsKept(round - configuration.warmUpRounds + 1, of: configuration.samples))
            }
        }
        return benchmarks.indices.map { index in
            BenchmarkResult(
                name: benchmarks[index].name,
                iterationsPerSample: sizes[index].iterations,
                samples: samples[index],
                time: Statistics(samples[index])!,
                reachedIterationLimit: sizes[index].reachedIterationLimit,
                clock: configuration.clock(for: benchmarks[index]),
                processCPUTime: Statistics(cpuSamples[index])
            )
        }
    }
}

extension BenchmarkRunner {
    /// What a run reports while it goes.
    public enum Progress: Sendable, Equatable, CustomStringConvertible {
        /// Batch sizing found how many iterations one sample of `benchmark` runs.
        case batchSized(benchmark: String, iterations: Int)
        /// `kept` of `of` rounds have been sampled.
        case roundsKept(Int, of: Int)

        public var description: String {
            switch self {
            case .batchSized(let benchmark, let iterations):
                "\(benchmark): \(iterations) iterations per sample"
            case .roundsKept(let kept, let total): "round \(kept) of \(total)"
            }
        }
    }
}
