/// A piece of asynchronous work as an object of its own (seed 002, "effect objects", after the
/// workers of Square's Workflow).
///
/// A workflow's reducer does not perform work: it returns effect objects, one small type per kind of
/// work, each holding the dependencies and the values that work needs (`FetchQuote(client:)`,
/// `SubmitTransfer(useCase:from:to:amount:)`). A ``WorkflowHost`` runs every returned effect in a
/// task of its own, off the main actor, and sends the action that ``run()`` returns back into the
/// reducer.
///
/// An effect that declares a ``cancellationKey`` replaces the running effect with an equal key: the
/// host cancels the older task and drops whatever it still returns.
public protocol Effect<Action>: Sendable {
    /// The action this effect feeds back into its workflow.
    associatedtype Action: Sendable

    /// Effects with equal keys replace one another: starting one cancels the one that is running.
    /// `nil`, the default, means that no other effect ever cancels this one.
    var cancellationKey: AnyHashable? { get }

    /// Performs the work and returns the action to feed back, or `nil` to feed back nothing (for
    /// example when the work was cancelled).
    func run() async -> Action?
}

extension Effect {
    public var cancellationKey: AnyHashable? { nil }
}

/// A child workflow's effect running in its parent's host (seed 002, "effect objects", composed).
///
/// It runs ``base``, embeds the child action that `base` returns into the parent's action, and
/// namespaces the child's cancellation key with ``scope``, so that the effects of two sibling
/// children (two counters, say) never cancel each other.
public struct ChildEffect<Scope: Hashable & Sendable, ChildAction: Sendable, Action: Sendable>: Effect {
    /// The child's own effect.
    public let base: any Effect<ChildAction>
    /// Which child the effect belongs to.
    public let scope: Scope
    private let embed: @Sendable (ChildAction) -> Action

    public init(
        _ base: any Effect<ChildAction>,
        scope: Scope,
        embed: @escaping @Sendable (ChildAction) -> Action
    ) {
        self.base = base
        self.scope = scope
        self.embed = embed
    }

    public var cancellationKey: AnyHashable? {
        guard let key = base.cancellationKey else { return nil }
        return ScopedKey(scope: scope, key: key)
    }

    public func run() async -> Action? {
        await base.run().map(embed)
    }
}

/// A child's cancellation key, made distinct per child.
private struct ScopedKey<Scope: Hashable>: Hashable {
    var scope: Scope
    var key: AnyHashable
}
