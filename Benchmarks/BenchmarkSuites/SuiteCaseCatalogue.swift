import BenchmarkEngine
import BenchmarkResults
import Domain

// This file's name sets its place in the module's file order, which the instruction baseline's
// rows depend on: docs/instructions.md, "A file's name can move a row".

/// What a run can measure and what a selection picks of it: the suites, architectures, features,
/// layouts and sizes that exist, and the cases a ``CaseSelector`` selects, built for the selected
/// architectures only. It describes and builds; it runs nothing: `BenchmarkRun` counts and times
/// the cases it hands out.
@MainActor
public struct CaseCatalogue {
    /// Decides which cases are picked.
    public let selection: CaseSelector

    public init(selection: CaseSelector = .all) {
        self.selection = selection
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
    public static var entries: [(suite: Suite, architecture: ArchitectureName, feature: FeatureName)] {
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

    /// The sizes of a sized suite, nil for the others.
    public static func sizes(of suite: Suite) -> [Int]? {
        switch suite {
        case .layout: Catalog.layoutSizes
        case .stateCopy: Catalog.stateCopySizes
        default: nil
        }
    }

    /// The suites with at least one selected case, in suite order: a sized suite needs a selected
    /// size.
    public var selectedSuites: [Suite] {
        Suite.allCases.filter { suite in
            guard let sizes = Self.sizes(of: suite) else { return selects(suite: suite) }
            return sizes.contains { selects(suite: suite, n: $0) }
        }
    }

    /// True when the selection picks at least one case of `suite` (at size `n`, when given).
    public func selects(suite: Suite, n: Int? = nil) -> Bool {
        Self.entries.contains {
            $0.suite == suite
                && selection.selects(suite: suite, architecture: $0.architecture, feature: $0.feature, n: n)
        }
    }

    /// The selected cases of `suite` (at size `n`), built only for the architectures and layouts
    /// selected: a heavy case's own process builds one app, not 21.
    public func cases(of suite: Suite, n: Int? = nil) -> [BenchmarkCase] {
        let subjects = Subjects.all.filter { subject in
            Self.entries.contains {
                $0.suite == suite && $0.architecture == ArchitectureName(subject.id)
                    && selection.selects(
                        suite: suite, architecture: $0.architecture, feature: $0.feature, n: n)
            }
        }
        let all =
            if suite == .reference {
                Catalog.referenceCases()
            } else if let n {
                subjects.flatMap { $0.casesOfSize[suite]?(n, selectedLayouts) ?? [] }
            } else {
                subjects.flatMap { $0.cases[suite]?() ?? [] }
            }
        return all.filter { selection.selects($0.caseKey) }
    }

    /// The layouts the selection picks, in ``Layout`` order.
    var selectedLayouts: [Layout] {
        Layout.allCases.filter { selection.selects(layout: LayoutName($0)) }
    }

    /// The references timed beside a group of a suite's cases, one per kind of case in the group:
    /// ordinary work for synchronous cases (reported by the reference suite), the round-trip hop
    /// for effect round trips (reported as a row of `effects`), so each case is divided by a
    /// reference of its own kind. The reference suite has none: its first case is the reference.
    public static func references(for suite: Suite, group: [BenchmarkCase]) -> [BenchmarkCase] {
        switch suite {
        case .reference, .retention: return []
        case .effects: return [Catalog.roundTripReferenceCase()]
        default:
            let hasRoundTrip = group.contains { $0.benchmark?.isAsync == true }
            return [Catalog.ordinaryWorkReferenceCase(suite)]
                + (hasRoundTrip ? [Catalog.roundTripReferenceCase(suite)] : [])
        }
    }

    /// The position of the gauge among the cases of a timing group (``SamplingParameters/Gauge``):
    /// the ordinary-work reference, where the group has it. A heavy case's group has one too: in
    /// the rounds where its reference ran slow, the case ran slow as well (docs/measurement.md,
    /// "Calm rounds").
    public static func gaugeIndex(in cases: [BenchmarkCase]) -> Int? {
        let gauge = Catalog.ordinaryWorkReferenceCase(.reference).feature
        return cases.firstIndex { $0.architecture == .reference && $0.feature == gauge }
    }
}
