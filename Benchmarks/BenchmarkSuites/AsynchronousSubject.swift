import BenchmarkEngine
import BenchmarkResults
import Domain
import Foundation

/// An ``ArchitectureSubject`` whose actions complete after a hop: its store is an actor (or
/// otherwise runs elsewhere), so its users `await` the send and then see the new state through an
/// observer (a state stream, a view store) once that observer has run.
///
/// Its `dispatch` and `layout` rows time these requirements, never the synchronous ones: each is
/// one action from the call its users make until the state it produced has reached the observer,
/// hops and the observer's wake-up included (docs/measurement.md, "Asynchronous dispatch"). Its
/// `effects` rows are the round trips every subject has. It has no `dispatch-adapter`,
/// `state-copy` or `retention` rows: those suites call the synchronous requirements, which for
/// such a store return before the action has been applied.
@MainActor
public protocol AsynchronousSubject: ArchitectureSubject {
    /// One increment until an observer of the counter has seen the new count.
    static func incrementUntilObserved(_ counter: Counter) async
    /// One amount change until an observer has seen it; the timed loop alternates two amounts but
    /// a sample may begin with the amount already shown, which changes nothing: that call completes
    /// when the store has applied it.
    static func updateAmountUntilObserved(_ transfer: Transfer, _ amount: Decimal) async
    /// One source account change until an observer has seen it, or, when that account is already
    /// selected, until the store has applied it.
    static func selectFromUntilObserved(_ transfer: Transfer, _ account: Account) async
    /// One increment of counter `index` until the app's observers have seen the new state.
    static func incrementUntilObserved(_ app: SingleStoreApp, counterAt index: Int) async
    /// Selects `tab`; when it is already shown nothing changes, and the call completes when the
    /// store has applied the action.
    static func selectTabUntilApplied(_ app: SingleStoreApp, _ tab: Tab) async
    /// One increment of counter `index` until its store's observer has seen the new state.
    static func incrementUntilObserved(_ app: MultiStoreApp, counterAt index: Int) async
    /// Selects `tab`, as ``selectTabUntilApplied(_:_:)-(SingleStoreApp,_)`` does.
    static func selectTabUntilApplied(_ app: MultiStoreApp, _ tab: Tab) async
}

extension SubjectCases {
    /// The cases of an asynchronous subject: its `dispatch` and `layout` rows time the awaited
    /// requirements of ``AsynchronousSubject``; its `effects` rows are every subject's round trips.
    @inlinable public init<S: AsynchronousSubject>(asynchronous subject: S.Type) {
        id = S.id
        cases = [
            .dispatch: { AsynchronousCatalog.dispatchCases(S.self) },
            .effects: { Catalog.effectCases(S.self) },
            .layout: { AsynchronousCatalog.layoutCases(S.self, sizes: Catalog.layoutSizes) },
        ]
        casesOfSize = [.layout: { AsynchronousCatalog.layoutCases(S.self, sizes: [$0], layouts: $1) }]
    }
}

/// The case builders of an ``AsynchronousSubject``: ``Catalog``'s dispatch and layout cases, each
/// timed body awaiting the subject's action until it is observed.
@MainActor
@usableFromInline enum AsynchronousCatalog {
    @inlinable static func dispatchCases<S: AsynchronousSubject>(_ subject: S.Type) -> [BenchmarkCase] {
        let counter = S.makeCounter(quoteClient: .constant(Catalog.quote))
        let accounts = [Account].sample(count: 10)
        let amounts: [Decimal] = [25, 50]
        let transfer = S.makeTransfer(TransferState(accounts: accounts), dependencies: Catalog.dependencies())
        let selectable = [accounts[0], accounts[1]]
        let id = S.id.rawValue
        func timedIncrement(_ iterations: Int) async {
            for _ in 0..<iterations { await S.incrementUntilObserved(counter) }
        }
        let increment = Benchmark("\(id) counter/increment until observed", timedIncrement)
        func timedUpdateAmount(_ iterations: Int) async {
            for iteration in 0..<iterations {
                await S.updateAmountUntilObserved(transfer, amounts[iteration & 1])
            }
        }
        let updateAmount = Benchmark("\(id) transfer/updateAmount until observed", timedUpdateAmount)
        func timedSelectFrom(_ iterations: Int) async {
            for iteration in 0..<iterations {
                await S.selectFromUntilObserved(transfer, selectable[iteration & 1])
            }
        }
        let selectFrom = Benchmark("\(id) transfer/selectFrom until observed", timedSelectFrom)
        return [
            BenchmarkCase(
                suite: .dispatch, architecture: S.name, feature: "counter/increment", benchmark: increment,
                postcondition: Postconditions.increments(S.self, counter, increment)),
            BenchmarkCase(
                suite: .dispatch, architecture: S.name, feature: "transfer/updateAmount",
                benchmark: updateAmount,
                postcondition: Postconditions.setsAmount(S.self, transfer, amounts, updateAmount)),
            BenchmarkCase(
                suite: .dispatch, architecture: S.name, feature: "transfer/selectFrom", benchmark: selectFrom,
                postcondition: Postconditions.selectsFrom(S.self, transfer, selectable, selectFrom)),
        ]
    }

