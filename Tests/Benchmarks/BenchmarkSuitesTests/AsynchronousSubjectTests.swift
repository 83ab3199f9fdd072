import BenchmarkEngine
import BenchmarkResults
import ClosureEffects
import Domain
import Foundation
import Observation
import Testing

@testable import BenchmarkSuites

/// `SubjectCases(asynchronous:)` on a store whose actions complete after a hop.
///
/// The fake below is `closure-effects` made asynchronous: each awaited requirement first yields (the
/// hop), then sends, then, when the action changes what it observes, waits until a one-shot
/// observer has seen the change. The suite is serialized because the fake records what its
/// observers saw in one shared list.
@MainActor
@Suite("Asynchronous subject cases", .serialized)
struct AsynchronousSubjectTests {
    static let size = 10

    /// The cases of `suite`; for `layout`, those of one size, as the runner builds them.
    static func cases(_ suite: BenchmarkResults.Suite) throws -> [BenchmarkCase] {
        let subject = SubjectCases(asynchronous: ClosureEffectsSubject.self)
        if suite == .layout {
            let build = try #require(subject.casesOfSize[.layout])
            return build(size, Layout.allCases)
        }
        let build = try #require(subject.cases[suite])
        return build()
    }

    @Test("only dispatch, effects and layout, sized by layout alone")
    func suites() {
        let subject = SubjectCases(asynchronous: ClosureEffectsSubject.self)
        #expect(Set(subject.cases.keys) == [.dispatch, .effects, .layout])
        #expect(Set(subject.casesOfSize.keys) == [.layout])
    }

    @Test("dispatch rows are the three intents, each timed until observed")
    func dispatchCases() throws {
        let cases = try Self.cases(.dispatch)
        let features = cases.map(\.feature.rawValue)
        #expect(features == ["counter/increment", "transfer/updateAmount", "transfer/selectFrom"])
        for benchmarkCase in cases {
            #expect(benchmarkCase.suite == .dispatch)
            #expect(benchmarkCase.benchmark?.isAsync == true, "\(benchmarkCase.name)")
            let name = try #require(benchmarkCase.benchmark?.name)
            #expect(name == "closure-effects \(benchmarkCase.feature.rawValue) until observed")
        }
    }

    @Test("layout rows: increment until observed, no-op until applied, in each layout")
    func layoutCases() throws {
        let cases = try Self.cases(.layout)
        let rows = cases.map { "\($0.layout?.rawValue ?? "") \($0.feature.rawValue)" }
        let layouts = ["single-store", "single-store-scoped", "multi-store"]
        #expect(rows == layouts.flatMap { ["\($0) app/increment", "\($0) app/no-op"] })
        for benchmarkCase in cases {
            #expect(benchmarkCase.suite == .layout && benchmarkCase.n == Self.size)
            let name = try #require(benchmarkCase.benchmark?.name)
            let prefix = "closure-effects \(benchmarkCase.layout?.rawValue ?? "") n=\(Self.size)"
            let isNoOp = benchmarkCase.feature.rawValue == "app/no-op"
            #expect(name == prefix + (isNoOp ? " no-op until applied" : " until observed"))
        }
    }

    @Test("layout builds only the layouts it is given", arguments: Layout.allCases)
    func layoutBuildsTheLayoutsGiven(layout: Layout) throws {
        let build = try #require(SubjectCases(asynchronous: ClosureEffectsSubject.self).casesOfSize[.layout])
        #expect(build(Self.size, [layout]).map(\.layout) == [LayoutName(layout), LayoutName(layout)])
    }

