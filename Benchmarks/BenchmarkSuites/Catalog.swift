import BenchmarkEngine
import BenchmarkResults
import Domain
import Foundation

/// Builds the benchmark cases of every suite for one architecture subject.
///
/// Each builder is generic over the subject, so the compiler specialises the measured loop for the
/// architecture's concrete types. Objects under test are created here, outside the timed region.
/// Every timed body is a local function named `timed…`, the function the measured region calls:
/// `scripts/check_specialisations.sh` finds that name, specialised for each subject, in the binary.
@MainActor
@usableFromInline
enum Catalog {
    /// The full feature name of every case the suites build (a test checks this list against them),
    /// so that a filter can select one case.
    static let caseFeatures: [FeatureName] = [
        "counter/increment", "counter/loadQuote", "transfer/updateAmount", "transfer/selectFrom",
        "transfer/submitTransfer", "transfer/loadAccounts", "app/increment", "app/no-op",
    ]
    @usableFromInline static let layoutSizes = [1, 10, 100, 1_000, 10_000]
    @usableFromInline static let stateCopySizes = [10, 100, 1_000, 10_000]
    @usableFromInline static let quote = Quote(
        content: "Premature optimization is the root of all evil.", author: "Donald Knuth")

    @usableFromInline static func dependencies(accounts: Int = 2, balance: Decimal = 1_000) -> Dependencies {
        dependencies(bank: InMemoryBank(accounts: .sample(count: accounts, balance: balance)))
    }

    /// The constant quote and both use cases talking to `bank`.
    @usableFromInline static func dependencies(bank: InMemoryBank) -> Dependencies {
        Dependencies(quoteClient: .constant(quote), bank: bank)
    }

    // MARK: - reference

    static func referenceCases() -> [BenchmarkCase] {
        [
            ordinaryWorkReferenceCase(.reference),
            reference(.reference, "reference/struct-mutation", ReferenceBenchmarks.structMutation),
            reference(.reference, "reference/closure-call", ReferenceBenchmarks.closureCall),
            reference(.reference, "reference/empty", ReferenceBenchmarks.empty, unit: .nanosecondsPerSample),
            reference(.reference, "reference/decimal-equality", decimalEquality),
            reference(.reference, "reference/copy-1-object", ReferenceBenchmarks.copyOneObject),
            reference(.reference, "reference/copy-3-objects", ReferenceBenchmarks.copyThreeObjects),
            reference(.reference, "reference/nine-instructions", ReferenceBenchmarks.nineInstructions),
        ]
    }

    /// One `Decimal == Decimal` on two different values: what an `@Observable` setter's
    /// "did it change?" check costs for a `Decimal` property (on Linux it allocates).
    static var decimalEquality: Benchmark {
        let amounts = opaque([Decimal(25), Decimal(50)])
        return Benchmark("decimal-equality") { iterations in
            var equal = 0
            for iteration in 0..<iterations where amounts[iteration & 1] == amounts[1 - iteration & 1] {
                equal &+= 1
            }
            blackHole(equal)
        }
    }

    /// The reference every synchronous suite's times are divided by, timed in the same rounds (and
    /// the reference suite's first case, so its rows are ratios to it as well).
    static func ordinaryWorkReferenceCase(_ suite: Suite) -> BenchmarkCase {
        reference(suite, "reference/ordinary-work", ReferenceBenchmarks.ordinaryWork)
    }

    /// The reference every effect round trip is divided by: the same hop with no architecture in it.
    /// `effects` reports it as a row; other suites with a round trip (state-copy's submit) time it
    /// beside their cases without reporting it.
    static func roundTripReferenceCase(_ suite: Suite = .effects) -> BenchmarkCase {
        var reference = reference(
            suite, "reference/round-trip", ReferenceBenchmarks.roundTrip, unit: .microseconds)
        reference.countsAllocations = false
        return reference
    }

    private static func reference(
        _ suite: Suite, _ feature: FeatureName, _ benchmark: Benchmark,
        unit: BenchmarkCase.TimeUnit = .nanoseconds
    ) -> BenchmarkCase {
        BenchmarkCase(
            suite: suite, architecture: .reference, feature: feature, timeUnit: unit, benchmark: benchmark,
            countsAllocations: suite == .reference)
    }

    // MARK: - dispatch

