import BenchmarkResults
import Domain
import Testing

@testable import BenchmarkSuites

/// What the catalogue builds for a selection: a heavy case's own process times one app, and builds
/// only that one (at N = 10,000, the other two layouts took it up to 0.2 s to build).
@MainActor
@Suite("What the catalogue builds")
struct CaseCatalogueTests {
    @Test(
        "a layout builder builds the layouts it is given, in layout order",
        arguments: ArchitectureID.builtIn, Layout.allCases)
    func layoutBuilderBuildsTheLayoutsGiven(architecture: ArchitectureID, layout: Layout) throws {
        let subject = try #require(Subjects.all.first { $0.id == architecture })
        let build = try #require(subject.casesOfSize[.layout])
        #expect(build(10, [layout]).map(\.caseKey.layout) == [LayoutName(layout), LayoutName(layout)])
        #expect(
            build(10, Layout.allCases).map(\.caseKey.layout)
                == Layout.allCases.flatMap { [LayoutName($0), LayoutName($0)] })
    }

    @Test("a selection builds the layouts it picks; one without layout terms builds all three")
    func selectedLayouts() {
        let key = ResultRow.CaseKey(
            suite: .layout, architecture: "closure-effects", feature: "app/increment", layout: "multi-store",
            n: 10)
        #expect(CaseCatalogue(selection: CaseSelector(selecting: key)).selectedLayouts == [.multiStore])
        #expect(CaseCatalogue(selection: CaseSelector(suites: [.layout])).selectedLayouts == Layout.allCases)
        #expect(CaseCatalogue(selection: CaseSelector(selecting: key)).cases(of: .layout, n: 10).count == 1)
    }
}
