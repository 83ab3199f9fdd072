// EffectObjects: the `effect-objects` architecture (seed 002, "effect objects", Square's Workflow style).
//
// A feature is a `Workflow`: a value type whose reducer changes the state synchronously and returns
// effect objects. A `WorkflowHost` owns the state, runs the reducer on the main actor, runs each
// effect object in a task, feeds the actions they return back in, and tells its subscribers.

/// A feature's state machine: the synchronous reducer of seed 002's "effect objects" flavor.
///
/// `reduce(into:action:)` is the only place where the state changes. It performs no work itself: it
/// returns the effect objects that should run, and every effect that returns an action comes back
/// through `reduce` again. Conforming types are small values holding the dependencies their effects
/// need, so tests can call `reduce` directly and inspect the returned effects.
public protocol Workflow {
    associatedtype State
    associatedtype Action: Sendable

    /// Applies `action` to `state` and returns the effects to run, in the order to start them.
    func reduce(into state: inout State, action: Action) -> [any Effect<Action>]
}

/// Runs a ``Workflow`` (seed 002, "effect objects"; named after Workflow's own host).
///
/// - ``send(_:)`` runs the reducer synchronously, starts each returned ``Effect`` in its own task and
///   then calls every subscriber with the new state: once per action, like a Workflow host that
///   publishes a rendering per action, whether or not the action changed anything. (Skipping
///   unchanged states would mean keeping the old state and comparing on every send.)
/// - An effect's result is sent back as an action. The result of an effect that was replaced (see
///   ``Effect/cancellationKey``) or whose host is gone is dropped.
/// - A task is tracked only while it runs: ``inFlightEffectCount`` counts running effects, including
///   replaced ones that have not returned yet, and ``settle()`` waits until there are none.
/// - Releasing the host cancels the effects still running.
///
/// `send(_:)` is inlinable so that callers in other modules get it specialised for their workflow.
@MainActor
public final class WorkflowHost<W: Workflow> {
    /// The workflow whose reducer this host runs.
    public let workflow: W

    @usableFromInline var currentState: W.State
    @usableFromInline var subscribers = SubscriberList<W.State>()
    private var running: [Int: RunningEffect] = [:]
    private var runningByKey: [AnyHashable: Int] = [:]
    private var nextEffectID = 0

    public init(state: W.State, workflow: W) {
        self.currentState = state
        self.workflow = workflow
    }

    isolated deinit {
        for effect in running.values {
            effect.task.cancel()
        }
    }

    /// The current state. Only actions change it.
    public var state: W.State {
        currentState
    }

    /// The number of effect tasks that have started and not yet returned.
    public var inFlightEffectCount: Int {
        running.count
    }

    /// Runs the reducer for `action`, starts the effects it returns and notifies the subscribers.
    @inlinable
    public func send(_ action: W.Action) {
        let effects = workflow.reduce(into: &currentState, action: action)
        if !effects.isEmpty {
            start(effects)
        }
        if !subscribers.isEmpty {
            subscribers.notify(currentState)
        }
    }

    /// Returns once no effect is running: every effect started so far, and every effect that their
    /// actions started, has returned and its action has been sent.
    public func settle() async {
        while let effect = running.values.first {
            await effect.task.value
        }
    }

    /// Registers `onChange`, which the host calls with the new state after each action it sends.
    ///
    /// The subscriber stays registered until the returned subscription is cancelled or the host is
    /// released; dropping the subscription does not end it.
    @discardableResult
    public func subscribe(_ onChange: @escaping @MainActor (W.State) -> Void) -> Subscription {
        let id = subscribers.insert(onChange)
        return Subscription { [weak self] in
            self?.subscribers.remove(id)
        }
    }

    @usableFromInline
    func start(_ effects: [any Effect<W.Action>]) {
        for effect in effects {
            let id = nextEffectID
            nextEffectID += 1
            let key = effect.cancellationKey
            if let key, let replaced = runningByKey.updateValue(id, forKey: key) {
                running[replaced]?.cancel()
            }
            let task = Task { [weak self] in
                let action = await effect.run()
                self?.finish(id, with: action)
            }
            running[id] = RunningEffect(task: task, key: key)
        }
    }

    private func finish(_ id: Int, with action: W.Action?) {
        guard let effect = running.removeValue(forKey: id) else { return }
        if let key = effect.key, runningByKey[key] == id {
            runningByKey[key] = nil
        }
        if let action, !effect.isCancelled {
            send(action)
        }
    }
}

/// An effect task the host is running.
private struct RunningEffect {
    let task: Task<Void, Never>
    let key: AnyHashable?
    private(set) var isCancelled = false

    mutating func cancel() {
        isCancelled = true
        task.cancel()
    }
}

/// A subscriber's registration with a ``WorkflowHost`` or a ``MultiStoreApp``: the style's observer
/// hook is a plain closure, as a Workflow host's rendering subscribers are (seed 002, "effect
/// objects"). ``cancel()`` ends it.
@MainActor
public struct Subscription {
    private let onCancel: @MainActor () -> Void

    init(onCancel: @escaping @MainActor () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops calling the subscriber. Cancelling twice does nothing more.
    public func cancel() {
        onCancel()
    }
}

/// Subscriber closures in the order they subscribed.
@MainActor
@usableFromInline
struct SubscriberList<Value> {
    @usableFromInline typealias Subscriber = @MainActor (Value) -> Void

    @usableFromInline var entries: [(id: Int, onChange: Subscriber)] = []
    private var nextID = 0

    @usableFromInline
    init() {}

    @inlinable
    var isEmpty: Bool {
        entries.isEmpty
    }

    mutating func insert(_ onChange: @escaping Subscriber) -> Int {
        let id = nextID
        nextID += 1
        entries.append((id, onChange))
        return id
    }

    mutating func remove(_ id: Int) {
        entries.removeAll { $0.id == id }
    }

    /// Calls every subscriber. A subscriber may subscribe or cancel meanwhile: the call goes to the
    /// subscribers registered when it started.
    @inlinable
    func notify(_ value: Value) {
        for entry in entries {
            entry.onChange(value)
        }
    }
}
