import BenchmarkEngine
import Foundation

extension InstructionPass {
    /// What a Valgrind child of the pass starts with: ``childEnvironment``, plus `parent`'s
    /// ``MetricCounter/breakingVariable`` if set, so that a counter broken in `bench` is broken in the
    /// children it counts instructions in too (docs/platforms.md). Nothing else of `parent` passes.
    nonisolated static func childEnvironment(passingBreaksFrom parent: [String: String]) -> [String: String] {
        guard let broken = parent[MetricCounter.breakingVariable] else {
            return childEnvironment
        }
        return childEnvironment.merging([MetricCounter.breakingVariable: broken]) { _, broken in broken }
    }
}
