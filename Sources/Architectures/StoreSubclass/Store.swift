import Observation
import Synchronization

/// The state container every feature store subclasses: the "mixing everything" flavor of
/// "The Many Flavors of Unidirectional Architectures in Swift" by Luis Recuenco.
///
/// A store is a black box with observable `state` (an `Equatable` value) and fire-and-forget outputs. A
/// feature subclasses it and writes its intents as plain methods, async where they reach a dependency,
/// that mutate ``state`` directly and ``send(output:)`` events no one needs to keep; there is no action
/// enum and no reducer. As in the article, `@MainActor` keeps every state change on the main thread;
/// unlike the article, only this module writes ``state`` (`internal(set)` stands in for the `protected`
/// Swift lacks), and Combine is replaced by what Linux has:
///
/// - Observation: the store is `Observable` and ``state`` is its one tracked property, so SwiftUI (or
///   `withObservationTracking`) sees every change of it. The harness observes stores this way.
/// - ``stateStream`` and ``outputStream``: `AsyncStream`s for consumers outside SwiftUI, such as a UIKit
///   view controller rendering in a `for await` loop. Each access is a new subscriber.
///
/// The async work a subclass starts with ``startEffect(_:)`` belongs to the store: it is counted by
/// ``inFlightEffectCount`` while it runs, dropped as soon as it finishes, awaited by ``settle()``, and
/// cancelled when the store goes away.
///
/// The `Observable` conformance is written by hand rather than with `@Observable`. The macro works on
/// this generic, subclassed class, but its accessors evaluate the key path `\.state` on every access,
/// and in a generic class that builds a new key path object each time: three allocations and a few
/// microseconds per `state.count += 1`. Built once per store, the same conformance costs tens of
/// nanoseconds and allocates nothing.
@MainActor
@dynamicMemberLookup
public class Store<State: Equatable & Sendable, Output: Sendable>: Observable {
    private let observationRegistrar = ObservationRegistrar()
    private let stateKeyPath: KeyPath<Store, State> = \.state
    private var storedState: State

    /// The current state. Every change is one observable mutation and, when it differs from the last
    /// value streamed, one element of every ``stateStream``. Assigning an equal value notifies no one.
    public internal(set) var state: State {
        get {
            observationRegistrar.access(self, keyPath: stateKeyPath)
            return storedState
        }
        set {
            guard newValue != storedState else { return }
            storedState = newValue
            notifyChange()
        }
        _modify {
            observationRegistrar.access(self, keyPath: stateKeyPath)
            defer { notifyChange() }
            yield &storedState
        }
    }

    /// Tells observers about a change already stored. Observation's `willSet` wakes a tracking
    /// observer at once; called before the change, an observer that sent an intent from there would
    /// have it applied first and then overwritten by the change in progress. Called after, every
    /// intent an observer sends is applied after the one it reacts to.
    private func notifyChange() {
        observationRegistrar.willSet(self, keyPath: stateKeyPath)
        observationRegistrar.didSet(self, keyPath: stateKeyPath)
        stateSubscribers.yieldIfChanged(storedState)
    }

    private let stateSubscribers = Broadcast<State>()
    private let outputSubscribers = Broadcast<Output>()

    private var effects: [Int: Task<Void, Never>] = [:]
    private var nextEffectID = 0

    init(initialState: State) {
        storedState = initialState
    }

    isolated deinit {
        for effect in effects.values {
            effect.cancel()
        }
    }

    /// A new stream of this store's states: the current one first, then every change that differs
    /// from the state delivered before it. It ends when the store is deallocated; a subscriber that
    /// stops iterating is removed from the store.
    public var stateStream: AsyncStream<State> {
        stateSubscribers.subscribe(startingWith: state)
    }

    /// A new stream of the outputs sent from now on. Outputs are events, not state: an output sent
    /// while no one listens is gone.
    public var outputStream: AsyncStream<Output> {
        outputSubscribers.subscribe()
    }

