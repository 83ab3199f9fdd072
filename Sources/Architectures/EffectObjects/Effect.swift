/// A piece of asynchronous work as an object of its own ("State containers", the "effect objects"
/// flavour; the workers of Square's Workflow).
///
/// Each kind of work is one small type holding the dependencies and the values it needs
/// (`FetchQuote(client:load:)`, `SubmitTransfer(useCase:number:from:to:amount:)`). A workflow does
/// not start a worker: its render asks for the workers that should be running in its current state
/// (``RenderContext/run(_:key:onOutput:)``), and the ``WorkflowHost`` compares every render's
/// requests with what it runs:
///
/// - a request equivalent (``isEquivalent(to:)``) to the running worker of the same type and key keeps
///   that worker running: it is not restarted, and a worker that has finished is not run again;
/// - a request that is not equivalent replaces it: the old one is cancelled and whatever it still
///   returns is dropped, then the new one starts;
/// - a running worker that no render asks for any more is cancelled.
public protocol Worker<Output>: Sendable {
    /// What the work produces; the workflow turns it into one of its actions.
    associatedtype Output: Sendable

    /// Performs the work off the main actor. `nil` reports nothing (for example when cancelled).
    func run() async -> Output?

    /// Whether `other`, requested in a later render, is the same work as this running one.
    func isEquivalent(to other: Self) -> Bool
}

extension Worker where Self: Equatable {
    public func isEquivalent(to other: Self) -> Bool {
        self == other
    }
}

/// One worker a render asked for, with how its output becomes an action of the rendering workflow.
@usableFromInline
protocol WorkerRequest<Action>: Sendable {
    associatedtype Action: Sendable

    /// The slot the worker runs in: its type, its key, and the children it was requested through.
    var slot: AnyHashable { get }

    /// The worker asked for, whichever children it was requested through.
    var requestedWorker: any Worker { get }

    /// Whether `running`, the request this slot's worker was started for, is equivalent to this one.
    func isEquivalent(to running: any WorkerRequest<Action>) -> Bool

    /// Runs the worker and turns its output into an action.
    func run() async -> Action?
}

/// A worker requested by the workflow that renders it, with the closure that makes its output an action.
struct RequestedWorker<W: Worker, Action: Sendable>: WorkerRequest {
    let worker: W
    let key: String
    let action: @Sendable (W.Output) -> Action

    var slot: AnyHashable {
        WorkerSlot(type: ObjectIdentifier(W.self), key: key)
    }

    var requestedWorker: any Worker {
        worker
    }

    func isEquivalent(to running: any WorkerRequest<Action>) -> Bool {
        guard let running = running as? Self else { return false }
        return worker.isEquivalent(to: running.worker)
    }

    func run() async -> Action? {
        await worker.run().map(action)
    }
}

/// A child workflow's worker request, lifted into its parent: its slot is scoped by the child's key
/// (so two counters' fetches never replace each other) and its action embedded in the parent's.
struct ChildWorkerRequest<Scope: Hashable & Sendable, ChildAction: Sendable, Action: Sendable>: WorkerRequest
{
    let base: any WorkerRequest<ChildAction>
    let scope: Scope
    let embed: @Sendable (Scope, ChildAction) -> Action

    var slot: AnyHashable {
        ScopedSlot(scope: scope, slot: base.slot)
    }

    var requestedWorker: any Worker {
        base.requestedWorker
    }

    func isEquivalent(to running: any WorkerRequest<Action>) -> Bool {
        guard let running = running as? Self, running.scope == scope else { return false }
        return base.isEquivalent(to: running.base)
    }

    func run() async -> Action? {
        guard let action = await base.run() else { return nil }
        return embed(scope, action)
    }
}

/// Where a worker runs in its workflow: one worker per type and key.
private struct WorkerSlot: Hashable {
    let type: ObjectIdentifier
    let key: String
}

/// A child's worker slot, made distinct per child.
private struct ScopedSlot<Scope: Hashable>: Hashable {
    let scope: Scope
    let slot: AnyHashable
}
