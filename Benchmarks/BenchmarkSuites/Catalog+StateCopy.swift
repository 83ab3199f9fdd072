import BenchmarkEngine
import BenchmarkResults
import Domain
import Foundation

/// The `state-copy` suite's cases: an action that leaves N accounts alone, and one that moves two
/// balances.
extension Catalog {
    /// Two actions on a transfer state holding N accounts: one that leaves the accounts alone
    /// (`updateAmount`) and one that changes them (a completed transfer moves two balances).
    @inlinable static func stateCopyCases<S: ArchitectureSubject>(
        _ subject: S.Type, sizes: [Int] = stateCopySizes
    )
        -> [BenchmarkCase]
    {
        sizes.flatMap { n in [amountStateCopyCase(S.self, n: n), submitStateCopyCase(S.self, n: n)] }
    }

    /// `transfer/updateAmount` on a transfer state holding `n` accounts: copy-on-write shares them.
    @inlinable static func amountStateCopyCase<S: ArchitectureSubject>(_ subject: S.Type, n: Int)
        -> BenchmarkCase
    {
        let transfer = S.makeTransfer(
            TransferState(accounts: .sample(count: n)), dependencies: dependencies())
        let amounts: [Decimal] = [25, 50]
        func timedUpdateAmount(_ iterations: Int) {
            for iteration in 0..<iterations {
                S.updateAmount(transfer, amounts[iteration & 1])
            }
        }
        let updateAmount = Benchmark("\(S.id.rawValue) state-copy n=\(n)", timedUpdateAmount)
        return BenchmarkCase(
            suite: .stateCopy, architecture: S.name, feature: "transfer/updateAmount", n: n,
            benchmark: updateAmount,
            postcondition: Postconditions.setsAmount(S.self, transfer, amounts, updateAmount))
    }

    /// `transfer/submitTransfer` round trips on a transfer state holding `n` accounts: each completed
    /// transfer moves two balances in the accounts shown, which a style that keeps the old state while
    /// it builds the new one copies whole, and an in-place style changes where they are. As in the
    /// effects suite, only the submit is timed (µs), and every sample starts from a fresh feature,
    /// bank and accounts array (so no other reference forces the first change to copy).
    @inlinable static func submitStateCopyCase<S: ArchitectureSubject>(_ subject: S.Type, n: Int)
        -> BenchmarkCase
    {
        let accounts = [Account].sample(count: n, balance: 1_000)
        let latestSample = LatestSample<SubmitSample<S>>()
        func timedSubmit(_ transfer: inout S.Transfer) async {
            await S.submitTransfer(transfer)
        }
        let submitTransfer = Benchmark(
            "\(S.id.rawValue) state-copy submitTransfer n=\(n)",
            setUp: { _ in
                freshTransfer(S.self, accounts: .sample(count: n, balance: 1_000), keptIn: latestSample)
            },
            prepare: { transfer, index in prepareSubmit(S.self, transfer, accounts, index) },
            operation: timedSubmit
        )
        return BenchmarkCase(
            suite: .stateCopy, architecture: S.name, feature: "transfer/submitTransfer", n: n,
            timeUnit: .microseconds, benchmark: submitTransfer, allocationIterations: effectCountedOperations,
            postcondition: Postconditions.submits(
                S.self, latestSample, accounts: accounts, amount: 1, submitTransfer))
    }
}
