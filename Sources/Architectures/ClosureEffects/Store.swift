import Foundation
import Observation

/// A feature's logic as one function: change the state for a message, and say what to do next.
///
/// This is the reducer of "MVVM vs TCA" (TCA's `reduce(into:action:)`) with the closure effects and
/// the three message kinds of "State containers" (Luis Recuenco):
///
/// - `Action`, the *inputs*: what a view or a parent may send, through ``Store/send(_:)``.
/// - `Feedback`: what only the reducer's own effects may send back, through ``Send``. The store has no
///   public way to accept it, so nobody outside an effect can fake a response.
/// - `Output`: fire-and-forget events an effect emits for the store's listeners (``Store/outputs()``);
///   they are never part of the state.
///
/// The state changes synchronously, and any asynchronous work is returned as an ``Effect`` for the
/// ``Store`` to run. A reducer owns its dependencies (a quote client, use cases) as plain stored
/// properties, so tests build it with fakes through its initializer.
public protocol Reducer<State, Action> {
    associatedtype State
    associatedtype Action: Sendable
    associatedtype Feedback: Sendable = Never
    associatedtype Output: Sendable = Never

    /// Applies `message` to `state` and returns the work that follows from it, usually `.none`.
    func reduce(into state: inout State, message: Message<Action, Feedback>) -> Effect<Feedback, Output>
}

/// What a reducer reduces: an input from outside, or feedback from one of its own effects.
public enum Message<Action: Sendable, Feedback: Sendable>: Sendable {
    case input(Action)
    case feedback(Feedback)
}

extension Message: Equatable where Action: Equatable, Feedback: Equatable {}

/// Holds a feature's state, runs its reducer for every message and runs the effects the reducer
/// returns: the store of "MVVM vs TCA" and of "State containers", with TCA's runtime rules.
///
/// - **One message at a time.** A message sent while another is being processed (from the reducer's
///   synchronous ``Effect/send(_:)``, from an observer woken by the write-back, from anywhere on the
///   main actor) is queued and reduced after the current one, never inside it.
/// - **Reduce into a copy, then write back.** Like TCA's root store, ``send(_:)`` copies the state,
///   reduces every queued message into the copy and assigns the copy back once. While the copy is
///   changed the old state is still alive, so changing an element of an array copies the array: a
///   single-store counter action copies the `counters` array, as it does in TCA.
/// - **TCA's per-send bookkeeping.** Every message passes through an action buffer that is released
///   after the send, every send makes a locked task list, and every reduced message gets a `UUID`,
///   the key of its effect's task: the allocations TCA's root store makes on every send.
/// - **Observation as `@ObservableState` does it.** Reading a field through the store
///   (`store.selectedTab`, `store.transfer`) observes that field alone, and a value written equal to
///   the old one wakes nobody. A collection of ``ChildState``s (`store.counters`) is observed by its
///   elements' identity, and each element read from it (`store.counters[3]`) or through a row store
///   from ``scope(_:index:action:)`` on its own. Reading ``state`` observes the whole state, as a view
///   store observing the whole state did before Observation. The rules, and where they differ from
///   TCA's, are in `docs/architectures/closure-effects.md`.
/// - **Effects in a task table.** Each `run` becomes a task, kept only while it runs. Cancellable work
///   runs in a task of its own inside it, registered under its ids (TCA's `withTaskCancellation`).
///   ``send(_:)`` returns a ``StoreTask`` backed by one more task that awaits the send's effects and
///   the effects their feedback started, as TCA's store does.
///
/// `send(_:)` is inlinable, so a caller in another module (an app target, the benchmark runner) gets
/// a copy specialised for its reducer. `Observable` is implemented by hand, with the same calls the
/// `@Observable` macro writes, because the macro spells `\.state` inside each accessor and a generic
/// class instantiates such a key path anew, allocating, on every access; the store creates it once.
@MainActor
@dynamicMemberLookup
public final class Store<R: Reducer>: Observable {
    /// The current state. Only the reducer changes it. Reading it inside `withObservationTracking` (or
    /// a SwiftUI body) observes every write-back, whatever it changed: whole-state observation.
    @inlinable
    public var state: R.State {
        registrar.access(self, keyPath: stateKeyPath)
        return currentState
    }

