/// Work a reducer asks the store to do after it changed the state: the closure effects of "State
/// containers" (Luis Recuenco), the way Point-Free's TCA commands effects, and of "MVVM vs TCA".
///
/// An effect is a value holding async closures, not a running task. A reducer returns one from every
/// call, usually `.none`; the ``Store`` starts each `run` closure as a task, off the main actor, and
/// feeds the *feedback* it sends back into the reducer. Because the closure sits right next to the
/// `case` that returns it, a reader follows an input to its effect and on to the feedback without
/// jumping to another type.
///
/// ```swift
/// case .input(.loadQuote):
///     state.isLoading = true
///     return .run { send in
///         await send(.quoteLoaded(await fetchQuote()))
///     }
///     .cancellable(id: CancelID.fetch, cancelInFlight: true)
/// ```
///
/// An effect speaks two of the three message kinds of "State containers": it sends `Feedback` (the
/// private messages only effects can send) and emits `Output` (fire-and-forget events for whoever
/// listens to the store). It never sends an input: inputs come only from outside, through
/// ``Store/send(_:)``.
///
/// Effects compose: `merge` runs several at once, ``map(feedback:output:)`` lifts a child feature's
/// feedback and output into its parent's, and ``cancellable(id:cancelInFlight:)`` / ``cancel(id:)``
/// name work so that a later message can stop it.
public struct Effect<Feedback: Sendable, Output: Sendable>: Sendable {
    /// One async closure to run as its own task, and the ids it can be cancelled by.
    @usableFromInline
    struct Work: Sendable {
        var priority: TaskPriority?
        var cancellationIDs: [CancellationID]
        var operation: @Sendable (Send<Feedback>) async -> Void
    }

    /// What the store does with an effect.
    @usableFromInline
    enum Operation: Sendable {
        /// Cancel the running work marked with this id.
        case cancel(CancellationID)
        /// Start this work as a task.
        case run(Work)
        /// Feed this feedback back at once: the store queues it behind the message being processed.
        case send(Feedback)
        /// Hand this output to the store's listeners once the state is written back.
        case output(Output)
    }

    /// In the order the store applies them; the store applies every `cancel` before starting any `run`.
    @usableFromInline let operations: [Operation]

    @usableFromInline
    init(operations: [Operation]) {
        self.operations = operations
    }

    /// Whether there is nothing to do, as for `.none`.
    @inlinable
    var isNone: Bool {
        operations.isEmpty
    }

    /// No work at all. Returned by most messages; costs nothing to create or to process.
    @inlinable
    public static var none: Self {
        Self(operations: [])
    }

    /// Runs `operation` as a task off the main actor. It feeds feedback back with `send`, as often as
    /// it likes; once its task is cancelled, `send` drops it.
    ///
    /// The closure handles its own errors: a failure the user should see becomes feedback, and a
    /// `CancellationError` usually becomes nothing at all.
    public static func run(
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable (_ send: Send<Feedback>) async -> Void
    ) -> Self {
        Self(operations: [.run(Work(priority: priority, cancellationIDs: [], operation: operation))])
    }

    /// Feeds `feedback` back synchronously, TCA's `Effect.send`: the store does not reduce it inside
    /// the current reduction but queues it and reduces it right after, before the state is written
    /// back and before any observer is woken.
    public static func send(_ feedback: Feedback) -> Self {
        Self(operations: [.send(feedback)])
    }

    /// Emits `output`, fire and forget: the store hands it to every listener of ``Store/outputs`` once
    /// the new state is written back. Outputs are never stored; a listener that starts later misses it.
    public static func output(_ output: Output) -> Self {
        Self(operations: [.output(output)])
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
    /// As in TCA, the store runs cancellable work in a task of its own, registered in its task table
    /// under `id`, inside the effect's task; see ``Store``.
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

    /// Turns this effect's feedback and output into another feature's: how a parent reducer embeds a
    /// child reducer's effects, e.g. `.map(feedback: { .counter(index: index, $0) }, output: ...)`.
    public func map<ParentFeedback: Sendable, ParentOutput: Sendable>(
        feedback transform: @escaping @Sendable (Feedback) -> ParentFeedback,
        output transformOutput: (Output) -> ParentOutput
    ) -> Effect<ParentFeedback, ParentOutput> {
        Effect<ParentFeedback, ParentOutput>(
            operations: operations.map { operation in
                switch operation {
                case .cancel(let id): .cancel(id)
                case .send(let feedback): .send(transform(feedback))
                case .output(let output): .output(transformOutput(output))
                case .run(let work): .run(work.map(transform))
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
                case .send, .output:
                    return operation
                }
            }
        )
    }
}

extension Effect where Output == Never {
    /// Turns this effect's feedback into another feature's, for a child that emits no output.
    public func map<ParentFeedback: Sendable, ParentOutput: Sendable>(
        feedback transform: @escaping @Sendable (Feedback) -> ParentFeedback
    ) -> Effect<ParentFeedback, ParentOutput> {
        map(feedback: transform, output: absurd)
    }
}

/// The function from a type with no values: it can never be called.
private func absurd<Value>(_ never: Never) -> Value {}

extension Effect.Work {
    /// This work, sending its feedback through `transform` first.
    fileprivate func map<ParentFeedback: Sendable, ParentOutput: Sendable>(
        _ transform: @escaping @Sendable (Feedback) -> ParentFeedback
    ) -> Effect<ParentFeedback, ParentOutput>.Work {
        let childOperation = operation
        return Effect<ParentFeedback, ParentOutput>.Work(
            priority: priority,
            cancellationIDs: cancellationIDs,
            operation: { send in
                await childOperation(Send { feedback in send(transform(feedback)) })
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

/// How an effect feeds feedback back into its store: `await send(.quoteLoaded(result))`.
///
/// Only the ``Store`` creates one (its initializer is internal), and it accepts only the reducer's
/// `Feedback` type, so code outside an effect has no way to send feedback to a store.
///
/// Sending hops to the main actor and runs the reducer there. Feedback sent from a task that has
/// been cancelled is dropped, so a response that arrives after a newer request replaced its request
/// never reaches the state.
public struct Send<Feedback: Sendable>: Sendable {
    private let deliver: @MainActor @Sendable (Feedback) -> Void

    init(_ deliver: @escaping @MainActor @Sendable (Feedback) -> Void) {
        self.deliver = deliver
    }

    /// Feeds `feedback` back into the store, unless the current task is cancelled.
    @MainActor
    public func callAsFunction(_ feedback: Feedback) {
        guard !Task.isCancelled else { return }
        deliver(feedback)
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
