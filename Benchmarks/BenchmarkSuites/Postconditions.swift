import BenchmarkEngine
import Domain
import Foundation

/// A benchmark case's check that its timed body does the work the case is named for: it runs the
/// body for a few operations, untimed, and returns the problems it found (none: the body is right).
@usableFromInline typealias Postcondition = @MainActor () async -> [String]

/// Builds the postcondition of every architecture case from the objects its benchmark times.
///
/// A benchmark that silently does the wrong work (a rejected submit, an intent routed to the wrong
/// field) still produces a plausible time, so each case states what its operations must have done
/// and a test runs every one. No timed loop calls any of this. The closures live here, not in the
/// `Catalog` builders, so that the closures `scripts/check_specialisations.sh` looks for in those
/// builders are still only the measured ones. Each check reads state through the subject's
/// read-only requirements.
@MainActor
@usableFromInline enum Postconditions {
    /// Operations per check: few, so a check is quick even at N = 10,000, and even, as in the
    /// counted passes. Bodies that alternate between two values are checked after an odd count too.
    static let operations = 4

    /// `"what: got X, expected Y"` when they differ; for a struct, only the fields that differ.
    static func expect<Value: Equatable>(_ what: String, _ actual: Value, _ expected: Value) -> [String] {
        guard actual != expected else { return [] }
        let fields = zip(Mirror(reflecting: actual).children, Mirror(reflecting: expected).children)
            .filter { String(describing: $0.value) != String(describing: $1.value) }
            .map { got, wanted in "\(got.label ?? "?") got \(got.value), expected \(wanted.value)" }
        guard Mirror(reflecting: actual).displayStyle == .struct, !fields.isEmpty else {
            return ["\(what): got \(actual), expected \(expected)"]
        }
        return ["\(what): " + fields.joined(separator: "; ")]
    }

    /// Reads `read()`, runs `iterations` operations of `benchmark`, and expects `read()` to equal
    /// `expected(before, iterations)`.
    static func changes<Value: Equatable>(
        _ what: String,
        _ benchmark: Benchmark,
        iterations: Int = operations,
        read: @escaping @MainActor () -> Value,
        to expected: @escaping @MainActor (_ before: Value, _ iterations: Int) -> Value
    ) -> Postcondition {
        {
            let before = read()
            await benchmark.run(iterations: iterations)
            return expect("\(what) after \(iterations) operations", read(), expected(before, iterations))
        }
    }

    /// Every check in turn; the problems of all of them.
    static func all(_ checks: Postcondition...) -> Postcondition {
        {
            var problems: [String] = []
            for check in checks {
                problems += await check()
            }
            return problems
        }
    }

    /// Checks, without running anything, that `read()` is `expected`.
    static func now<Value: Equatable>(
        _ what: String, _ read: @escaping @MainActor () -> Value, is expected: Value
    ) -> Postcondition {
        { expect(what, read(), expected) }
    }

    /// The one of two alternated values an operation sets when `iterations` of them ran.
    static func last<Value>(of values: [Value], after iterations: Int) -> Value {
        values[(iterations - 1) & 1]
    }
}

// MARK: - counter

extension Postconditions {
    /// `counter/increment` on a subject's counter.
    @usableFromInline static func increments<S: ArchitectureSubject>(
        _ subject: S.Type, _ counter: S.Counter, _ benchmark: Benchmark
    )
        -> Postcondition
    {
        increments(benchmark) { S.snapshot(counter) }
    }

    /// `counter/increment` through the adapter, read through the driver's snapshot.
    @usableFromInline static func increments(
        _ driver: any FeatureDriver<CounterIntent, CounterState>, _ benchmark: Benchmark
    )
        -> Postcondition
    {
        increments(benchmark) { driver.snapshot }
    }

    /// `counter/increment`: the count rose by exactly the operations run, and nothing else changed.
    static func increments(_ benchmark: Benchmark, read: @escaping @MainActor () -> CounterState)
        -> Postcondition
    {
        changes("counter", benchmark, read: read) { before, iterations in
            var state = before
            state.count += iterations
            return state
        }
    }

