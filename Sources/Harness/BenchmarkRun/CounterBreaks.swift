import BenchmarkEngine
import Foundation

extension InstructionPass {
    /// `environment` with `parent`'s ``MetricCounter/breakingVariable``, if set: a counter broken in
    /// `bench` is broken in the children it counts instructions in too (docs/platforms.md).
    nonisolated static func passingBreaks(_ environment: [String: String], from parent: [String: String])
        -> [String: String]
    {
        guard let broken = parent[MetricCounter.breakingVariable] else {
            return environment
        }
        return environment.merging([MetricCounter.breakingVariable: broken]) { _, broken in broken }
    }
}
