// The effect-values architecture ("State containers", the "effect values" flavour; the shape of
// Spotify's Mobius).
//
// A feature is split into a pure half and an impure half:
//
// - an `Update`: `update(state, event) -> Next<State, Effect>`. It returns the next state, if the
//   event changed anything, and *names* the work it wants done as plain, `Equatable` effect values
//   (`.fetchQuote`, `.submit(from:to:amount:)`), so a test checks a transition by comparing the
//   returned `Next` with `==`;
// - an `EffectHandler`: a small type that owns the feature's dependencies and says what each effect
//   value means, as an `EffectExecution`: run this operation off the main actor as the task named
//   `id`, or cancel the task named `id`. The operation returns the event to feed back, if any.
//
// A `Loop` ties the two together on the main actor with the mechanisms Mobius's loop uses on every
// event: an event is submitted to a work bag as a work item (a closure) and the bag is serviced; a
// `Next` with a new state stores it and posts it to the observers through a copy of their list; each
// effect is submitted to the bag as a work item of its own. The loop owns the tasks the handler's
// executions start, forgets each one as it finishes, cancels them by id when an effect asks for it,
// and drops whatever a cancelled task returns. Where the loop differs from Mobius (the order work
// is taken in, the order observers are called in) is listed in docs/architectures/effect-values.md.

/// What an ``Update`` returns for one event: the next state, if the event changed it, and the effects
/// to perform, in order (Mobius's `Next`).
///
/// Build one with ``next(_:effects:)``, ``dispatch(_:)`` or ``noChange``. A `Next` without a state
/// tells the ``Loop`` that nothing an observer sees has changed, so no observer is woken.
public struct Next<State, Effect> {
    /// The new state, or `nil` when the event left the state as it was.
    public var state: State?
    /// The effects to perform, in order; often empty.
    public var effects: [Effect]

    public init(state: State?, effects: [Effect]) {
        self.state = state
        self.effects = effects
    }

    /// A new state, and the effects to perform with it.
    @inlinable
    public static func next(_ state: State, effects: [Effect] = []) -> Next {
        Next(state: state, effects: effects)
    }

    /// The state stays as it was; only `effects` are performed.
    @inlinable
    public static func dispatch(_ effects: [Effect]) -> Next {
        Next(state: nil, effects: effects)
    }

    /// Nothing changes and nothing is performed.
    @inlinable
    public static var noChange: Next {
        Next(state: nil, effects: [])
    }

    /// The same `Next` with its state and effects lifted into a parent's types: how a parent's update
    /// delegates an event to a child's update.
    @inlinable
    public func map<ParentState, ParentEffect>(
        state parentState: (State) -> ParentState,
        effect parentEffect: (Effect) -> ParentEffect
    ) -> Next<ParentState, ParentEffect> {
        Next<ParentState, ParentEffect>(state: state.map(parentState), effects: effects.map(parentEffect))
    }
}

extension Next: Equatable where State: Equatable, Effect: Equatable {}

/// The pure half of a feature in the effect-values style ("State containers", "effect values"): a
/// function from the current state and an event to a ``Next``.
///
/// Mobius calls this the update function and the state its model. Conforming types are caseless
/// enums used as namespaces, so ``update(_:_:)`` has nothing to reach but its arguments. It takes the
/// state as a value and returns a new one, as Mobius's update does: it never changes the state the
/// loop holds.
public protocol Update {
    associatedtype State: Equatable
    associatedtype Event: Sendable
    associatedtype Effect: Equatable & Sendable

    /// The next state after `event`, if it changes anything, and the effects to perform. Never
    /// performs them.
    static func update(_ state: State, _ event: Event) -> Next<State, Effect>
}

/// The impure half of a feature in the effect-values style ("State containers", "effect values"):
/// interprets the effect values an ``Update`` returns, using the dependencies it owns.
///
/// A handler does not start tasks itself. It tells the ``Loop`` what an effect means as an
/// ``EffectExecution``, and the loop runs, tracks and cancels the work, so every feature gets the same
/// task bookkeeping and the handler stays a plain value that is easy to test.
public protocol EffectHandler<Effect, Event> {
    associatedtype Effect: Sendable
    associatedtype Event: Sendable
    /// Names the tasks this handler's effects run as, so that a later effect can cancel them.
    associatedtype TaskID: Hashable & Sendable