    /// `counter/loadQuote`: the quote is applied, loading is over, and no effect is left in flight.
    @usableFromInline static func loadsQuote<S: ArchitectureSubject>(
        _ subject: S.Type, _ counter: S.Counter, _ benchmark: Benchmark
    )
        -> Postcondition
    {
        all(
            changes("counter", benchmark, read: { S.snapshot(counter) }) { before, _ in
                var state = before
                state.quote = Catalog.quote
                state.isLoading = false
                state.errorMessage = nil
                return state
            },
            now("counter effects in flight", { S.inFlightEffects(counter) }, is: 0)
        )
    }
}

// MARK: - transfer

extension Postconditions {
    /// `transfer/updateAmount` on a subject's transfer feature.
    @usableFromInline static func setsAmount<S: ArchitectureSubject>(
        _ subject: S.Type, _ transfer: S.Transfer, _ amounts: [Decimal], _ benchmark: Benchmark
    ) -> Postcondition {
        setsAmount(benchmark, amounts) { S.snapshot(transfer) }
    }

    /// `transfer/updateAmount` through the adapter, read through the driver's snapshot.
    @usableFromInline static func setsAmount(
        _ driver: any FeatureDriver<TransferIntent, TransferState>, _ amounts: [Decimal],
        _ benchmark: Benchmark
    ) -> Postcondition {
        setsAmount(benchmark, amounts) { driver.snapshot }
    }

    /// `transfer/updateAmount` alternating between `amounts`.
    static func setsAmount(
        _ benchmark: Benchmark, _ amounts: [Decimal], read: @escaping @MainActor () -> TransferState
    ) -> Postcondition {
        setsAlternating(\.amount, to: amounts, benchmark, read: read)
    }

    /// `transfer/selectFrom` on a subject's transfer feature.
    @usableFromInline static func selectsFrom<S: ArchitectureSubject>(
        _ subject: S.Type, _ transfer: S.Transfer, _ accounts: [Account], _ benchmark: Benchmark
    ) -> Postcondition {
        selectsFrom(benchmark, accounts) { S.snapshot(transfer) }
    }

    /// `transfer/selectFrom` through the adapter, read through the driver's snapshot.
    @usableFromInline static func selectsFrom(
        _ driver: any FeatureDriver<TransferIntent, TransferState>, _ accounts: [Account],
        _ benchmark: Benchmark
    ) -> Postcondition {
        selectsFrom(benchmark, accounts) { driver.snapshot }
    }

    /// `transfer/selectFrom` alternating between `accounts`.
    static func selectsFrom(
        _ benchmark: Benchmark, _ accounts: [Account], read: @escaping @MainActor () -> TransferState
    ) -> Postcondition {
        setsAlternating(\.selectedFrom, to: accounts.map(Optional.some), benchmark, read: read)
    }

    /// An intent alternating between `values` that sets `field`: after an odd and an even number of
    /// operations, `field` holds the value the last operation named, and nothing else changed.
    private static func setsAlternating<Value>(
        _ field: WritableKeyPath<TransferState, Value>, to values: [Value], _ benchmark: Benchmark,
        read: @escaping @MainActor () -> TransferState
    ) -> Postcondition {
        func check(after iterations: Int) -> Postcondition {
            changes("transfer", benchmark, iterations: iterations, read: read) { before, iterations in
                var state = before
                state[keyPath: field] = last(of: values, after: iterations)
                state.error = nil
                return state
            }
        }
        return all(check(after: operations - 1), check(after: operations))
    }

    /// `transfer/loadAccounts`: the bank's `accounts` are shown, loading is over, and no effect is
    /// left in flight.
    @usableFromInline static func loadsAccounts<S: ArchitectureSubject>(
        _ subject: S.Type, _ transfer: S.Transfer, _ accounts: [Account], _ benchmark: Benchmark
    ) -> Postcondition {
        all(
            changes("transfer", benchmark, read: { S.snapshot(transfer) }) { before, _ in
                var state = before
                state.accounts = accounts
                state.isLoading = false
                state.error = nil
                return state
            },
            now("transfer effects in flight", { S.inFlightEffects(transfer) }, is: 0)
        )
    }
}

