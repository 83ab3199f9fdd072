import BenchmarkEngine
import BenchmarkResults
import BenchmarkSuites

/// The counting passes of a ``SuiteRunner``: allocations, retains, releases and tasks per operation,
/// the extra counts, and the instructions of one case under callgrind.
extension SuiteRunner {
    func countAllocations(_ cases: [BenchmarkCase]) async -> [ResultRow] {
        guard AllocationCounter.isAvailable else { return [] }
        if !cases.isEmpty { progress("  counting allocations") }
        var rows: [ResultRow] = []
        for benchmarkCase in cases {
            guard let report = await countAllocations(of: benchmarkCase) else { continue }
            let measurements = report.measurements
            rows.append(
                spreadRow(benchmarkCase, .mallocs, measurements.map(\.allocationsPerOperation)))
            rows.append(spreadRow(benchmarkCase, .bytes, measurements.map(\.bytesPerOperation)))
            rows += retainReleaseRows(benchmarkCase, measurements)
            guard benchmarkCase.countsTasks else { continue }
            if report.tasksPerOperation != nil {
                rows.append(
                    spreadRow(benchmarkCase, .tasks, measurements.compactMap(\.tasksPerOperation)))
            }
        }
        return rows
    }

    /// Retains and releases per operation of a synchronous case (counted on its own thread, so
    /// exact); none for async cases or where the runtime's entry points cannot be interposed.
    func retainReleaseRows(_ benchmarkCase: BenchmarkCase, _ measurements: [AllocationMeasurement])
        -> [ResultRow]
    {
        guard benchmarkCase.benchmark?.isAsync == false, measurements.allSatisfy({ $0.totals.retains != nil })
        else { return [] }
        return [
            spreadRow(benchmarkCase, .retains, measurements.compactMap(\.retainsPerOperation)),
            spreadRow(benchmarkCase, .releases, measurements.compactMap(\.releasesPerOperation)),
        ]
    }

    /// Takes a case's extra counts; retention's heap readings in serial mode, like the effects'
    /// allocation counts, so that what the runtime allocates on other threads meanwhile cannot land
    /// in the window.
    func extraCount(_ extraCounts: BenchmarkCase.ExtraCounts, of suite: Suite) async
        -> [(metric: Metric, value: Double)]
    {
        guard suite == .retention, countsEffectsSerially else { return await extraCounts(size) }
        return await AllocationCounter.serially { await extraCounts(size) }
    }

    /// The allocation pass of one case. Synchronous work is counted on its own thread, once: its
    /// counts are exact, and a second pair of windows only lengthened the pass
    /// (docs/measurement.md, "Allocations and tasks"). Async work is
    /// counted on every thread, in serial mode (``AllocationCounter/serially(_:)``): every job runs
    /// on the main thread in enqueue order, so whether an `await` suspends, and so what it
    /// allocates, no longer depends on how two cores interleave threads, and the counts repeat
    /// from run to run; so it too is counted once (``roundTripRepetitions``). Without serial mode it
    /// is counted on real threads, as many times as the run size says. Times are always taken on real
    /// threads.
    func countAllocations(of benchmarkCase: BenchmarkCase) async -> AllocationReport? {
        guard let benchmark = benchmarkCase.benchmark else { return nil }
        let (iterations, warmUp) = (benchmarkCase.allocationIterations, benchmarkCase.allocationWarmUp)
        guard benchmark.isAsync else {
            let limit = size.synchronousCountedOperationsLimit ?? iterations
            return await benchmark.measureAllocations(
                iterations: min(iterations, limit), repetitions: 1,
                warmUpIterations: min(warmUp ?? iterations, limit), scope: .currentThread)
        }
        let repetitions = roundTripRepetitions
        guard countsEffectsSerially else {
            return await benchmark.measureAllocations(
                iterations: iterations, repetitions: repetitions, warmUpIterations: warmUp, scope: .allThreads
            )
        }
        return await AllocationCounter.serially {
            await benchmark.measureAllocations(
                iterations: iterations, repetitions: repetitions, warmUpIterations: warmUp, scope: .allThreads
            )
        }
    }

    /// How many times a round trip is counted: once in serial mode, whose counts repeat exactly
    /// (docs/measurement.md, "Effects in serial mode"); where threads interleave (no runtime hook,
    /// or a test process that must not serialise), the run size's
    /// ``RunSize/interleavedRoundTripCountRepetitions``, and the rows carry the spread.
    var roundTripRepetitions: Int {
        let serial = countsEffectsSerially && AllocationCounter.canRunSerially
        return serial ? 1 : size.interleavedRoundTripCountRepetitions
    }

    /// An exact count of `metric`, which must have a fixed ``Metric/unit``.
    func countRow(_ benchmarkCase: BenchmarkCase, _ metric: Metric, _ value: Double) -> ResultRow {
        .count(
            benchmarkCase.key(metric: metric), unit: Self.unit(of: metric), value: value,
            configuration: configuration)
    }

    static func unit(of count: Metric) -> Metric.Unit {
        guard let unit = count.unit else { preconditionFailure("\(count) has no unit of its own") }
        return unit
    }

    /// A count measured in several repetitions: exact when they agree (min == max); when the
    /// runtime makes them differ (async work), the row carries their spread for the gate.
    func spreadRow(
        _ benchmarkCase: BenchmarkCase, _ metric: Metric, _ values: [Double]
    ) -> ResultRow {
        guard let statistics = Statistics(values) else {
            return countRow(benchmarkCase, metric, .nan)
        }
        return statisticsRow(benchmarkCase.key(metric: metric), Self.unit(of: metric), statistics, divisor: 1)
    }

    /// Counts the instructions of the case `label` names (call it in a process of its own, running
    /// under callgrind), on a settled heap (``AllocationCounter/settleHeap()``), so that what the
    /// process allocated and freed before does not shape what the case's allocations cost; only
    /// that case's architecture is built. An async case is counted in serial mode. False when no
    /// such case exists.
    func countInstructions(_ label: InstructionLabel) async -> Bool {
        AllocationCounter.settleHeap()
        let caseKey = label.caseKey
        guard
            let benchmark = CaseCatalogue(selection: CaseSelector(selecting: caseKey))
                .cases(of: caseKey.suite, n: caseKey.n).first(where: { $0.caseKey == caseKey })?.benchmark
        else { return false }
        progress("  counting instructions: \(caseKey)")
        guard benchmark.isAsync else {
            await benchmark.measureInstructions(iterations: label.iterations, label: label.text)
            return true
        }
        await AllocationCounter.serially {
            await benchmark.measureInstructions(iterations: label.iterations, label: label.text)
        }
        return true
    }
}