    @inlinable static func layoutCases<S: AsynchronousSubject>(
        _ subject: S.Type, sizes: [Int], layouts: [Layout] = Layout.allCases
    ) -> [BenchmarkCase] {
        Catalog.casesOfLayouts(
            layouts, sizes: sizes, singleStore: { singleStoreLayoutCases(S.self, n: $0, scoped: $1) },
            multiStore: { multiStoreLayoutCases(S.self, n: $0) })
    }

    /// ``Catalog``'s single-store layout cases, awaited.
    @inlinable static func singleStoreLayoutCases<S: AsynchronousSubject>(_: S.Type, n: Int, scoped: Bool)
        -> [BenchmarkCase]
    {
        let layout = scoped ? Layout.singleStoreScoped : .singleStore
        let app = S.makeSingleStoreApp(counters: n, dependencies: Catalog.dependencies())
        let wakes = LayoutWakes()
        for index in 0..<n {
            let observer = wakes.observer(of: index, incremented: n / 2)
            if scoped {
                S.observeScopedCounter(app, at: index, onChange: observer)
            } else {
                S.observeCounter(app, at: index, onChange: observer)
            }
        }
        let name = "\(S.id.rawValue) \(layout.rawValue) n=\(n)"
        func timedIncrement(_ iterations: Int) async {
            for _ in 0..<iterations { await S.incrementUntilObserved(app, counterAt: n / 2) }
        }
        let increment = Benchmark("\(name) until observed", timedIncrement)
        func timedNoOp(_ iterations: Int) async {
            for _ in 0..<iterations { await S.selectTabUntilApplied(app, .counter) }
        }
        let noOp = Benchmark("\(name) no-op until applied", timedNoOp)
        return [
            Catalog.layoutCase(
                S.self, "app/increment", layout: layout, n: n, wakes: wakes, benchmark: increment,
                postcondition: Postconditions.incrementsSingleStore(
                    S.self, app, n: n, scoped: scoped, wakes, increment)),
            Catalog.layoutCase(
                S.self, "app/no-op", layout: layout, n: n, wakes: wakes, benchmark: noOp,
                postcondition: Postconditions.changesNothing(
                    S.self, app, n: n, wakes, mayWakeAll: !scoped, noOp)),
        ]
    }

    /// ``Catalog``'s multi-store layout cases, awaited.
    @inlinable static func multiStoreLayoutCases<S: AsynchronousSubject>(_ subject: S.Type, n: Int)
        -> [BenchmarkCase]
    {
        let app = S.makeMultiStoreApp(counters: n, dependencies: Catalog.dependencies())
        let wakes = LayoutWakes()
        for index in 0..<n {
            S.observeCounter(app, at: index, onChange: wakes.observer(of: index, incremented: n / 2))
        }
        let name = "\(S.id.rawValue) \(Layout.multiStore.rawValue) n=\(n)"
        func timedIncrement(_ iterations: Int) async {
            for _ in 0..<iterations { await S.incrementUntilObserved(app, counterAt: n / 2) }
        }
        let increment = Benchmark("\(name) until observed", timedIncrement)
        func timedNoOp(_ iterations: Int) async {
            for _ in 0..<iterations { await S.selectTabUntilApplied(app, .counter) }
        }
        let noOp = Benchmark("\(name) no-op until applied", timedNoOp)
        return [
            Catalog.layoutCase(
                S.self, "app/increment", layout: .multiStore, n: n, wakes: wakes, benchmark: increment,
                postcondition: Postconditions.incrementsMultiStore(S.self, app, n: n, wakes, increment)),
            Catalog.layoutCase(
                S.self, "app/no-op", layout: .multiStore, n: n, wakes: wakes, benchmark: noOp,
                postcondition: Postconditions.changesNothing(S.self, app, n: n, wakes, noOp)),
        ]
    }
}
