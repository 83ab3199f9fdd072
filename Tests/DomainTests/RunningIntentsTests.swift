import Domain
import ScenarioSupport
import Testing

@MainActor
@Suite("RunningIntents")
struct RunningIntentsTests {
    @Test("an intent runs at once up to its first suspension; one that never suspends is not kept")
    func synchronousPartRunsAtOnce() async throws {
        let intents = RunningIntents()
        var steps: [String] = []
        intents.start { steps.append("done") }
        #expect(steps == ["done"])
        #expect(intents.count == 0)

        intents.start {
            steps.append("before")
            await Task.yield()
            steps.append("after")
        }
        #expect(steps == ["done", "before"])
        #expect(intents.count == 1)
        try await finishWithin("intents.settle() returns") { await intents.settle() }
        #expect(steps == ["done", "before", "after"])
        #expect(intents.count == 0)
    }

    @Test("settle() also waits for intents started while it waits")
    func settleWaitsForLaterIntents() async throws {
        let intents = RunningIntents()
        var finished = 0
        intents.start {
            await Task.yield()
            finished += 1
            intents.start {
                await Task.yield()
                finished += 1
            }
        }
        try await finishWithin("intents.settle() returns") { await intents.settle() }
        #expect(finished == 2)
        #expect(intents.count == 0)
    }

    @Test("settle() waits for every parked intent, whichever is answered first")
    func settleWaitsForEveryIntent() async throws {
        for _ in 0..<10 {
            let gate = ResponseGate()
            let intents = RunningIntents()
            for _ in 0..<4 {
                intents.start { try? await gate.pass() }
            }
            try await waitUntil("four intents wait at the gate") { gate.waitingCount == 4 }
            let settled = SettledFlag()
            Task { @MainActor in
                await intents.settle()
                settled.isSet = true
            }
            for ticket in 0..<3 {
                gate.release(ticket)
                try await waitUntil("intent \(ticket) finishes") { intents.count == 3 - ticket }
                #expect(!settled.isSet, "settle() returned while \(3 - ticket) intents were parked")
            }
            gate.release(3)
            try await waitUntil("settle() returns once the last intent finished") { settled.isSet }
        }
    }
}

/// Set by a task once `settle()` returned.
@MainActor
private final class SettledFlag {
    var isSet = false
}
