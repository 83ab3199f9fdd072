// The effect-values architecture (seed 002, "effect values"; the shape of Spotify's Mobius).
//
// A feature is split into a pure half and an impure half:
//
// - a `Reducer`: `reduce(&state, event) -> [Effect]`. It changes the state and *names* the work it
//   wants done as plain, `Equatable` effect values (`.fetchQuote`, `.submit(from:to:amount:)`), so a
//   test checks a transition by comparing the new state and the returned effects with `==`;
// - an `EffectHandler`: a small type that owns the feature's dependencies and says what each effect
//   value means, as an `EffectExecution`: run this operation off the main actor as the task named
//   `id`, or cancel the task named `id`. The operation returns the event to feed back, if any.
//
// A `Loop` ties the two together on the main actor. `dispatch(_:)` runs the reducer, tells the
// observers, and hands the effects to the handler; the loop owns the tasks that result, forgets each
// one as it finishes, cancels them by id when an effect asks for it, and drops whatever a cancelled
// task returns. Cancelling an older fetch is therefore itself an effect value the reducer returns
// (`[.cancelQuoteFetch, .fetchQuote]`), visible in reducer tests like any other effect.

/// The pure half of a feature in the effect-values style (seed 002, "effect values"): a function
/// from the current state and an event to the next state and the effects to perform.
///
/// Mobius calls this the update function and the state its model. Conforming types are caseless
/// enums used as namespaces, so ``reduce(_:_:)`` has nothing to reach but its arguments.
public protocol Reducer {
    associatedtype State: Equatable
    associatedtype Event: Sendable
    associatedtype Effect: Equatable & Sendable

    /// Applies `event` to `state` and returns the effects to perform, in order. Never performs them.
    static func reduce(_ state: inout State, _ event: Event) -> [Effect]
}

/// The impure half of a feature in the effect-values style (seed 002, "effect values"): interprets
/// the effect values a ``Reducer`` returns, using the dependencies it owns.
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

/// What an ``EffectHandler`` asks its ``Loop`` to do for one effect value (seed 002, "effect values").
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

/// The runtime of the effect-values style (seed 002, "effect values"; Mobius' `MobiusLoop`): holds a
/// feature's state, runs its reducer for every event, notifies observers, and performs the returned
/// effects through the feature's handler.
///
/// Generic over the reducer and handler types, and ``dispatch(_:)`` is `@inlinable`, so a call such as
/// `loop.dispatch(.increment)` on a `Loop<CounterFeature, CounterEffectHandler>` compiles to a direct
/// call of `CounterFeature.reduce`, from this module or any other.
///
/// - Observers are called synchronously after *every* dispatched event, in registration order, with
///   the new state, whether or not the event changed it (as Mobius does for every update). Telling
///   "changed" apart would cost a copy and a comparison of the whole state on every event.
/// - Effect tasks are kept only while they run; ``inFlightEffectCount`` counts them, ``settle()``
///   awaits them. A task cancelled by an effect stays in flight until its operation returns (a server
///   may answer anyway), and then its event is dropped.
/// - Releasing the loop cancels its running tasks.
@MainActor
public final class Loop<Feature: Reducer, Handler: EffectHandler>
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

    /// Runs the reducer for `event`, notifies every observer, then performs the returned effects.
    ///
    /// The state change is visible as soon as this returns; effect tasks run afterwards and feed their
    /// events back through this same method.
    @inlinable
    public func dispatch(_ event: Event) {
        let effects = Feature.reduce(&currentState, event)
        for observer in observers {
            observer.onChange(currentState)
        }
        if !effects.isEmpty {
            perform(effects)
        }
    }

    /// Calls `onChange` with the new state after every dispatched event until the observer is removed.
    /// It is not called on registration: read ``state`` for the current value.
    public func addObserver(_ onChange: @escaping @MainActor (State) -> Void) -> ObserverID {
        let id = ObserverID(rawValue: nextObserverNumber)
        nextObserverNumber += 1
        observers.append(Observer(id: id, onChange: onChange))
        return id
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
