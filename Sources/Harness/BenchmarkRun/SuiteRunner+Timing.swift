import BenchmarkEngine
import BenchmarkResults
import BenchmarkSuites
import Foundation

/// The timing pass of a ``SuiteRunner``: the isolation rule's groups, timed round by round, pooled
/// across the shares of a run, and turned into time rows.
extension SuiteRunner {
    /// One timed case with the reference it is compared with (timed in the same rounds).
    struct TimedCase {
        var benchmarkCase: BenchmarkCase
        var result: BenchmarkResult
        var reference: BenchmarkResult?
    }

    /// The isolation rule: which cases share timing rounds.
    ///
    /// Cases of one size N (or without a size) form one group, except that a case allocating at
    /// least `ResultRow.heavyBytesPerOperation` per operation gets rounds of its own (with the
    /// reference), in a fresh process where the runner has a ``heavyCaseTimer``. Groups run one
    /// after another, and the heap is trimmed before each. The reason is measured: a layout case at
    /// N = 10,000 with Observation allocates and frees megabytes per operation, and the state it
    /// leaves in the allocator and the caches lands on whichever case runs next, so that cases
    /// doing identical work measured far apart (docs/evidence/2026-11-25/measurement.md, "The
    /// isolation rule"). A size's round trips (state-copy's submit) form a group of their own after
    /// its synchronous cases, so that a synchronous sample never starts while the pool's threads
    /// that a round trip woke are still spinning down, and every round of a synchronous group is
    /// short (docs/measurement.md, "The isolation rule"). Groups keep the order of first
    /// appearance; a heavy case follows its size's groups.
    static func timingGroups(_ cases: [BenchmarkCase], heavy: Set<ResultRow.CaseKey> = [])
        -> [TimingGroup]
    {
        var order: [Int?] = []
        var synchronous: [Int?: [BenchmarkCase]] = [:]
        var roundTrips: [Int?: [BenchmarkCase]] = [:]
        var alone: [Int?: [[BenchmarkCase]]] = [:]
        for benchmarkCase in cases {
            let n = benchmarkCase.n
            if synchronous[n] == nil && roundTrips[n] == nil && alone[n] == nil { order.append(n) }
            if heavy.contains(benchmarkCase.caseKey) {
                alone[n, default: []].append([benchmarkCase])
            } else if benchmarkCase.benchmark?.isAsync == true {
                roundTrips[n, default: []].append(benchmarkCase)
            } else {
                synchronous[n, default: []].append(benchmarkCase)
            }
        }
        return order.flatMap { n in
            let shared = [
                synchronous[n].map { TimingGroup(cases: $0) },
                roundTrips[n].map { TimingGroup(cases: $0, isRoundTrips: true) },
            ]
            return shared.compactMap { $0 }
                + alone[n, default: []].map {
                    TimingGroup(cases: $0, isHeavy: true, isRoundTrips: $0[0].benchmark?.isAsync == true)
                }
        }
    }

    /// Cases timed in shared rounds, as ``timingGroups(_:heavy:)`` forms them.
    struct TimingGroup {
        var cases: [BenchmarkCase]
        /// A heavy case in rounds of its own (with its references), in a process of its own where
        /// the runner has a ``heavyCaseTimer``.
        var isHeavy = false
        /// Round trips only (the rule never mixes them with synchronous cases): timed with every
        /// thread on one CPU where the runner confines round trips.
        var isRoundTrips = false

        /// The group's identity in every process of the run, as a group of `suite`.
        @MainActor func id(in suite: Suite) -> TimingGroupID {
            let kind: TimingGroupID.Kind =
                isHeavy ? .alone(cases[0].caseKey) : isRoundTrips ? .roundTrips : .synchronous
            return TimingGroupID(suite: suite, n: cases[0].n, kind: kind)
        }
    }

    /// The time rows of `cases`, timed group by group (``timingGroups(_:heavy:)``); a heavy case in a
    /// process of its own where there is a ``heavyCaseTimer``.
    func time(
        _ suite: Suite, _ cases: [BenchmarkCase], heavy: Set<ResultRow.CaseKey>, calmest: inout Double?
    ) async throws(RunFailure) -> [ResultRow] {
        var timed: [ResultRow] = []
        for (index, timingGroup) in Self.timingGroups(cases, heavy: heavy).enumerated() {
            let group = timingGroup.cases
            if timingGroup.isHeavy, let heavyCaseTimer {
                progress(
                    "  timing 1 benchmark\(group[0].n.map { " at N = \($0)" } ?? ""), in a process of its own"
                )
                timed += try await heavyCaseTimer(group[0].caseKey, seed &+ UInt64(index))
                continue
            }
            AllocationCounter.trimHeap()
            let references = CaseCatalogue.references(for: suite, group: group)
            let onOneCPU = timingGroup.isRoundTrips && roundTripPlacement == .oneCPU
            progress(
                "  timing \(group.count) benchmarks\(group[0].n.map { " at N = \($0)" } ?? ""), interleaved"
                    + (onOneCPU ? ", on one CPU" : ""))
            let gauge = CaseCatalogue.gaugeIndex(in: group + references)
            let sampling = samplingParameters(seed: seed &+ UInt64(index), gauge: gauge, calmest: calmest)
            let measured = await timeGroup(group + references, sampling, onOneCPU: onOneCPU)
            if let gauge, let fastest = measured[gauge].samples.min() {
                calmest = min(calmest ?? fastest, fastest)
            }
            let id = timingGroup.id(in: suite)
            recordsGroup?(id, measured)
            let results = try pooling(measured, as: id, gauge: gauge, calmest: calmest)
            let reported = suite == .effects && index == 0 ? group + references : group
            timed += zip(reported, results).flatMap { benchmarkCase, result in
                timeRows(
                    TimedCase(
                        benchmarkCase: benchmarkCase, result: result,
                        reference: Self.reference(of: benchmarkCase, among: references, results)))
            }
        }
        return timed
    }

