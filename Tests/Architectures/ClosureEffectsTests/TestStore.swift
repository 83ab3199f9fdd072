import Domain
import ScenarioSupport
import Synchronization
import Testing

@testable import ClosureEffects

/// A small TestStore in the style of TCA's, built on the real ``Store``.
///
/// `send` performs an input and asserts the exact state it produced; `receive` awaits the next
/// feedback (from an effect, or queued by `Effect.send`) and asserts it and the exact state it
/// produced; `finish` awaits every effect and fails if a message was left unasserted. Every state
/// change is asserted, field by field, because the test states the whole expected value.
@MainActor
final class TestStore<Base: Reducer>
where Base.State: Equatable & Sendable, Base.Action: Equatable, Base.Feedback: Equatable {
    typealias Logged = Message<Base.Action, Base.Feedback>

    let store: Store<Recording<Base>>
    private let log: ActionLog<Logged, Base.State>
    private var expectedState: Base.State

    init(initialState: Base.State, reducer: Base) {
        let log = ActionLog<Logged, Base.State>()
        self.log = log
        self.expectedState = initialState
        self.store = Store(initialState: initialState, reducer: Recording(base: reducer, log: log))
    }

    var state: Base.State {
        store.state
    }

    /// Sends `action` and expects the state `update` describes, starting from the last asserted state.
    /// Feedback the send queued behind it stays in the log for ``receive(_:assert:sourceLocation:)``.
    @discardableResult
    func send(
        _ action: Base.Action,
        assert update: (inout Base.State) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> StoreTask {
        let unasserted = log.removeAll()
        #expect(
            unasserted.isEmpty, "Actions received but not asserted: \(unasserted.map(\.action))",
            sourceLocation: sourceLocation)
        let task = store.send(action)
        let entry = log.removeFirst()
        #expect(entry?.action == .input(action), sourceLocation: sourceLocation)
        update(&expectedState)
        #expect(entry?.state == expectedState, sourceLocation: sourceLocation)
        return task
    }

    /// Awaits the next feedback, expects it to be `feedback`, and expects the state `update` describes.
    func receive(
        _ feedback: Base.Feedback,
        assert update: (inout Base.State) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await waitUntil("an effect feeds back \(feedback)", sourceLocation: sourceLocation) {
            !log.isEmpty || store.inFlightEffectCount == 0
        }
        guard let entry = log.removeFirst() else {
            Issue.record(
                "Expected to receive \(feedback), but no effect is running.", sourceLocation: sourceLocation)
            return
        }
        #expect(entry.action == .feedback(feedback), sourceLocation: sourceLocation)
        update(&expectedState)
        #expect(entry.state == expectedState, sourceLocation: sourceLocation)
    }

    /// Awaits every effect, then expects no action to be left unasserted and no task to be kept.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await finishWithin("the store's effects finish", sourceLocation: sourceLocation) {
            await self.store.settle()
        }
        let unasserted = log.removeAll()
        #expect(
            unasserted.isEmpty, "Actions received but not asserted: \(unasserted.map(\.action))",
            sourceLocation: sourceLocation)
        #expect(store.inFlightEffectCount == 0, sourceLocation: sourceLocation)
        #expect(store.cancellationIDCount == 0, sourceLocation: sourceLocation)
        #expect(store.state == expectedState, sourceLocation: sourceLocation)
    }
}

/// Runs `base` and records every message it reduces with the state right after it.
struct Recording<Base: Reducer>: Reducer where Base.State: Sendable {
    typealias Action = Base.Action
    typealias Feedback = Base.Feedback
    typealias Output = Base.Output

    let base: Base
    let log: ActionLog<Message<Base.Action, Base.Feedback>, Base.State>

    func reduce(
        into state: inout Base.State, message: Message<Base.Action, Base.Feedback>
    ) -> Effect<Base.Feedback, Base.Output> {
        let effect = base.reduce(into: &state, message: message)
        log.append(action: message, state: state)
        return effect
    }
}

/// The messages a ``Recording`` reducer saw, oldest first.
final class ActionLog<Action: Sendable, State: Sendable>: Sendable {
    struct Entry: Sendable {
        var action: Action
        var state: State
    }

    private let entries = Mutex<[Entry]>([])

    var isEmpty: Bool {
        entries.withLock { $0.isEmpty }
    }

    func append(action: Action, state: State) {
        entries.withLock { $0.append(Entry(action: action, state: state)) }
    }

    func removeFirst() -> Entry? {
        entries.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    func removeAll() -> [Entry] {
        entries.withLock { entries in
            defer { entries.removeAll() }
            return entries
        }
    }
}

extension Quote {
    static let first = Quote(content: "Simplicity is prerequisite for reliability.", author: "Dijkstra")
    static let second = Quote(content: "Make it work, make it right, make it fast.", author: "Beck")
}