    @inlinable static func dispatchCases<S: ArchitectureSubject>(_ subject: S.Type) -> [BenchmarkCase] {
        let counter = S.makeCounter(quoteClient: .constant(quote))
        let accounts = [Account].sample(count: 10)
        let amounts: [Decimal] = [25, 50]
        let transfer = S.makeTransfer(TransferState(accounts: accounts), dependencies: dependencies())
        let selectable = [accounts[0], accounts[1]]
        let id = S.id.rawValue
        func timedIncrement(_ iterations: Int) {
            for _ in 0..<iterations {
                S.increment(counter)
            }
        }
        func timedUpdateAmount(_ iterations: Int) {
            for iteration in 0..<iterations {
                S.updateAmount(transfer, amounts[iteration & 1])
            }
        }
        func timedSelectFrom(_ iterations: Int) {
            for iteration in 0..<iterations {
                S.selectFrom(transfer, selectable[iteration & 1])
            }
        }
        let increment = Benchmark("\(id) counter/increment", timedIncrement)
        let updateAmount = Benchmark("\(id) transfer/updateAmount", timedUpdateAmount)
        let selectFrom = Benchmark("\(id) transfer/selectFrom", timedSelectFrom)
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

    // MARK: - dispatch-adapter

    /// The dispatch intents through the shared adapter. The transfer feature is the native suite's
    /// (10 accounts shown) behind the architecture's driver, so the two suites differ only by the
    /// adapter.
    @inlinable static func adapterCases<S: ArchitectureSubject>(_ subject: S.Type) -> [BenchmarkCase] {
        let counter = S.Entry.makeCounter(dependencies())
        let shown = [Account].sample(count: 10)
        let transfer = S.transferDriver(
            S.makeTransfer(TransferState(accounts: shown), dependencies: dependencies()))
        let accounts = [shown[0], shown[1]]
        let values: [Decimal] = [25, 50]
        let amounts = values.map(TransferIntent.updateAmount)
        let selections = accounts.map(TransferIntent.selectFrom)
        let id = S.id.rawValue
        let increment = Benchmark("\(id) adapter counter/increment") { iterations in
            for _ in 0..<iterations {
                counter.send(.increment)
            }
        }
        let updateAmount = Benchmark("\(id) adapter transfer/updateAmount") { iterations in
            for iteration in 0..<iterations {
                transfer.send(amounts[iteration & 1])
            }
        }
        let selectFrom = Benchmark("\(id) adapter transfer/selectFrom") { iterations in
            for iteration in 0..<iterations {
                transfer.send(selections[iteration & 1])
            }
        }
        return [
            BenchmarkCase(
                suite: .dispatchAdapter, architecture: S.name, feature: "counter/increment",
                benchmark: increment,
                postcondition: Postconditions.increments(counter, increment)),
            BenchmarkCase(
                suite: .dispatchAdapter, architecture: S.name, feature: "transfer/updateAmount",
                benchmark: updateAmount,
                postcondition: Postconditions.setsAmount(transfer, values, updateAmount)),
            BenchmarkCase(
                suite: .dispatchAdapter, architecture: S.name, feature: "transfer/selectFrom",
                benchmark: selectFrom,
                postcondition: Postconditions.selectsFrom(transfer, accounts, selectFrom)),
        ]
    }

    // MARK: - effects

    @inlinable static func effectCases<S: ArchitectureSubject>(_ subject: S.Type) -> [BenchmarkCase] {
        let id = S.id.rawValue
        let counter = S.makeCounter(quoteClient: .constant(quote))
        let bankAccounts = [Account].sample(count: 10, balance: 1_000)
        let loading = S.makeTransfer(
            TransferState(), dependencies: dependencies(bank: InMemoryBank(accounts: bankAccounts)))
        let accounts = [Account].sample(count: 2, balance: 1_000)
        let latestSample = LatestSample<SubmitSample<S>>()
        func timedLoadQuote(_ iterations: Int) async {
            for _ in 0..<iterations {
                await S.loadQuote(counter)
            }
        }
        func timedLoadAccounts(_ iterations: Int) async {
            for _ in 0..<iterations {
                await S.loadAccounts(loading)
            }
        }
        let loadQuote = Benchmark("\(id) counter/loadQuote", timedLoadQuote)
        let submitTransfer = submitTransferBenchmark(S.self, accounts: accounts, keptIn: latestSample)
        let loadAccounts = Benchmark("\(id) transfer/loadAccounts", timedLoadAccounts)
        return [
            effectCase(
                S.name, "counter/loadQuote", loadQuote, Postconditions.loadsQuote(S.self, counter, loadQuote)),
            effectCase(
                S.name, "transfer/submitTransfer", submitTransfer,
                Postconditions.submits(S.self, latestSample, accounts: accounts, amount: 1, submitTransfer)),
            effectCase(
                S.name, "transfer/loadAccounts", loadAccounts,
                Postconditions.loadsAccounts(S.self, loading, bankAccounts, loadAccounts)),
        ]
    }

    /// Only the submit is measured: every sample starts from a fresh feature and bank (so the ledger
    /// does not grow from sample to sample), and the selection and amount before each submit happen
    /// outside the meter. Money goes back and forth between the two accounts, one unit at a time, so
    /// every submit succeeds. `latestSample` keeps the latest for the postcondition.
    @inlinable static func submitTransferBenchmark<S: ArchitectureSubject>(
        _ subject: S.Type, accounts: [Account], keptIn latestSample: LatestSample<SubmitSample<S>>
    ) -> Benchmark {
        func timedSubmit(_ transfer: inout S.Transfer) async {
            await S.submitTransfer(transfer)
        }
        return Benchmark(
            "\(S.id.rawValue) transfer/submitTransfer",
            setUp: { _ in freshTransfer(S.self, accounts: accounts, keptIn: latestSample) },
            prepare: { transfer, index in prepareSubmit(S.self, transfer, accounts, index) },
            operation: timedSubmit
        )
    }

    /// Selects the payer, the payee and an amount of 1 for submit number `index`: from
    /// `accounts[0]` to `accounts[1]` when `index` is even, back when it is odd.
    @inlinable static func prepareSubmit<S: ArchitectureSubject>(
        _ subject: S.Type, _ transfer: S.Transfer, _ accounts: [Account], _ index: Int
    ) {
        let forth = index & 1 == 0
        S.selectFrom(transfer, forth ? accounts[0] : accounts[1])
        S.selectTo(transfer, forth ? accounts[1] : accounts[0])
        S.updateAmount(transfer, 1)
    }

    /// A transfer feature showing `accounts`, over a new bank holding them; kept in `latestSample` too.
    @inlinable static func freshTransfer<S: ArchitectureSubject>(
        _ subject: S.Type, accounts: [Account], keptIn latestSample: LatestSample<SubmitSample<S>>
    ) -> S.Transfer {
        let bank = InMemoryBank(accounts: accounts)
        let transfer = S.makeTransfer(
            TransferState(accounts: accounts), dependencies: dependencies(bank: bank))
        latestSample.value = (transfer, bank)
        return transfer
    }

    /// One effect round trip: timed in µs, with its allocations and tasks counted over
    /// ``effectCountedOperations`` round trips.
    @usableFromInline static func effectCase(
        _ architecture: ArchitectureName, _ feature: FeatureName, _ benchmark: Benchmark,
        _ postcondition: @escaping Postcondition
    ) -> BenchmarkCase {
        BenchmarkCase(
            suite: .effects,
            architecture: architecture,
            feature: feature,
            timeUnit: .microseconds,
            benchmark: benchmark,
            countsTasks: true,
            allocationIterations: effectCountedOperations,
            postcondition: postcondition
        )
    }

    /// Round trips per counted window: enough that the noise of async counts (a fraction of an
    /// allocation per round trip) averages out, few enough to keep the pass under a second.
    @usableFromInline static let effectCountedOperations = 200

    /// Layout operations per counted window: about 2,000 observer wake-ups' worth at small N, and
    /// at least ``layoutCountedOperationsFloor`` at large N, where one operation is slow.
    @usableFromInline static func layoutCountedOperations(n: Int) -> Int {
        max(layoutCountedOperationsFloor, 2_000 / n / 2 * 2)
    }

    /// With 4 operations per window, one dictionary or array resize inside it moves the
    /// per-operation figure by 0.25, half the gate's allowance of 0.5 (with 2, it moved it by 0.5).
    static let layoutCountedOperationsFloor = 4

    /// Layout operations in the counted warm-up before the windows, and in the count of observers
    /// woken. Building the app leaves in place everything an operation touches, so once one
    /// operation has done its first-use work every later one makes the same allocations and wakes
    /// the same observers (docs/measurement.md, "Counting"), while at N = 10,000 each operation
    /// more lengthens the allocation pass (docs/evidence/2026-11-25/measurement.md, "Counting: the
    /// layout warm-up"). Two, an even number, so that an intent alternating between two values is
    /// counted over both.
    @usableFromInline static let layoutWarmUpOperations = 2

    // MARK: - retention

    @inlinable static func retentionCases<S: ArchitectureSubject>(_ subject: S.Type) -> [BenchmarkCase] {
        let counter = S.makeCounter(quoteClient: .constant(quote))
        let transfer = S.makeTransfer(TransferState(), dependencies: dependencies(accounts: 10))
        return [
            BenchmarkCase(
                suite: .retention,
                architecture: S.name,
                feature: "counter/loadQuote",
                benchmark: nil,
                countsAllocations: false,
                extraCounts: { size in
                    let bytes = await Retention.bytesHeldPerEffect(effects: size.retentionEffects) {
                        await S.loadQuote(counter)
                    } inFlight: {
                        S.inFlightEffects(counter)
                    }
                    return bytes.map { [(.retainedBytes, $0)] } ?? []
                }
            ),
            BenchmarkCase(
                suite: .retention,
                architecture: S.name,
                feature: "transfer/loadAccounts",
                benchmark: nil,
                countsAllocations: false,
                extraCounts: { size in
                    let bytes = await Retention.bytesHeldPerEffect(effects: size.retentionEffects) {
                        await S.loadAccounts(transfer)
                    } inFlight: {
                        0
                    }
                    return bytes.map { [(.retainedBytes, $0)] } ?? []
                }
            ),
        ]
    }
}
