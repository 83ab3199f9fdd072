extension ResultRow {
    /// Everything in a key but the metric: the key of one measured case, which all its rows share.
    public struct CaseKey: Hashable, Sendable, Codable, CustomStringConvertible {
        public var suite: Suite
        public var architecture: ArchitectureName
        public var feature: FeatureName
        public var layout: LayoutName?
        public var n: Int?

        public init(
            suite: Suite, architecture: ArchitectureName, feature: FeatureName, layout: LayoutName? = nil,
            n: Int? = nil
        ) {
            self.suite = suite
            self.architecture = architecture
            self.feature = feature
            self.layout = layout
            self.n = n
        }

        /// `layout / local-reducer / app/increment / single-store / n=10000`: the key's spelling
        /// without the metric.
        public var description: String {
            [
                suite.rawValue, architecture.rawValue, feature.rawValue, layout?.rawValue ?? "",
                n.map { "n=\($0)" } ?? "",
            ]
            .filter { !$0.isEmpty }
            .joined(separator: " / ")
        }

        /// The CSV spellings of the fields, in column order.
        public var spellings: [String] {
            [
                suite.rawValue, architecture.rawValue, feature.rawValue, layout?.rawValue ?? "",
                n.map(String.init) ?? "",
            ]
        }
    }
}

extension ResultRow.Key {
    /// The key of the case this row belongs to.
    public var caseKey: ResultRow.CaseKey {
        ResultRow.CaseKey(suite: suite, architecture: architecture, feature: feature, layout: layout, n: n)
    }

    /// The key of `caseKey`'s row of `metric`.
    public init(_ caseKey: ResultRow.CaseKey, metric: Metric) {
        self.init(
            suite: caseKey.suite, architecture: caseKey.architecture, feature: caseKey.feature,
            layout: caseKey.layout, n: caseKey.n, metric: metric)
    }
}
