import Domain
import Testing
import TinyStore

/// The calls the benchmark suites time do what their names say, on TinyStore's own objects.
@MainActor
@Suite("TinyStore subject")
struct SubjectTests {
    let quote = Quote(content: "Measure, don't guess.", author: "Anonymous")

    @Test("increment and a quote round trip leave the counter as the contract says, no effect running")
    func counter() async {
        let counter = TinyStoreSubject.makeCounter(quoteClient: .constant(quote))
        TinyStoreSubject.increment(counter)
        await TinyStoreSubject.loadQuote(counter)
        #expect(TinyStoreSubject.snapshot(counter) == CounterState(count: 1, quote: quote))
        #expect(TinyStoreSubject.inFlightEffects(counter) == 0)
    }

    @Test("A counter's observer wakes for every state in a single store, only for its own when scoped")
    func observers() {
        let dependencies = Dependencies(quoteClient: .failing(), bank: InMemoryBank(accounts: []))
        let app = TinyStoreSubject.makeSingleStoreApp(counters: 3, dependencies: dependencies)
        var whole = 0
        var scoped = 0
        TinyStoreSubject.observeCounter(app, at: 0) { whole += 1 }
        TinyStoreSubject.observeScopedCounter(app, at: 0) { scoped += 1 }
        TinyStoreSubject.increment(app, counterAt: 2)
        TinyStoreSubject.increment(app, counterAt: 0)
        #expect((whole, scoped) == (2, 1))
        #expect(TinyStoreSubject.counterSnapshot(app, at: 2).count == 1)
    }
}
