import Domain
import Foundation

/// A deliberately simple, independent model of what the composed app must show after every step.
///
/// It restates features.md directly, with no code shared with any architecture (it does not even
/// use Domain's `apply(_:)`), and keeps its own books for the bank. Remote calls are explicit:
/// every quote fetch and every bank call takes the next ticket, as the gates do, and its answer
/// lands only when the script releases that ticket. So the model can say what the app must show
/// while several effects are in flight, not only after everything settled, and every architecture
/// is checked against it rather than only against the others.
struct ConformanceOracle {
    /// A bank call waiting for its ticket to be released.
    enum BankCall: Equatable {
        case loadAccounts
        case transfer(from: AccountID, to: AccountID, amount: Decimal)
    }

    /// How often a script reached the situations that only overlapping effects create.
    struct Coverage: Equatable, Sendable {
        /// A `loadQuote` while the same counter's fetch was in flight.
        var supersededFetches = 0
        /// A `loadAccounts` while another was in flight.
        var supersededLoads = 0
        /// A `submitTransfer` while a transfer was in flight.
        var ignoredSubmits = 0
        /// An answer released after a newer request of its kind, which must be dropped.
        var staleAnswers = 0
    }

    private(set) var snapshot: AppSnapshot
    private(set) var coverage = Coverage()

    private let opening: [Account]
    private var balances: [AccountID: Decimal]
    private(set) var ledger: [Transaction] = []
    private var faultArmed = false

    private let quoteResults: [Result<Quote, QuoteError>]
    private(set) var quoteTickets = 0
    private(set) var pendingQuotes: [Int: Int] = [:]
    private var newestFetch: [Int: Int] = [:]

    private(set) var bankTickets = 0
    private(set) var pendingBank: [Int: (call: BankCall, failing: Bool)] = [:]
    private var newestLoad: Int?

    init(accounts: [Account], counters: Int, quoteResults: [Result<Quote, QuoteError>]) {
        opening = accounts
        balances = Dictionary(uniqueKeysWithValues: accounts.map { ($0.id, $0.balance) })
        self.quoteResults = quoteResults
        snapshot = AppSnapshot(
            selectedTab: .counter, counters: Array(repeating: CounterState(), count: counters),
            transfer: TransferState())
    }

    /// Whether an accounts load is in flight (scripts do not overlap it with a transfer).
    var isLoadingAccounts: Bool { newestLoad != nil }

    /// Whether a transfer is in flight.
    var isSubmitting: Bool { snapshot.transfer.isSubmitting }

    /// What the bank holds now, in the order it opened with.
    var bankAccounts: [Account] {
        opening.map { Account(id: $0.id, name: $0.name, balance: balances[$0.id] ?? 0) }
    }

    /// Makes the next bank call fail with `networkError` (the bank's `failNextCalls(1)`).
    mutating func armBankFault() {
        faultArmed = true
    }

    /// The synchronous part of `intent`, plus the remote calls it starts.
    mutating func send(_ intent: AppIntent) {
        switch intent {
        case .selectTab(let tab):
            snapshot.selectedTab = tab
        case .counter(let index, let intent):
            send(intent, toCounter: index)
        case .transfer(let intent):
            send(intent)
        }
    }

    private mutating func send(_ intent: CounterIntent, toCounter index: Int) {
        switch intent {
        case .increment:
            snapshot.counters[index].count += 1
        case .decrement:
            snapshot.counters[index].count -= 1
        case .loadQuote:
            snapshot.counters[index].isLoading = true
            snapshot.counters[index].errorMessage = nil
            snapshot.selectedTab = .counter
            if newestFetch[index] != nil { coverage.supersededFetches += 1 }
            pendingQuotes[quoteTickets] = index
            newestFetch[index] = quoteTickets
            quoteTickets += 1
        }
    }

    private mutating func send(_ intent: TransferIntent) {
        switch intent {
        case .loadAccounts:
            snapshot.transfer.isLoading = true
            snapshot.transfer.error = nil
            if newestLoad != nil { coverage.supersededLoads += 1 }
            newestLoad = callBank(.loadAccounts)
        case .selectFrom(let account):
            snapshot.transfer.selectedFrom = account
            snapshot.transfer.error = nil
        case .selectTo(let account):
            snapshot.transfer.selectedTo = account
            snapshot.transfer.error = nil
        case .updateAmount(let amount):
            snapshot.transfer.amount = amount
            snapshot.transfer.error = nil
        case .resetError:
            snapshot.transfer.error = nil
        case .submitTransfer:
            submit()
        }
    }

