import BenchmarkEngine

/// Measures what a store keeps after its effects finished (docs/measurement.md, "Observers, hops,
/// retention").
///
/// A store that forgets finished tasks holds nothing more after 10,000 effects than after one; a store
/// that appends every task to an array, as the one in "The Many Flavors of Unidirectional Architectures
/// in Swift" does, holds a task per effect. The heap is read through the allocation interposer, so the
/// figure is exact bytes, not an estimate.
public enum Retention {
    /// Runs `runEffect` `effects` times (each call runs one effect to completion), and returns the
    /// live heap bytes gained per effect; nil when allocation counting is unavailable.
    ///
    /// A tenth as many warm-up effects run first, uncounted, so caches that fill once (the runtime's metadata,
    /// a dictionary's first growth) are not charged to the effects. `inFlight` must report 0
    /// afterwards; a store still holding work is reported by a precondition, not as retention.
    @MainActor
    public static func bytesHeldPerEffect(
        effects: Int,
        runEffect: @MainActor () async -> Void,
        inFlight: @MainActor () -> Int
    ) async -> Double? {
        guard AllocationCounter.isAvailable else { return nil }
        for _ in 0..<max(16, effects / 10) {
            await runEffect()
        }
        let counts = await AllocationCounter.count {
            for _ in 0..<effects {
                await runEffect()
            }
        }
        precondition(inFlight() == 0, "retention: effects still in flight after they were awaited")
        guard let counts else { return nil }
        return Double(counts.liveBytes) / Double(effects)
    }
}
