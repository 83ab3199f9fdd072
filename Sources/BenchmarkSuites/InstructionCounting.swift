import BenchmarkEngine
import BenchmarkReport

/// The suites' part of the instruction pass: building the synchronous cases of one suite and having
/// the engine count them, in a process running under callgrind (the run plan starts it, and turns
/// the dumps into rows with ``InstructionLabel``).
extension SuiteRunner {
    /// The suites whose cases are synchronous, and so are counted.
    public static let instructionSuites: [Suite] = [
        .reference, .dispatch, .dispatchAdapter, .layout, .stateCopy,
    ]

    /// Counts the instructions of every selected synchronous case of `suite` (call it in a process
    /// running under callgrind). A sized suite builds one size at a time, as in a timed run, up to
    /// the run size's ``RunSize/instructionSizeLimit``. The N of a case is its allocation pass's
    /// operation count.
    public func countInstructions(suite: Suite) async {
        let sizes: [Int?] = Self.sizes(of: suite)?.filter { $0 <= size.instructionSizeLimit ?? .max } ?? [nil]
        for n in sizes where selects(suite: suite, n: n) {
            for benchmarkCase in cases(of: suite, n: n) {
                guard let benchmark = benchmarkCase.benchmark, !benchmark.isAsync else { continue }
                progress("  counting instructions: \(benchmarkCase.name)")
                let iterations = benchmarkCase.allocationIterations
                await benchmark.measureInstructions(
                    iterations: iterations,
                    label: InstructionLabel(group: benchmarkCase.group, iterations: iterations).text)
            }
        }
    }
}

/// The label of a case's callgrind dumps: its group's fields and its operation count N, separated
/// by `|` (the engine appends `|1` or `|2` for the N and 2N samples).
public struct InstructionLabel: Hashable, Sendable {
    public var group: ResultRow.Key.Group
    public var iterations: Int

    public init(group: ResultRow.Key.Group, iterations: Int) {
        self.group = group
        self.iterations = iterations
    }

    /// The label as written into the dump. (Built from one array literal: the heap the measured
    /// window starts from is what the counted objects' addresses, and so some counts, depend on.)
    public var text: String {
        [
            group.suite.rawValue, group.architecture.rawValue, group.feature.rawValue,
            group.layout?.rawValue ?? "",
            group.n.map(String.init) ?? "", String(iterations),
        ].joined(separator: "|")
    }

    /// The label `text` spells (without the sample suffix); nil when it is not one.
    public init?(_ text: Substring) {
        let fields = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 6, let suite = Suite(spelling: fields[0]),
            let architecture = ArchitectureName(rawValue: fields[1]),
            let feature = FeatureName(rawValue: fields[2]),
            let iterations = Int(fields[5]), iterations > 0
        else { return nil }
        let layout = fields[3].isEmpty ? nil : LayoutName(rawValue: fields[3])
        guard fields[3].isEmpty || layout != nil, fields[4].isEmpty || Int(fields[4]) != nil else {
            return nil
        }
        group = ResultRow.Key.Group(
            suite: suite, architecture: architecture, feature: feature, layout: layout, n: Int(fields[4]))
        self.iterations = iterations
    }
}
