// LocalReducer: the `local-reducer` architecture, MVVM with a reducer inside each view model ("MVVM +
// Reducer Pattern" by Rafał Dubiel).
//
// Each feature is one `@Observable @MainActor final class` holding ONE `State` value and nothing else
// observable. A view calls `send(_:)` with an `Action`, and `send` does two things: it replaces the
// state with `Self.reduce(state: state, action: action)`, then it calls `handleEffect(for: action)`.
//
// - `reduce(state:action:)` is pure and *copying*: `var newState = state`, change the copy, return it.
//   The state is never mutated in place, which is the article's point ("we copy, modify the copy,
//   return it") and what this row measures against the `inout` reducers of the other rows: a change to
//   one field of a big state assigns the whole value back, and a change to a collection inside it
//   copies the collection, since the old state still shares its storage.
// - Assigning the new state goes through the setter the `@Observable` macro writes, which compares the
//   old and the new value with `==` and notifies observers only when they differ. An action that
//   changes nothing wakes no one; the comparison (`Decimal`s included) is part of every send's cost.
// - `handleEffect(for:)` starts the asynchronous work an action asks for as a task the view model owns
//   (`EffectTasks`). It cancels the current task of the same kind before starting a new one, checks
//   `Task.isCancelled` after every `await`, and feeds the outcome back through `send(_:)`, so every
//   state change still goes through the reducer. The view model forgets each task when it finishes
//   and cancels what is left when it goes away.
// - Actions are grouped by concern where a feature has many (the transfer feature's
//   `.accounts(.load)`, `.selection(.amount(_:))`, `.transfer(.submit)`), and the reducer is composed of
//   one small copying reducer per group.
// - The app composes the features' reducers, not their view models, for the single store
//   (`AppViewModel`), and composes view models under a thin root for the multi store
//   (`AppRootViewModel`).
// - In debug builds a view model can log every action and the state fields it changed
//   (`StateChangeLog`, the article's "single entry point" audit trail). Release builds contain none of
//   it.
//
// Files: `CounterViewModel`, `TransferViewModel`, `AppViewModel` (both app layouts) and `Drivers` (the
// harness adapters and `LocalReducerArchitecture`).

/// The effect tasks of one view model, keyed by what they do.
///
/// "MVVM + Reducer Pattern" keeps one `currentTask`, cancelled before the next one starts, and suggests
/// a small actor holding `tasks[id]` once a view model runs several kinds of work side by side. This is
/// that idea on the main actor, where the view model already is: one current task per id, so a newer
/// quote fetch cancels the older one without touching a transfer in flight. Unlike the article's
/// dictionary it keeps a task only while it runs, cancelled ones included, so ``settle()`` can await
/// everything still running and nothing is retained once the work is done.
@MainActor
final class EffectTasks<ID: Hashable> {
    private var running: [Int: Task<Void, Never>] = [:]
    private var current: [ID: Int] = [:]
    private var nextKey = 0

    /// The number of tasks still running, including cancelled ones that have not returned yet.
    var count: Int {
        running.count
    }

    /// Whether the newest task started for `id` is still running and was not cancelled.
    func isRunning(_ id: ID) -> Bool {
        current[id] != nil
    }

    /// Runs `operation` in a new task on the main actor as the current task for `id`.
    func start(_ id: ID, _ operation: @escaping @MainActor () async -> Void) {
        let key = nextKey
        nextKey += 1
        current[id] = key
        running[key] = Task { [weak self] in
            await operation()
            self?.finish(key, of: id)
        }
    }

    /// Cancels the current task for `id`, if there is one. It is still awaited by ``settle()`` until it
    /// returns, but it is no longer `isRunning(id)`.
    func cancel(_ id: ID) {
        guard let key = current.removeValue(forKey: id) else { return }
        running[key]?.cancel()
    }

    /// Cancels every task.
    func cancelAll() {
        current.removeAll()
        for task in running.values {
            task.cancel()
        }
    }

    /// Returns once no task is running: every task started so far, and every task started meanwhile,
    /// has returned. Awaits the tasks themselves; never sleeps.
    func settle() async {
        while let task = running.values.first {
            await task.value
        }
    }

    private func finish(_ key: Int, of id: ID) {
        running[key] = nil
        if current[id] == key {
            current[id] = nil
        }
    }
}

#if DEBUG
    /// Debug builds only: the audit trail of "MVVM + Reducer Pattern". Set a view model's
    /// `stateChangeLog` and every `send(_:)` writes the action, then each stored field of the state it
    /// changed as `old → new`.
    ///
    /// Release builds contain neither this type nor the calls to it, so the measured path has no trace
    /// of it. It is off unless set, since describing a state with thousands of accounts is slow.
    public struct StateChangeLog {
        private let write: @MainActor (String) -> Void

        /// A log that passes each line to `write`; by default it prints.
        public init(write: @escaping @MainActor (String) -> Void = { print($0) }) {
            self.write = write
        }

        @MainActor
        func record<State: Equatable, Action>(
            _ action: Action,
            by owner: Any.Type,
            from old: State,
            to new: State
        ) {
            write("[\(owner)] \(action)")
            guard old != new else { return }
            let fields = zip(Mirror(reflecting: old).children, Mirror(reflecting: new).children)
            for (before, after) in fields {
                guard let label = after.label else { continue }
                let oldValue = String(describing: before.value)
                let newValue = String(describing: after.value)
                if oldValue != newValue {
                    write("  \(label): \(oldValue) → \(newValue)")
                }
            }
        }
    }
#endif
