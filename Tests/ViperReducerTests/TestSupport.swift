import Domain
import Foundation
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

enum Fixture {
    static let firstQuote = Quote(content: "Simplicity is prerequisite for reliability.", author: "Dijkstra")
    static let secondQuote = Quote(content: "Make it work, make it right, make it fast.", author: "Beck")
    static let outage = QuoteError(message: "The quote service is down.")

    static let alice = Account(id: AccountID(1), name: "Alice", balance: 100)
    static let bob = Account(id: AccountID(2), name: "Bob", balance: 50)
    static let stranger = Account(id: AccountID(99), name: "Not at this bank", balance: 1_000)

    static func bank(gate: ResponseGate? = nil) -> InMemoryBank {
        InMemoryBank(accounts: [alice, bob], gate: gate)
    }

    static func dependencies(quoteClient: QuoteClient = .failing(), bank: InMemoryBank = bank())
        -> Dependencies
    {
        Dependencies(quoteClient: quoteClient, bank: bank)
    }

    @MainActor
    static func transferInteractor(_ bank: InMemoryBank, state: TransferState = TransferState())
        -> TransferInteractor
    {
        TransferInteractor(state: state, dependencies: dependencies(bank: bank))
    }
}
