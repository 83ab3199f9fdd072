import MobiusCore

/// A `MobiusLoop` on the main actor with the effect tasks it started: the object a view holds.
///
/// `MobiusLoop` is not thread-safe; it is confined here to the main actor, where its events are
/// dispatched, its effects accepted and its observers called (the effect tasks run there too), so it
/// runs synchronously, as a view's loop does: `dispatch(_:)` returns with the new model posted.
@MainActor
public final class MobiusStore<Model, Event, Effect> {
    /// The loop itself, for everything Mobius offers beyond these few calls.
    public let loop: MobiusLoop<Model, Event, Effect>
    /// The effect tasks the loop's handlers started.
    public let effects: EffectTasks

    init(loop: MobiusLoop<Model, Event, Effect>, effects: EffectTasks) {
        self.loop = loop
        self.effects = effects
    }

    /// The loop's current model.
    public var model: Model { loop.latestModel }

    /// Dispatches `event` to the loop: the update runs, the new model is posted to every observer and
    /// the effects are handed to the effect handler before this returns.
    @inlinable
    public func dispatch(_ event: Event) {
        loop.dispatchEvent(event)
    }

    /// Calls `observer` with every model the loop posts from now on.
    ///
    /// Mobius also calls a new observer at once with the current model; that call is skipped here,
    /// so an observer hears only of models posted after it (what the harness counts as a wake-up).
    public func addObserver(_ observer: @escaping @MainActor (Model) -> Void) {
        var registered = false
        loop.addObserver { model in
            if registered { observer(model) }
        }
        registered = true
    }

    /// Returns once every effect started so far, and every effect those started, has finished.
    public func settle() async {
        await effects.settle()
    }
}
