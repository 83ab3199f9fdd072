/// A reducer store in one small class: a value state, a reducer that changes it in place and
/// returns the async work to start, and observers called after every action.
///
/// Actions sent while the store is reducing or telling its observers (from an observer, say) are
/// queued and applied after the current one, so none overwrites another.
@MainActor
public final class Store<State: Equatable, Action> {
    public typealias Reducer = @MainActor (inout State, Action) -> [Effect<Action>]

    public private(set) var state: State
    private let reduce: Reducer
    private var observers: [(State) -> Void] = []
    private var queue: [Action] = []
    private var isSending = false
    /// The newest effect started with each id, to cancel when a newer one starts.
    private var newest: [AnyHashable: Task<Void, Never>] = [:]
    /// Every effect still running, cancelled or not, by start number.
    private var running: [Int: Task<Void, Never>] = [:]
    private var started = 0

    public init(_ state: State, reduce: @escaping Reducer) {
        self.state = state
        self.reduce = reduce
    }

    /// Applies `action`, tells the observers if the state changed, and starts the effects it returned.
    public func send(_ action: Action) {
        queue.append(action)
        guard !isSending else { return }
        isSending = true
        defer { isSending = false }
        while !queue.isEmpty {
            let action = queue.removeFirst()
            let before = state
            let effects = reduce(&state, action)
            if state != before {
                for observer in observers { observer(state) }
            }
            effects.forEach(start)
        }
    }

    /// Calls `observer` with every new state from now on.
    public func observe(_ observer: @escaping (State) -> Void) {
        observers.append(observer)
    }

    /// Calls `onChange` only when the part of the state `select` reads changes.
    public func observe<Part: Equatable>(
        _ select: @escaping (State) -> Part, onChange: @escaping (Part) -> Void
    ) {
        var last = select(state)
        observe { state in
            let part = select(state)
            guard part != last else { return }
            last = part
            onChange(part)
        }
    }

    /// How many effects are still running.
    public var runningEffects: Int { running.count }

    /// Returns once every effect started so far, and every effect those started, has finished.
    public func settle() async {
        while let (number, task) = running.first {
            await task.value
            running[number] = nil
        }
    }

    private func start(_ effect: Effect<Action>) {
        newest[effect.id]?.cancel()
        let number = started
        started += 1
        let task = Task { [weak self, work = effect.work] in
            let action = await work()
            self?.finish(number, with: Task.isCancelled ? nil : action)
        }
        newest[effect.id] = task
        running[number] = task
    }

    private func finish(_ number: Int, with action: Action?) {
        running[number] = nil
        if let action { send(action) }
    }
}

/// Async work a reducer asks for. Starting an effect cancels the one still running with the same
/// id, and a cancelled effect's action is dropped: only the newest answer is applied.
public struct Effect<Action> {
    public var id: AnyHashable
    public var work: @MainActor () async -> Action?

    public init(id: AnyHashable, work: @escaping @MainActor () async -> Action?) {
        self.id = id
        self.work = work
    }
}

extension Effect {
    /// This effect as a parent's: its action wrapped by `embed`, its id made distinct per `child`.
    @MainActor
    public func embed<Parent>(in child: AnyHashable, _ embed: @escaping (Action) -> Parent) -> Effect<Parent>
    {
        Effect<Parent>(id: [child, id]) { [work] in await work().map(embed) }
    }
}
