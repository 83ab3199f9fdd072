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
// A `Loop` ties the two together on the main actor, the way Mobius's loop does: events are processed
// one at a time through a queue (an event dispatched while one is being processed waits its turn);
// a `Next` with a new state stores it and hands that one value to every observer; a `Next` without
// one (`.noChange`, `.dispatch(_:)`) wakes nobody. The loop then hands the effects to the handler,
// owns the tasks that result, forgets each one as it finishes, cancels them by id when an effect
// asks for it, and drops whatever a cancelled task returns. Cancelling an older fetch is therefore
// itself an effect value the update returns (`[.cancelQuoteFetch, .fetchQuote]`).

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
/// `MobiusLoop`): holds a feature's state, runs its update for every event, tells observers about
/// every new state, and performs the returned effects through the feature's handler.
///
/// Generic over the update and handler types, and ``dispatch(_:)`` is `@inlinable`, so a call such as
/// `loop.dispatch(.increment)` on a `Loop<CounterFeature, CounterEffectHandler>` compiles to a direct
/// call of `CounterFeature.update`, from this module or any other.
///
/// - Events are processed one at a time, in the order they were dispatched. An event dispatched while
///   another is being processed (by an observer, say) is queued and processed once the current one,
///   its observers and its effects are done; ``dispatch(_:)`` never re-enters the update.
/// - Observers are called synchronously, in registration order, only when the update returns a new
///   state, and every one of them receives that same value. A `.noChange` or `.dispatch(_:)` wakes
///   nobody.
/// - Effect tasks are kept only while they run; ``inFlightEffectCount`` counts them, ``settle()``
///   awaits them. A task cancelled by an effect stays in flight until its operation returns (a server
///   may answer anyway), and then its event is dropped.
/// - Releasing the loop cancels its running tasks.
@MainActor
public final class Loop<Feature: Update, Handler: EffectHandler>
where Handler.Effect == Feature.Effect, Handler.Event == Feature.Event {
    public typealias State = Feature.State
    public typealias Event = Feature.Event

    @usableFromInline
    struct Observer {
        @usableFromInline let id: ObserverID
        @usableFromInline let onChange: @MainActor (State) -> Void
    }

    private struct RunningEffect: Sendable {
        let id: Handler.TaskID
        let task: Task<Void, Never>
    }

    @usableFromInline var currentState: State
    @usableFromInline var observers: [Observer] = []
    @usableFromInline var isProcessing = false
    @usableFromInline var queuedEvents: [Event] = []
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

    /// Processes `event`: runs the update, stores and announces a new state, performs the effects.
    ///
    /// Called while an event is being processed (from an observer, say), it only queues `event`,
    /// which is processed, in order, before the outer call returns. A new state is visible as soon as
    /// the outermost call returns; effect tasks run afterwards and feed their events back through
    /// this same method.
    @inlinable
    public func dispatch(_ event: Event) {
        guard !isProcessing else {
            queuedEvents.append(event)
            return
        }
        isProcessing = true
        process(event)
        if !queuedEvents.isEmpty {
            processQueuedEvents()
        }
        isProcessing = false
    }

    /// Calls `onChange` with every new state from now on, until the observer is removed. It is not
    /// called on registration (Mobius's loop does that): read ``state`` for the current value.
    @discardableResult
    public func addObserver(_ onChange: @escaping @MainActor (State) -> Void) -> ObserverID {
        let id = ObserverID(rawValue: nextObserverNumber)
        nextObserverNumber += 1
        observers.append(Observer(id: id, onChange: onChange))
        return id
    }

    /// Calls `onChange` with the part of every new state that `select` picks, only when that part
    /// differs from the part it last saw (a selector with distinct-until-changed, as Redux-style
    /// stores scope their subscribers). The first part it compares with is the current state's.
    ///
    /// An observer of `{ $0.counters[3] }` is woken by a change of counter 3 only, however many other
    /// counters change. Remove it with ``removeObserver(_:)`` like any other observer.
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
        observers.removeAll { $0.id == id }
    }

    /// Returns once no effect task is in flight, including tasks started by the events of tasks that
    /// finished meanwhile. Awaits the tasks themselves; never sleeps.
    public func settle() async {
        while let effect = running.first?.value {
            await effect.task.value
        }
    }

    /// One event's turn: the update, then the observers with the one new state, then the effects.
    @inlinable
    func process(_ event: Event) {
        // A local copy: reading the stored state is then an instantaneous access, not one the
        // runtime's exclusivity check must track for the whole update (measured: ~30 ns per event).
        let current = currentState
        let next = Feature.update(current, event)
        if let state = next.state {
            currentState = state
            notify(state)
        }
        if !next.effects.isEmpty {
            perform(next.effects)
        }
    }

    /// Calls the observers registered when the call starts, each with the same `state`.
    @inlinable
    func notify(_ state: State) {
        for observer in observers {
            observer.onChange(state)
        }
    }

    @usableFromInline
    func processQueuedEvents() {
        var index = 0
        while index < queuedEvents.count {
            let event = queuedEvents[index]
            index += 1
            process(event)
        }
        queuedEvents.removeAll(keepingCapacity: true)
    }

    @usableFromInline
    func perform(_ effects: [Feature.Effect]) {
        for effect in effects {
            switch handler.handle(effect) {
            case .run(let id, let operation):
                start(id, operation)
            case .cancel(let id):
                cancelTasks(named: id)
            }
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
