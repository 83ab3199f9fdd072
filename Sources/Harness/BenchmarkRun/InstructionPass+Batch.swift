import BenchmarkEngine
import BenchmarkSuites
import Foundation

extension InstructionPass {
    /// Jobs of one address offset counted by one Valgrind process, which forks a child per case
    /// (`cac_forked_case`), in a directory of its own inside the pass's scratch directory.
    struct Batch: Sendable {
        var number: Int
        var addressOffset: Int
        var jobs: [Job]

        /// The argument that makes `bench __count-instructions` fork a child per case of the batch
        /// in its working directory.
        nonisolated static let forkPerCase = "--fork-per-case"

        /// `jobs` in batches, ``perCPU`` per CPU of `width` for each address offset (fewer where
        /// there are fewer jobs), each taking every k-th job in order, so that each gets its share of
        /// every suite and size. More batches than CPUs keep the CPUs busy to the end: with one per
        /// CPU, the one that drew the longest cases ran on alone.
        static func all(_ jobs: [Job], width: Int) -> [Batch] {
            let offsets = Array(Set(jobs.map(\.addressOffset))).sorted()
            let count = width * perCPU
            return offsets.flatMap { offset in
                let ofOffset = jobs.filter { $0.addressOffset == offset }
                return (0..<min(count, ofOffset.count)).map { lane in
                    Batch(
                        number: offset * count + lane, addressOffset: offset,
                        jobs: stride(from: lane, to: ofOffset.count, by: count).map { ofOffset[$0] })
                }
            }
        }

        /// Batches per CPU: each costs one start of Valgrind, 1.2 s of CPU.
        nonisolated static let perCPU = 4

        /// The name of the order file of the case at `index` (its dumps sit beside it); every name
        /// has the same length.
        nonisolated static func orderFile(_ index: Int) -> String {
            "case-\(digits(index, 5)).label"
        }

        /// The file the child counting the case at `index` writes its process id to
        /// (`ForkPerCase.c`), which names its dumps.
        nonisolated static func processFile(_ index: Int) -> String {
            "case-\(digits(index, 5)).pid"
        }

        /// `number` in `count` digits, zeros in front.
        nonisolated static func digits(_ number: Int, _ count: Int) -> String {
            let text = String(number)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }

        /// The label a forked child counts: the text of its order file in the working directory.
        nonisolated static func label(at index: Int) throws(RunFailure) -> String {
            do {
                return try String(contentsOfFile: orderFile(index), encoding: .utf8)
            } catch {
                throw RunFailure("cannot read \(orderFile(index)): \(error.localizedDescription)")
            }
        }

        /// Counts the batch's jobs in one Valgrind process, in a directory of its own in `directory`
        /// (which holds the stripped `bench`) and with `environment`, and reads and removes their dumps.
        nonisolated func count(_ valgrind: String, _ directory: URL, environment: [String: String])
            async throws(RunFailure) -> [Int: PerOperation]
        {
            let here = directory.appendingPathComponent("batch-\(Self.digits(number, 3))")
            try prepare(here, bench: directory.appendingPathComponent("bench"))
            try await ChildProcess.run(
                valgrind,
                valgrindArguments(offset: addressOffset) + [
                    "--callgrind-out-file=cg.%p.out", "./bench", ChildCommand.countInstructions.rawValue,
                    Self.forkPerCase,
                ],
                what:
                    "valgrind counting \(jobs.count) cases (\(jobs.first?.label.caseKey.description ?? "none"), …)",
                environment: environment, directory: here)
            var counts: [Int: PerOperation] = [:]
            for (index, job) in jobs.enumerated() {
                counts[job.index] = try perOperation(of: job, at: index, in: here)
            }
            return counts
        }

        /// Makes `here` with the batch's order files and a link to `bench`.
        private nonisolated func prepare(_ here: URL, bench: URL) throws(RunFailure) {
            do {
                try FileManager.default.createDirectory(at: here, withIntermediateDirectories: false)
                try FileManager.default.linkItem(at: bench, to: here.appendingPathComponent("bench"))
                for (index, job) in jobs.enumerated() {
                    try job.label.text.write(
                        to: here.appendingPathComponent(Self.orderFile(index)), atomically: false,
                        encoding: .utf8)
                }
            } catch {
                throw RunFailure("cannot prepare \(here.path): \(error.localizedDescription)")
            }
        }

        /// The counts of the job at `index` of the batch, from the dumps of the child that wrote its
        /// process id beside its order.
        private nonisolated func perOperation(of job: Job, at index: Int, in here: URL) throws(RunFailure)
            -> PerOperation
        {
            let name = Self.processFile(index)
            guard
                let text = try? String(contentsOf: here.appendingPathComponent(name), encoding: .utf8),
                let pid = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
            else { throw RunFailure("no process counted \(job.label.caseKey) (\(name) is missing)") }
            let dumps = try readDumps(in: here, prefix: "cg.\(pid).out.", removing: true)
            guard dumps.count == 3 else {
                throw RunFailure("callgrind left \(dumps.count) counts for \(job.label.caseKey), not 3")
            }
            return PerOperation(single: dumps[1], double: dumps[2], iterations: job.label.iterations)
        }
    }
}
