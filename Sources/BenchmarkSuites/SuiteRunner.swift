import BenchmarkEngine
import BenchmarkReport
import Domain
import Foundation

/// Runs the selected suites and turns their measurements into result rows.
///
/// A suite runs in three steps: count its cases' allocations (``countAllocations(_:)``), take their
/// extra counts (observers woken, retained bytes) and time them (``time(_:_:heavy:calmest:)``);
/// ``passes`` can split the counting and the timing between two processes. The rows are the
/// measured ones: whoever owns the whole run derives the growth figures once, from all of them. Timing follows the isolation rule in ``timingGroups(_:heavy:)``:
/// synchronous cases of one size share rounds with each other and a reference benchmark, in an
/// order shuffled every round, round trips have rounds of their own (with every thread on one CPU:
/// ``CPUConfinement``), a heavy case has rounds of its own, in a fresh process where there is a
/// ``heavyCaseTimer``, and the heap is trimmed between groups; the reference is also the gauge that
/// sets disturbed rounds aside (``BenchmarkConfiguration/Gauge``). Several processes can share every
/// group's rounds (``share``): each records what it measured (``recordsGroup``), and the last pools
/// the earlier ones' samples (``earlierShares``) with its own before it makes the rows. Which
/// processes run is not its business: the run plan (`BenchmarkRun`) sets these properties.
@MainActor
public struct SuiteRunner {
    public var size: RunSize
    /// The build the rows say they come from.
    public var configuration: BuildConfiguration
    /// Decides which cases run.
    public var selection: CaseSelector
    public var progress: (String) -> Void
    /// Seeds the shuffled order of every timing round; recorded in the run's metadata.
    public var seed: UInt64
    /// Whether effects are counted in serial mode (the default). Serial mode sends every job of the
    /// process to the main actor's thread, so it is only safe where nothing else runs: a process
    /// running other work at the same time (parallel tests) must turn it off, and then gets async
    /// counts that vary slightly with thread timing.
    public var countsEffectsSerially = true
    /// Which passes this runner makes (default: all of them).
    public var passes = Passes.all
    /// Whether round-trip groups are timed with every thread on one CPU (the default, where the
    /// platform can: ``CPUConfinement``); false times them with threads free on every CPU.
    public var confinesRoundTrips = true
    /// Times a heavy case in a fresh process (``HeavyCaseTimer``); nil times it in this process.
    public var heavyCaseTimer: HeavyCaseTimer?
    /// Which share of every timing group's rounds this process takes (``RoundShare``): its
    /// configuration is the run size's ``RunSize/sharing(_:)``.
    public var share = RoundShare.whole
    /// What the earlier shares' processes took, one per earlier share, in share order: the last
    /// share pools each group's samples with them before it makes the rows.
    public var earlierShares: [SharedSamples] = []
    /// Hears every group this process timed, by ``SharedSamples`` key, before any pooling: an
    /// earlier share's process collects them for the last.
    public var recordsGroup: (@MainActor (_ group: TimingGroupID, _ results: [BenchmarkResult]) -> Void)?

    /// Times one heavy case, given as its group, in a process of its own, with `seed` for its rounds,
    /// and returns its time rows, as this runner would have made them. `bench` starts itself for it
    /// (docs/measurement.md, "Heavy cases in a process of their own"): in a process that had timed
    /// other work first, heavy cases ran slower than alone.
    public typealias HeavyCaseTimer =
        @MainActor (_ group: ResultRow.Key.Group, _ seed: UInt64) async throws(TimingFailure) -> [ResultRow]

    /// Why a run stopped before it had all its rows: a heavy case's process failed.
    public struct TimingFailure: Error, CustomStringConvertible {
        public var description: String

        public init(_ description: String) {
            self.description = description
        }
    }

    /// Where this runner's round trips run, for the run's metadata.
    public var roundTripPlacement: RunMetadata.RoundTripPlacement {
        confinesRoundTrips && CPUConfinement.isAvailable ? .oneCPU : .everyCPU
    }

    /// The passes of a run. `bench` counts in one process and times in another
    /// (docs/measurement.md, "Counting and timing in two processes"): ``counts`` in the first,
    /// ``times(counts:)`` with the first's rows in the second, which returns the whole run.
    public enum Passes: Sendable {
        /// Time, count, take the extra counts and derive the growth figures, in this process.
        case all
        /// Only count and take the extra counts: no time rows, no derived rows.
        case counts
        /// Only time, with `counts` (the rows of a ``counts`` run with the same selection and
        /// size) deciding which cases are heavy and standing in for this run's counts: the rows
        /// come out as an ``all`` run's would, in the same order.
        case times(counts: [ResultRow])

