import BenchmarkEngine
import BenchmarkReport

/// The instruction pass: instructions per operation of the synchronous cases, counted by callgrind.
///
/// It runs in two processes. The measuring one runs under Valgrind and calls
/// ``countInstructions(suite:)``, which counts every selected synchronous case of one suite for N
/// and 2N operations and leaves one labelled callgrind dump per sample. The `bench` process that
/// started it reads the dumps and turns them into rows with ``instructionRows(_:configuration:)``.
extension SuiteRunner {
    /// The suites whose cases are synchronous, and so are counted.
    public static let instructionSuites: [Suite] = [
        .baseline, .dispatch, .dispatchAdapter, .layout, .stateCopy,
    ]

    /// True when the selection picks at least one case of `suite`.
    public func selects(suite: Suite) -> Bool {
        Self.catalogue.contains {
            $0.suite == suite && selection($0.suite, $0.architecture, $0.feature, nil, nil)
        }
    }

    /// Counts the instructions of every selected synchronous case of `suite` (call it in a process
    /// running under callgrind). A sized suite builds one size at a time, as in a timed run, up to
    /// the run size's ``RunSize/instructionSizeLimit``. The N of a case is its allocation pass's
    /// operation count.
    public func countInstructions(suite: Suite) async {
        let sizes: [Int?] = Self.sizes(of: suite)?.filter { $0 <= size.instructionSizeLimit ?? .max } ?? [nil]
        for n in sizes
        where Self.catalogue.contains(where: {
            $0.suite == suite && selection($0.suite, $0.architecture, $0.feature, nil, n)
        }) {
            for benchmarkCase in cases(of: suite, n: n) {
                guard let benchmark = benchmarkCase.benchmark, !benchmark.isAsync else { continue }
                progress("  counting instructions: \(benchmarkCase.name)")
                let iterations = benchmarkCase.allocationIterations
                await benchmark.measureInstructions(
                    iterations: iterations,
                    label: Self.instructionLabel(benchmarkCase.key(metric: .instructions), iterations))
            }
        }
    }

    /// The dump label of a case: its key's fields and N, separated by `|`.
    static func instructionLabel(_ key: ResultRow.Key, _ iterations: Int) -> String {
        [key.suite.rawValue, key.architecture, key.feature, key.layout, key.n, String(iterations)].joined(
            separator: "|")
    }

    /// One `instructions` row per case from the dumps of its two samples (labels from
    /// ``measureInstructions``: the case's label then `|1` or `|2`), in the order the cases were
    /// counted. A case without both dumps gets no row.
    public static func instructionRows(
        _ dumps: [(label: String, instructions: Int)], configuration: String
    ) -> [ResultRow] {
        var samples: [String: [Int: Int]] = [:]
        var order: [String] = []
        for dump in dumps {
            guard let bar = dump.label.lastIndex(of: "|"),
                let multiple = Int(dump.label[dump.label.index(after: bar)...])
            else { continue }
            let label = String(dump.label[..<bar])
            if samples[label] == nil { order.append(label) }
            samples[label, default: [:]][multiple] = dump.instructions
        }
        return order.compactMap { label in
            let fields = label.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 6, let suite = Suite(rawValue: fields[0]), let iterations = Int(fields[5]),
                iterations > 0,
                let single = samples[label]?[1], let double = samples[label]?[2]
            else { return nil }
            let key = ResultRow.Key(
                suite: suite, architecture: fields[1], feature: fields[2], layout: fields[3],
                n: fields[4],
                metric: .instructions)
            let perOperation = InstructionCounter.perOperation(
                single: single, double: double, iterations: iterations)
            return .count(key, unit: .count, value: perOperation, configuration: configuration)
        }
    }
}
