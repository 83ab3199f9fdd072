import BenchmarkResults

extension Suite {
    var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}

/// The rows behind a ``GateCoverage``: which were judged, with the smallest rise each catches, and
/// why the others were not.
struct GateCoverageRows {
    let comparison: Comparison
    let baseline: [ResultRow.Key: ResultRow]
    let heavy: Set<ResultRow.CaseKey>
    /// Each case's spread across the baseline's processes, as a fraction (`--best-of` runs).
    let processSpreads: [ResultRow.CaseKey: Double]

    init(_ comparison: Comparison, baseline rows: [ResultRow]) {
        self.comparison = comparison
        self.baseline = Dictionary(rows.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        self.heavy = ResultRow.heavyCases(in: rows)
        self.processSpreads = Dictionary(
            rows.filter { $0.key.metric == .processSpread }.map { ($0.key.caseKey, $0.median / 100) },
            uniquingKeysWith: { first, _ in first })
    }

    /// One entry per compared metric.
    func compared() -> [GateCoverage.Entry] {
        comparison.changes.map { change in
            let row = baseline[change.key]
            let metricClass = row.map { MetricClass($0, heavy: heavy) } ?? Self.metricClass(change)
            var entry = GateCoverage.Entry(key: change.key, metricClass: metricClass)
            if metricClass == .informational {
                entry.reason = .informational
            } else if metricClass.isTime && change.baseline <= MetricClass.time.tolerance.absolute {
                entry.reason = .belowTimeFloor
            } else {
                entry.smallestCaught = smallestCaught(change, row)
            }
            return entry
        }
    }

    /// The class of a change whose baseline row is unknown (a coverage made without the rows).
    private static func metricClass(_ change: Comparison.Change) -> MetricClass {
        let row = ResultRow.count(
            change.key, unit: change.unit, value: change.baseline, configuration: .release)
        return MetricClass(row, heavy: [])
    }

    /// The rise of `change`'s row beyond which the gate fails, however low in the baseline's own
    /// spread the current run lands: the tolerance, widened by how far below the baseline's median
    /// its min lies (for a time, by its whole spread: ``timeSpread(_:)``).
    func smallestCaught(_ change: Comparison.Change, _ row: ResultRow?) -> Double {
        let value = change.baseline
        let belowMedian = row.map { $0.median - $0.min } ?? 0
        switch MetricClass(change.key) {
        case .time, .heavyTime, .roundTripTime:
            let floor = MetricClass.time.tolerance.absolute
            let tolerance = max(change.timeTolerance ?? 0, floor / value)
            return (1 + timeSpread(row)) * (1 + tolerance) - 1
        case .instructions, .instructionsOutsideMetadataLookups:
            let allowance = row.map(Comparison.instructionAllowance(for:)) ?? 0
            return value == 0 ? 0 : (allowance + belowMedian) / value
        case .bytes:
            let bytes = MetricClass.bytes.tolerance
            return bytes.absolute + bytes.relative(in: change.key.suite) * value + belowMedian
        case .retainedBytes:
            return MetricClass.retainedBytes.tolerance.absolute + belowMedian
        case .counts, .behaviour, .informational:
            return MetricClass.counts.tolerance.absolute + belowMedian
        }
    }

    /// How far a time row's ratio moves between runs, as a fraction: its `process-spread` when the
    /// baseline is a `--best-of` run, else its p25..p75 relative to its median.
    func timeSpread(_ row: ResultRow?) -> Double {
        guard let row else { return 0 }
        if let spread = processSpreads[row.key.caseKey] { return spread }
        return row.median > 0 ? (row.p75 - row.p25) / row.median : 0
    }

    /// Entries for the baseline rows the comparison did not judge.
    func uncompared(_ rows: [ResultRow], present current: [ResultRow]) -> [GateCoverage.Entry] {
        let inCurrent = Set(current.map(\.key))
        return rows.map { row in
            let reason: GateCoverage.Reason =
                if row.metricClass.isTime && !comparison.comparesTimes {
                    .timesNotCompared
                } else if row.metricClass.isInstructions && !comparison.comparesInstructions {
                    .instructionsNotCompared
                } else if row.key.metric == .processSpread || inCurrent.contains(row.key) {
                    .informational
                } else {
                    .noCurrentRow
                }
            return GateCoverage.Entry(
                key: row.key, metricClass: MetricClass(row, heavy: heavy), reason: reason)
        }
    }

    /// Entries for the current run's rows that the baseline lacks.
    func onlyCurrent(_ current: [ResultRow], baseline rows: [ResultRow], judged: Set<ResultRow.Key>)
        -> [GateCoverage.Entry]
    {
        let known = Set(rows.map(\.key)).union(judged)
        var seen = Set<ResultRow.Key>()
        return current.filter { !known.contains($0.key) && seen.insert($0.key).inserted }.map { row in
            GateCoverage.Entry(
                key: row.key, metricClass: MetricClass(row, heavy: heavy),
                reason: row.key.metric == .processSpread ? .informational : .noBaselineRow)
        }
    }
}
