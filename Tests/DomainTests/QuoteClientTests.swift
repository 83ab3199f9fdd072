import Domain
import ScenarioSupport
import Testing

@Suite("Quote clients")
struct QuoteClientTests {
    let first = Quote(content: "First", author: "A")
    let second = Quote(content: "Second", author: "B")

    @Test("A scripted client answers in script order, then reports the end of the script")
    func scriptedClientFollowsItsScript() async throws {
        let client = QuoteClient.scripted([
            .success(first), .failure(QuoteError(message: "nope")), .success(second),
        ])
        #expect(try await client.fetch() == first)
        await #expect(throws: QuoteError(message: "nope")) { try await client.fetch() }
        #expect(try await client.fetch() == second)
        await #expect(throws: QuoteError.self) { try await client.fetch() }
    }

    @Test("A failing client always throws its error", arguments: [Latency.immediate, .yields(3)])
    func failingClientAlwaysThrows(latency: Latency) async {
        let error = QuoteError(message: "down")
        let client = QuoteClient.failing(error, latency: latency)
        for _ in 0..<3 {
            await #expect(throws: error) { try await client.fetch() }
        }
    }

    @Test("Latency sleep throws when its task is cancelled")
    func sleepingLatencyHonoursCancellation() async {
        let task = Task { try await QuoteClient.constant(first, latency: .sleep(.seconds(60))).fetch() }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("A gated client answers in the order the test releases tickets")
    func gatedClientAnswersInReleaseOrder() async throws {
        let gate = ResponseGate()
        let client = QuoteClient.gated(gate, results: [.success(first), .success(second)])
        let one = Task { try await client.fetch() }
        try await waitUntil { gate.waitingCount == 1 }
        let two = Task { try await client.fetch() }
        try await waitUntil { gate.waitingCount == 2 }
        gate.release(1)
        #expect(try await two.value == second)
        #expect(gate.waitingCount == 1)
        gate.release(0)
        #expect(try await one.value == first)
        #expect(gate.ticketsIssued == 2)
    }

    @Test("A gate that honours cancellation throws; one that does not answers anyway")
    func gateCancellationPolicies() async throws {
        let polite = ResponseGate(honorsCancellation: true)
        let politeTask = Task { try await QuoteClient.gated(polite, results: [.success(first)]).fetch() }
        try await waitUntil { polite.waitingCount == 1 }
        politeTask.cancel()
        await #expect(throws: CancellationError.self) { try await politeTask.value }
        #expect(polite.waitingCount == 0)

        let stubborn = ResponseGate(honorsCancellation: false)
        let stubbornTask = Task { try await QuoteClient.gated(stubborn, results: [.success(second)]).fetch() }
        try await waitUntil { stubborn.waitingCount == 1 }
        stubbornTask.cancel()
        #expect(stubborn.waitingCount == 1)
        stubborn.release(0)
        #expect(try await stubbornTask.value == second)
    }

    @Test("A ticket released before its call arrives lets the call straight through")
    func releaseBeforeArrival() async throws {
        let gate = ResponseGate()
        gate.release(0)
        #expect(try await QuoteClient.gated(gate, results: [.success(first)]).fetch() == first)
    }
}
