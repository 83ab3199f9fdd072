import CInstructionCounter

/// One measurable operation, written so the harness costs one call per sample, not per operation.
///
/// The body receives an iteration count and runs the loop itself, so the measured operation is
/// compiled (and usually inlined) into the body's own loop:
///
/// ```swift
/// Benchmark("counter/increment") { iterations in
///     var state = CounterState()
///     for _ in 0..<iterations { state.count &+= 1 }
///     blackHole(state)
/// }
/// ```
///
/// Per-run setup can go inside the body (it is then amortised over the batch) or, to keep it out
/// of both time and allocation counts, in `setUp`. Closures need not be `Sendable`: benchmarks are
/// run in the isolation of the code that runs them (for example on the main actor).
public struct Benchmark {
    /// The name printed in results.
    public let name: String
    @usableFromInline let sample: Sample

    /// The body wrapped with the meter calls around the measured part.
    @usableFromInline
    enum Sample {
        case sync((_ iterations: Int, _ meter: inout Meter) -> Void)
        case async(AsyncSample)
    }

    @usableFromInline
    typealias AsyncSample = nonisolated(nonsending) (_ iterations: Int, _ meter: inout Meter) async -> Void

    /// True when the body is async.
    public var isAsync: Bool {
        if case .async = sample { return true }
        return false
    }

    @usableFromInline
    init(name: String, sample: Sample) {
        self.name = name
        self.sample = sample
    }

    /// A synchronous benchmark: `body(iterations)` performs the operation `iterations` times.
    @inlinable
    public init(_ name: String, _ body: @escaping (_ iterations: Int) -> Void) {
        self.init(
            name: name,
            sample: .sync { iterations, meter in
                meter.start()
                body(iterations)
                meter.stop()
            }
        )
    }

    /// An async benchmark: `body(iterations)` performs the operation `iterations` times.
    @inlinable
    public init(_ name: String, _ body: nonisolated(nonsending) @escaping (_ iterations: Int) async -> Void) {
        self.init(
            name: name,
            sample: .async { iterations, meter in
                meter.start()
                await body(iterations)
                meter.stop()
            }
        )
    }

    /// A synchronous benchmark with per-sample state: `setUp` runs before every sample, outside
    /// the measured part; `run(&state, iterations)` is measured.
    @inlinable
    public init<State>(
        _ name: String,
        setUp: @escaping () -> State,
        run: @escaping (_ state: inout State, _ iterations: Int) -> Void
    ) {
        self.init(
            name: name,
            sample: .sync { iterations, meter in
                var state = setUp()
                meter.start()
                run(&state, iterations)
                meter.stop()
                blackHole(state)
            }
        )
    }

    /// An async benchmark with per-sample state: `setUp` runs before every sample, outside the
    /// measured part; `run(&state, iterations)` is measured.
    @inlinable
    public init<State>(
        _ name: String,
        setUpAsync setUp: nonisolated(nonsending) @escaping () async -> State,
        run: nonisolated(nonsending) @escaping (_ state: inout State, _ iterations: Int) async -> Void
    ) {
        self.init(
            name: name,
            sample: .async { iterations, meter in
                var state = await setUp()
                meter.start()
                await run(&state, iterations)
                meter.stop()
                blackHole(state)
            }
        )
    }

    /// An async benchmark whose every operation needs unmeasured preparation: `setUp(iterations)`
    /// builds a fresh state before every sample; then, for each operation, `prepare(&state, index)`
    /// runs outside the meter and `operation(&state)` inside it, so time and counts cover only the
    /// operations (for example a transfer's submit, without the account selection before it).
    @inlinable
    public init<State>(
        _ name: String,
        setUp: nonisolated(nonsending) @escaping (_ iterations: Int) async -> State,
        prepare: @escaping (_ state: inout State, _ index: Int) -> Void,
        operation: nonisolated(nonsending) @escaping (_ state: inout State) async -> Void
    ) {
        self.init(
            name: name,
            sample: .async { iterations, meter in
                var state = await setUp(iterations)
                meter.start()
                for index in 0..<iterations {
                    meter.pause()
                    prepare(&state, index)
                    meter.resume()
                    await operation(&state)
                }
                meter.stop()
                blackHole(state)
            }
        )
    }