        /// Whether these passes time the cases (all but ``counts``).
        var includesTiming: Bool {
            if case .counts = self { false } else { true }
        }
    }

    public init(
        size: RunSize,
        configuration: BuildConfiguration = .current,
        seed: UInt64 = 0,
        selection: CaseSelector = .all,
        progress: @escaping (String) -> Void = { _ in }
    ) {
        self.size = size
        self.configuration = configuration
        self.seed = seed
        self.selection = selection
        self.progress = progress
    }

    /// The names a filter may use.
    public static var architectureNames: [ArchitectureName] { Subjects.all.map { ArchitectureName($0.id) } }
    /// Feature groups, then every case's full feature name.
    public static var featureNames: [FeatureName] {
        FeatureGroup.allCases.map { FeatureName(stringLiteral: $0.rawValue) } + Catalog.caseFeatures
    }
    public static var layoutNames: [LayoutName] { Layout.allCases.map(LayoutName.init) }
    /// Every N a sized suite measures.
    public static var sizes: [Int] { Set(Catalog.layoutSizes + Catalog.stateCopySizes).sorted() }

    /// The (suite, architecture, feature group) triples that exist, for `bench list`.
    public static var catalogue: [(suite: Suite, architecture: ArchitectureName, feature: FeatureName)] {
        Suite.allCases.flatMap { suite -> [(Suite, ArchitectureName, FeatureName)] in
            if suite == .reference {
                return [(suite, .reference, FeatureName(stringLiteral: FeatureGroup.reference.rawValue))]
            }
            let groups: [FeatureGroup] =
                switch suite {
                case .layout: [.app]
                case .stateCopy: [.transfer]
                default: [.counter, .transfer]
                }
            return architectureNames.flatMap { architecture in
                groups.map { (suite, architecture, FeatureName(stringLiteral: $0.rawValue)) }
            }
        }
    }

    /// Runs every selected suite and returns its measured rows (no derived ones), in suite order;
    /// throws only what ``heavyCaseTimer`` throws.
    public func run() async throws(TimingFailure) -> [ResultRow] {
        let started = ContinuousClock.now
        var rows: [ResultRow] = []
        var calmest: Double?
        let suites = Suite.allCases.filter { selects(suite: $0) }
        for (position, suite) in suites.enumerated() {
            progress(
                "[\(position + 1)/\(suites.count)] \(suite.rawValue): \(suite.summary) "
                    + "(\(Self.seconds(since: started)) elapsed)")
            rows += try await run(suite, calmest: &calmest)
        }
        let outcome = passes.includesTiming ? "done" : "counted"
        progress("\(outcome): \(rows.count) rows in \(Self.seconds(since: started))")
        return rows
    }

    /// Runs one suite. A sized suite runs one size at a time, building the objects of that size
    /// just before they are measured and releasing them after: in a run that had built every size
    /// up front, the 70 apps of the layout suite (up to 10,000 counters and observers each) sat in
    /// memory while the small ones were timed, and slowed the Observation single stores at N = 100
    /// and 1,000.
    private func run(_ suite: Suite, calmest: inout Double?) async throws(TimingFailure) -> [ResultRow] {
        guard let sizes = Self.sizes(of: suite) else {
            return try await run(suite, cases(of: suite), calmest: &calmest)
        }
        var rows: [ResultRow] = []
        for n in sizes where selects(suite: suite, n: n) {
            rows += try await run(suite, cases(of: suite, n: n), calmest: &calmest)
        }
        return rows
    }

    /// True when the selection picks at least one case of `suite` (at size `n`, when given).
    public func selects(suite: Suite, n: Int? = nil) -> Bool {
        Self.catalogue.contains {
            $0.suite == suite
                && selection.selects(suite: suite, architecture: $0.architecture, feature: $0.feature, n: n)
        }
    }

    /// The sizes of a sized suite, nil for the others.
    static func sizes(of suite: Suite) -> [Int]? {
        switch suite {
        case .layout: Catalog.layoutSizes
        case .stateCopy: Catalog.stateCopySizes
        default: nil
        }
    }

