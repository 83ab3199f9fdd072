import MobiusCore

/// The effect tasks one loop has started and that have not finished yet, so `settle()` can await
/// them without sleeping and the benchmarks can check that none leaks.
///
/// Not part of Mobius: a Mobius app never needs to know when its effects are done, but the
/// conformance scenarios and the timed round trips do. Every task runs on the main actor, where the
/// loop runs, and feeds its event back through the loop's consumer there.
@MainActor
public final class EffectTasks {
    private var running: [Int: Task<Void, Never>] = [:]
    private var nextID = 0

    public init() {}

    /// How many tasks are still running.
    public var count: Int { running.count }

    /// Starts `work` on the main actor and keeps its task until it finishes; disposing the result
    /// cancels it.
    @discardableResult
    func start(_ work: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        let id = nextID
        nextID += 1
        let task = Task { @MainActor [weak self] in
            await work()
            self?.running[id] = nil
        }
        running[id] = task
        return task
    }

    /// Returns once every task started so far, and every task started meanwhile, has finished.
    public func settle() async {
        while let (id, task) = running.first {
            await task.value
            running[id] = nil
        }
    }
}

/// A `Connectable` that runs the newest effect per key: a new one cancels the one still running for
/// the same key, and a cancelled one never reports. How a Mobius app keeps only the newest answer of
/// a request it may repeat (a quote fetch per counter, the accounts load).
///
/// Main-actor isolated, like the loop it is connected to: Mobius calls its connection on the
/// thread that dispatched the event, and Swift checks at run time that this is the main actor.
@MainActor
final class LatestPerKey<Key: Hashable, Event>: @MainActor Connectable {
    private let tasks: EffectTasks
    private let perform: @MainActor (Key) async -> Event?
    private var newest: [Key: Task<Void, Never>] = [:]
    private var consumer: Consumer<Event>?

    init(tasks: EffectTasks, perform: @escaping @MainActor (Key) async -> Event?) {
        self.tasks = tasks
        self.perform = perform
    }

    func connect(_ consumer: @escaping Consumer<Event>) -> Connection<Key> {
        self.consumer = consumer
        return Connection(acceptClosure: { self.accept($0) }, disposeClosure: { self.dispose() })
    }

    private func accept(_ key: Key) {
        newest[key]?.cancel()
        newest[key] = tasks.start { [perform] in
            let event = await perform(key)
            if let event, !Task.isCancelled { self.consumer?(event) }
        }
    }

    private func dispose() {
        for task in newest.values { task.cancel() }
        newest = [:]
        consumer = nil
    }
}