    /// A submit while a transfer is in flight does nothing; otherwise it validates, then calls the bank.
    private mutating func submit() {
        guard !snapshot.transfer.isSubmitting else {
            coverage.ignoredSubmits += 1
            return
        }
        let state = snapshot.transfer
        guard let from = state.selectedFrom, let to = state.selectedTo else {
            return transferFailed(.invalidSelection)
        }
        guard state.amount > 0 else { return transferFailed(.invalidAmount) }
        guard from.id != to.id else { return transferFailed(.sameAccount) }
        snapshot.transfer.isLoading = true
        snapshot.transfer.isSubmitting = true
        snapshot.transfer.error = nil
        _ = callBank(.transfer(from: from.id, to: to.id, amount: state.amount))
    }

    private mutating func callBank(_ call: BankCall) -> Int {
        pendingBank[bankTickets] = (call, faultArmed)
        faultArmed = false
        bankTickets += 1
        return bankTickets - 1
    }

    /// The quote fetch holding `ticket` answers; only the counter's newest fetch is applied.
    mutating func releaseQuote(_ ticket: Int) {
        guard let index = pendingQuotes.removeValue(forKey: ticket) else { return }
        guard newestFetch[index] == ticket else {
            coverage.staleAnswers += 1
            return
        }
        newestFetch[index] = nil
        snapshot.counters[index].isLoading = false
        switch result(ofQuoteCall: ticket) {
        case .success(let quote): snapshot.counters[index].quote = quote
        case .failure(let error): snapshot.counters[index].errorMessage = error.message
        }
    }

    private func result(ofQuoteCall index: Int) -> Result<Quote, QuoteError> {
        index < quoteResults.count
            ? quoteResults[index]
            : .failure(QuoteError(message: "The script has no answer for call \(index)."))
    }

    /// The bank call holding `ticket` is served; a load is applied only if it is the newest.
    mutating func releaseBank(_ ticket: Int) {
        guard let (call, failing) = pendingBank.removeValue(forKey: ticket) else { return }
        switch call {
        case .loadAccounts:
            guard newestLoad == ticket else {
                coverage.staleAnswers += 1
                return
            }
            newestLoad = nil
            snapshot.transfer.isLoading = false
            if failing {
                snapshot.transfer.error = .networkError
            } else {
                snapshot.transfer.accounts = bankAccounts
            }
        case .transfer(let from, let to, let amount):
            if failing { return transferFailed(.networkError) }
            switch bankTransfer(from: from, to: to, amount: amount) {
            case .success(let transaction): transferCompleted(transaction)
            case .failure(let error): transferFailed(error)
            }
        }
    }

    /// Releases every pending call, oldest ticket first: what `settle()` amounts to when at most one
    /// call of each kind is in flight.
    mutating func settle() {
        for ticket in pendingQuotes.keys.sorted() { releaseQuote(ticket) }
        for ticket in pendingBank.keys.sorted() { releaseBank(ticket) }
    }

    private mutating func bankTransfer(from: AccountID, to: AccountID, amount: Decimal)
        -> Result<Transaction, TransferError>
    {
        guard let payer = balances[from], balances[to] != nil else { return .failure(.unknown) }
        guard payer >= amount else { return .failure(.insufficientFunds) }
        balances[from, default: 0] -= amount
        balances[to, default: 0] += amount
        let transaction = Transaction(id: TransactionID(ledger.count + 1), from: from, to: to, amount: amount)
        ledger.append(transaction)
        return .success(transaction)
    }

    private mutating func transferCompleted(_ transaction: Transaction) {
        var state = snapshot.transfer
        for index in state.accounts.indices {
            if state.accounts[index].id == transaction.from {
                state.accounts[index].balance -= transaction.amount
            }
            if state.accounts[index].id == transaction.to {
                state.accounts[index].balance += transaction.amount
            }
        }
        state.isLoading = false
        state.isSubmitting = false
        state.lastTransaction = transaction
        state.selectedFrom = nil
        state.selectedTo = nil
        state.amount = 0
        snapshot.transfer = state
    }

    private mutating func transferFailed(_ error: TransferError) {
        snapshot.transfer.isLoading = false
        snapshot.transfer.isSubmitting = false
        snapshot.transfer.error = error
    }
}
