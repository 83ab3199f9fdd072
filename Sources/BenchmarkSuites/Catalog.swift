import BenchmarkEngine
import Domain
import Foundation

/// Builds the benchmark cases of every suite for one architecture subject.
///
/// Each builder is generic over the subject, so the compiler specialises the measured loop for the
/// architecture's concrete types. Objects under test are created here, outside the timed region.
@MainActor
enum Catalog {
    static let layoutSizes = [1, 10, 100, 1_000, 10_000]
    static let stateCopySizes = [10, 100, 1_000, 10_000]
    static let quote = Quote(
        content: "Premature optimization is the root of all evil.", author: "Donald Knuth")

    static func dependencies(accounts: Int = 2, balance: Decimal = 1_000) -> Dependencies {
        Dependencies(
            quoteClient: .constant(quote),
            bank: InMemoryBank(accounts: .sample(count: accounts, balance: balance))
        )
    }

    // MARK: - baseline

    static func baselineCases() -> [BenchmarkCase] {
        [
            (ReferenceBenchmarks.structMutation, "reference/struct-mutation"),
            (ReferenceBenchmarks.closureCall, "reference/closure-call"),
            (ReferenceBenchmarks.empty, "reference/empty"),
        ].map { benchmark, feature in
            BenchmarkCase(suite: .baseline, architecture: "reference", feature: feature, benchmark: benchmark)
        }
    }

    // MARK: - dispatch

    static func dispatchCases<S: ArchitectureSubject>(_ subject: S.Type) -> [BenchmarkCase] {
        let counter = S.makeCounter(quoteClient: .constant(quote))
        let accounts = [Account].sample(count: 10)
        let amounts: [Decimal] = [25, 50]
        let transfer = S.makeTransfer(TransferState(accounts: accounts), dependencies: dependencies())
        let selectable = [accounts[0], accounts[1]]
        let id = S.id.rawValue
        return [
            BenchmarkCase(
                suite: .dispatch,
                architecture: id,
                feature: "counter/increment",
                benchmark: Benchmark("\(id) counter/increment") { iterations in
                    for _ in 0..<iterations {
                        S.increment(counter)
                    }
                }
            ),
            BenchmarkCase(
                suite: .dispatch,
                architecture: id,
                feature: "transfer/updateAmount",
                benchmark: Benchmark("\(id) transfer/updateAmount") { iterations in
                    for iteration in 0..<iterations {
                        S.updateAmount(transfer, amounts[iteration & 1])
                    }
                }
            ),
            BenchmarkCase(
                suite: .dispatch,
                architecture: id,
                feature: "transfer/selectFrom",
                benchmark: Benchmark("\(id) transfer/selectFrom") { iterations in
                    for iteration in 0..<iterations {
                        S.selectFrom(transfer, selectable[iteration & 1])
                    }
                }
            ),
        ]
    }

    // MARK: - dispatch-adapter

    static func adapterCases<S: ArchitectureSubject>(_ subject: S.Type) -> [BenchmarkCase] {
        let counter = S.Entry.makeCounter(dependencies())
        let transfer = S.Entry.makeTransfer(dependencies())
        let accounts = [Account].sample(count: 2)
        let amounts: [TransferIntent] = [.updateAmount(25), .updateAmount(50)]
        let selections: [TransferIntent] = [.selectFrom(accounts[0]), .selectFrom(accounts[1])]
        let id = S.id.rawValue
        return [
            BenchmarkCase(
                suite: .dispatchAdapter,
                architecture: id,
                feature: "counter/increment",
                benchmark: Benchmark("\(id) adapter counter/increment") { iterations in
                    for _ in 0..<iterations {
                        counter.send(.increment)
                    }
                }
            ),
            BenchmarkCase(
                suite: .dispatchAdapter,
                architecture: id,
                feature: "transfer/updateAmount",
                benchmark: Benchmark("\(id) adapter transfer/updateAmount") { iterations in
                    for iteration in 0..<iterations {
                        transfer.send(amounts[iteration & 1])
                    }
                }
            ),
            BenchmarkCase(
                suite: .dispatchAdapter,
                architecture: id,
                feature: "transfer/selectFrom",
                benchmark: Benchmark("\(id) adapter transfer/selectFrom") { iterations in
                    for iteration in 0..<iterations {
                        transfer.send(selections[iteration & 1])
                    }
                }
            ),
        ]
    }

    // MARK: - effects

    static func effectCases<S: ArchitectureSubject>(_ subject: S.Type) -> [BenchmarkCase] {
        let id = S.id.rawValue
        let counter = S.makeCounter(quoteClient: .constant(quote))
        let submitting = S.makeTransfer(
            TransferState(accounts: .sample(count: 2, balance: 1_000)),
            dependencies: dependencies(accounts: 2, balance: 1_000)
        )
        let loading = S.makeTransfer(TransferState(), dependencies: dependencies(accounts: 10))
        let accounts = [Account].sample(count: 2, balance: 1_000)
        return [
            effectCase(id, "counter/loadQuote") { iterations in
                for _ in 0..<iterations {
                    await S.loadQuote(counter)
                }
            },
            effectCase(id, "transfer/submitTransfer") { iterations in
                // Money goes back and forth between two accounts, one unit at a time, so every
                // round trip succeeds however many iterations a sample runs.
                for iteration in 0..<iterations {
                    let forth = iteration & 1 == 0
                    S.selectFrom(submitting, forth ? accounts[0] : accounts[1])
                    S.selectTo(submitting, forth ? accounts[1] : accounts[0])
                    S.updateAmount(submitting, 1)
                    await S.submitTransfer(submitting)
                }
            },
            effectCase(id, "transfer/loadAccounts") { iterations in
                for _ in 0..<iterations {
                    await S.loadAccounts(loading)
                }
            },
        ]
    }