// MARK: - transfer/submitTransfer

/// What the latest sample of a benchmark built in its `setUp`, kept so that a postcondition can
/// inspect it after an untimed run. Written outside the measured part of the sample.
@MainActor
@usableFromInline final class LatestSample<Value> {
    @usableFromInline var value: Value?

    @usableFromInline init() {}
}

/// One `transfer/submitTransfer` sample's feature and the bank behind it.
@usableFromInline typealias SubmitSample<S: ArchitectureSubject> = (transfer: S.Transfer, bank: InMemoryBank)

extension Postconditions {
    /// `transfer/submitTransfer` on a fresh feature and bank holding `accounts`, whose prepared
    /// submits move `amount` from `accounts[0]` to `accounts[1]` and back, alternately: every submit
    /// moved money, so the ledger holds exactly one transaction per operation, the balances moved by
    /// them, and the feature shows the last one with its form cleared and no effect in flight. An odd
    /// number of operations, so the balances end moved.
    @usableFromInline static func submits<S: ArchitectureSubject>(
        _ subject: S.Type,
        _ latestSample: LatestSample<SubmitSample<S>>,
        accounts: [Account],
        amount: Decimal,
        _ benchmark: Benchmark
    ) -> Postcondition {
        {
            let iterations = operations - 1
            latestSample.value = nil
            await benchmark.run(iterations: iterations)
            guard let sample = latestSample.value else { return ["the benchmark built no transfer"] }
            let (transfer, bank) = sample
            let ledger = (0..<iterations).map { index in
                let forth = index & 1 == 0
                return Transaction(
                    id: TransactionID(index + 1), from: accounts[forth ? 0 : 1].id,
                    to: accounts[forth ? 1 : 0].id,
                    amount: amount)
            }
            let shown = ledger.reduce(into: accounts) { $0.apply($1) }
            var problems = expect("bank ledger", await bank.ledger, ledger)
            problems += expect("bank balances", await balances(in: bank, of: accounts), shown.map(\.balance))
            let state = TransferState(accounts: shown, lastTransaction: ledger.last)
            problems += expect("transfer", S.snapshot(transfer), state)
            problems += expect("transfer effects in flight", S.inFlightEffects(transfer), 0)
            return problems
        }
    }

    private static func balances(in bank: InMemoryBank, of accounts: [Account]) async -> [Decimal?] {
        var balances: [Decimal?] = []
        for account in accounts {
            balances.append(try? await bank.balance(of: account.id))
        }
        return balances
    }
}

// MARK: - layout

/// Observer wake-ups in one layout case, counted apart for the observer of the counter the
/// benchmark increments and for all the others. Each observer's callback increments one counter,
/// the same work whichever it is.
@MainActor
@usableFromInline final class LayoutWakes {
    let incremented = WakeCounter()
    let others = WakeCounter()

    @usableFromInline var total: Int { incremented.count + others.count }

    @usableFromInline func reset() {
        incremented.count = 0
        others.count = 0
    }

    /// The callback of the observer of counter `index`, counting into ``incremented`` for the counter
    /// at `incremented`, into ``others`` for the rest. Made here, not in the `@inlinable` case
    /// builders, so that ``WakeCounter`` stays out of inlinable code: a class property reachable from
    /// another module keeps its dynamic exclusivity check, about 90 instructions on every wake-up,
    /// which every layout row would then count (measured: +90 per woken observer at N = 10).
    @usableFromInline func observer(of index: Int, incremented: Int) -> @MainActor () -> Void {
        let counter = index == incremented ? self.incremented : others
        return { counter.count += 1 }
    }

    @usableFromInline init() {}
}

extension Postconditions {
    /// What a layout check compares: the incremented counter and the wake-ups so far.
    struct LayoutReading: Equatable {
        var counter: CounterState
        var incrementedObserverWakes: Int
        var allWakes: Int
    }

