/// How a run samples its benchmarks.
public struct SamplingParameters: Sendable, Equatable {
    /// Each sample runs enough iterations to last at least this long (default 1 ms), so clock
    /// overhead and resolution are negligible.
    public var targetSampleDuration: Duration
    /// Rounds run and discarded after batch sizing, before samples are kept (default 3).
    public var warmUpRounds: Int
    /// Samples kept per benchmark, at least (default 30); one per round.
    public var sampleCount: Int
    /// Kept rounds continue, past `sampleCount`, until this much wall time has passed since the first
    /// kept round (default zero: exactly `sampleCount` rounds). On a shared machine, bursts of
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

    /// Creates sampling parameters; every value has a default.
    public init(
        targetSampleDuration: Duration = .milliseconds(1),
        warmUpRounds: Int = 3,
        sampleCount: Int = 30,
        maximumIterations: Int = 1 << 32,
        clock: SampleClock = .monotonic,
        seed: UInt64 = 0,
        minimumSpan: Duration = .zero,
        gauge: Gauge? = nil
    ) {
        precondition(targetSampleDuration > .zero, "SamplingParameters: target must be positive")
        precondition(warmUpRounds >= 0 && sampleCount > 0 && maximumIterations > 0, "SamplingParameters")
        precondition(minimumSpan >= .zero, "SamplingParameters: the minimum span cannot be negative")
        self.targetSampleDuration = targetSampleDuration
        self.warmUpRounds = warmUpRounds
        self.sampleCount = sampleCount
        self.maximumIterations = maximumIterations
        self.clock = clock
        self.seed = seed
        self.minimumSpan = minimumSpan
        self.gauge = gauge
    }

    /// The most kept rounds a minimum span can ask for: 100 times `sampleCount`, a bound that only a
    /// body far faster than the target duration (one that reached the iteration limit) can meet.
    public var maximumRounds: Int { sampleCount * 100 }

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

extension SamplingParameters {
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
            precondition(index >= 0 && tolerance > 0, "SamplingParameters.Gauge")
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
