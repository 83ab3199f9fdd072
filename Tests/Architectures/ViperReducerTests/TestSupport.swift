import Domain
import Foundation
import TestSupport
import Testing

@testable import ViperReducer

/// A view that records every state it is given.
@MainActor
final class RecordingView: CounterView, TransferView, AppView {
    private(set) var counterStates: [CounterState] = []
    private(set) var transferStates: [TransferState] = []
    private(set) var appStates: [AppState] = []

    func render(_ state: CounterState) {
        counterStates.append(state)
    }

    func render(_ state: TransferState) {
        transferStates.append(state)
    }

    func render(_ state: AppState) {
        appStates.append(state)
    }
}

/// A router that records the navigation it is asked for.
@MainActor
final class RouterSpy: CounterRouting, TransferRouting, TabRouting {
    enum Call: Equatable {
        case showCounterTab
        case presentError(TransferError)
        case dismissError
        case selectTab(Tab)
    }

    private(set) var calls: [Call] = []

    func showCounterTab() { calls.append(.showCounterTab) }
    func presentError(_ error: TransferError) { calls.append(.presentError(error)) }
    func dismissError() { calls.append(.dismissError) }
    func selectTab(_ tab: Tab) { calls.append(.selectTab(tab)) }
}

extension Fixture {
    @MainActor
    static func transferInteractor(_ bank: InMemoryBank, state: TransferState = TransferState())
        -> TransferInteractor
    {
        TransferInteractor(state: state, dependencies: dependencies(bank: bank))
    }
}