    /// `app/increment` on a single-store app of `n` counters: see ``increments(_:_:_:perOperation:read:)``.
    /// Every observer wakes, or, `scoped` or in a store that observes its counters apart, only the
    /// incremented counter's.
    @usableFromInline static func incrementsSingleStore<S: ArchitectureSubject>(
        _ subject: S.Type, _ app: S.SingleStoreApp, n: Int, scoped: Bool, _ wakes: LayoutWakes,
        _ benchmark: Benchmark
    ) -> Postcondition {
        let perOperation = scoped || S.observesSingleStoreCountersApart ? 1 : n
        return increments(benchmark, wakes, perOperation: perOperation) { S.counterSnapshot(app, at: n / 2) }
    }

    /// `app/increment` on a multi-store app: see ``increments(_:_:_:perOperation:read:)``.
    @usableFromInline static func incrementsMultiStore<S: ArchitectureSubject>(
        _ subject: S.Type, _ app: S.MultiStoreApp, n: Int, _ wakes: LayoutWakes, _ benchmark: Benchmark
    ) -> Postcondition {
        increments(benchmark, wakes, perOperation: 1) { S.counterSnapshot(app, at: n / 2) }
    }

    /// `app/increment` of counter N/2: its count rose by exactly the operations run, its observer
    /// woke once per operation, and `perOperation` observers in all woke per operation (every one in a
    /// single store, only its own in a multi store).
    private static func increments(
        _ benchmark: Benchmark, _ wakes: LayoutWakes, perOperation: Int,
        read: @escaping @MainActor () -> CounterState
    ) -> Postcondition {
        let reading: @MainActor () -> LayoutReading = {
            LayoutReading(
                counter: read(), incrementedObserverWakes: wakes.incremented.count, allWakes: wakes.total)
        }
        return changes("counter n/2 and observers", benchmark, read: reading) { before, iterations in
            var after = before
            after.counter.count += iterations
            after.incrementedObserverWakes += iterations
            after.allWakes += iterations * perOperation
            return after
        }
    }
}

// MARK: - layout: app/no-op

extension Postconditions {
    /// `app/no-op` on a single-store app of `n` counters: see ``changesNothing(_:_:mayWakeAll:read:)``.
    @usableFromInline static func changesNothing<S: ArchitectureSubject>(
        _ subject: S.Type, _ app: S.SingleStoreApp, n: Int, _ wakes: LayoutWakes, mayWakeAll: Bool,
        _ benchmark: Benchmark
    ) -> Postcondition {
        changesNothing(benchmark, wakes, mayWake: mayWakeAll ? n : 0) {
            (S.counterSnapshot(app, at: n / 2), S.selectedTab(app))
        }
    }

    /// `app/no-op` on a multi-store app: no counter's store is touched, so no observer wakes.
    @usableFromInline static func changesNothing<S: ArchitectureSubject>(
        _ subject: S.Type, _ app: S.MultiStoreApp, n: Int, _ wakes: LayoutWakes, _ benchmark: Benchmark
    ) -> Postcondition {
        changesNothing(benchmark, wakes, mayWake: 0) {
            (S.counterSnapshot(app, at: n / 2), S.selectedTab(app))
        }
    }

    /// `app/no-op`, selecting the counter tab that is already selected: counter N/2 and the tab are
    /// unchanged, and per operation either no observer woke or, in a store observed whole that does
    /// not skip unchanged states, all `mayWake` of them did.
    private static func changesNothing(
        _ benchmark: Benchmark, _ wakes: LayoutWakes, mayWake: Int,
        read: @escaping @MainActor () -> (CounterState, Tab)
    ) -> Postcondition {
        {
            let (counter, tab) = read()
            let before = wakes.total
            await benchmark.run(iterations: operations)
            let (counterAfter, tabAfter) = read()
            let woken = wakes.total - before
            var problems = expect("counter n/2", counterAfter, counter)
            problems += expect("selected tab", tabAfter, tab)
            problems += expect("selected tab", tab, Tab.counter)
            if woken != 0 && woken != mayWake * operations {
                problems.append(
                    "observers woken by \(operations) no-ops: \(woken), expected 0 or \(mayWake * operations)"
                )
            }
            return problems
        }
    }
}
