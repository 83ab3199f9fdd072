import BenchmarkEngine
import BenchmarkReport
import Domain
import Foundation

/// Runs the selected suites and turns their measurements into result rows.
///
/// For each suite, every selected benchmark is timed interleaved with the others, round by round,
/// together with the `struct-mutation` reference, so that drift in the machine's speed hits all of
/// them alike and each time's `ratio_to_baseline` compares numbers taken side by side. Allocation
/// counts come from a separate pass after timing.
@MainActor
public struct SuiteRunner {
    public typealias Selection = (_ suite: String, _ architecture: String, _ featureGroup: String) -> Bool

    public var size: RunSize
    public var configuration: String
    public var selection: Selection
    public var progress: (String) -> Void

    public init(
        size: RunSize,
        configuration: String,
        selection: @escaping Selection = { _, _, _ in true },
        progress: @escaping (String) -> Void = { _ in }
    ) {
        self.size = size
        self.configuration = configuration
        self.selection = selection
        self.progress = progress
    }

    /// The names a filter may use.
    public static var suiteNames: [String] { Suite.allCases.map(\.rawValue) }
    public static var architectureNames: [String] { Subjects.all.map { $0.id.rawValue } }
    public static var featureNames: [String] { FeatureGroup.allCases.map(\.rawValue) }

    /// The (suite, architecture, feature group) triples that exist, for `bench list`.
    public static var catalogue: [(suite: String, architecture: String, feature: String)] {
        Suite.allCases.flatMap { suite -> [(String, String, String)] in
            if suite == .baseline { return [(suite.rawValue, "reference", FeatureGroup.reference.rawValue)] }
            let groups: [FeatureGroup] =
                switch suite {
                case .layout: [.app]
                case .stateCopy: [.transfer]
                default: [.counter, .transfer]
                }
            return architectureNames.flatMap { architecture in
                groups.map { (suite.rawValue, architecture, $0.rawValue) }
            }
        }
    }

    /// Runs every selected suite and returns its rows, in suite order.
    public func run() async -> [ResultRow] {
        let started = ContinuousClock.now
        var rows: [ResultRow] = []
        let suites = Suite.allCases.filter { suite in
            Self.catalogue.contains {
                $0.suite == suite.rawValue && selection($0.suite, $0.architecture, $0.feature)
            }
        }
        for (position, suite) in suites.enumerated() {
            let elapsed = ContinuousClock.now - started
            progress(
                "[\(position + 1)/\(suites.count)] \(suite.rawValue): \(suite.summary) "
                    + "(\(elapsed.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))) elapsed)"
            )
            let cases = self.cases(of: suite)
            rows += await run(suite, cases)
        }
        let total = ContinuousClock.now - started
        progress(
            "done: \(rows.count) rows in \(total.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1))))"
        )
        return rows
    }

    private func cases(of suite: Suite) -> [BenchmarkCase] {
        let all: [BenchmarkCase]
        switch suite {
        case .baseline:
            all = Catalog.baselineCases()
        case .dispatch:
            all = Subjects.all.flatMap { Catalog.dispatchCases($0) }
        case .dispatchAdapter:
            all = Subjects.all.flatMap { Catalog.adapterCases($0) }
        case .effects:
            all = Subjects.all.flatMap { Catalog.effectCases($0) }
        case .layout:
            all = Subjects.all.flatMap { Catalog.layoutCases($0) }
        case .stateCopy:
            all = Subjects.all.flatMap { Catalog.stateCopyCases($0) }
        case .retention:
            all = Subjects.all.flatMap { Catalog.retentionCases($0) }
        }
        return all.filter { selection($0.suite.rawValue, $0.architecture, $0.featureGroup) }
    }

