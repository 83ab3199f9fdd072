import OneWay

/// A OneWay `Store` as a view on Linux holds it: the actor itself, and the state as the view last
/// read it from the store's `states` stream, on the main actor.
///
/// OneWay's `ViewStore`, which does this on Apple platforms, is not compiled on Linux
/// (`#if !os(Linux)`), and `states` is one `AsyncStream`, which serves one reader: so one reader task
/// per store keeps ``state`` and calls every observer, as `ViewStore` would.
@MainActor
public final class OneWayStore<R: Reducer> where R.Action: Sendable, R.State: Sendable {
    /// The store actor, for everything OneWay offers beyond these few calls.
    public let store: Store<R, ContinuousClock>
    /// The newest state the reader has taken from the `states` stream.
    public private(set) var state: R.State
    /// How many states the reader has taken, the initial one included.
    public private(set) var statesRead = 0
    private var observers: [@MainActor (R.State) -> Void] = []
    private var stateWaiters: [CheckedContinuation<Void, Never>] = []
    private var reader: Task<Void, Never>?
    private var lastSend: Task<Void, Never>?
    private var sendsSinceSettled = 0

    public init(reducer: R, state: R.State) {
        store = Store(reducer: reducer, state: state)
        self.state = state
        reader = Task { [weak self, store] in
            for await state in await store.states {
                guard let self else { return }
                self.read(state)
            }
        }
    }

    isolated deinit {
        reader?.cancel()
    }

    private func read(_ newState: R.State) {
        state = newState
        statesRead += 1
        for observer in observers { observer(newState) }
        let waiters = stateWaiters
        stateWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// Calls `observer` with every state the reader takes from now on.
    public func addObserver(_ observer: @escaping @MainActor (R.State) -> Void) {
        observers.append(observer)
    }

    /// Sends `action` and returns at once, as `ViewStore.send` does: a task awaits the store's
    /// `send`. Sends from here reach the store in the order they were made (each task awaits the one
    /// before), which `ViewStore`'s independent tasks do not promise.
    public func send(_ action: R.Action) {
        let previous = lastSend
        sendsSinceSettled += 1
        lastSend = Task { [store] in
            await previous?.value
            await store.send(action)
        }
    }

    /// Sends `action`, awaiting the store's `send`, and returns once the reader has taken the state
    /// it produced: one action until its new state is visible to an observer (OneWay yields a state
    /// only when it differs from the one before).
    /// Sends made with ``send(_:)`` and not yet finished go first, so actions keep their order.
    /// `changesState` false: the action leaves the state as it is, so no state will come, and this
    /// returns when the store has applied it.
    public func sendAndObserve(_ action: R.Action, changesState: Bool = true) async {
        if let pending = lastSend {
            lastSend = nil
            await pending.value
        }
        let before = statesRead
        await store.send(action)
        while changesState, statesRead == before {
            await withCheckedContinuation { stateWaiters.append($0) }
        }
    }

    /// Returns once the reader has taken a state for which `isReached` holds (at once if the state it
    /// took last does): how an observer waits for an effect's answer.
    public func stateReached(_ isReached: (R.State) -> Bool) async {
        while !isReached(state) {
            await withCheckedContinuation { stateWaiters.append($0) }
        }
    }

    /// Work sent from here that ``settle()`` has not yet seen finish: 0 after it returns.
    public var unsettledWork: Int { sendsSinceSettled }

    /// Returns once every send made here has reached the store, the store is idle (no action being
    /// reduced, no effect task, `.none`'s included) and the reader has taken its newest state. It
    /// never sleeps: it awaits the sends and yields while the store's tasks finish.
    public func settle() async {
        while true {
            let last = lastSend
            await last?.value
            let idle = await store.isIdle
            let current = await store.state
            if idle, current == state, last == lastSend { break }
            await Task.yield()
        }
        sendsSinceSettled = 0
    }
}
