/// The effect tasks a store's middleware has started and that have not finished, so `settle()` can
/// await them without sleeping and the benchmarks can check that none leaks.
///
/// Not part of ReSwift: a ReSwift app never needs to know when its side effects are done, but the
/// conformance scenarios and the timed round trips do. Every task runs on the main actor, where the
/// store runs, and dispatches its result there.
@MainActor
public final class EffectTasks {
    private var running: [Int: Task<Void, Never>] = [:]
    private var newest: [EffectKey: Int] = [:]
    private var nextID = 0

    public init() {}

    /// How many tasks are still running.
    public var count: Int { running.count }

    /// Starts `work`; with a `key`, it first cancels the task still running for that key, so only
    /// the newest request per key is ever answered.
    func start(replacing key: EffectKey? = nil, _ work: @escaping @MainActor () async -> Void) {
        let id = nextID
        nextID += 1
        if let key {
            if let older = newest[key] { running[older]?.cancel() }
            newest[key] = id
        }
        running[id] = Task { [weak self] in
            await work()
            self?.running[id] = nil
        }
    }

    /// Returns once every task started so far, and every task started meanwhile, has finished.
    public func settle() async {
        while let (id, task) = running.first {
            await task.value
            running[id] = nil
        }
    }
}

/// What a request replaces: the one still running under the same key.
enum EffectKey: Hashable {
    /// The quote fetch of counter `index` (0 in a counter's own store).
    case quote(Int)
    /// The accounts load.
    case accounts
}
