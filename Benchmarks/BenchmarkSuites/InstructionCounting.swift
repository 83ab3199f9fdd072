import BenchmarkEngine
import BenchmarkResults

/// The catalogue's part of the instruction pass: the cases it counts (`BenchmarkRun` counts each in
/// a process of its own running under callgrind, and turns the dumps into rows with
/// ``InstructionLabel``).
extension CaseCatalogue {
    /// The suites whose cases are counted: every suite that times its cases.
    public static let instructionSuites: [Suite] = [
        .reference, .dispatch, .dispatchAdapter, .effects, .layout, .stateCopy,
    ]

    /// The cases the instruction pass counts, in run order: every selected case of the
    /// ``instructionSuites`` that has a benchmark, at every size, in a quick run too (the pass counts
    /// the same operations whatever the run size). The N of a label is its case's allocation-pass
    /// count.
    public func instructionLabels() -> [InstructionLabel] {
        Self.instructionSuites.filter { selects(suite: $0) }.flatMap { suite in
            let sizes: [Int?] = Self.sizes(of: suite) ?? [nil]
            return sizes.filter { selects(suite: suite, n: $0) }.flatMap { n in
                cases(of: suite, n: n).filter { $0.benchmark != nil }.map {
                    InstructionLabel(caseKey: $0.caseKey, iterations: $0.allocationIterations)
                }
            }
        }
    }
}

/// The label of a case's callgrind dumps: its case key's fields and its operation count N, separated
/// by `|` (the engine appends `|0`, `|1` or `|2` for the warm-up, N and 2N samples).
public struct InstructionLabel: Hashable, Sendable {
    public var caseKey: ResultRow.CaseKey
    public var iterations: Int

    public init(caseKey: ResultRow.CaseKey, iterations: Int) {
        self.caseKey = caseKey
        self.iterations = iterations
    }

    /// The label as written into the dump. (Built from one array literal: the heap the measured
    /// window starts from is what the counted objects' addresses, and so some counts, depend on.)
    public var text: String {
        [
            caseKey.suite.rawValue, caseKey.architecture.rawValue, caseKey.feature.rawValue,
            caseKey.layout?.rawValue ?? "",
            caseKey.n.map(String.init) ?? "", String(iterations),
        ].joined(separator: "|")
    }

    /// The label `text` spells (without the sample suffix); nil when it is not one.
    public init?(_ text: Substring) {
        let fields = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 6, let suite = Suite(rawValue: fields[0]),
            let architecture = ArchitectureName(rawValue: fields[1]),
            let feature = FeatureName(rawValue: fields[2]),
            let iterations = Int(fields[5]), iterations > 0
        else { return nil }
        let layout = fields[3].isEmpty ? nil : LayoutName(rawValue: fields[3])
        guard fields[3].isEmpty || layout != nil, fields[4].isEmpty || Int(fields[4]) != nil else {
            return nil
        }
        caseKey = ResultRow.CaseKey(
            suite: suite, architecture: architecture, feature: feature, layout: layout, n: Int(fields[4]))
        self.iterations = iterations
    }
}
