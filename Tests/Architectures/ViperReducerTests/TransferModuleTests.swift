import Domain
import Foundation
import ScenarioSupport
import TestSupport
import Testing

@testable import ViperReducer

@Suite("Transfer reducer: (state, action) -> state")
struct TransferReducerTests {
    private let ready = TransferState(
        accounts: [Fixture.alice, Fixture.bob],
        selectedFrom: Fixture.alice,
        selectedTo: Fixture.bob,
        amount: 30
    )

    @Test("an accounts request starts loading and clears the error")
    func accountsRequested() {
        #expect(
            TransferReducer.reduce(state: TransferState(error: .networkError), action: .accountsRequested)
                == TransferState(isLoading: true)
        )
    }

    @Test("loaded accounts replace the list; a failed load shows the error")
    func accountsLoaded() {
        let loading = TransferState(isLoading: true)
        #expect(
            TransferReducer.reduce(
                state: loading, action: .accountsLoaded(.success([Fixture.alice, Fixture.bob])))
                == TransferState(accounts: [Fixture.alice, Fixture.bob])
        )
        #expect(
            TransferReducer.reduce(state: loading, action: .accountsLoaded(.failure(.networkError)))
                == TransferState(error: .networkError)
        )
    }

    @Test("selecting accounts, changing the amount and resetting clear the error")
    func editsClearTheError() {
        let failed = TransferState(error: .sameAccount)
        #expect(
            TransferReducer.reduce(state: failed, action: .selectFrom(Fixture.bob))
                == TransferState(selectedFrom: Fixture.bob))
        #expect(
            TransferReducer.reduce(state: failed, action: .selectTo(Fixture.alice))
                == TransferState(selectedTo: Fixture.alice))
        #expect(
            TransferReducer.reduce(state: failed, action: .updateAmount(12.5)) == TransferState(amount: 12.5))
        #expect(TransferReducer.reduce(state: failed, action: .resetError) == TransferState())
    }

    @Test("a submitted transfer marks loading and submitting and clears the error")
    func transferSubmitted() {
        var failed = ready
        failed.error = .insufficientFunds
        var submitting = ready
        submitting.isLoading = true
        submitting.isSubmitting = true
        #expect(TransferReducer.reduce(state: failed, action: .transferSubmitted) == submitting)
    }

    @Test("a completed transfer updates both balances, records the transaction and clears the form")
    func transferCompleted() {
        var submitting = ready
        submitting.isLoading = true
        submitting.isSubmitting = true
        let transaction = Transaction(
            id: TransactionID(7), from: Fixture.alice.id, to: Fixture.bob.id, amount: 30)
        var alice = Fixture.alice
        alice.balance = 70
        var bob = Fixture.bob
        bob.balance = 80
        #expect(
            TransferReducer.reduce(state: submitting, action: .transferCompleted(transaction))
                == TransferState(accounts: [alice, bob], lastTransaction: transaction)
        )
    }

    @Test("a failed transfer ends submitting, keeps the form and shows the error")
    func transferFailed() {
        var submitting = ready
        submitting.isLoading = true
        submitting.isSubmitting = true
        var failed = ready
        failed.error = .insufficientFunds
        #expect(
            TransferReducer.reduce(state: submitting, action: .transferFailed(.insufficientFunds)) == failed)
    }
}

@Suite("Transfer interactor")
@MainActor
struct TransferInteractorTests {
    @Test("load the accounts, then transfer 30 from Alice to Bob: balances moved in the state and the bank")
    func successfulTransfer() async throws {
        let bank = Fixture.bank()
        let interactor = Fixture.transferInteractor(bank)

        interactor.loadAccounts()
        #expect(interactor.state == TransferState(isLoading: true))
        try await finishWithin("interactor.settle() returns") { await interactor.settle() }
        #expect(interactor.state == TransferState(accounts: [Fixture.alice, Fixture.bob]))

        interactor.selectFrom(Fixture.alice)
        interactor.selectTo(Fixture.bob)
        interactor.updateAmount(30)
        interactor.submitTransfer()
        #expect(interactor.state.isLoading && interactor.state.isSubmitting)
        #expect(interactor.inFlightEffectCount == 1)
        try await finishWithin("interactor.settle() returns") { await interactor.settle() }

        let transaction = Transaction(
            id: TransactionID(1), from: Fixture.alice.id, to: Fixture.bob.id, amount: 30)
        #expect(interactor.state.lastTransaction == transaction)
        #expect(interactor.state.accounts.map(\.balance) == [70, 80])
        #expect(interactor.state.selectedFrom == nil && interactor.state.selectedTo == nil)
        #expect(interactor.state.amount == 0 && !interactor.state.isLoading && !interactor.state.isSubmitting)
        #expect(try await bank.balance(of: Fixture.alice.id) == 70)
        #expect(try await bank.balance(of: Fixture.bob.id) == 80)
        #expect(await bank.ledger == [transaction])
        #expect(await bank.invariantHolds)
        #expect(interactor.inFlightEffectCount == 0)
    }

