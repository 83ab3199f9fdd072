import Domain
import TestSupport
import Testing

@testable import EffectObjects

private func dependencies(quoteClient: QuoteClient = unusedQuoteClient) -> Dependencies {
    Dependencies(quoteClient: quoteClient, bank: InMemoryBank(accounts: sampleAccounts))
}

@Suite("AppFeature reducer")
struct AppFeatureReducerTests {
    typealias CounterEffect = ChildEffect<AppFeature.Child, CounterFeature.Action, AppFeature.Action>
    typealias TransferEffect = ChildEffect<AppFeature.Child, TransferFeature.Action, AppFeature.Action>

    let feature = AppFeature(dependencies: dependencies(quoteClient: .constant(firstQuote)))

    @Test("A counter action changes only that counter")
    func counterActionIsRoutedByIndex() {
        var state = AppFeature.State(
            selectedTab: .transfer, counters: [CounterState(), CounterState(count: 7)])

        let effects = feature.reduce(into: &state, action: .counter(index: 1, .increment))

        #expect(
            state
                == AppFeature.State(
                    selectedTab: .transfer, counters: [CounterState(), CounterState(count: 8)])
        )
        #expect(effects.isEmpty)
    }

    @Test("A counter's loadQuote selects the counter tab and returns its FetchQuote, scoped to that counter")
    func loadQuoteSelectsTheCounterTab() async throws {
        var state = AppFeature.State(counterCount: 3)
        state.selectedTab = .transfer

        let effects = feature.reduce(into: &state, action: .counter(index: 2, .loadQuote))

        var expected = AppFeature.State(counterCount: 3)
        expected.counters[2].isLoading = true
        #expect(state == expected)
        #expect(effects.count == 1)
        let child = try #require(effects.first as? CounterEffect)
        #expect(child.base is FetchQuote)
        #expect(child.scope == .counter(2))
        #expect(await child.run() == .counter(index: 2, .quoteLoaded(.success(firstQuote))))
    }

    @Test("Quote fetches of different counters have different cancellation keys")
    func cancellationKeysAreScopedPerCounter() {
        var state = AppFeature.State(counterCount: 2)
        let first = feature.reduce(into: &state, action: .counter(index: 0, .loadQuote))
        let again = feature.reduce(into: &state, action: .counter(index: 0, .loadQuote))
        let other = feature.reduce(into: &state, action: .counter(index: 1, .loadQuote))

        #expect(first.first?.cancellationKey != nil)
        #expect(first.first?.cancellationKey == again.first?.cancellationKey)
        #expect(first.first?.cancellationKey != other.first?.cancellationKey)
    }

    @Test("A transfer action is routed to the transfer and its effect answers a transfer action")
    func transferActionIsRouted() async throws {
        var state = AppFeature.State(counterCount: 1)

        let effects = feature.reduce(into: &state, action: .transfer(.submitTransfer))

        var expected = AppFeature.State(counterCount: 1)
        expected.transfer.isLoading = true
        expected.transfer.isSubmitting = true
        #expect(state == expected)
        let child = try #require(effects.first as? TransferEffect)
        #expect(child.base is ReportInvalidSelection)
        #expect(child.scope == .transfer)
        #expect(await child.run() == .transfer(.transferFailed(.invalidSelection)))
    }

    @Test("selectTab selects the tab")
    func selectTab() {
        var state = AppFeature.State(counterCount: 1)
        #expect(feature.reduce(into: &state, action: .selectTab(.transfer)).isEmpty)
        #expect(state == AppFeature.State(selectedTab: .transfer, counters: [CounterState()]))
    }
}