    @usableFromInline var currentState: R.State
    @usableFromInline let reducer: R
    @usableFromInline let registrar = ObservationRegistrar()
    @usableFromInline let stateKeyPath: KeyPath<Store, R.State>
    /// The action buffer: the messages of the current send, waiting to be reduced; empty, with no
    /// buffer, between sends.
    @usableFromInline var queue: [Message<R.Action, R.Feedback>] = []
    @usableFromInline var isProcessing = false
    /// The source of the `UUID` every reduced message gets, as in TCA's root store.
    @usableFromInline var actionIDs = ActionIDs()
    @usableFromInline let slices = StateSlices<R.State>()
    let effects = EffectTable()
    private var outputListeners: [AsyncStream<R.Output>.Continuation] = []

    public init(initialState: R.State, reducer: R) {
        self.currentState = initialState
        self.reducer = reducer
        self.stateKeyPath = \.state
    }

    isolated deinit {
        effects.cancelAll()
        for listener in outputListeners {
            listener.finish()
        }
    }

    /// Sends an input: reduces it (and whatever it queues) into a copy of the state, writes the copy
    /// back, wakes the observers of what changed and starts the effects.
    ///
    /// - Returns: A handle on the effects this send started and on the effects their feedback started;
    ///   ignore it, `await` its ``StoreTask/finish()`` or ``StoreTask/cancel()`` it. A send made while
    ///   another message is being processed returns an empty handle: its effects join that message's.
    @inlinable
    @discardableResult
    public func send(_ action: R.Action) -> StoreTask {
        StoreTask(process(.input(action)))
    }

    /// Processes `message`, or queues it if a message is already being processed.
    ///
    /// As in TCA's root store, every message goes through the action buffer (``queue``), which is
    /// released at the end of the send, and every send makes a task list, whether or not an effect
    /// starts. The messages are reduced into a copy of the state, each with a fresh `UUID` for its
    /// effect; the copy is written back once, and what the woken observers queued is processed the
    /// same way, in a new round.
    @inlinable
    func process(_ message: Message<R.Action, R.Feedback>) -> Task<Void, Never>? {
        queue.append(message)
        guard !isProcessing else { return nil }
        isProcessing = true
        var batch = EffectBatch<R.Output>(tasks: EffectTaskList())
        var state = currentState
        while true {
            reduceQueue(into: &state, batch: &batch)
            writeBack(state)
            if !batch.outputs.isEmpty {
                emit(batch.takeOutputs())
            }
            if queue.isEmpty { break }
            state = currentState
        }
        isProcessing = false
        return batch.finish()
    }

    /// Reduces the queued messages in order, including those queued while it runs, and releases the
    /// queue's buffer, as TCA's store empties its action buffer after every send.
    @inlinable
    func reduceQueue(into state: inout R.State, batch: inout EffectBatch<R.Output>) {
        var index = 0
        while index < queue.count {
            let effect = reducer.reduce(into: &state, message: queue[index])
            let effectID = actionIDs.next()
            index += 1
            if !effect.isNone {
                apply(effect, to: &batch, id: effectID)
            }
        }
        queue.removeAll()
    }

    /// Assigns the reduced copy back and wakes the observers of the whole state and of every observed
    /// field or element that changed. Observers run inside this call; what they send is queued.
    @inlinable
    func writeBack(_ state: R.State) {
        registrar.willSet(self, keyPath: stateKeyPath)
        let slicesChanged = !slices.isEmpty && slices.willChange(from: currentState, to: state)
        currentState = state
        if slicesChanged {
            slices.didChange()
        }
        registrar.didSet(self, keyPath: stateKeyPath)
    }

    /// The number of effect tasks that are running now. Finished tasks are not counted, and not kept.
    public var inFlightEffectCount: Int {
        effects.runningCount
    }

    /// Returns once no effect is running: every effect started so far, and every effect that their
    /// feedback started, has finished. Awaits the tasks themselves; never sleeps.
    public func settle() async {
        await effects.settle()
    }

    /// The number of cancellation ids with running work, for tests that check nothing is left behind.
    var cancellationIDCount: Int {
        effects.cancellationIDCount
    }

