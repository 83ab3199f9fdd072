// EffectObjects: the `effect-objects` architecture ("State containers", the "effect objects"
// flavour, in the shape of Square's Workflow).
//
// A feature is a `Workflow`: a value type holding its dependencies, with a state, actions that change
// that state synchronously, and a render function. After every action the `WorkflowHost` runs a render
// pass: the workflow renders its state (and its children's, in the app) into a `Rendering`, the value
// subscribers receive, and asks for the workers (effect objects) that should be running in that state.
// The host keeps an equivalent running worker, replaces one that is not equivalent, cancels one no
// longer asked for, and sends each worker's output back in as an action.

/// A feature's state machine and renderer ("State containers", "effect objects"; Workflow's
/// `Workflow`).
///
/// ``apply(_:to:)`` is the only place where the state changes, and it performs no work. Work is
/// declared by ``render(state:context:)``: in a given state the workflow asks its context to run
/// certain workers, and the host makes the running workers match (see ``Worker``). Conforming types
/// are small values holding the dependencies their workers need, so tests can call both directly.
public protocol Workflow {
    associatedtype State
    associatedtype Action: Sendable
    /// What the workflow shows: the value its host's subscribers receive after every action.
    associatedtype Rendering

    /// Applies `action` to `state`.
    func apply(_ action: Action, to state: inout State)

    /// The rendering of `state`; asks `context` for the workers that should be running in it and
    /// renders child workflows through it.
    func render(state: State, context: inout RenderContext<Action>) -> Rendering
}

/// What a render pass collects: the workers the rendering workflow (and its children) ask for, and
/// one event pipe per child rendered.
public struct RenderContext<Action: Sendable> {
    @usableFromInline var requests: [any WorkerRequest<Action>] = []
    @usableFromInline var pipes: [any RenderedPipe<Action>] = []

    @inlinable
    init() {}

    /// Asks for `worker` to be running, in the slot named by its type and `key`; its output comes back
    /// as the action `onOutput` makes of it.
    public mutating func run<W: Worker>(
        _ worker: W,
        key: String = "",
        onOutput: @escaping @Sendable (W.Output) -> Action
    ) {
        requests.append(RequestedWorker(worker: worker, key: key, action: onOutput))
    }

    /// Renders `child` in `state` and returns its rendering, with the sink its screen sends the
    /// child's actions to. As in Workflow, every render pass builds the child a new event pipe and
    /// output closure (`embed` applied to `key`); the sink of an older pass no longer delivers. The
    /// workers the child asks for run in slots scoped by `key`.
    public mutating func render<Child: Workflow, Key: Hashable & Sendable>(
        _ child: Child,
        state: Child.State,
        key: Key,
        embed: @escaping @Sendable (Key, Child.Action) -> Action
    ) -> (rendering: Child.Rendering, sink: Sink<Child.Action>) {
        var childContext = RenderContext<Child.Action>()
        let rendering = child.render(state: state, context: &childContext)
        for request in childContext.requests {
            requests.append(ChildWorkerRequest(base: request, scope: key, embed: embed))
        }
        for pipe in childContext.pipes {
            pipes.append(LiftedPipe(base: pipe, lift: { embed(key, $0) }))
        }
        let pipe = EventPipe<Child.Action, Action>(output: { embed(key, $0) })
        pipes.append(pipe)
        return (rendering, Sink(pipe: pipe))
    }
}