    @Test(
        "every rejected transfer reports its TransferError and leaves the bank untouched",
        arguments: [
            (Fixture.alice, Fixture.bob, Decimal(string: "100.01")!, TransferError.insufficientFunds),
            (Fixture.alice, Fixture.bob, 0, .invalidAmount),
            (Fixture.alice, Fixture.bob, -5, .invalidAmount),
            (Fixture.alice, Fixture.alice, 10, .sameAccount),
            (nil, Fixture.bob, 10, .invalidSelection),
            (Fixture.alice, nil, 10, .invalidSelection),
            (nil, nil, 10, .invalidSelection),
            (Fixture.alice, Fixture.stranger, 10, .unknown),
        ] as [(Account?, Account?, Decimal, TransferError)]
    )
    func rejectedTransfer(from: Account?, to: Account?, amount: Decimal, expected: TransferError) async throws
    {
        let bank = Fixture.bank()
        let interactor = Fixture.transferInteractor(
            bank, state: TransferState(accounts: [Fixture.alice, Fixture.bob]))
        if let from { interactor.selectFrom(from) }
        if let to { interactor.selectTo(to) }
        interactor.updateAmount(amount)
        interactor.submitTransfer()
        #expect(
            interactor.state.isSubmitting, "the outcome arrives through a task, even for a missing selection")
        try await finishWithin("interactor.settle() returns") { await interactor.settle() }
        #expect(
            interactor.state
                == TransferState(
                    accounts: [Fixture.alice, Fixture.bob],
                    selectedFrom: from,
                    selectedTo: to,
                    amount: amount,
                    error: expected
                )
        )
        #expect(await bank.ledger.isEmpty)
        #expect(await bank.invariantHolds)

        interactor.resetError()
        #expect(interactor.state.error == nil)
    }

    @Test("a network failure on loading and on submitting shows networkError; retries succeed")
    func networkFailures() async throws {
        let bank = Fixture.bank()
        let interactor = Fixture.transferInteractor(bank)
        await bank.failNextCalls(1)
        interactor.loadAccounts()
        try await finishWithin("interactor.settle() returns") { await interactor.settle() }
        #expect(interactor.state == TransferState(error: .networkError))

        interactor.loadAccounts()
        try await finishWithin("interactor.settle() returns") { await interactor.settle() }
        #expect(interactor.state == TransferState(accounts: [Fixture.alice, Fixture.bob]))

        interactor.selectFrom(Fixture.bob)
        interactor.selectTo(Fixture.alice)
        interactor.updateAmount(10)
        await bank.failNextCalls(1)
        interactor.submitTransfer()
        try await finishWithin("interactor.settle() returns") { await interactor.settle() }
        #expect(interactor.state.error == .networkError)
        #expect(await bank.ledger.isEmpty)

        interactor.submitTransfer()
        try await finishWithin("interactor.settle() returns") { await interactor.settle() }
        #expect(interactor.state.error == nil)
        #expect(interactor.state.accounts.map(\.balance) == [110, 40])
        #expect(await bank.ledger.count == 1)
    }

    @Test("a second submit while the first waits at the bank does nothing at all: money moves once")
    func doubleSubmit() async throws {
        let gate = ResponseGate()
        let bank = Fixture.bank(gate: gate)
        let presenter = TransferRouter.makeModule(
            state: TransferState(accounts: [Fixture.alice, Fixture.bob]),
            dependencies: Fixture.dependencies(bank: bank)
        )
        let view = RecordingView()
        presenter.attach(view)
        presenter.didSelectFrom(Fixture.alice)
        presenter.didSelectTo(Fixture.bob)
        presenter.didChangeAmount(40)
        presenter.didTapSubmit()
        try await waitUntil("the transfer waits at the gate") { gate.waitingCount == 1 }
        let inFlight = presenter.state
        let renders = view.transferStates.count

        presenter.didTapSubmit()
        #expect(presenter.state == inFlight)
        #expect(view.transferStates.count == renders, "a refused submit must not even render")
        #expect(presenter.interactor.inFlightEffectCount == 1)

        gate.releaseAll()
        try await finishWithin("presenter.interactor.settle() returns") {
            await presenter.interactor.settle()
        }
        #expect(await bank.ledger.count == 1)
        #expect(gate.ticketsIssued == 1)
        #expect(presenter.state.accounts.map(\.balance) == [60, 90])
        #expect(!presenter.state.isLoading && !presenter.state.isSubmitting)
    }

    @Test(
        "only the newest loadAccounts is applied, whether or not the gate honors cancellation",
        arguments: [true, false]
    )
    func newestLoadAccountsWins(honorsCancellation: Bool) async throws {
        let gate = ResponseGate(honorsCancellation: honorsCancellation)
        let bank = Fixture.bank(gate: gate)
        let interactor = Fixture.transferInteractor(bank)
        interactor.loadAccounts()
        try await waitUntil("the first load waits at the gate") { gate.waitingCount == 1 }
        await bank.failNextCalls(1)
        interactor.loadAccounts()
        try await waitUntil("the second load reaches the gate") { gate.ticketsIssued == 2 }

        gate.release(1)
        try await waitUntil("the second load's failure is applied") { !interactor.state.isLoading }
        gate.release(0)
        try await finishWithin("interactor.settle() returns") { await interactor.settle() }
        #expect(
            interactor.state == TransferState(error: .networkError), "the older, successful load was dropped")
        #expect(interactor.inFlightEffectCount == 0)
    }
}