    /// Runs one sample of `iterations` operations with `meter` around the measured part; a
    /// synchronous body runs with its stack at `stackOffset` within the page when one is given
    /// (``StackAlignment``).
    @usableFromInline
    func runSample(
        iterations: Int,
        meter: inout Meter,
        stackOffset: Int? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        switch sample {
        case .sync(let body):
            if let stackOffset {
                StackAlignment.withOffset(stackOffset) { body(iterations, &meter) }
            } else {
                body(iterations, &meter)
            }
        case .async(let body):
            await body(iterations, &meter)
        }
    }

    /// Runs one sample of `iterations` operations without measuring it: what a test calls before
    /// checking that the body did its work.
    public func run(iterations: Int, isolation: isolated (any Actor)? = #isolation) async {
        var meter = Meter(mode: .time(.monotonic))
        await runSample(iterations: iterations, meter: &meter)
    }

    /// Nanoseconds taken by one sample of `iterations` operations on `clock`.
    func time(
        iterations: Int,
        clock: SampleClock = .monotonic,
        isolation: isolated (any Actor)? = #isolation
    ) async -> UInt64 {
        await sampleTime(iterations: iterations, clock: clock).elapsed
    }

    /// One sample of `iterations` operations: nanoseconds on `clock` and, for async benchmarks, the
    /// CPU time every thread of the process spent meanwhile (an async operation's work is spread
    /// over threads, and time spent waiting for a thread to wake counts in `elapsed` only).
    /// `stackOffset` places a synchronous body's stack (``StackAlignment``).
    func sampleTime(
        iterations: Int,
        clock: SampleClock = .monotonic,
        stackOffset: Int? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async -> SampleTime {
        var meter = Meter(mode: .time(clock), readsProcessCPUTime: isAsync)
        await runSample(iterations: iterations, meter: &meter, stackOffset: stackOffset)
        return SampleTime(elapsed: meter.elapsedNanoseconds, processCPU: meter.processCPUNanoseconds)
    }

    /// The allocation pass: heap activity per operation, measured apart from timing.
    ///
    /// Runs one sample of `warmUpIterations` (default: `iterations`) as a warm-up (counted and
    /// discarded); then, `repetitions` times, counts a sample of `iterations` and one of
    /// `2 * iterations` and takes their difference, so whatever a sample does once (setup inside
    /// the body, first-use runtime work) cancels out and only the per-operation cost remains. With
    /// `.allThreads` each window waits for the counters to go quiet before it closes (see
    /// `AllocationCounter`).
    ///
    /// Synchronous work gives identical repetitions. Work spread over threads may not: whether an
    /// `await` suspends (and so allocates) depends on timing. The report keeps every repetition
    /// and says whether they agree. Returns nil when counting is unavailable on this platform.
    /// `scope` `.currentThread` is only allowed for synchronous benchmarks.
    public func measureAllocations(
        iterations: Int = 1000,
        repetitions: Int = 3,
        warmUpIterations: Int? = nil,
        scope: AllocationCounter.Scope = .allThreads,
        isolation: isolated (any Actor)? = #isolation
    ) async -> AllocationReport? {
        precondition(
            iterations > 0 && repetitions > 0 && (warmUpIterations ?? 1) > 0,
            "Benchmark.measureAllocations: counts must be positive")
        precondition(
            scope == .allThreads || !isAsync,
            "Benchmark.measureAllocations: an async benchmark can hop threads; count all threads"
        )
        guard AllocationCounter.isAvailable else { return nil }
        var warmUp = Meter(mode: .allocations(scope))
        await runSample(iterations: warmUpIterations ?? iterations, meter: &warmUp)
        var measurements: [AllocationMeasurement] = []
        for _ in 0..<repetitions {
            var single = Meter(mode: .allocations(scope))
            await runSample(iterations: iterations, meter: &single)
            var double = Meter(mode: .allocations(scope))
            await runSample(iterations: 2 * iterations, meter: &double)
            guard let once = single.counts, let twice = double.counts else { return nil }
            measurements.append(
                AllocationMeasurement(iterations: iterations, totals: twice.subtracting(once)))
        }
        return AllocationReport(measurements: measurements)
    }
}

/// Measures the part of a sample between `start()` and `stop()`: time, or heap activity. Work
/// between `pause()` and `resume()` (synchronous, on the calling thread) is left out of both.
@usableFromInline
struct Meter {
    @usableFromInline
    enum Mode {
        case time(SampleClock)
        case allocations(AllocationCounter.Scope)
        /// Callgrind collects between start and stop and dumps its counts under `label`.
        case instructions(label: String)
    }

