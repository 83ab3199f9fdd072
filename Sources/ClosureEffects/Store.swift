import Observation

/// A feature's logic as one function: change the state for an action, and say what to do next.
///
/// This is the reducer of seed 004 §5.2 (TCA's `reduce(into:action:)`) with the closure effects of
/// seed 002's "flavor 2": the state changes synchronously and in place, and any asynchronous work is
/// returned as an ``Effect`` for the ``Store`` to run. A reducer owns its dependencies (a quote client,
/// use cases) as plain stored properties, so tests build it with fakes through its initializer.
public protocol Reducer<State, Action> {
    associatedtype State
    associatedtype Action: Sendable

    /// Applies `action` to `state` and returns the work that follows from it, usually `.none`.
    func reduce(into state: inout State, action: Action) -> Effect<Action>
}

/// Holds a feature's state, runs its reducer for every action and runs the effects the reducer returns
/// (seed 004 §5.2's store; seed 002's "flavor 2" store, without its leak).
///
/// `send(_:)` runs the reducer synchronously on the main actor, so the new state is visible as soon as
/// it returns. Each `run` closure of the returned effect becomes one task. The store keeps that task
/// only while it runs: it is removed when it finishes, so the store's bookkeeping never grows with the
/// number of effects it has ever run (seed 002's store appends every task to an array forever).
/// Views observe ``state`` through Observation; ``settle()`` awaits every effect, including the
/// effects that fed-back actions started.
///
/// The store is generic over the reducer type, and `send(_:)` and `state` are inlinable, so a caller
/// in another module (an app target, the benchmark runner) gets a copy specialised for its reducer
/// that calls `reduce(into:action:)` directly. It conforms to `Observable` by hand, with the same
/// `access` / `willSet` / `didSet` calls the `@Observable` macro writes, because the macro spells the
/// key path `\.state` inside each accessor, and in a generic class Swift instantiates such a key path
/// anew, allocating, on every access. The store creates it once, in its initializer.
@MainActor
public final class Store<R: Reducer>: Observable {
    /// The current state. Only the reducer changes it, through ``send(_:)``. Reading it inside
    /// `withObservationTracking` (or a SwiftUI body) observes every change of it.
    @inlinable
    public var state: R.State {
        registrar.access(self, keyPath: stateKeyPath)
        return currentState
    }

    @usableFromInline var currentState: R.State
    @usableFromInline let reducer: R
    @usableFromInline let registrar = ObservationRegistrar()
    @usableFromInline let stateKeyPath: KeyPath<Store, R.State>
    private var running: [Int: RunningEffect] = [:]
    private var runningByCancellationID: [CancellationID: Set<Int>] = [:]
    private var nextEffectKey = 0

    public init(initialState: R.State, reducer: R) {
        self.currentState = initialState
        self.reducer = reducer
        self.stateKeyPath = \.state
    }

    isolated deinit {
        for effect in running.values {
            effect.task.cancel()
        }
    }

    /// Runs the reducer for `action`, then starts the effect it returned.
    ///
    /// - Returns: A handle on the effect's tasks; ignore it, or `await` its ``StoreTask/finish()``.
    @inlinable
    @discardableResult
    public func send(_ action: R.Action) -> StoreTask {
        registrar.willSet(self, keyPath: stateKeyPath)
        let effect = reducer.reduce(into: &currentState, action: action)
        registrar.didSet(self, keyPath: stateKeyPath)
        if effect.isNone {
            return StoreTask()
        }
        return start(effect)
    }

    /// The number of effect tasks that are running now. Finished tasks are not counted, and not kept.
    public var inFlightEffectCount: Int {
        running.count
    }

    /// Returns once no effect is running: every effect started so far, and every effect that their
    /// fed-back actions started, has finished. Awaits the tasks themselves; never sleeps.
    public func settle() async {
        while let effect = running.values.first {
            await effect.task.value
        }
    }

    @usableFromInline
    func start(_ effect: Effect<R.Action>) -> StoreTask {
        for case .cancel(let id) in effect.operations {
            cancelEffects(id: id)
        }
        var tasks: [Task<Void, Never>] = []
        for case .run(let work) in effect.operations {
            tasks.append(start(work))
        }
        return StoreTask(tasks)
    }

    private func start(_ work: Effect<R.Action>.Work) -> Task<Void, Never> {
        let key = nextEffectKey
        nextEffectKey += 1
        let send = Send<R.Action> { [weak self] action in
            self?.send(action)
        }
        let operation = work.operation
        let task = Task(priority: work.priority) { @MainActor [weak self] in
            await operation(send)
            self?.effectDidFinish(key: key)
        }
        running[key] = RunningEffect(task: task, cancellationIDs: work.cancellationIDs)
        for id in work.cancellationIDs {
            runningByCancellationID[id, default: []].insert(key)
        }
        return task
    }

    private func cancelEffects(id: CancellationID) {
        guard let keys = runningByCancellationID.removeValue(forKey: id) else { return }
        for key in keys {
            running[key]?.task.cancel()
        }
    }

    private func effectDidFinish(key: Int) {
        guard let effect = running.removeValue(forKey: key) else { return }
        for id in effect.cancellationIDs {
            runningByCancellationID[id]?.remove(key)
            if runningByCancellationID[id]?.isEmpty == true {
                runningByCancellationID[id] = nil
            }
        }
    }

    /// The number of cancellation ids with running work, for tests that check nothing is left behind.
    var cancellationIDCount: Int {
        runningByCancellationID.count
    }
}

/// A running effect task and the ids that can cancel it.
private struct RunningEffect {
    var task: Task<Void, Never>
    var cancellationIDs: [CancellationID]
}

/// The tasks one ``Store/send(_:)`` started, TCA's `StoreTask`: await ``finish()`` to wait for that
/// action's effects, or ``cancel()`` them.
///
/// Effects started later by the actions those effects feed back are not part of it; ``Store/settle()``
/// waits for everything.
public struct StoreTask: Sendable {
    private let tasks: [Task<Void, Never>]

    @usableFromInline
    init(_ tasks: [Task<Void, Never>] = []) {
        self.tasks = tasks
    }

    /// Waits until the effects started by this send have finished.
    public func finish() async {
        for task in tasks {
            await task.value
        }
    }

    /// Cancels the effects started by this send; their remaining actions are dropped.
    public func cancel() {
        for task in tasks {
            task.cancel()
        }
    }
}
