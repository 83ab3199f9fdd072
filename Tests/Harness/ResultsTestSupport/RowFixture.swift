import BenchmarkResults

/// Result rows for the results and gate tests, made in code.
public enum RowFixture {
    /// A row whose statistics spread around `median` (p10 1.5 below it, p25..p75 ±1, min 2 below, max
    /// 3 above) over 40 samples, in a release build.
    public static func row(
        suite: Suite = .dispatch,
        architecture: ArchitectureName = "closure-effects",
        feature: FeatureName = "counter",
        layout: LayoutName? = nil,
        n: Int? = nil,
        metric: Metric = .time,
        unit: Metric.Unit = .nanoseconds,
        median: Double = 12.5,
        ratio: Double? = 4.2
    ) -> ResultRow {
        ResultRow(
            key: .init(
                suite: suite, architecture: architecture, feature: feature, layout: layout, n: n,
                metric: metric),
            unit: unit,
            median: median,
            p10: median - 1.5,
            p25: median - 1,
            p75: median + 1,
            min: median - 2,
            max: median + 3,
            sampleCount: 40,
            ratioToReference: ratio,
            configuration: .release
        )
    }

    /// A row of `metric` in `suite` and `unit`; a time row has a ratio.
    public static func metricRow(
        suite: Suite = .dispatch, metric: Metric = .time, unit: Metric.Unit? = nil, median: Double = 10,
        architecture: ArchitectureName = "closure-effects"
    ) -> ResultRow {
        row(
            suite: suite, architecture: architecture, metric: metric,
            unit: unit ?? metric.unit ?? .nanoseconds, median: median,
            ratio: metric == .time ? median : nil)
    }

    /// Rows written as CSV lines: the files' own format, so the tests read what `bench` writes (each
    /// line ends at `flags`; the selection columns are appended empty).
    public static func parse(_ lines: [String]) throws -> [ResultRow] {
        try ResultCSV.parse(
            ([ResultCSV.header.joined(separator: ",")] + lines.map { $0 + ",," }).joined(separator: "\n")
                + "\n")
    }
}
