/// Combines several runs of the same benchmarks into one, keeping each row's best figure.
///
/// A whole process tends to run fast or slow (where its code and heap land in memory decides cache
/// behaviour), so a single run's times can sit 50% above another's for every row at once. Taking,
/// per row, the run with the lowest time ratio (or the lowest count) estimates the fast mode, which
/// is what makes two best-of-3 runs comparable (README, "The regression gate").
public enum BestOf {
    /// The rows of `runs` merged: one row per key, in the first run's order, from the run whose figure
    /// is lowest. Keys missing from some runs are kept from the runs that have them.
    public static func merge(_ runs: [[ResultRow]]) -> [ResultRow] {
        var best: [ResultRow.Key: ResultRow] = [:]
        var order: [ResultRow.Key] = []
        for run in runs {
            for row in run {
                guard let current = best[row.key] else {
                    best[row.key] = row
                    order.append(row.key)
                    continue
                }
                if figure(row) < figure(current) { best[row.key] = row }
            }
        }
        return order.compactMap { best[$0] }
    }

    private static func figure(_ row: ResultRow) -> Double {
        row.kind == .time ? row.ratioToBaseline ?? row.median : row.median
    }
}
