import BenchmarkResults

extension Comparison {
    /// `current` with each time row replaced by `rerun`'s row of the same key when that one's ratio
    /// to the reference is lower: the rows a gate judges when a rise must show in two runs to count.
    ///
    /// A shared host slows a whole process, or one memory-bound case, for seconds at a time; a rise
    /// caused by the code shows in every run, and one the host caused rarely shows in two runs made
    /// minutes apart (docs/gate.md, "A second run"). Every other row, counts included, stays
    /// `current`'s: counts do not depend on the host.
    ///
    /// - Throws: ``ComparisonError/missingInRerun(_:)`` when `rerun` lacks a time row of `current`.
    public static func lowerTimes(_ current: [ResultRow], _ rerun: [ResultRow]) throws(ComparisonError)
        -> [ResultRow]
    {
        let rerunTimes = Dictionary(
            rerun.filter { $0.metricClass.isTime }.map { ($0.key, $0) },
            uniquingKeysWith: { first, _ in first })
        let missing = current.filter { $0.metricClass.isTime && rerunTimes[$0.key] == nil }.map(\.key)
        guard missing.isEmpty else { throw .missingInRerun(missing.sorted()) }
        return current.map { row in
            guard row.metricClass.isTime, let other = rerunTimes[row.key],
                let ratio = other.ratioToReference, ratio < row.ratioToReference ?? .infinity
            else { return row }
            return other
        }
    }
}