    /// One effect round trip, `body(iterations)` running it `iterations` times: timed in µs, with
    /// its allocations and tasks counted over 200 round trips.
    static func effectCase(
        _ architecture: String,
        _ feature: String,
        _ body: nonisolated(nonsending) @escaping (_ iterations: Int) async -> Void
    ) -> BenchmarkCase {
        BenchmarkCase(
            suite: .effects,
            architecture: architecture,
            feature: feature,
            timeUnit: .microseconds,
            benchmark: Benchmark("\(architecture) \(feature)", body),
            countsTasks: true,
            allocationIterations: 200
        )
    }

    // MARK: - layout

    static func layoutCases<S: ArchitectureSubject>(_ subject: S.Type) -> [BenchmarkCase] {
        var cases: [BenchmarkCase] = []
        for n in layoutSizes {
            let single = S.makeSingleStoreApp(counters: n, dependencies: dependencies())
            let singleWakes = WakeCounter()
            for index in 0..<n {
                S.observeCounter(single, at: index) { singleWakes.count += 1 }
            }
            cases.append(
                layoutCase(S.self, layout: .singleStore, n: n, wakes: singleWakes) { iterations in
                    for _ in 0..<iterations {
                        S.increment(single, counterAt: n / 2)
                    }
                }
            )
            let multi = S.makeMultiStoreApp(counters: n, dependencies: dependencies())
            let multiWakes = WakeCounter()
            for index in 0..<n {
                S.observeCounter(multi, at: index) { multiWakes.count += 1 }
            }
            cases.append(
                layoutCase(S.self, layout: .multiStore, n: n, wakes: multiWakes) { iterations in
                    for _ in 0..<iterations {
                        S.increment(multi, counterAt: n / 2)
                    }
                }
            )
        }
        return cases
    }

    private static func layoutCase<S: ArchitectureSubject>(
        _ subject: S.Type,
        layout: Layout,
        n: Int,
        wakes: WakeCounter,
        body: @escaping (_ iterations: Int) -> Void
    ) -> BenchmarkCase {
        BenchmarkCase(
            suite: .layout,
            architecture: S.id.rawValue,
            feature: "app/increment",
            layout: layout.rawValue,
            n: n,
            benchmark: Benchmark("\(S.id.rawValue) \(layout.rawValue) n=\(n)", body),
            allocationIterations: max(2, 2_000 / n / 2 * 2),
            extraCounts: { _ in
                let operations = 4
                wakes.count = 0
                body(operations)
                return [("observers-woken", "count", Double(wakes.count) / Double(operations))]
            }
        )
    }

    // MARK: - state-copy

    static func stateCopyCases<S: ArchitectureSubject>(_ subject: S.Type) -> [BenchmarkCase] {
        stateCopySizes.map { n in
            let transfer = S.makeTransfer(
                TransferState(accounts: .sample(count: n)), dependencies: dependencies())
            let amounts: [Decimal] = [25, 50]
            return BenchmarkCase(
                suite: .stateCopy,
                architecture: S.id.rawValue,
                feature: "transfer/updateAmount",
                n: n,
                benchmark: Benchmark("\(S.id.rawValue) state-copy n=\(n)") { iterations in
                    for iteration in 0..<iterations {
                        S.updateAmount(transfer, amounts[iteration & 1])
                    }
                }
            )
        }
    }

    // MARK: - retention

    static func retentionCases<S: ArchitectureSubject>(_ subject: S.Type) -> [BenchmarkCase] {
        let id = S.id.rawValue
        let counter = S.makeCounter(quoteClient: .constant(quote))
        let transfer = S.makeTransfer(TransferState(), dependencies: dependencies(accounts: 10))
        return [
            BenchmarkCase(
                suite: .retention,
                architecture: id,
                feature: "counter/loadQuote",
                benchmark: nil,
                countsAllocations: false,
                extraCounts: { size in
                    let bytes = await Retention.bytesHeldPerEffect(effects: size.retentionEffects) {
                        await S.loadQuote(counter)
                    } inFlight: {
                        S.inFlightEffects(counter)
                    }
                    return bytes.map { [("retained-bytes", "B", $0)] } ?? []
                }
            ),
            BenchmarkCase(
                suite: .retention,
                architecture: id,
                feature: "transfer/loadAccounts",
                benchmark: nil,
                countsAllocations: false,
                extraCounts: { size in
                    let bytes = await Retention.bytesHeldPerEffect(effects: size.retentionEffects) {
                        await S.loadAccounts(transfer)
                    } inFlight: {
                        0
                    }
                    return bytes.map { [("retained-bytes", "B", $0)] } ?? []
                }
            ),
        ]
    }
}

/// Counts observer wake-ups in the layout suite.
@MainActor
final class WakeCounter {
    var count = 0
}
