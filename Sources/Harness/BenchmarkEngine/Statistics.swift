/// Summary statistics of a set of samples (for example nanoseconds per operation).
///
/// The median is the headline figure of a distribution; the 10th percentile is what a synchronous
/// benchmark is compared by (``CostStatistic``). Percentiles use linear interpolation between the closest
/// ranks (Hyndman and Fan type 7, the default of NumPy, R and spreadsheet `PERCENTILE.INC`):
/// for sorted samples `x[0] ... x[n-1]` the p-quantile is at position `h = (n - 1) * p`,
/// `x[floor(h)] + (h - floor(h)) * (x[floor(h) + 1] - x[floor(h)])`.
/// The median absolute deviation is the (unscaled) median of `|x - median|`.
public struct Statistics: Sendable, Equatable {
    /// Number of samples.
    public let count: Int
    /// Smallest sample.
    public let min: Double
    /// 10th percentile.
    public let p10: Double
    /// 25th percentile.
    public let p25: Double
    /// 50th percentile: the headline figure.
    public let median: Double
    /// 75th percentile.
    public let p75: Double
    /// Largest sample.
    public let max: Double
    /// Arithmetic mean.
    public let mean: Double
    /// Median absolute deviation from the median (not scaled to a standard deviation).
    public let medianAbsoluteDeviation: Double

    /// Summarises `samples`; nil when there are none. Samples must not be NaN.
    public init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        precondition(!samples.contains { $0.isNaN }, "Statistics: a sample is NaN")
        let sorted = samples.sorted()
        count = sorted.count
        min = sorted[0]
        max = sorted[sorted.count - 1]
        p10 = Self.percentile(sorted: sorted, 0.1)
        p25 = Self.percentile(sorted: sorted, 0.25)
        median = Self.percentile(sorted: sorted, 0.5)
        p75 = Self.percentile(sorted: sorted, 0.75)
        mean = sorted.reduce(0, +) / Double(sorted.count)
        let center = median
        let deviations = sorted.map { abs($0 - center) }.sorted()
        medianAbsoluteDeviation = Self.percentile(sorted: deviations, 0.5)
    }

    /// The `p`-quantile (0...1) of ascending `sorted` samples by linear interpolation between the
    /// closest ranks (type 7). `sorted` must be non-empty and ascending.
    public static func percentile(sorted: [Double], _ p: Double) -> Double {
        precondition(!sorted.isEmpty, "Statistics.percentile: no samples")
        precondition((0...1).contains(p), "Statistics.percentile: p must be in 0...1")
        let position = Double(sorted.count - 1) * p
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + fraction * (sorted[upper] - sorted[lower])
    }

    /// Spread of the middle half relative to the median: `(p75 - p25) / median`.
    public var relativeInterquartileRange: Double {
        median == 0 ? 0 : (p75 - p25) / median
    }
}
