import Domain
import Foundation
import TestSupport
import Testing

@testable import EffectValues

extension Update {
    /// The state after `event` (the same state when the update returns none), paired with the effects
    /// the update returned, for comparing with `==`. Tests of whether a new state is returned at all
    /// compare ``Update/update(_:_:)``'s `Next` instead.
    static func reduced(_ state: State, _ event: Event) -> (State, [Effect]) {
        let next = update(state, event)
        return (next.state ?? state, next.effects)
    }
}

extension EffectExecution {
    /// The task this execution runs or cancels.
    var taskID: TaskID {
        switch self {
        case .run(let id, _), .cancel(let id): id
        }
    }

    /// Whether this execution cancels rather than runs.
    var isCancellation: Bool {
        if case .cancel = self { return true }
        return false
    }

    /// Runs the operation of a `.run` execution, off the main actor as the loop does, and returns the
    /// event it feeds back. Records an issue for a `.cancel`.
    func perform(sourceLocation: SourceLocation = #_sourceLocation) async -> Event? {
        guard case .run(_, let operation) = self else {
            Issue.record(
                "expected an execution that runs, got a cancellation", sourceLocation: sourceLocation)
            return nil
        }
        return await operation()
    }
}

extension Fixture {
    static func transferHandler(_ bank: InMemoryBank) -> TransferEffectHandler {
        TransferEffectHandler(
            getAccounts: GetAccountsUseCase(bank: bank),
            transferMoney: TransferMoneyUseCase(bank: bank)
        )
    }
}