/// Runs a ``Workflow`` ("State containers", "effect objects"; named after Workflow's own host).
///
/// - ``send(_:)`` applies the action, then runs a render pass: the workflow's ``Workflow/render(state:context:)``
///   produces the new ``rendering`` and the workers to run, the host starts, keeps or cancels workers
///   to match, replaces the children's event pipes (those of the previous pass stop delivering), and
///   every subscriber receives that rendering. One render pass of the whole tree per action, as
///   Workflow renders by default (`renderOnlyIfStateChanged` off); a subscriber that wants one child
///   maps the rendering to it with ``subscribe(selecting:onChange:)``.
/// - A child's actions reach the host through the ``Sink`` its parent's render returned with its
///   rendering, as a Workflow screen sends through the sink in its rendering; ``send(_:)`` takes the
///   root's actions from outside.
/// - A worker's output is sent back as an action only if its worker is still the one running in its
///   slot; the output of a replaced or cancelled worker is dropped.
/// - A task is tracked only while it runs: ``inFlightEffectCount`` counts workers whose `run()` has
///   not returned, cancelled ones included, and ``settle()`` waits until there are none.
/// - Releasing the host cancels the workers still running.
///
/// `send(_:)` is inlinable so that callers in other modules get it, the action and the render pass
/// specialised for their workflow.
@MainActor
public final class WorkflowHost<W: Workflow> {
    /// The workflow whose actions and render pass this host runs.
    public let workflow: W

    @usableFromInline var currentState: W.State
    @usableFromInline var currentRendering: W.Rendering
    @usableFromInline var subscribers = SubscriberList<W.Rendering>()
    @usableFromInline var workers: [AnyHashable: RunningWorker] = [:]
    @usableFromInline var pipes: [any RenderedPipe<W.Action>] = []
    private var tasks: [Int: Task<Void, Never>] = [:]
    /// How many workers this host has started, restarted ones counted again.
    private(set) var startedWorkerCount = 0

    /// A host starting at `state`; its first render pass runs now and starts the workers it asks for.
    public init(state: W.State, workflow: W) {
        self.currentState = state
        self.workflow = workflow
        var context = RenderContext<W.Action>()
        currentRendering = workflow.render(state: state, context: &context)
        reconcile(context.requests)
        connect(context.pipes)
    }

    isolated deinit {
        for task in tasks.values {
            task.cancel()
        }
    }

    /// The latest rendering: what the subscribers last received, or the first render pass's.
    public var rendering: W.Rendering {
        currentRendering
    }

    /// The workflow's state. Only actions change it; subscribers see renderings, not this.
    public var state: W.State {
        currentState
    }

    /// The number of workers that have started and whose `run()` has not yet returned.
    public var inFlightEffectCount: Int {
        tasks.count
    }

    /// Applies `action`, then runs a render pass and hands its rendering to every subscriber.
    @inlinable
    public func send(_ action: W.Action) {
        workflow.apply(action, to: &currentState)
        render()
    }

    /// One render pass: the new rendering, the workers made to match, the previous pass's event
    /// pipes invalidated and this pass's connected, the subscribers told.
    @inlinable
    func render() {
        var context = RenderContext<W.Action>()
        // A local copy: reading the stored state is then an instantaneous access, not one the
        // runtime's exclusivity check must track for the whole render.
        let state = currentState
        let rendering = workflow.render(state: state, context: &context)
        currentRendering = rendering
        if !context.requests.isEmpty || !workers.isEmpty {
            reconcile(context.requests)
        }
        if !context.pipes.isEmpty || !pipes.isEmpty {
            connect(context.pipes)
        }
        if !subscribers.isEmpty {
            subscribers.notify(rendering)
        }
    }

    /// Invalidates the event pipes of the previous render pass and connects `newPipes`, this pass's,
    /// to ``send(_:)``.
    @usableFromInline
    func connect(_ newPipes: [any RenderedPipe<W.Action>]) {
        for pipe in pipes {
            pipe.invalidate()
        }
        pipes = newPipes
        guard !newPipes.isEmpty else { return }
        let send: @MainActor (W.Action) -> Void = { [weak self] action in
            self?.send(action)
        }
        for pipe in newPipes {
            pipe.enable(send)
        }
    }

    /// Returns once no worker is running: every worker started so far, and every worker the actions
    /// they sent asked for, has returned and its action has been sent.
    public func settle() async {
        while let task = tasks.values.first {
            await task.value
        }
    }