    /// Reads a field of the state as if it were the store's own: `store.count`.
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        state[keyPath: keyPath]
    }

    /// Emits a fire-and-forget event to every current ``outputStream`` subscriber.
    func send(output: Output) {
        outputSubscribers.yield(output)
    }

    /// How many tasks started with ``startEffect(_:)`` are still running.
    public var inFlightEffectCount: Int {
        effects.count
    }

    /// Returns once every effect task is finished, including effects started while waiting.
    public func settle() async {
        while let running = effects.values.first {
            await running.value
        }
    }

    /// Runs `work` on the main actor as a task this store owns until it finishes.
    ///
    /// The store keeps the task only while it runs, so a finished effect holds nothing. `work` should
    /// capture the store weakly: an effect must not keep a store alive that its users have dropped.
    @discardableResult
    final func startEffect(_ work: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        let id = nextEffectID
        nextEffectID &+= 1
        let task = Task { @MainActor [weak self] in
            await work()
            self?.effects[id] = nil
        }
        effects[id] = task
        return task
    }

    /// The number of live ``stateStream`` subscribers.
    var stateSubscriberCount: Int {
        stateSubscribers.count
    }
}

extension Store {
    /// Calls `onChange` on every change of ``state``, for as long as this store lives: the observer
    /// hook the harness counts, registered the way SwiftUI observes a store.
    ///
    /// `withObservationTracking` reports only the first change after it is set up, so each report
    /// sets it up again. Reports arrive synchronously, while the change is being made, and on the main
    /// actor, since a store's state only changes there.
    public func observeState(onChange: @escaping @MainActor () -> Void) {
        withObservationTracking {
            _ = state
        } onChange: { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                onChange()
                self.observeState(onChange: onChange)
            }
        }
    }
}

/// Hands each value to every current subscriber, each through its own unbounded `AsyncStream`.
///
/// Subscribers come and go from any thread (a `for await` loop ends when its task is cancelled), so
/// the list lives behind a lock. Sending to no one takes the lock and returns: nothing is allocated.
private final class Broadcast<Element: Sendable>: Sendable {
    private typealias Continuation = AsyncStream<Element>.Continuation

    private struct Subscribers {
        var continuations: [Int: Continuation] = [:]
        var nextID = 0
        /// The value every subscriber received last; kept only while someone listens.
        var latest: Element?
    }

    private let subscribers = Mutex(Subscribers())

    deinit {
        let continuations = subscribers.withLock { $0.continuations.values }
        for continuation in continuations {
            continuation.finish()
        }
    }

    var count: Int {
        subscribers.withLock { $0.continuations.count }
    }

    /// A new subscriber's stream, which first delivers `initial` if there is one.
    func subscribe(startingWith initial: Element? = nil) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        if let initial {
            continuation.yield(initial)
        }
        let id = subscribers.withLock { subscribers in
            defer { subscribers.nextID += 1 }
            subscribers.continuations[subscribers.nextID] = continuation
            if let initial {
                subscribers.latest = initial
            }
            return subscribers.nextID
        }
        continuation.onTermination = { [weak self] _ in
            self?.unsubscribe(id)
        }
        return stream
    }

    /// Sends `element` to every subscriber.
    func yield(_ element: Element) {
        let continuations = subscribers.withLock { subscribers in
            subscribers.continuations.isEmpty ? nil : subscribers.continuations
        }
        guard let continuations else { return }
        for continuation in continuations.values {
            continuation.yield(element)
        }
    }

    private func unsubscribe(_ id: Int) {
        subscribers.withLock { subscribers in
            subscribers.continuations[id] = nil
            if subscribers.continuations.isEmpty {
                subscribers.latest = nil
            }
        }
    }
}

extension Broadcast where Element: Equatable {
    /// Sends `element` to every subscriber unless it equals the value they received last.
    func yieldIfChanged(_ element: Element) {
        let continuations = subscribers.withLock { subscribers -> [Int: Continuation]? in
            guard !subscribers.continuations.isEmpty, subscribers.latest != element else { return nil }
            subscribers.latest = element
            return subscribers.continuations
        }
        guard let continuations else { return }
        for continuation in continuations.values {
            continuation.yield(element)
        }
    }
}