    /// Applies one effect: cancellations first, then queued feedback, outputs and new tasks. The
    /// first task is kept under `id`, the `UUID` of the message that returned the effect; each
    /// further one under a `UUID` of its own (TCA merges an effect's work into one task).
    @usableFromInline
    func apply(_ effect: Effect<R.Feedback, R.Output>, to batch: inout EffectBatch<R.Output>, id: UUID) {
        for case .cancel(let id) in effect.operations {
            effects.cancel(id: id)
        }
        var taskID: UUID? = id
        for operation in effect.operations {
            switch operation {
            case .cancel: continue
            case .send(let feedback): queue.append(.feedback(feedback))
            case .output(let output): batch.outputs.append(output)
            case .run(let work):
                start(work, id: taskID ?? actionIDs.next(), in: batch.tasks)
                taskID = nil
            }
        }
    }

    private func start(_ work: Effect<R.Feedback, R.Output>.Work, id: UUID, in list: EffectTaskList) {
        let send = Send<R.Feedback> { [weak self] feedback in
            if let task = self?.process(.feedback(feedback)) {
                list.append(task)
            }
        }
        let operation = work.operation
        let task = effects.start(id: id, priority: work.priority, cancellationIDs: work.cancellationIDs) {
            await operation(send)
        }
        list.append(task)
    }
}

// MARK: - Outputs

extension Store {
    /// A new stream of the outputs the reducer's effects emit from now on, in order.
    ///
    /// Outputs are fire and forget: each is yielded to the streams that exist when the state it came
    /// with is written back, and kept nowhere else. A stream whose consumer stopped listening is dropped
    /// the next time an output is emitted; every stream ends when the store goes away.
    public func outputs() -> AsyncStream<R.Output> {
        let (stream, continuation) = AsyncStream<R.Output>.makeStream()
        outputListeners.append(continuation)
        return stream
    }

    @usableFromInline
    func emit(_ outputs: [R.Output]) {
        outputListeners.removeAll { listener in
            outputs.contains { output in
                if case .terminated = listener.yield(output) { return true }
                return false
            }
        }
    }
}

// MARK: - Observation per field

extension Store {
    /// One field of the state, observed on its own: `store.selectedTab`, `store.transfer`.
    ///
    /// Observers are woken only when this field's value changes: a value written equal to the old one
    /// wakes nobody. A key path deeper than one field (`\.transfer.amount`) is observed as one slice of
    /// its own.
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<R.State, Value>) -> Value {
        slices.field(keyPath).observers.access()
        return currentState[keyPath: keyPath]
    }

    /// A collection of child states, observed by its elements' identity and element by element:
    /// `store.counters` observes which counters there are, `store.counters[3]` also counter 3 alone.
    public subscript<Element: ChildState>(dynamicMember keyPath: KeyPath<R.State, [Element]>)
        -> ObservedElements<Element>
    {
        slices.elements(keyPath).elements(in: currentState)
    }

    /// A value the store cannot compare: reading it observes the whole state, like ``state``.
    public subscript<Value>(dynamicMember keyPath: KeyPath<R.State, Value>) -> Value {
        state[keyPath: keyPath]
    }

    /// A store for element `index` of the collection at `rows`: TCA's scoped child store for a row.
    ///
    /// Its ``ScopedStore/state`` is that element, and its observers are woken only when that element
    /// changes; its inputs are embedded into this store's with `action`, e.g.
    /// `store.scope(\.counters, index: 3, action: AppFeature.Action.counter(index:_:))`. Every store for
    /// the same row shares one set of observers, with the observers that read the element through
    /// this store. The row must exist when it is scoped; if the collection later shrinks below it,
    /// the row store keeps showing the element's last value.
    public func scope<Element: Equatable, ElementAction: Sendable>(
        _ rows: KeyPath<R.State, [Element]>,
        index: Int,
        action: @escaping @MainActor (Int, ElementAction) -> R.Action
    ) -> ScopedStore<Element, ElementAction> {
        let element = slices.elements(rows).content.scopedElement(
            at: index, value: currentState[keyPath: rows][index])
        return ScopedStore(element: element) { [self] elementAction in
            send(action(index, elementAction))
        }
    }
}