    /// Times one group's benchmarks (its cases and references) in shared rounds, with every thread
    /// on one CPU when asked (``CPUConfinement``).
    func timeGroup(
        _ cases: [BenchmarkCase], _ sampling: SamplingParameters, onOneCPU: Bool
    ) async -> [BenchmarkResult] {
        let runner = BenchmarkRunner(sampling: sampling)
        let benchmarks = cases.compactMap(\.benchmark)
        let progress = progress
        let report = { (update: BenchmarkRunner.Progress) in
            switch update {
            case .roundsKept, .finished: progress("    \(update)")
            case .batchSized: break
            }
        }
        guard onOneCPU else { return await runner.run(benchmarks, progress: report) }
        return await CPUConfinement.onOneCPU { await runner.run(benchmarks, progress: report) }
    }

    /// The result of the reference of `benchmarkCase`'s kind (synchronous or round trip) among the
    /// `references` timed at the end of `results`; the first result when there are no references.
    static func reference(
        of benchmarkCase: BenchmarkCase, among references: [BenchmarkCase], _ results: [BenchmarkResult]
    ) -> BenchmarkResult? {
        guard !references.isEmpty else { return results.first }
        let kind = references.firstIndex { $0.benchmark?.isAsync == benchmarkCase.benchmark?.isAsync } ?? 0
        return results[results.count - references.count + kind]
    }

    /// A timing group's sampling parameters: this share of the run size, a seed of its own for each share
    /// (so that no two shares shuffle their rounds alike), and the gauge at `gauge`, if any.
    func samplingParameters(seed: UInt64, gauge: Int?, calmest: Double?) -> SamplingParameters {
        let size = size.sharing(share)
        var sampling = SamplingParameters(
            targetSampleDuration: size.targetSampleDuration,
            warmUpRounds: size.warmUpRounds,
            sampleCount: size.sampleCount,
            seed: seed &+ UInt64(share.index) &* 0x9E37_79B9_7F4A_7C15,
            minimumSpan: size.minimumSpan,
            gauge: gauge.map { size.gauge(at: $0, calmest: calmest) }
        )
        sampling.share = share
        return sampling
    }

    /// `measured` (this process's results for the group `id`) pooled with the earlier shares'
    /// results for it, when this is the last of several shares; as measured otherwise. Every share's
    /// rounds are judged calm or not anew, by the gauge at `gauge` against all the shares' calmest
    /// round (``SamplingParameters/Gauge/judging(_:)``), before they are pooled.
    func pooling(
        _ measured: [BenchmarkResult], as id: TimingGroupID, gauge: Int?, calmest: Double?
    ) throws(RunFailure) -> [BenchmarkResult] {
        guard share.count > 1, share.isLast else { return measured }
        guard earlierShares.count == share.count - 1 else {
            throw RunFailure(
                "share \(share.index + 1) of \(share.count) was given \(earlierShares.count) earlier shares")
        }
        let mismatch = RunFailure("the timing processes did not time the same benchmarks in group \(id)")
        let shares = earlierShares.map { $0[id] ?? [] } + [measured]
        guard shares.allSatisfy({ $0.count == measured.count }) else { throw mismatch }
        let judged = gauge.map { size.gauge(at: $0, calmest: calmest).judging(shares) } ?? shares
        var pooled: [BenchmarkResult] = []
        for position in measured.indices {
            let parts = judged.map { $0[position] }
            guard let whole = BenchmarkResult.pooling(parts, calmRoundsNeeded: size.sampleCount) else {
                throw mismatch
            }
            pooled.append(whole)
        }
        return pooled
    }

    func timeRows(_ timed: TimedCase) -> [ResultRow] {
        let benchmarkCase = timed.benchmarkCase
        let divisor = benchmarkCase.timeUnit.divisor
        let perSample = benchmarkCase.timeUnit == .nanosecondsPerSample
        var rows = [
            statisticsRow(
                benchmarkCase.key(metric: .time), benchmarkCase.timeUnit.unit, timed.result.time,
                divisor: perSample ? 1 / Double(timed.result.iterationsPerSample) : divisor
            )
        ]
        rows[0].ratioToReference = perSample ? nil : timed.reference.map { timed.result.ratio(to: $0) }
        rows[0].hitIterationLimit = timed.result.reachedIterationLimit
        rows[0].wasDisturbed = timed.result.wasDisturbed
        if let cpu = timed.result.processCPUTime {
            rows.append(
                statisticsRow(
                    benchmarkCase.key(metric: .cpuTime), benchmarkCase.timeUnit.unit, cpu,
                    divisor: divisor))
        }
        for index in rows.indices { rows[index].roundsSetAside = timed.result.roundsSetAside }
        return rows
    }

    func statisticsRow(
        _ key: ResultRow.Key, _ unit: Metric.Unit, _ statistics: Statistics, divisor: Double
    )
        -> ResultRow
    {
        ResultRow(
            key: key,
            unit: unit,
            median: statistics.median / divisor,
            p10: statistics.p10 / divisor,
            p25: statistics.p25 / divisor,
            p75: statistics.p75 / divisor,
            min: statistics.min / divisor,
            max: statistics.max / divisor,
            sampleCount: statistics.count,
            configuration: configuration
        )
    }
}
