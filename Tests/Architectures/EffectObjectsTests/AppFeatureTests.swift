import Domain
import ScenarioSupport
import Testing

@testable import EffectObjects

private func dependencies(quoteClient: QuoteClient = unusedQuoteClient) -> Dependencies {
    Dependencies(quoteClient: quoteClient, bank: InMemoryBank(accounts: sampleAccounts))
}

@Suite("AppFeature: routing, render pass over the children, scoped workers")
struct AppFeatureWorkflowTests {
    let feature = AppFeature(dependencies: dependencies(quoteClient: .constant(firstQuote)))

    @Test("A counter action changes only that counter; the render shows one rendering per child")
    func counterActionIsRoutedByIndex() {
        let state = AppFeature.State(
            selectedTab: .transfer,
            counters: [CounterFeature.State(), CounterFeature.State(CounterState(count: 7))])

        let after = feature.applying(.counter(index: 1, .increment), to: state)

        let (rendering, requests) = feature.rendered(after)
        #expect(
            rendering
                == AppFeature.Rendering(
                    selectedTab: .transfer, counters: [CounterState(), CounterState(count: 8)],
                    transfer: TransferState()))
        #expect(requests.isEmpty)
    }

    @Test("A counter's loadQuote selects the counter tab; its FetchQuote answers as that counter")
    func loadQuoteSelectsTheCounterTab() async throws {
        var state = AppFeature.State(counterCount: 3)
        state.selectedTab = .transfer

        let after = feature.applying(.counter(index: 2, .loadQuote), to: state)

        let (rendering, requests) = feature.rendered(after)
        #expect(rendering.selectedTab == .counter)
        #expect(rendering.counters == [CounterState(), CounterState(), CounterState(isLoading: true)])
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        #expect(request.requestedWorker is FetchQuote)
        #expect(await request.run() == .counter(index: 2, .quoteLoaded(.success(firstQuote))))
    }

    @Test("Workers run in slots scoped by the child: two counters' fetches never share one")
    func workerSlotsAreScopedPerCounter() {
        var state = AppFeature.State(counterCount: 2)
        state = feature.applying(.counter(index: 0, .loadQuote), to: state)
        let first = feature.rendered(state).requests.map(\.slot)
        state = feature.applying(.counter(index: 1, .loadQuote), to: state)
        let both = feature.rendered(state).requests.map(\.slot)

        #expect(first.count == 1 && both.count == 2)
        #expect(both[0] == first[0])
        #expect(both[0] != both[1])
    }

    @Test("A transfer action is routed to the transfer and its worker answers a transfer action")
    func transferActionIsRouted() async throws {
        let after = feature.applying(.transfer(.submitTransfer), to: AppFeature.State(counterCount: 1))

        let (rendering, requests) = feature.rendered(after)
        #expect(rendering.transfer == TransferState(isLoading: true, isSubmitting: true))
        let request = try #require(requests.first)
        #expect(request.requestedWorker is ReportInvalidSelection)
        #expect(await request.run() == .transfer(.transferFailed(.invalidSelection)))
    }

    @Test("selectTab selects the tab")
    func selectTab() {
        let after = feature.applying(.selectTab(.transfer), to: AppFeature.State(counterCount: 1))
        #expect(after == AppFeature.State(selectedTab: .transfer, counters: [CounterFeature.State()]))
        #expect(feature.rendered(after).requests.isEmpty)
    }
}

@MainActor
@Suite("Scoped subscriptions: one child rendering per row")
struct ScopedSubscriptionTests {
    @Test("A row's subscriber is woken only when that row's rendering changes, with that rendering")
    func rowSubscribersWakeForTheirRow() async {
        let host = WorkflowHost(
            counterCount: 3, dependencies: dependencies(quoteClient: .constant(firstQuote)))
        var seen: [[CounterState]] = [[], [], []]
        for index in 0..<3 {
            host.subscribe(selecting: { $0.counters[index] }, onChange: { seen[index].append($0) })
        }

        host.send(.counter(index: 1, .increment))
        host.send(.transfer(.updateAmount(4)))
        host.send(.selectTab(.transfer))
        #expect(seen == [[], [CounterState(count: 1)], []])

        host.send(.counter(index: 2, .loadQuote))
        await host.settle()
        #expect(seen[2] == [CounterState(isLoading: true), CounterState(quote: firstQuote)])
        #expect(seen[0].isEmpty && seen[1].count == 1)
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

    @Test(
        "The single store wakes every counter's observer on each action, the multi store only the changed one",
        arguments: [
            (Layout.singleStore, [1, 1, 1, 1], [3, 3, 3, 3]),
            (.multiStore, [0, 0, 1, 0], [0, 0, 1, 0]),
        ]
    )
    func counterObservers(layout: Layout, afterIncrement: [Int], afterTransferActions: [Int]) {
        let app = EffectObjectsArchitecture.makeApp(layout: layout, counters: 4, dependencies())
        var woken = [0, 0, 0, 0]
        for index in 0..<4 {
            app.observeCounter(at: index) { woken[index] += 1 }
        }

        app.send(.counter(index: 2, .increment))
        #expect(woken == afterIncrement)

        app.send(.transfer(.updateAmount(5)))
        app.send(.selectTab(.transfer))
        #expect(woken == afterTransferActions)
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
        #expect(app.rendering.counters.map(\.quote) == [firstQuote, secondQuote])
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
        #expect(host.rendering.counters[1].quote == firstQuote)
        #expect(host.rendering.transfer.accounts == sampleAccounts)
    }
}

@Suite("Sinks: a child's actions reach the host through the pipes of the latest render pass")
@MainActor
struct SinkTests {
    @Test("A row's sink sends its counter's actions, embedded with the row's index")
    func sinkSendsEmbeddedActions() {
        let host = WorkflowHost(counterCount: 3, dependencies: dependencies())
        host.rendering.counterSinks[1].send(.increment)
        host.rendering.transferSink?.send(.updateAmount(4))
        #expect(host.rendering.counters.map(\.count) == [0, 1, 0])
        #expect(host.rendering.transfer.amount == 4)
    }

    @Test("A sink from an older rendering delivers nothing: every render pass replaces the pipes")
    func olderSinksAreInvalidated() {
        let host = WorkflowHost(counterCount: 2, dependencies: dependencies())
        let older = host.rendering.counterSinks[0]
        host.send(.selectTab(.transfer))
        older.send(.increment)
        #expect(host.rendering.counters[0].count == 0, "the pass that made `older` was replaced")
        host.rendering.counterSinks[0].send(.increment)
        #expect(host.rendering.counters[0].count == 1)
    }

    @Test("Renderings are equal when they show the same thing, whatever their sinks")
    func sinksAreNotCompared() {
        let host = WorkflowHost(counterCount: 1, dependencies: dependencies())
        let before = host.rendering
        host.send(.selectTab(.counter))
        #expect(host.rendering == before)
        #expect(before.counterSinks.count == 1)
    }
}
