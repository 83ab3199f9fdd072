import ReSwift

/// A ReSwift `Store` confined to the main actor, with the effect tasks its middleware started and
/// the subscribers it keeps alive: the object a screen holds.
///
/// ReSwift's `Store` is not thread-safe (it stops with "ConcurrentMutationError" when two dispatches
/// overlap); here every dispatch, reducer, middleware and subscriber runs on the main actor, so
/// `dispatch(_:)` returns with the new state set and every subscriber told.
@MainActor
public final class MainStore<State> {
    /// The ReSwift store itself, for everything ReSwift offers beyond these few calls.
    public let store: Store<State>
    /// The effect tasks the store's middleware started.
    public let effects: EffectTasks
    /// ReSwift holds its subscribers weakly; a view controller is kept alive by its view hierarchy,
    /// the harness's observers by this list.
    private var subscribers: [AnyStoreSubscriber] = []

    init(store: Store<State>, effects: EffectTasks) {
        self.store = store
        self.effects = effects
    }

    /// The store's current state.
    public var state: State { store.state }

    /// Dispatches `action` through the middleware to the reducer; the new state is set and every
    /// subscriber told before this returns.
    public func dispatch(_ action: Action) {
        store.dispatch(action)
    }

    /// Returns once every effect started so far, and every effect those started, has finished.
    public func settle() async {
        await effects.settle()
    }

    /// Subscribes `onChange` to the whole state; the store skips states equal to the last one.
    public func observe(_ onChange: @escaping @MainActor () -> Void) where State: Equatable {
        let subscriber = Observer<State>(onChange)
        subscribers.append(subscriber)
        store.subscribe(subscriber)
    }

    /// Subscribes `onChange` to the part of the state `selector` picks: ReSwift's `select`, with the
    /// `skipRepeats` the store adds to every subscription whose selected state is `Equatable`.
    public func observe<Selected: Equatable>(
        _ selector: @escaping (State) -> Selected, onChange: @escaping @MainActor () -> Void
    ) {
        let subscriber = Observer<Selected>(onChange)
        subscribers.append(subscriber)
        store.subscribe(subscriber) { $0.select(selector) }
    }
}

/// A store subscriber that calls `onChange` on each new state after the one it subscribed with.
///
/// ReSwift tells a new subscriber the current state at once; the harness counts only later changes
/// as wake-ups, so that first call is skipped.
@MainActor
final class Observer<Selected>: @MainActor StoreSubscriber {
    private let onChange: @MainActor () -> Void
    private var subscribed = false

    init(_ onChange: @escaping @MainActor () -> Void) {
        self.onChange = onChange
    }

    func newState(state: Selected) {
        if subscribed {
            onChange()
        } else {
            subscribed = true
        }
    }
}