    /// Registers `onChange`, which the host calls with the new rendering after each render pass.
    ///
    /// The subscriber stays registered until the returned subscription is cancelled or the host is
    /// released; dropping the subscription does not end it.
    @discardableResult
    public func subscribe(_ onChange: @escaping @MainActor (W.Rendering) -> Void) -> Subscription {
        let id = subscribers.insert(onChange)
        return Subscription { [weak self] in
            self?.subscribers.remove(id)
        }
    }

    /// Registers `onChange` for the part of each rendering that `select` picks (a child's rendering,
    /// say `{ $0.counters[3] }`), called only when that part differs from the part it last saw: what a
    /// Workflow user gets from the host's rendering property mapped to the part and filtered for
    /// repeats (ReactiveSwift's `map` and `skipRepeats`). Every render pass still runs every
    /// selector. The first part it compares with is the current rendering's.
    @discardableResult
    public func subscribe<Part: Equatable>(
        selecting select: @escaping (W.Rendering) -> Part,
        onChange: @escaping @MainActor (Part) -> Void
    ) -> Subscription {
        var last = select(currentRendering)
        return subscribe { rendering in
            let part = select(rendering)
            guard part != last else { return }
            last = part
            onChange(part)
        }
    }

    /// Makes the running workers match `requests`: equivalent ones kept, others replaced, workers no
    /// longer asked for cancelled.
    @usableFromInline
    func reconcile(_ requests: [any WorkerRequest<W.Action>]) {
        var kept: [AnyHashable: RunningWorker] = [:]
        for request in requests {
            let slot = request.slot
            guard kept[slot] == nil else { continue }
            let previous = workers.removeValue(forKey: slot)
            if let previous, request.isEquivalent(to: previous.request) {
                kept[slot] = previous
                continue
            }
            if let previous {
                tasks[previous.id]?.cancel()
            }
            kept[slot] = start(request, in: slot)
        }
        for worker in workers.values {
            tasks[worker.id]?.cancel()
        }
        workers = kept
    }

    private func start(_ request: any WorkerRequest<W.Action>, in slot: AnyHashable) -> RunningWorker {
        let id = startedWorkerCount
        startedWorkerCount += 1
        tasks[id] = Task { [weak self] in
            let action = await request.run()
            self?.finish(id, in: slot, with: action)
        }
        return RunningWorker(request: request, id: id)
    }

    private func finish(_ id: Int, in slot: AnyHashable, with action: W.Action?) {
        tasks[id] = nil
        if let action, workers[slot]?.id == id {
            send(action)
        }
    }

    /// The worker the latest render pass asked for in one slot, running or finished.
    @usableFromInline
    struct RunningWorker {
        let request: any WorkerRequest<W.Action>
        let id: Int
    }
}

/// A subscriber's registration with a ``WorkflowHost`` or a ``MultiStoreApp``: the style's observer
/// hook is a plain closure, as a Workflow host's rendering subscribers are. ``cancel()`` ends it.
@MainActor
public struct Subscription {
    private let onCancel: @MainActor () -> Void

    init(onCancel: @escaping @MainActor () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops calling the subscriber. Cancelling twice does nothing more.
    public func cancel() {
        onCancel()
    }
}

/// Subscriber closures in the order they subscribed.
@MainActor
@usableFromInline
struct SubscriberList<Value> {
    @usableFromInline typealias Subscriber = @MainActor (Value) -> Void

    @usableFromInline var entries: [(id: Int, onChange: Subscriber)] = []
    private var nextID = 0

    @usableFromInline
    init() {}

    @inlinable
    var isEmpty: Bool {
        entries.isEmpty
    }

    mutating func insert(_ onChange: @escaping Subscriber) -> Int {
        let id = nextID
        nextID += 1
        entries.append((id, onChange))
        return id
    }

    mutating func remove(_ id: Int) {
        entries.removeAll { $0.id == id }
    }

    /// Calls every subscriber with the same `value`. A subscriber may subscribe or cancel meanwhile:
    /// the call goes to the subscribers registered when it started.
    @inlinable
    func notify(_ value: Value) {
        for entry in entries {
            entry.onChange(value)
        }
    }
}
