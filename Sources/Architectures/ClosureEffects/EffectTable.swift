import Foundation
import Synchronization

/// The store's task table: every running effect task under a key, and the keys of the cancellable
/// ones under their cancellation ids.
///
/// TCA keeps the same two tables: its root store holds every effect's task under a fresh `UUID` until
/// it finishes, and `withTaskCancellation(id:)` registers cancellable work under its id (in one global
/// table, locked, keyed also by the navigation path; this table belongs to one store and lives on the
/// main actor). Like TCA, cancellable work runs in a task of its own, created inside the effect's
/// task: one extra task per cancellable effect. Cancelling an id cancels the effect's task, whose
/// cancellation handler cancels the inner one. Finished tasks are removed at once, so the table never
/// grows with the number of effects a store has ever run ("State containers" keeps every task forever).
@MainActor
final class EffectTable {
    private var running: [UUID: RunningEffect] = [:]
    private var keysByCancellationID: [CancellationID: Set<UUID>] = [:]

    var runningCount: Int {
        running.count
    }

    var cancellationIDCount: Int {
        keysByCancellationID.count
    }

    /// Starts `operation` as an effect task and records it under `key` until it finishes.
    func start(
        id key: UUID,
        priority: TaskPriority?,
        cancellationIDs: [CancellationID],
        operation: @escaping @Sendable () async -> Void
    ) -> Task<Void, Never> {
        let task: Task<Void, Never>
        if cancellationIDs.isEmpty {
            task = Task(priority: priority) { @MainActor [weak self] in
                await operation()
                self?.effectDidFinish(key: key)
            }
        } else {
            task = Task(priority: priority) { @MainActor [weak self] in
                await runInOwnTask(priority: priority, operation)
                self?.effectDidFinish(key: key)
            }
        }
        running[key] = RunningEffect(task: task, cancellationIDs: cancellationIDs)
        for id in cancellationIDs {
            keysByCancellationID[id, default: []].insert(key)
        }
        return task
    }

    /// Cancels every running task marked with `id`.
    func cancel(id: CancellationID) {
        guard let keys = keysByCancellationID.removeValue(forKey: id) else { return }
        for key in keys {
            running[key]?.task.cancel()
        }
    }

    func cancelAll() {
        for effect in running.values {
            effect.task.cancel()
        }
    }

    /// Returns once no task is running, including tasks started while it waits.
    func settle() async {
        while let effect = running.values.first {
            await effect.task.value
        }
    }

    private func effectDidFinish(key: UUID) {
        guard let effect = running.removeValue(forKey: key) else { return }
        for id in effect.cancellationIDs {
            keysByCancellationID[id]?.remove(key)
            if keysByCancellationID[id]?.isEmpty == true {
                keysByCancellationID[id] = nil
            }
        }
    }
}

/// Runs `operation` in a task of its own and waits for it, passing cancellation on: the extra task
/// TCA's `withTaskCancellation(id:)` creates for every cancellable effect.
private func runInOwnTask(
    priority: TaskPriority?,
    _ operation: @escaping @Sendable () async -> Void
) async {
    let inner = Task(priority: priority) { await operation() }
    await withTaskCancellationHandler {
        await inner.value
    } onCancel: {
        inner.cancel()
    }
}

/// A running effect task and the ids that can cancel it.
private struct RunningEffect {
    var task: Task<Void, Never>
    var cancellationIDs: [CancellationID]
}

/// What one round of processing collected besides the new state: the tasks it started and the
/// outputs to emit.
@usableFromInline
struct EffectBatch<Output: Sendable> {
    @usableFromInline var outputs: [Output] = []
    /// The list the started tasks go into: made for every send, as TCA's store makes its locked task
    /// list before it knows whether an effect will start.
    @usableFromInline let tasks: EffectTaskList

    @inlinable
    init(tasks: EffectTaskList) {
        self.tasks = tasks
    }

    @usableFromInline
    mutating func takeOutputs() -> [Output] {
        defer { outputs = [] }
        return outputs
    }

    /// The task that backs the send's ``StoreTask``, or nil when no effect was started.
    @inlinable
    func finish() -> Task<Void, Never>? {
        tasks.isEmpty ? nil : tasks.awaitingTask()
    }
}

/// The tasks one send started, and the tasks that the feedback of those tasks started in turn.
///
/// Effects append to it from the main actor while the awaiting task reads it, so a mutex guards it
/// (TCA uses a lock-isolated array for the same list).
@usableFromInline
final class EffectTaskList: Sendable {
    private let tasks = Mutex<[Task<Void, Never>]>([])

    @usableFromInline
    init() {}

    @usableFromInline
    var isEmpty: Bool {
        tasks.withLock { $0.isEmpty }
    }

    func append(_ task: Task<Void, Never>) {
        tasks.withLock { $0.append(task) }
    }

    /// One more task that waits for every task in the list, including tasks appended while it waits,
    /// and cancels them all when it is cancelled: TCA's store creates it for every send with effects.
    @usableFromInline
    func awaitingTask() -> Task<Void, Never> {
        Task { @MainActor in
            await withTaskCancellationHandler {
                var index = 0
                while let task = self.task(at: index) {
                    await task.value
                    index += 1
                }
            } onCancel: {
                self.cancelAll()
            }
        }
    }

    private func task(at index: Int) -> Task<Void, Never>? {
        tasks.withLock { index < $0.count ? $0[index] : nil }
    }

    private func cancelAll() {
        for task in tasks.withLock({ $0 }) {
            task.cancel()
        }
    }
}

/// The effects one ``Store/send(_:)`` started, TCA's `StoreTask`: await ``finish()`` to wait for
/// them and for the effects their feedback started, or ``cancel()`` them.
public struct StoreTask: Sendable {
    @usableFromInline let task: Task<Void, Never>?

    @inlinable
    init(_ task: Task<Void, Never>? = nil) {
        self.task = task
    }

    /// Waits until the effects started by this send, and by their feedback, have finished. Cancelling
    /// the waiting task cancels them.
    public func finish() async {
        guard let task else { return }
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Cancels the effects started by this send; their remaining feedback is dropped.
    public func cancel() {
        task?.cancel()
    }
}