@MainActor
@Suite("The app in both layouts")
struct AppLayoutTests {
    @Test("A counter's loadQuote selects the counter tab", arguments: Layout.allCases)
    func loadQuoteSelectsCounterTab(layout: Layout) async throws {
        let app = EffectObjectsArchitecture.makeApp(
            layout: layout,
            counters: 3,
            dependencies(quoteClient: .constant(firstQuote))
        )
        app.send(.selectTab(.transfer))
        #expect(app.snapshot.selectedTab == .transfer)

        app.send(.counter(index: 1, .loadQuote))
        #expect(app.snapshot.selectedTab == .counter)
        #expect(app.snapshot.counters[1].isLoading)
        try await finishWithin("app.settle() returns") { await app.settle() }

        #expect(
            app.snapshot
                == AppSnapshot(
                    selectedTab: .counter,
                    counters: [CounterState(), CounterState(quote: firstQuote), CounterState()],
                    transfer: TransferState()
                )
        )
    }

    @Test("Two counters loading at once both get their quote", arguments: Layout.allCases)
    func siblingsDoNotCancelEachOther(layout: Layout) async throws {
        let gate = ResponseGate(honorsCancellation: false)
        let client = QuoteClient.gated(gate, results: [.success(firstQuote), .success(secondQuote)])
        let app = EffectObjectsArchitecture.makeApp(
            layout: layout,
            counters: 2,
            dependencies(quoteClient: client)
        )

        app.send(.counter(index: 0, .loadQuote))
        try await waitUntil { gate.ticketsIssued == 1 }
        app.send(.counter(index: 1, .loadQuote))
        try await waitUntil { gate.ticketsIssued == 2 }
        gate.release(1)
        gate.release(0)
        try await finishWithin("app.settle() returns") { await app.settle() }

        #expect(app.snapshot.counters == [CounterState(quote: firstQuote), CounterState(quote: secondQuote)])
    }

    @Test("The single store wakes every counter's observer on each action")
    func singleStoreWakesEveryObserver() {
        let app = EffectObjectsArchitecture.makeApp(layout: .singleStore, counters: 4, dependencies())
        var woken = [0, 0, 0, 0]
        for index in 0..<4 {
            app.observeCounter(at: index) { woken[index] += 1 }
        }

        app.send(.counter(index: 2, .increment))
        #expect(woken == [1, 1, 1, 1])

        app.send(.transfer(.updateAmount(5)))
        #expect(woken == [2, 2, 2, 2])
    }

    @Test("The multi store wakes only the observer of the counter that changed")
    func multiStoreWakesOneObserver() {
        let app = EffectObjectsArchitecture.makeApp(layout: .multiStore, counters: 4, dependencies())
        var woken = [0, 0, 0, 0]
        for index in 0..<4 {
            app.observeCounter(at: index) { woken[index] += 1 }
        }

        app.send(.counter(index: 2, .increment))
        #expect(woken == [0, 0, 1, 0])

        app.send(.transfer(.updateAmount(5)))
        app.send(.selectTab(.transfer))
        #expect(woken == [0, 0, 1, 0])
    }

    @Test("Both layouts give the same snapshots for the same script")
    func layoutsAgree() async throws {
        let script: [AppIntent] = [
            .counter(index: 0, .increment),
            .counter(index: 2, .decrement),
            .selectTab(.transfer),
            .transfer(.loadAccounts),
            .counter(index: 1, .loadQuote),
            .transfer(.selectFrom(sampleAccounts[0])),
            .transfer(.selectTo(sampleAccounts[2])),
            .transfer(.updateAmount(15)),
            .transfer(.submitTransfer),
            .transfer(.submitTransfer),
            .counter(index: 0, .loadQuote),
            .transfer(.resetError),
        ]
        let answers: [Result<Quote, QuoteError>] = [
            .success(firstQuote), .failure(QuoteError(message: "no")),
        ]
        let apps = Layout.allCases.map { layout in
            EffectObjectsArchitecture.makeApp(
                layout: layout,
                counters: 3,
                dependencies(quoteClient: .scripted(answers))
            )
        }

        for intent in script {
            var snapshots: [AppSnapshot] = []
            for app in apps {
                app.send(intent)
                snapshots.append(app.snapshot)
                try await finishWithin("app.settle() returns") { await app.settle() }
                snapshots.append(app.snapshot)
            }
            #expect(snapshots[0] == snapshots[2], "after \(intent)")
            #expect(snapshots[1] == snapshots[3], "after \(intent) settled")
        }
        #expect(apps[0].snapshot.transfer.lastTransaction?.amount == 15)
        #expect(apps[0].snapshot.counters[1].quote == firstQuote)
    }

    @Test("The multi-store root forgets finished effects in every child")
    func multiStoreInFlightCount() async throws {
        let gate = ResponseGate()
        let client = QuoteClient.gated(gate, results: [.success(firstQuote), .success(secondQuote)])
        let app = MultiStoreApp(counterCount: 2, dependencies: dependencies(quoteClient: client))
        var tabs: [Tab] = []
        app.subscribe { tabs.append($0) }

        app.send(.selectTab(.transfer))
        app.send(.counter(index: 0, .loadQuote))
        try await waitUntil { gate.ticketsIssued == 1 }
        app.send(.counter(index: 1, .loadQuote))
        #expect(app.inFlightEffectCount == 2)
        #expect(tabs == [.transfer, .counter, .counter])

        gate.releaseAll()
        try await finishWithin("app.settle() returns") { await app.settle() }

        #expect(app.inFlightEffectCount == 0)
        #expect(app.state.counters.map(\.quote) == [firstQuote, secondQuote])
    }

    @Test("The single store forgets finished effects")
    func singleStoreInFlightCount() async throws {
        let gate = ResponseGate()
        let client = QuoteClient.gated(gate, results: [.success(firstQuote)])
        let host = WorkflowHost(counterCount: 2, dependencies: dependencies(quoteClient: client))

        host.send(.counter(index: 1, .loadQuote))
        host.send(.transfer(.loadAccounts))
        #expect(host.inFlightEffectCount == 2)

        gate.releaseAll()
        try await finishWithin("host.settle() returns") { await host.settle() }

        #expect(host.inFlightEffectCount == 0)
        #expect(host.state.counters[1].quote == firstQuote)
        #expect(host.state.transfer.accounts == sampleAccounts)
    }
}