    /// What the loop must do to perform `effect`.
    func handle(_ effect: Effect) -> EffectExecution<TaskID, Event>
}

/// What an ``EffectHandler`` asks its ``Loop`` to do for one effect value ("State containers",
/// "effect values").
public enum EffectExecution<TaskID: Hashable & Sendable, Event: Sendable>: Sendable {
    /// Run `operation` off the main actor as a task named by the first value, then dispatch the event
    /// it returns, if any. If the task is cancelled before it finishes, its event is dropped.
    case run(TaskID, operation: @concurrent @Sendable () async -> Event?)
    /// Cancel every running task with this name. Nothing happens if none is running.
    case cancel(TaskID)

    /// The same execution with task names and events lifted into a parent feature's types: how an
    /// app's handler delegates a child's effect to the child's handler.
    public func map<ParentTaskID, ParentEvent>(
        taskID parentTaskID: (TaskID) -> ParentTaskID,
        event parentEvent: @escaping @Sendable (Event) -> ParentEvent
    ) -> EffectExecution<ParentTaskID, ParentEvent> {
        switch self {
        case .run(let id, let operation):
            return .run(parentTaskID(id)) { await operation().map(parentEvent) }
        case .cancel(let id):
            return .cancel(parentTaskID(id))
        }
    }
}

/// Identifies an observer registered with ``Loop/addObserver(_:)``, to remove it later.
public struct ObserverID: Hashable, Sendable {
    let rawValue: Int
}

