/// Combines several runs of the same benchmarks into one, each case's rows taken whole from its
/// median process: the run in the middle for that case (`--best-of`).
///
/// For each case (suite, architecture, feature, layout, N), the merge keeps every metric from one
/// run, so a case's time, allocations and observer counts always come from the same process: the
/// run whose time ratio for that case is the median of the runs' (the upper of the two middle ones
/// for an even count, so of two runs the slower), among the runs that did not flag the case
/// `disturbed` when there are any: a disturbed row's figures are what a slow machine gave, not a
/// calm measurement. Of two or more runs it ranks, it never takes the lowest: within a process the
/// 10th percentile already sets the machine's bursts aside, and what is left between processes goes
/// both ways. In one process the reference of a whole group can run slow, which lowers every ratio
/// of that group; the lowest ratio picks exactly that process, the median does not
/// (docs/evidence/2026-11-25/measurement.md, "Best of several processes"). A reference's rows
/// (ratio 1 in every run) come from the run that most of its suite's cases came from, so the
/// reference time a reader sees is the one most of their ratios were divided by. Every row taken
/// from a run says which (``ResultRow/bestOfProcess``, 1-based, as the runs are given), and each
/// time row gains a ``Metric/processSpread`` row saying how far the runs disagreed (README, "The
/// regression gate"). The merge has no derived rows: the run that asked for it derives them once,
/// from the merged medians (``DerivedRows/adding(to:)``).
public enum MedianProcess {
    /// The rows of `runs` merged: each case's rows from its middle run (by time ratio, or by first
    /// figure for cases without a time), a reference's from the run most of its suite's other
    /// cases came from, in the first run's order, each time row followed by its spread row; each
    /// taken row names its run (k for `runs[k - 1]`) in ``ResultRow/bestOfProcess``. Derived rows
    /// in `runs` (files written by an older `bench`) are left out.
    public static func merge(_ runs: [[ResultRow]]) -> [ResultRow] {
        let measured = runs.map {
            DerivedRows.removing(from: $0).filter { $0.key.metric != .processSpread }
        }
        let rowsByCase = measured.map { Dictionary(grouping: $0, by: \.key.caseKey) }
        var order: [ResultRow.CaseKey] = []
        for run in measured {
            for row in run where !order.contains(row.key.caseKey) { order.append(row.key.caseKey) }
        }
        let chosen = choices(order, rowsByCase)
        var merged: [ResultRow] = []
        for caseKey in order {
            let candidates = rowsByCase.compactMap { $0[caseKey] }
            if let run = chosen[caseKey], let rows = rowsByCase[run][caseKey] {
                merged += rows.map { row in
                    var row = row
                    row.bestOfProcess = runs.count > 1 ? run + 1 : row.bestOfProcess
                    return row
                }
            }
            merged += spreadRows(candidates)
        }
        return merged
    }

    /// The run each case is taken from: the middle one for a case (of the runs that did not flag it
    /// disturbed, when there are any; ``middle(_:)``); for a reference, the run most of its suite's
    /// cases were taken from (its middle one when its suite has no other cases).
    static func choices(_ order: [ResultRow.CaseKey], _ rowsByCase: [[ResultRow.CaseKey: [ResultRow]]])
        -> [ResultRow.CaseKey: Int]
    {
        var chosen: [ResultRow.CaseKey: Int] = [:]
        var votes: [Suite: [Int: Int]] = [:]
        for caseKey in order {
            let runs = rowsByCase.indices.compactMap { run in
                rowsByCase[run][caseKey].map { (run: run, rows: $0) }
            }
            let calm = runs.filter { !$0.rows.contains(where: \.wasDisturbed) }
            let ranked = (calm.isEmpty ? runs : calm).map { (run: $0.run, figure: figure($0.rows)) }
            guard let middle = middle(ranked) else { continue }
            chosen[caseKey] = middle
            if caseKey.architecture != .reference {
                votes[caseKey.suite, default: [:]][middle, default: 0] += 1
            }
        }
        for caseKey in order where caseKey.architecture == .reference {
            let candidates = votes[caseKey.suite, default: [:]].filter { rowsByCase[$0.key][caseKey] != nil }
            if let most = candidates.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) }) {
                chosen[caseKey] = most.key
            }
        }
        return chosen
    }

    /// The run whose figure is the median of `ranked`'s, the upper of the two middle ones for an
    /// even count (ties by run, earlier first): never the lowest of two or more, so a best-of run is
    /// not a minimum (of two runs it is the slower; of three, the middle one). Nil for none.
    static func middle(_ ranked: [(run: Int, figure: Double)]) -> Int? {
        let sorted = ranked.sorted { ($0.figure, $0.run) < ($1.figure, $1.run) }
        return sorted.isEmpty ? nil : sorted[sorted.count / 2].run
    }

    /// What ranks the runs of a case: its time ratio, else its first row's median.
    static func figure(_ rows: [ResultRow]) -> Double {
        if let time = rows.first(where: { $0.key.metric == .time }) {
            return time.ratioToReference ?? time.median
        }
        return rows.first?.median ?? .infinity
    }

    /// One spread row per time row of a case measured in more than one run.
    static func spreadRows(_ candidates: [[ResultRow]]) -> [ResultRow] {
        guard candidates.count > 1 else { return [] }
        let times = candidates.compactMap { rows in rows.first { $0.key.metric == .time } }
        guard times.count == candidates.count, let first = times.first else { return [] }
        let figures = times.map { $0.ratioToReference ?? $0.median }
        guard let low = figures.min(), let high = figures.max(), low > 0 else { return [] }
        var key = first.key
        key.metric = .processSpread
        return [
            .count(
                key, unit: .percent, value: (high - low) / low * 100, sampleCount: figures.count,
                configuration: first.configuration)
        ]
    }
}
