/// Work a reducer asks the store to do after it changed the state: the closure-effects style of
/// seed 002 ("flavor 2", the way Point-Free's TCA commands effects) and seed 004 §5.2.
///
/// An effect is a value holding async closures, not a running task. A reducer returns one from every
/// call, usually `.none`; the ``Store`` starts each `run` closure as a task, off the main actor, and
/// feeds the actions it sends back into the reducer. Because the closure sits right next to the
/// `case` that returns it, a reader follows an action to its effect and on to the feedback action
/// without jumping to another type.
///
/// ```swift
/// case .loadQuote:
///     state.isLoading = true
///     return .run { send in
///         await send(.quoteLoaded(await fetchQuote()))
///     }
///     .cancellable(id: CancelID.fetch, cancelInFlight: true)
/// ```
///
/// Effects compose: `merge` runs several at once, ``map(_:)`` lifts a child feature's actions into its
/// parent's, and ``cancellable(id:cancelInFlight:)`` / ``cancel(id:)`` name work so that a later action
/// can stop it.
public struct Effect<Action: Sendable>: Sendable {
    /// One async closure to run as its own task, and the ids it can be cancelled by.
    @usableFromInline
    struct Work: Sendable {
        var priority: TaskPriority?
        var cancellationIDs: [CancellationID]
        var operation: @Sendable (Send<Action>) async -> Void
    }

    /// What the store does with an effect: cancel running work by id, or start new work.
    @usableFromInline
    enum Operation: Sendable {
        case cancel(CancellationID)
        case run(Work)
    }

    /// In the order the store applies them; the store applies every `cancel` before starting any `run`.
    @usableFromInline let operations: [Operation]

    init(operations: [Operation]) {
        self.operations = operations
    }

    /// Whether there is nothing to do, as for `.none`.
    @inlinable
    var isNone: Bool {
        operations.isEmpty
    }

    /// No work at all. Returned by most actions; costs nothing to create or to send.
    public static var none: Self {
        Self(operations: [])
    }

    /// Runs `operation` as a task off the main actor. It feeds actions back with `send`, as often as it
    /// likes; once its task is cancelled, `send` drops them.
    ///
    /// The closure handles its own errors: a failure the user should see becomes an action, and a
    /// `CancellationError` usually becomes nothing at all.
    public static func run(
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable (_ send: Send<Action>) async -> Void
    ) -> Self {
        Self(operations: [.run(Work(priority: priority, cancellationIDs: [], operation: operation))])
    }

    /// Cancels all running work that was marked ``cancellable(id:cancelInFlight:)`` with `id`.
    public static func cancel(id: some Hashable & Sendable) -> Self {
        Self(operations: [.cancel(CancellationID(id))])
    }

    /// Runs all `effects` at once.
    ///
    /// Cancellations among them take effect before any of their work starts, so a merged `cancel(id:)`
    /// stops work that was already running, never work started by the same merge.
    public static func merge(_ effects: Self...) -> Self {
        merge(effects)
    }

    /// Runs all `effects` at once; see the variadic `merge`.
    public static func merge(_ effects: some Sequence<Self>) -> Self {
        Self(operations: effects.flatMap(\.operations))
    }

    /// Marks this effect's work as cancellable by `id`, through ``cancel(id:)`` or a later effect
    /// marked with the same id and `cancelInFlight`.
    ///
    /// - Parameter cancelInFlight: When true, starting this effect first cancels the work that is still
    ///   running under `id`: "only the newest request counts".
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
        guard operations.contains(where: \.isRun) else { return self }
        let id = CancellationID(id)
        var marked = operations.map { operation -> Operation in
            guard case .run(var work) = operation else { return operation }
            work.cancellationIDs.append(id)
            return .run(work)
        }
        if cancelInFlight {
            marked.insert(.cancel(id), at: 0)
        }
        return Self(operations: marked)
    }

    /// Turns the actions this effect sends into another feature's actions: how a parent reducer embeds
    /// a child reducer's effects, e.g. `.map { .counter(index: index, $0) }`.
    public func map<ParentAction: Sendable>(
        _ transform: @escaping @Sendable (Action) -> ParentAction
    ) -> Effect<ParentAction> {
        Effect<ParentAction>(
            operations: operations.map { operation in
                switch operation {
                case .cancel(let id):
                    return .cancel(id)
                case .run(let work):
                    let childOperation = work.operation
                    return .run(
                        Effect<ParentAction>.Work(
                            priority: work.priority,
                            cancellationIDs: work.cancellationIDs,
                            operation: { send in
                                await childOperation(Send { action in send(transform(action)) })
                            }
                        )
                    )
                }
            }
        )
    }

    /// Puts every cancellation id of this effect into the namespace `scope`.
    ///
    /// A child reducer names its work with its own ids (`CancelID.fetch`). When a parent holds many
    /// copies of that child, it scopes each copy's effects by the copy's identity, so that counter 3's
    /// `loadQuote` cancels counter 3's fetch and never counter 5's.
    public func cancellationScoped(to scope: some Hashable & Sendable) -> Self {
        guard !operations.isEmpty else { return self }
        let scope = CancellationID(scope)
        return Self(
            operations: operations.map { operation in
                switch operation {
                case .cancel(let id):
                    return .cancel(id.scoped(to: scope))
                case .run(var work):
                    work.cancellationIDs = work.cancellationIDs.map { $0.scoped(to: scope) }
                    return .run(work)
                }
            }
        )
    }
}

extension Effect.Operation {
    fileprivate var isRun: Bool {
        if case .run = self { return true }
        return false
    }
}

/// How an effect feeds actions back into its store: `await send(.quoteLoaded(result))`.
///
/// Sending hops to the main actor and runs the reducer there. An action sent from a task that has
/// been cancelled is dropped, so a response that arrives after a newer request replaced its request
/// never reaches the state.
public struct Send<Action: Sendable>: Sendable {
    private let deliver: @MainActor @Sendable (Action) -> Void

    init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
        self.deliver = deliver
    }

    /// Feeds `action` back into the store, unless the current task is cancelled.
    @MainActor
    public func callAsFunction(_ action: Action) {
        guard !Task.isCancelled else { return }
        deliver(action)
    }
}

/// A type-erased cancellation id: any `Hashable & Sendable` value, such as a feature's `CancelID` enum.
///
/// `AnyHashable` is not `Sendable`, so the store keeps ids in this small wrapper instead.
@usableFromInline
struct CancellationID: Hashable, Sendable {
    private let base: any Hashable & Sendable

    init(_ base: some Hashable & Sendable) {
        if let id = base as? CancellationID {
            self = id
        } else {
            self.base = base
        }
    }

    /// This id inside the namespace `scope`.
    func scoped(to scope: CancellationID) -> CancellationID {
        CancellationID(Scoped(scope: scope, id: self))
    }

    @usableFromInline
    static func == (lhs: CancellationID, rhs: CancellationID) -> Bool {
        func isEqual<Base: Hashable>(_ base: Base, to other: any Hashable & Sendable) -> Bool {
            (other as? Base) == base
        }
        return isEqual(lhs.base, to: rhs.base)
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: base)))
        hasher.combine(base)
    }

    private struct Scoped: Hashable, Sendable {
        var scope: CancellationID
        var id: CancellationID
    }
}
