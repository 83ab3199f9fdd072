import Foundation

/// The transfer feature's state ("MVVM + Reducer Pattern").
public struct TransferState: Equatable, Sendable {
    public var accounts: [Account] = []
    public var selectedFrom: Account?
    public var selectedTo: Account?
    public var amount: Decimal = 0
    /// True while accounts are loading or a transfer is in flight.
    public var isLoading = false
    /// True from an accepted `submitTransfer` until its `transferCompleted` or `transferFailed`.
    ///
    /// The spec's "a transfer is already in flight" test reads this, not `isLoading`, which a
    /// `loadAccounts` also sets. Keeping it in the state lets pure reducers decide without side channels.
    public var isSubmitting = false
    public var error: TransferError?
    public var lastTransaction: Transaction?

    public init(
        accounts: [Account] = [],
        selectedFrom: Account? = nil,
        selectedTo: Account? = nil,
        amount: Decimal = 0,
        isLoading: Bool = false,
        isSubmitting: Bool = false,
        error: TransferError? = nil,
        lastTransaction: Transaction? = nil
    ) {
        self.accounts = accounts
        self.selectedFrom = selectedFrom
        self.selectedTo = selectedTo
        self.amount = amount
        self.isLoading = isLoading
        self.isSubmitting = isSubmitting
        self.error = error
        self.lastTransaction = lastTransaction
    }

    /// Both accounts chosen, different, and a positive amount.
    public var canSubmit: Bool {
        guard let selectedFrom, let selectedTo else { return false }
        return amount > 0 && selectedFrom.id != selectedTo.id
    }
}

/// What a user can do in the transfer feature. Feedback from effects (`accountsLoaded`,
/// `transferCompleted`, `transferFailed`) is not an intent: each architecture models it its own way.
public enum TransferIntent: Equatable, Hashable, Sendable {
    case loadAccounts
    case selectFrom(Account)
    case selectTo(Account)
    case updateAmount(Decimal)
    case submitTransfer
    case resetError
}
