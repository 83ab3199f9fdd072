// ViperReducer: the `viper-reducer` architecture, VIPER with a Redux-style reducer ("VIPER Architecture
// with Reducer and State").
//
// Every feature is a VIPER module of five parts, each in its own type, and its files end in
// `Module` (`CounterModule.swift`, `TransferModule.swift`, `AppModule.swift`) where the reducer
// styles write `Feature` and the view-model styles `ViewModel`:
//
// - View: a protocol (`CounterView`) with one display method, `render(_:)`. The presenter calls it
//   after every state change of its module. The harness's observers are views: objects conforming
//   to the view protocol whose `render` counts a wake-up.
// - Presenter: receives the user's events (`didTapIncrement()`, `didTapSubmit()`), forwards each to
//   the interactor or the router, and renders every state the interactor reports to its views.
// - Interactor: owns the module's state and performs its use cases (the quote client, the transfer
//   use cases). It changes the state in exactly one place, by running an action through the
//   module's pure reducer, which copies the state as the article's does
//   (`state = CounterReducer.reduce(state: state, action: action)`), and then tells its output,
//   the presenter, about the new state.
// - Entity: the Domain types (`CounterState`, `Quote`, `Account`, …).
// - Router: navigation. It builds its module (`CounterRouter.makeModule(...)`, as the VIPER article's
//   router does) and moves between screens: a counter that loads a quote brings the counter tab to the
//   front, the transfer module presents its error as an alert.
//
// What this module does differently from the article: the article's interactor runs the reducer on a
// global dispatch queue and hops back to the main queue to notify the presenter, so two dispatches
// race on the interactor's `state` and a slow, older result can overwrite a newer one. Here every
// view, presenter, interactor and router is `@MainActor`, the reducer runs on the main actor, and
// remote work runs in tasks the interactor owns (``InteractorTasks``): the work itself runs off the
// main actor and returns its result to the task, which applies it on the main actor only if no newer
// request with the same key was made meanwhile. Results are therefore applied in request order, a
// stale one never reaches the state, and the Swift 6 checker proves that the state is only touched
// on the main actor. There is no `DispatchQueue` anywhere.
//
// Files: `Viper` (this overview, the shared protocols and the task helper), `CounterModule`,
// `TransferModule`, `AppModule` (both app layouts) and `Drivers` (the harness adapters and
// `ViperReducerArchitecture`).

import Domain

/// What every interactor of this module offers next to its use cases: the number of use-case tasks
/// still running, and a way to await them (the VIPER article's interactor, without its fire-and-forget
/// queue hops).
///
/// Presenters reach their interactor through a protocol refining this one, so tests can hand a
/// presenter a stub, and the harness can await an interactor's work without sleeping.
@MainActor
public protocol Interactor: AnyObject {
    /// The use-case tasks started and not yet finished, cancelled ones included.
    var inFlightEffectCount: Int { get }

    /// Returns once no use-case task is running, including tasks started while waiting. Awaits the
    /// tasks themselves; never sleeps.
    func settle() async
}

/// Navigation between the tabs of the composed app (the VIPER article's router, as a tab bar
/// controller's owner would write it).
///
/// A module's router holds its tab router weakly: the app owns the tab bar, the module only asks it
/// to bring a tab to the front.
@MainActor
public protocol TabRouting: AnyObject {
    /// Brings `tab` to the front.
    func selectTab(_ tab: Tab)
}

/// The tasks an interactor's use cases run, keyed by request kind (the VIPER article's interactor, made
/// free of its data race).
///
/// ``run(_:operation:deliver:)`` starts `operation` off the main actor in a task this object owns.
/// When the operation returns, the task is back on the main actor: it forgets itself, and hands the
/// result to `deliver` unless it was cancelled meanwhile. Starting a task with a key cancels the
/// running tasks with the same key first, so for each key only the newest request's result is ever
/// delivered, and results arrive in the order the requests were made. A cancelled task stays in
/// flight (and ``settle()`` waits for it) until its operation returns, since a server may answer
/// anyway; its answer is then dropped. Releasing this object cancels every task it still runs.
@MainActor
public final class InteractorTasks<Key: Hashable & Sendable> {
    private struct Running: Sendable {
        let key: Key
        let task: Task<Void, Never>
    }

    private var running: [Int: Running] = [:]
    private var nextNumber = 0

    public init() {}

    deinit {
        for entry in running.values {
            entry.task.cancel()
        }
    }

    /// The tasks started and not yet finished, cancelled ones included.
    public var count: Int { running.count }

    /// Cancels the running tasks with `key`, then runs `operation` off the main actor and passes its
    /// result to `deliver` on the main actor, unless a newer request with `key` cancelled this one.
    ///
    /// An operation returns `nil` when it has nothing to deliver (it saw `CancellationError`).
    public func run<Output: Sendable>(
        _ key: Key,
        operation: @escaping @concurrent @Sendable () async -> Output?,
        deliver: @escaping @MainActor (Output) -> Void
    ) {
        cancel(key)
        let number = nextNumber
        nextNumber += 1
        let task = Task { @MainActor [weak self] in
            let output = await operation()
            self?.running[number] = nil
            guard let output, !Task.isCancelled else { return }
            deliver(output)
        }
        running[number] = Running(key: key, task: task)
    }

    /// Cancels every running task with `key`; their results will not be delivered.
    public func cancel(_ key: Key) {
        for entry in running.values where entry.key == key {
            entry.task.cancel()
        }
    }

    /// Returns once no task is running, including tasks that delivered results started meanwhile.
    public func settle() async {
        while let entry = running.first?.value {
            await entry.task.value
        }
    }
}