@Suite("Transfer presenter and router")
@MainActor
struct TransferPresenterTests {
    @Test("the view's events reach the interactor and each change is rendered")
    func eventsAndRendering() async throws {
        let presenter = TransferRouter.makeModule(dependencies: Fixture.dependencies())
        let view = RecordingView()
        presenter.attach(view)
        presenter.didRequestAccounts()
        try await finishWithin("presenter.interactor.settle() returns") {
            await presenter.interactor.settle()
        }
        presenter.didSelectFrom(Fixture.alice)
        presenter.didSelectTo(Fixture.bob)
        presenter.didChangeAmount(5)
        #expect(
            view.transferStates == [
                TransferState(isLoading: true),
                TransferState(accounts: [Fixture.alice, Fixture.bob]),
                TransferState(accounts: [Fixture.alice, Fixture.bob], selectedFrom: Fixture.alice),
                TransferState(
                    accounts: [Fixture.alice, Fixture.bob], selectedFrom: Fixture.alice,
                    selectedTo: Fixture.bob),
                TransferState(
                    accounts: [Fixture.alice, Fixture.bob],
                    selectedFrom: Fixture.alice,
                    selectedTo: Fixture.bob,
                    amount: 5
                ),
            ]
        )
    }

    @Test("the router presents an alert while the state holds an error, and the alert's dismissal resets it")
    func errorAlert() async throws {
        let router = RouterSpy()
        let presenter = TransferPresenter(
            interactor: Fixture.transferInteractor(
                Fixture.bank(), state: TransferState(accounts: [Fixture.alice])),
            router: router
        )
        presenter.didChangeAmount(10)
        presenter.didTapSubmit()
        try await finishWithin("presenter.interactor.settle() returns") {
            await presenter.interactor.settle()
        }
        #expect(router.calls == [.presentError(.invalidSelection)])

        presenter.didDismissError()
        #expect(presenter.state.error == nil)
        #expect(router.calls == [.presentError(.invalidSelection), .dismissError])

        presenter.didSelectFrom(Fixture.alice)
        presenter.didSelectTo(Fixture.alice)
        presenter.didTapSubmit()
        try await finishWithin("presenter.interactor.settle() returns") {
            await presenter.interactor.settle()
        }
        presenter.didChangeAmount(3)
        #expect(
            router.calls == [
                .presentError(.invalidSelection), .dismissError, .presentError(.sameAccount), .dismissError,
            ],
            "editing the form clears the error, so the alert goes away"
        )
    }

    @Test("the transfer router records the alert it presents")
    func transferRouter() {
        let router = TransferRouter()
        #expect(router.presentedError == nil)
        router.presentError(.networkError)
        #expect(router.presentedError == .networkError)
        router.dismissError()
        #expect(router.presentedError == nil)
    }
}
