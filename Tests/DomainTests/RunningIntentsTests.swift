import Domain
import TestSupport
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
}