    func run(_ suite: Suite, _ cases: [BenchmarkCase]) async -> [ResultRow] {
        let runner = BenchmarkRunner(
            configuration: BenchmarkConfiguration(
                targetSampleDuration: size.targetSampleDuration,
                warmUpRounds: size.warmUpRounds,
                samples: size.samples
            )
        )
        let timed = cases.filter { $0.benchmark != nil }
        var results: [BenchmarkResult] = []
        var reference: BenchmarkResult?
        if !timed.isEmpty {
            let benchmarks =
                timed.compactMap(\.benchmark)
                + (suite == .baseline ? [] : [ReferenceBenchmarks.structMutation])
            progress("  timing \(timed.count) benchmarks, \(size.samples) samples each, interleaved")
            let all = await runner.run(benchmarks) { message in
                if message.hasPrefix("round") { progress("  \(message)") }
            }
            results = Array(all.prefix(timed.count))
            reference = suite == .baseline ? all.first : all.last
        }

        var rows: [ResultRow] = []
        for (benchmarkCase, result) in zip(timed, results) {
            rows.append(timeRow(benchmarkCase, result, reference: reference))
        }
        if AllocationCounter.isAvailable {
            let counted = zip(timed, results).filter { $0.0.countsAllocations }
            if !counted.isEmpty { progress("  counting allocations") }
            for (benchmarkCase, _) in counted {
                guard let benchmark = benchmarkCase.benchmark else { continue }
                let iterations = benchmarkCase.allocationIterations
                let scope: AllocationCounter.Scope = benchmark.isAsync ? .allThreads : .currentThread
                guard let report = await benchmark.measureAllocations(iterations: iterations, scope: scope)
                else {
                    continue
                }
                let measurements = report.measurements
                rows.append(
                    spreadRow(benchmarkCase, "mallocs", "count", measurements.map(\.allocationsPerOperation)))
                rows.append(spreadRow(benchmarkCase, "bytes", "B", measurements.map(\.bytesPerOperation)))
                if benchmarkCase.countsTasks, report.tasksPerOperation != nil {
                    rows.append(
                        spreadRow(
                            benchmarkCase, "tasks", "count", measurements.compactMap(\.tasksPerOperation)))
                }
            }
        } else if cases.contains(where: \.countsAllocations) {
            progress("  allocation counts are unavailable on this platform: no mallocs/bytes rows")
        }
        for benchmarkCase in cases {
            guard let extraCounts = benchmarkCase.extraCounts else { continue }
            for (metric, unit, value) in await extraCounts(size) {
                rows.append(countRow(benchmarkCase, metric, unit, value))
            }
        }
        if suite == .layout {
            rows += growthExponents(timed: timed, results: results)
        }
        return rows
    }

    private func timeRow(
        _ benchmarkCase: BenchmarkCase, _ result: BenchmarkResult, reference: BenchmarkResult?
    )
        -> ResultRow
    {
        let divisor = benchmarkCase.timeUnit.divisor
        let time = result.time
        return ResultRow(
            key: benchmarkCase.key(metric: "time"),
            unit: benchmarkCase.timeUnit.rawValue,
            median: time.median / divisor,
            p25: time.p25 / divisor,
            p75: time.p75 / divisor,
            min: time.min / divisor,
            max: time.max / divisor,
            samples: time.count,
            ratioToBaseline: reference.map { result.ratio(to: $0) },
            configuration: configuration
        )
    }

    private func countRow(_ benchmarkCase: BenchmarkCase, _ metric: String, _ unit: String, _ value: Double)
        -> ResultRow
    {
        .count(benchmarkCase.key(metric: metric), unit: unit, value: value, configuration: configuration)
    }

    /// A count measured in several repetitions: exact when they agree (min == max); when the
    /// runtime makes them differ (async work), the row carries their spread for the gate.
    private func spreadRow(
        _ benchmarkCase: BenchmarkCase, _ metric: String, _ unit: String, _ values: [Double]
    )
        -> ResultRow
    {
        guard let statistics = Statistics(values) else {
            return countRow(benchmarkCase, metric, unit, .nan)
        }
        return ResultRow(
            key: benchmarkCase.key(metric: metric),
            unit: unit,
            median: statistics.median,
            p25: statistics.p25,
            p75: statistics.p75,
            min: statistics.min,
            max: statistics.max,
            samples: statistics.count,
            configuration: configuration
        )
    }

    /// The slope of log(time) against log(N) for each architecture × layout series: 0 means the cost
    /// does not grow with N, 1 means it grows linearly.
    private func growthExponents(timed: [BenchmarkCase], results: [BenchmarkResult]) -> [ResultRow] {
        var series: [String: [(n: Double, time: Double, sample: BenchmarkCase)]] = [:]
        for (benchmarkCase, result) in zip(timed, results) {
            guard let n = benchmarkCase.n else { continue }
            series["\(benchmarkCase.architecture) \(benchmarkCase.layout)", default: []]
                .append((Double(n), result.time.median, benchmarkCase))
        }
        return series.keys.sorted().compactMap { name in
            guard let points = series[name], points.count >= 2, let first = points.first else { return nil }
            let slope = Self.slope(points.map { (log($0.n), log($0.time)) })
            var key = first.sample.key(metric: "growth-exponent")
            key.n = ""
            return .count(
                key, unit: "exponent", value: slope, samples: points.count, configuration: configuration)
        }
    }

    /// Least-squares slope of `points`.
    static func slope(_ points: [(x: Double, y: Double)]) -> Double {
        let count = Double(points.count)
        let meanX = points.reduce(0) { $0 + $1.x } / count
        let meanY = points.reduce(0) { $0 + $1.y } / count
        let covariance = points.reduce(0) { $0 + ($1.x - meanX) * ($1.y - meanY) }
        let variance = points.reduce(0) { $0 + ($1.x - meanX) * ($1.x - meanX) }
        return variance == 0 ? 0 : covariance / variance
    }
}
