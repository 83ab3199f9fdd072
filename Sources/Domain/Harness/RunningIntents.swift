/// The async intents a driver started and that have not finished yet (harness support for the
/// styles whose intents are `async` methods: `observable-viewmodel`, `store-subclass`).
///
/// A driver's `send(_:)` must return once the synchronous part of an intent is visible (for
/// instance `isLoading = true`), so it starts each async method with `Task.immediate`, which runs it
/// on the main actor up to its first suspension. The tasks are kept only while they run, so
/// ``settle()`` can await them without sleeping and nothing is retained once they are done.
@MainActor
public final class RunningIntents {
    private var running: [Int: Task<Void, Never>] = [:]
    /// Intents that finished before ``start(_:)`` could store their task; empty between calls.
    private var finishedAtOnce: Set<Int> = []
    private var nextID = 0

    public init() {}

    /// The intents started and not finished yet.
    public var count: Int {
        running.count
    }

    /// Runs `intent` at once up to its first suspension, and keeps its task until it finishes.
    public func start(_ intent: @escaping @MainActor () async -> Void) {
        let id = nextID
        nextID += 1
        let task = Task.immediate { @MainActor [weak self] in
            await intent()
            self?.finish(id)
        }
        if finishedAtOnce.remove(id) == nil {
            running[id] = task
        }
    }

    /// Returns once every intent started so far, and every intent started meanwhile, has finished.
    public func settle() async {
        while let (id, task) = running.first {
            await task.value
            running[id] = nil
        }
    }

    private func finish(_ id: Int) {
        if running.removeValue(forKey: id) == nil {
            finishedAtOnce.insert(id)
        }
    }
}
