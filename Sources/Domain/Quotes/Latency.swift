/// How long a fake remote call takes before it answers.
///
/// The same setting drives ``QuoteClient`` and ``InMemoryBank`` so that tests and benchmarks choose
/// between "no suspension at all", "a few trips through the executor" and "real time passing".
public enum Latency: Sendable, Equatable {
    /// Answer without suspending.
    case immediate
    /// Call `Task.yield()` this many times, then answer.
    case yields(Int)
    /// Sleep for this long, then answer. Throws `CancellationError` if the task is cancelled meanwhile.
    case sleep(Duration)

    /// Waits as this setting says.
    public func wait() async throws {
        switch self {
        case .immediate:
            return
        case .yields(let count):
            for _ in 0..<count {
                await Task.yield()
            }
        case .sleep(let duration):
            try await Task.sleep(for: duration)
        }
    }
}