    @usableFromInline let mode: Mode
    @usableFromInline let readsProcessCPUTime: Bool
    @usableFromInline var startNanoseconds: UInt64 = 0
    @usableFromInline var elapsedNanoseconds: UInt64 = 0
    @usableFromInline var processCPUStart: UInt64 = 0
    @usableFromInline var processCPUNanoseconds: UInt64?
    @usableFromInline var countsBefore: AllocationCounts?
    @usableFromInline var pausedAt: AllocationCounts?
    @usableFromInline var excluded: AllocationCounts?
    @usableFromInline var counts: AllocationCounts?

    @usableFromInline
    init(mode: Mode, readsProcessCPUTime: Bool = false) {
        self.mode = mode
        self.readsProcessCPUTime = readsProcessCPUTime
    }

    @usableFromInline
    mutating func start() {
        switch mode {
        case .time:
            resumeClock()
        case .allocations(let scope):
            countsBefore = AllocationCounter.open(scope)
        case .instructions:
            cac_instructions_start()
        }
    }

    @usableFromInline
    mutating func stop() {
        switch mode {
        case .time:
            pauseClock()
        case .allocations(let scope):
            let after = AllocationCounter.close(scope)
            counts = countsBefore.map { before in
                let total = after.subtracting(before)
                return excluded.map { total.subtracting($0) } ?? total
            }
        case .instructions(let label):
            cac_instructions_stop(label)
        }
    }

    /// Stops measuring until `resume()`; what the calling thread does meanwhile is not counted.
    @usableFromInline
    mutating func pause() {
        switch mode {
        case .time:
            pauseClock()
        case .allocations:
            pausedAt = AllocationCounter.open(.currentThread)
        case .instructions:
            cac_instructions_pause()
        }
    }

    @usableFromInline
    mutating func resume() {
        switch mode {
        case .time:
            resumeClock()
        case .allocations:
            let part = AllocationCounter.close(.currentThread).subtracting(pausedAt ?? .zero)
            excluded = excluded.map { $0.adding(part) } ?? part
        case .instructions:
            cac_instructions_resume()
        }
    }

    private mutating func resumeClock() {
        guard case .time(let clock) = mode else { return }
        if readsProcessCPUTime { processCPUStart = MonotonicClock.processCPUTime() }
        startNanoseconds = MonotonicClock.read(clock)
    }

    private mutating func pauseClock() {
        guard case .time(let clock) = mode else { return }
        elapsedNanoseconds &+= MonotonicClock.read(clock) &- startNanoseconds
        if readsProcessCPUTime {
            processCPUNanoseconds =
                (processCPUNanoseconds ?? 0) &+ (MonotonicClock.processCPUTime() &- processCPUStart)
        }
    }
}

/// What one timed sample took.
struct SampleTime {
    /// Nanoseconds on the sample's clock.
    var elapsed: UInt64
    /// CPU nanoseconds of the whole process over the same stretch; nil for synchronous benchmarks.
    var processCPU: UInt64?
}