/// The runtime of the effect-values style ("State containers", "effect values"; Mobius's
/// `MobiusLoop`): holds a feature's state, runs its update for every event, posts every new state to
/// its observers, and performs the returned effects through the feature's handler.
///
/// Generic over the update and handler types, and ``dispatch(_:)`` is `@inlinable`, so a call such as
/// `loop.dispatch(.increment)` on a `Loop<CounterFeature, CounterEffectHandler>` compiles to a direct
/// call of `CounterFeature.update`, from this module or any other.
///
/// - Every event and every effect is a work item, a closure submitted to the loop's work bag, as in
///   Mobius (one allocation each). The bag is serviced by the outermost ``dispatch(_:)`` only: an
///   event dispatched while the bag is being serviced (by an observer, say) is submitted and taken
///   later by the same service; ``dispatch(_:)`` never re-enters the update.
/// - The bag hands out work in the order it was submitted. Mobius's `WorkBag` takes a random item on
///   purpose, so that no one relies on an order; this loop keeps the order because the features'
///   updates return a cancellation before the fetch that replaces it.
/// - Observers are kept by id in a dictionary and called, only when the update returns a new state,
///   through an array copied from it on every post (Mobius's `ConnectablePublisher.post`): each
///   receives the same value, in no particular order. A `.noChange` or `.dispatch(_:)` wakes nobody.
/// - Effect tasks are kept only while they run; ``inFlightEffectCount`` counts them, ``settle()``
///   awaits them. A task cancelled by an effect stays in flight until its operation returns (a server
///   may answer anyway), and then its event is dropped.
/// - Releasing the loop cancels its running tasks.
@MainActor
public final class Loop<Feature: Update, Handler: EffectHandler>
where Handler.Effect == Feature.Effect, Handler.Event == Feature.Event {
    public typealias State = Feature.State
    public typealias Event = Feature.Event

    @usableFromInline typealias Observer = @MainActor (State) -> Void
    @usableFromInline typealias WorkItem = @MainActor () -> Void

    private struct RunningEffect: Sendable {
        let id: Handler.TaskID
        let task: Task<Void, Never>
    }

    @usableFromInline var currentState: State
    @usableFromInline var observers: [ObserverID: Observer] = [:]
    @usableFromInline var work: [WorkItem] = []
    @usableFromInline var isServicing = false
    private let handler: Handler
    private var running: [Int: RunningEffect] = [:]
    private var nextTaskNumber = 0
    private var nextObserverNumber = 0

    /// A loop starting at `state` whose effects `handler` performs.
    public init(state: State, handler: Handler) {
        currentState = state
        self.handler = handler
    }

    deinit {
        for effect in running.values {
            effect.task.cancel()
        }
    }

    /// The current state. Only ``dispatch(_:)`` changes it.
    public var state: State { currentState }

    /// The number of effect tasks started and not yet finished, cancelled ones included.
    public var inFlightEffectCount: Int { running.count }

    /// Processes `event`: submits it to the work bag and services the bag, which runs the update,
    /// stores and posts a new state, and submits and performs the effects.
    ///
    /// Called while the bag is being serviced (from an observer, say), it only submits `event`, which
    /// is processed before the outer call returns. A new state is visible as soon as the outermost
    /// call returns; effect tasks run afterwards and feed their events back through this method.
    @inlinable
    public func dispatch(_ event: Event) {
        work.append { self.process(event) }
        service()
    }

    /// Calls `onChange` with every new state from now on, until the observer is removed. It is not
    /// called on registration (Mobius's loop does that): read ``state`` for the current value.
    @discardableResult
    public func addObserver(_ onChange: @escaping @MainActor (State) -> Void) -> ObserverID {
        let id = ObserverID(rawValue: nextObserverNumber)
        nextObserverNumber += 1
        observers[id] = onChange
        return id
    }

    /// The project's own scoping helper, not a Mobius API (Mobius's observers receive the whole
    /// model): calls `onChange` with the part of every new state that `select` picks, only when that
    /// part differs from the part it last saw, as a Mobius user would filter inside an observer. The
    /// observer itself is still called with every new state. The first part it compares with is the
    /// current state's.
    @discardableResult
    public func addObserver<Part: Equatable>(
        selecting select: @escaping (State) -> Part,
        onChange: @escaping @MainActor (Part) -> Void
    ) -> ObserverID {
        var last = select(currentState)
        return addObserver { state in
            let part = select(state)
            guard part != last else { return }
            last = part
            onChange(part)
        }
    }

    /// Stops calling the observer registered as `id`.
    public func removeObserver(_ id: ObserverID) {
        observers[id] = nil
    }

    /// Returns once no effect task is in flight, including tasks started by the events of tasks that
    /// finished meanwhile. Awaits the tasks themselves; never sleeps.
    public func settle() async {
        while let effect = running.first?.value {
            await effect.task.value
        }
    }

    /// Takes the submitted work items in order until none is left, unless a service is already under
    /// way further up the stack (which then takes the items submitted meanwhile).
    @usableFromInline
    func service() {
        guard !isServicing else { return }
        isServicing = true
        var index = 0
        while index < work.count {
            let item = work[index]
            index += 1
            item()
        }
        work.removeAll(keepingCapacity: true)
        isServicing = false
    }

    /// One event's work item: the update, then the observers with the one new state, then one work
    /// item per effect.
    @inlinable
    func process(_ event: Event) {
        // A local copy: reading the stored state is then an instantaneous access, not one the
        // runtime's exclusivity check must track for the whole update.
        let current = currentState
        let next = Feature.update(current, event)
        if let state = next.state {
            currentState = state
            post(state)
        }
        for effect in next.effects {
            work.append { self.perform(effect) }
        }
    }

    /// Calls every observer registered when the post starts with the same `state`, through a copy of
    /// the observer list (so an observer may add or remove observers meanwhile).
    @inlinable
    func post(_ state: State) {
        let current = Array(observers.values)
        for observer in current {
            observer(state)
        }
    }

    @usableFromInline
    func perform(_ effect: Feature.Effect) {
        switch handler.handle(effect) {
        case .run(let id, let operation):
            start(id, operation)
        case .cancel(let id):
            cancelTasks(named: id)
        }
    }

    private func start(
        _ id: Handler.TaskID,
        _ operation: @escaping @concurrent @Sendable () async -> Event?
    ) {
        let number = nextTaskNumber
        nextTaskNumber += 1
        let task = Task { [weak self] in
            let event = await operation()
            guard let self else { return }
            running[number] = nil
            if let event, !Task.isCancelled {
                dispatch(event)
            }
        }
        running[number] = RunningEffect(id: id, task: task)
    }

    private func cancelTasks(named id: Handler.TaskID) {
        for effect in running.values where effect.id == id {
            effect.task.cancel()
        }
    }
}