    private static func seconds(since start: ContinuousClock.Instant) -> String {
        (ContinuousClock.now - start).formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))
    }

    /// The selected cases of `suite` (at size `n`), built only for the architectures selected: a
    /// heavy case's own process builds one architecture's apps, not seven.
    func cases(of suite: Suite, n: Int? = nil) -> [BenchmarkCase] {
        let subjects = Subjects.all.filter { subject in
            Self.catalogue.contains {
                $0.suite == suite && $0.architecture == ArchitectureName(subject.id)
                    && selection.selects(
                        suite: suite, architecture: $0.architecture, feature: $0.feature, n: n)
            }
        }
        let all =
            if suite == .reference {
                Catalog.referenceCases()
            } else if let n {
                subjects.flatMap { $0.casesOfSize[suite]?(n) ?? [] }
            } else {
                subjects.flatMap { $0.cases[suite]?() ?? [] }
            }
        return all.filter { selection.selects($0.group) }
    }

    /// Runs `cases` of `suite` (counts, extra counts, times) in a process of their own.
    func run(_ suite: Suite, _ cases: [BenchmarkCase]) async throws(TimingFailure) -> [ResultRow] {
        var calmest: Double?
        return try await run(suite, cases, calmest: &calmest)
    }

    /// Runs `cases` of `suite`; `calmest` carries the gauge's fastest time from group to group
    /// (``BenchmarkConfiguration/Gauge``).
    private func run(
        _ suite: Suite, _ cases: [BenchmarkCase], calmest: inout Double?
    ) async throws(TimingFailure) -> [ResultRow] {
        let measured = cases.filter { $0.benchmark != nil }
        let counts: [ResultRow]
        if case .times(let given) = passes {
            let groups = Set(cases.map(\.group))
            counts = given.filter { groups.contains($0.key.group) }
        } else {
            counts = CounterAvailability.keepingRowsOfPassed(
                await countAllocations(measured.filter(\.countsAllocations))
                    + extraCounts(of: cases, in: suite),
                checks: await CounterAvailability.checks())
        }
        guard passes.includesTiming else { return counts }
        let heavy = HeavyCases.among(measured.map(\.group), counts: counts)
        return try await time(suite, measured, heavy: heavy, calmest: &calmest) + counts
    }

    /// The extra counts (observers woken, retained bytes) of `cases`.
    private func extraCounts(of cases: [BenchmarkCase], in suite: Suite) async -> [ResultRow] {
        var rows: [ResultRow] = []
        for benchmarkCase in cases {
            guard let extraCounts = benchmarkCase.extraCounts else { continue }
            for (metric, value) in await extraCount(extraCounts, of: suite) {
                rows.append(countRow(benchmarkCase, metric, value))
            }
        }
        return rows
    }

    // MARK: - Timing

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
    static func timingGroups(_ cases: [BenchmarkCase], heavy: Set<ResultRow.Key.Group> = [])
        -> [TimingGroup]
    {
        var order: [Int?] = []
        var synchronous: [Int?: [BenchmarkCase]] = [:]
        var roundTrips: [Int?: [BenchmarkCase]] = [:]
        var alone: [Int?: [[BenchmarkCase]]] = [:]
        for benchmarkCase in cases {
            let n = benchmarkCase.n
            if synchronous[n] == nil && roundTrips[n] == nil && alone[n] == nil { order.append(n) }
            if heavy.contains(benchmarkCase.group) {
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
                isHeavy ? .alone(cases[0].group) : isRoundTrips ? .roundTrips : .synchronous
            return TimingGroupID(suite: suite, n: cases[0].n, kind: kind)
        }
    }

    /// The references timed beside a group of a suite's cases, one per kind of case in the group:
    /// ordinary work for synchronous cases (reported by the reference suite), the round-trip hop
    /// for effect round trips (reported as a row of `effects`), so each case is divided by a
    /// reference of its own kind. The reference suite has none: its first case is the reference.
    static func references(for suite: Suite, group: [BenchmarkCase]) -> [BenchmarkCase] {
        switch suite {
        case .reference, .retention: return []
        case .effects: return [Catalog.roundTripReferenceCase()]
        default:
            let hasRoundTrip = group.contains { $0.benchmark?.isAsync == true }
            return [Catalog.ordinaryWorkReferenceCase(suite)]
                + (hasRoundTrip ? [Catalog.roundTripReferenceCase(suite)] : [])
        }
    }

    /// The time rows of `cases`, timed group by group (``timingGroups(_:heavy:)``); a heavy case in a
    /// process of its own where there is a ``heavyCaseTimer``.
    private func time(
        _ suite: Suite, _ cases: [BenchmarkCase], heavy: Set<ResultRow.Key.Group>, calmest: inout Double?
    ) async throws(TimingFailure) -> [ResultRow] {
        var timed: [ResultRow] = []
        for (index, timingGroup) in Self.timingGroups(cases, heavy: heavy).enumerated() {
            let group = timingGroup.cases
            if timingGroup.isHeavy, let heavyCaseTimer {
                progress(
                    "  timing 1 benchmark\(group[0].n.map { " at N = \($0)" } ?? ""), in a process of its own"
                )
                timed += try await heavyCaseTimer(group[0].group, seed &+ UInt64(index))
                continue
            }
            AllocationCounter.trimHeap()
            let references = Self.references(for: suite, group: group)
            let onOneCPU = timingGroup.isRoundTrips && roundTripPlacement == .oneCPU
            progress(
                "  timing \(group.count) benchmarks\(group[0].n.map { " at N = \($0)" } ?? ""), interleaved"
                    + (onOneCPU ? ", on one CPU" : ""))
            let gauge = Self.gaugeIndex(in: group + references)
            let configuration = configuration(
                seed: seed &+ UInt64(index), gauge: gauge, calmest: calmest, heavy: timingGroup.isHeavy)
            let measured = await timeGroup(group + references, configuration, onOneCPU: onOneCPU)
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
    private func timeGroup(
        _ cases: [BenchmarkCase], _ configuration: BenchmarkConfiguration, onOneCPU: Bool
    ) async -> [BenchmarkResult] {
        let runner = BenchmarkRunner(configuration: configuration)
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

    /// The position of the gauge among the cases of a timing group (``BenchmarkConfiguration/Gauge``):
    /// the ordinary-work reference, where the group has it. A heavy case's group has one too: in
    /// the rounds where its reference ran slow, the case ran slow as well (docs/measurement.md,
    /// "Calm rounds").
    static func gaugeIndex(in cases: [BenchmarkCase]) -> Int? {
        let gauge = Catalog.ordinaryWorkReferenceCase(.reference).feature
        return cases.firstIndex { $0.architecture == .reference && $0.feature == gauge }
    }

    /// The result of the reference of `benchmarkCase`'s kind (synchronous or round trip) among the
    /// `references` timed at the end of `results`; the first result when there are no references.
    private static func reference(
        of benchmarkCase: BenchmarkCase, among references: [BenchmarkCase], _ results: [BenchmarkResult]
    ) -> BenchmarkResult? {
        guard !references.isEmpty else { return results.first }
        let kind = references.firstIndex { $0.benchmark?.isAsync == benchmarkCase.benchmark?.isAsync } ?? 0
        return results[results.count - references.count + kind]
    }

    /// A timing group's configuration: this share of the run size, a seed of its own for each share
    /// (so that no two shares shuffle their rounds alike), the gauge at `gauge`, if any, and for a
    /// `heavy` case's group at most ``heavyWarmUpRounds``.
    func configuration(seed: UInt64, gauge: Int?, calmest: Double?, heavy: Bool = false)
        -> BenchmarkConfiguration
    {
        let size = size.sharing(share)
        var configuration = BenchmarkConfiguration(
            targetSampleDuration: size.targetSampleDuration,
            warmUpRounds: heavy ? min(size.warmUpRounds, Self.heavyWarmUpRounds) : size.warmUpRounds,
            samples: size.samples,
            seed: seed &+ UInt64(share.index) &* 0x9E37_79B9_7F4A_7C15,
            minimumSpan: size.minimumSpan,
            gauge: gauge.map { size.gauge(at: $0, calmest: calmest) }
        )
        configuration.share = share
        return configuration
    }

    /// Warm-up rounds of a heavy case's group. Its process is fresh, and finding the batch sizes
    /// has just run the case (at least twice) and the reference, so one round in the group's own
    /// order is warm-up enough, and at N = 10,000 each round more is costly in every process of a
    /// full run's single stores (docs/evidence/2026-11-25/measurement.md, "Heavy cases").
    static let heavyWarmUpRounds = 1

    /// `measured` (this process's results for the group `id`) pooled with the earlier shares'
    /// results for it, when this is the last of several shares; as measured otherwise. Every share's
    /// rounds are judged calm or not anew, by the gauge at `gauge` against all the shares' calmest
    /// round (``BenchmarkConfiguration/Gauge/judging(_:)``), before they are pooled.
    private func pooling(
        _ measured: [BenchmarkResult], as id: TimingGroupID, gauge: Int?, calmest: Double?
    ) throws(TimingFailure) -> [BenchmarkResult] {
        guard share.count > 1, share.isLast else { return measured }
        guard earlierShares.count == share.count - 1 else {
            throw TimingFailure(
                "share \(share.index + 1) of \(share.count) was given \(earlierShares.count) earlier shares")
        }
        let mismatch = TimingFailure("the timing processes did not time the same benchmarks in group \(id)")
        let shares = earlierShares.map { $0[id] ?? [] } + [measured]
        guard shares.allSatisfy({ $0.count == measured.count }) else { throw mismatch }
        let judged = gauge.map { size.gauge(at: $0, calmest: calmest).judging(shares) } ?? shares
        var pooled: [BenchmarkResult] = []
        for position in measured.indices {
            let parts = judged.map { $0[position] }
            guard let whole = BenchmarkResult.pooling(parts, calmRoundsNeeded: size.samples) else {
                throw mismatch
            }
            pooled.append(whole)
        }
        return pooled
    }

    private func timeRows(_ timed: TimedCase) -> [ResultRow] {
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

    private func statisticsRow(
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
            samples: statistics.count,
            configuration: configuration
        )
    }

    // MARK: - Counting

    private func countAllocations(_ cases: [BenchmarkCase]) async -> [ResultRow] {
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
    private func retainReleaseRows(_ benchmarkCase: BenchmarkCase, _ measurements: [AllocationMeasurement])
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
    private func extraCount(_ extraCounts: BenchmarkCase.ExtraCounts, of suite: Suite) async
        -> [(metric: Metric, value: Double)]
    {
        guard suite == .retention, countsEffectsSerially else { return await extraCounts(size) }
        return await AllocationCounter.serially { await extraCounts(size) }
    }

    /// The allocation pass of one case. Synchronous work is counted on its own thread. Async work is
    /// counted on every thread, in serial mode (``AllocationCounter/serially(_:)``): every job runs
    /// on the main thread in enqueue order, so whether an `await` suspends, and so what it
    /// allocates, no longer depends on how two cores interleave threads, and the counts repeat
    /// from run to run. Times are still taken on real threads.
    private func countAllocations(of benchmarkCase: BenchmarkCase) async -> AllocationReport? {
        guard let benchmark = benchmarkCase.benchmark else { return nil }
        let (iterations, warmUp) = (benchmarkCase.allocationIterations, benchmarkCase.allocationWarmUp)
        guard benchmark.isAsync else {
            return await benchmark.measureAllocations(
                iterations: iterations, repetitions: size.synchronousCountRepetitions,
                warmUpIterations: warmUp, scope: .currentThread)
        }
        guard countsEffectsSerially else {
            return await benchmark.measureAllocations(
                iterations: iterations, warmUpIterations: warmUp, scope: .allThreads)
        }
        return await AllocationCounter.serially {
            await benchmark.measureAllocations(
                iterations: iterations, warmUpIterations: warmUp, scope: .allThreads)
        }
    }

    /// An exact count of `metric`, which must have a fixed ``Metric/unit``.
    private func countRow(_ benchmarkCase: BenchmarkCase, _ metric: Metric, _ value: Double) -> ResultRow {
        .count(
            benchmarkCase.key(metric: metric), unit: Self.unit(of: metric), value: value,
            configuration: configuration)
    }

    private static func unit(of count: Metric) -> Metric.Unit {
        guard let unit = count.unit else { preconditionFailure("\(count) has no unit of its own") }
        return unit
    }

    /// A count measured in several repetitions: exact when they agree (min == max); when the
    /// runtime makes them differ (async work), the row carries their spread for the gate.
    private func spreadRow(
        _ benchmarkCase: BenchmarkCase, _ metric: Metric, _ values: [Double]
    ) -> ResultRow {
        guard let statistics = Statistics(values) else {
            return countRow(benchmarkCase, metric, .nan)
        }
        return statisticsRow(benchmarkCase.key(metric: metric), Self.unit(of: metric), statistics, divisor: 1)
    }
}
