import Testing

@testable import BenchmarkCLI
@testable import BenchmarkSuites

/// `BenchCommand.main(_:adding:)`, the entry point of a package's own `bench`.
@MainActor
@Suite("bench with the caller's architectures")
struct AddedSubjectsTests {
    @Test("An added architecture whose id is taken is refused in one line, before anything runs")
    func takenID() async {
        let captured = Captured()
        let status = await BenchCommand.main(
            ["list"], adding: [SubjectCases(EffectValuesSubject.self)], output: captured.output)
        #expect(status == ExitStatus.badInput.rawValue)
        #expect(
            captured.errors == ["two architectures are named 'effect-values'; each needs an id of its own"])
        #expect(captured.data.isEmpty)
        #expect(CaseCatalogue.architectureNames.count == 7)
    }

    @Test("bench --help counts the architectures present, an added one included")
    func helpCountsArchitectures() {
        let builtIn = BenchCommand.vocabulary
        #expect(Invocation.helpText(vocabulary: builtIn).hasPrefix("OVERVIEW: Measure what seven app"))
        var withOneMore = builtIn
        withOneMore.architectures.append("tiny-store")
        #expect(Invocation.helpText(vocabulary: withOneMore).hasPrefix("OVERVIEW: Measure what eight app"))
    }
}
