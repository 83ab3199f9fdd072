/// Which cases a run measures, by suite, architecture, feature, layout and size: what `--filter`
/// asks for, handed whole to every process of the run.
///
/// A case is selected when it matches one of the terms of every kind that has any: suites
/// `dispatch` and `effects` select both suites for every architecture; suite `layout`,
/// architecture `closure-effects`, layout `single-store` and size 10 select one case. A feature
/// term is a feature group (`transfer`) or one feature (`transfer/selectFrom`).
public struct CaseSelector: Hashable, Sendable, Codable {
    public var suites: Set<Suite> = []
    public var architectures: Set<ArchitectureName> = []
    public var features: Set<FeatureName> = []
    public var layouts: Set<LayoutName> = []
    public var sizes: Set<Int> = []

    public init(
        suites: Set<Suite> = [], architectures: Set<ArchitectureName> = [], features: Set<FeatureName> = [],
        layouts: Set<LayoutName> = [], sizes: Set<Int> = []
    ) {
        self.suites = suites
        self.architectures = architectures
        self.features = features
        self.layouts = layouts
        self.sizes = sizes
    }

    /// The selector of exactly the case `caseKey` names (a heavy case's own timing process).
    public init(selecting caseKey: ResultRow.CaseKey) {
        self.init(
            suites: [caseKey.suite], architectures: [caseKey.architecture], features: [caseKey.feature],
            layouts: Set([caseKey.layout].compactMap { $0 }), sizes: Set([caseKey.n].compactMap { $0 }))
    }

    /// Selects every case.
    public static let all = CaseSelector()

    public var isEmpty: Bool { self == .all }

    /// Whether the case `caseKey` is selected.
    public func selects(_ caseKey: ResultRow.CaseKey) -> Bool {
        selects(
            suite: caseKey.suite, architecture: caseKey.architecture, feature: caseKey.feature,
            layout: caseKey.layout,
            n: caseKey.n)
    }

    /// Whether a case is selected; a nil `layout` or `n` (a whole feature group being asked about,
    /// any of whose cases may be selected) is not excluded by layout or size terms.
    public func selects(
        suite: Suite, architecture: ArchitectureName, feature: FeatureName, layout: LayoutName? = nil,
        n: Int? = nil
    ) -> Bool {
        (suites.isEmpty || suites.contains(suite))
            && (architectures.isEmpty || architectures.contains(architecture))
            && (features.isEmpty || features.contains { Self.matches($0, feature) })
            && (layout.map(selects(layout:)) ?? true)
            && (sizes.isEmpty || n.map { sizes.contains($0) } ?? true)
    }

    /// Whether the layout terms pick `layout`: there are none, or one names it.
    public func selects(layout: LayoutName) -> Bool {
        layouts.isEmpty || layouts.contains(layout)
    }

    /// Whether feature term `term` matches `feature`: the same name, or one is the other's group.
    static func matches(_ term: FeatureName, _ feature: FeatureName) -> Bool {
        term == feature || term.rawValue == feature.featureGroup || term.featureGroup == feature.rawValue
    }

    /// Every term as `--filter` spells it, in a stable order: what a child process that reads run
    /// options is given.
    public var terms: [String] {
        suites.map(\.rawValue).sorted() + architectures.map(\.rawValue).sorted()
            + features.map(\.rawValue).sorted() + layouts.map(\.rawValue).sorted()
            + sizes.sorted().map { "n=\($0)" }
    }
}