    @Test(
        "k increments move the counter by k, each seen by its observer",
        arguments: ["dispatch counter/increment"] + Layout.allCases.map { "\($0.rawValue) app/increment" })
    func increments(row: String) async throws {
        let all = try Self.cases(.dispatch) + Self.cases(.layout)
        let benchmarkCase = try #require(
            all.first { "\($0.layout?.rawValue ?? "dispatch") \($0.feature)" == row })
        let benchmark = try #require(benchmarkCase.benchmark)
        let iterations = 5
        HopObservations.seen = []
        await benchmark.run(iterations: iterations)
        #expect(HopObservations.seen == Array(1...iterations))
        // The case's own check reads the state through the subject's snapshots and, in the layout
        // suite, counts the wake-ups of the observers the case registered.
        let postcondition = try #require(benchmarkCase.postcondition)
        let problems = await postcondition()
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test(
        "every row does the work it is named for (its postcondition)",
        arguments: [BenchmarkResults.Suite.dispatch, .layout])
    func postconditions(suite: BenchmarkResults.Suite) async throws {
        for benchmarkCase in try Self.cases(suite) {
            let postcondition = try #require(benchmarkCase.postcondition)
            let problems = await postcondition()
            #expect(problems.isEmpty, "\(benchmarkCase.name): \(problems)")
        }
    }

    @Test("a no-op row, whose action changes nothing to observe, ends", arguments: Layout.allCases)
    func noOpEnds(layout: Layout) async throws {
        let benchmarkCase = try #require(
            try Self.cases(.layout).first {
                $0.layout?.rawValue == layout.rawValue && $0.feature == "app/no-op"
            })
        let benchmark = try #require(benchmarkCase.benchmark)
        let ended = Ended()
        Task {
            await benchmark.run(iterations: 100)
            ended.value = true
        }
        // A body that waits for an observer nothing wakes never ends; the test gives up on it, and
        // on its task, after 10 s instead of hanging the run.
        let deadline = ContinuousClock.now + .seconds(10)
        while !ended.value, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(ended.value, "\(benchmarkCase.name) did not end within 10 s")
    }
}

/// What the fake's observers saw: the count of the incremented counter, once per increment.
@MainActor
enum HopObservations {
    static var seen: [Int] = []
}

/// Whether a task the test does not await has ended.
@MainActor
final class Ended {
    var value = false
}

/// `closure-effects` behind a hop: the asynchronous subject under test.
extension ClosureEffectsSubject: AsynchronousSubject {
    public static func incrementUntilObserved(_ counter: Store<CounterFeature>) async {
        await sendUntilObserved({ counter.send(.increment) }, observing: { _ = counter.state })
        HopObservations.seen.append(counter.state.count)
    }

    public static func updateAmountUntilObserved(_ transfer: Store<TransferFeature>, _ amount: Decimal) async
    {
        let changes = transfer.state.amount != amount || transfer.state.error != nil
        await sendUntilObserved(
            { transfer.send(.updateAmount(amount)) }, observing: { _ = transfer.state }, changes: changes)
    }

    public static func selectFromUntilObserved(_ transfer: Store<TransferFeature>, _ account: Account) async {
        let changes = transfer.state.selectedFrom != account || transfer.state.error != nil
        await sendUntilObserved(
            { transfer.send(.selectFrom(account)) }, observing: { _ = transfer.state }, changes: changes)
    }

    public static func incrementUntilObserved(_ app: Store<AppFeature>, counterAt index: Int) async {
        await sendUntilObserved(
            { app.send(.counter(index: index, .increment)) }, observing: { _ = app.state.counters[index] })
        HopObservations.seen.append(app.state.counters[index].count)
    }

    public static func selectTabUntilApplied(_ app: Store<AppFeature>, _ tab: Tab) async {
        await Task.yield()
        app.send(.selectTab(tab))
    }

    public static func incrementUntilObserved(_ app: MultiStoreApp, counterAt index: Int) async {
        let counter = app.counters[index]
        await sendUntilObserved({ counter.send(.increment) }, observing: { _ = counter.state })
        HopObservations.seen.append(counter.state.count)
    }

    public static func selectTabUntilApplied(_ app: MultiStoreApp, _ tab: Tab) async {
        await Task.yield()
        app.send(.selectTab(tab))
    }

    /// Yields, then calls `send`; when it `changes` what `read` reads,, returns only once an
    /// observer of `read` has been told.
    private static func sendUntilObserved(
        _ send: () -> Void, observing read: () -> Void, changes: Bool = true
    ) async {
        await Task.yield()
        guard changes else { return send() }
        await withCheckedContinuation { (observed: CheckedContinuation<Void, Never>) in
            withObservationTracking(read) { observed.resume() }
            send()
        }
    }
}
