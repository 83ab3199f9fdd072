/// Everything the two features reach outside themselves, bundled so that every architecture is
/// built against exactly the same fakes.
public struct Dependencies: Sendable {
    public var quoteClient: QuoteClient
    public var getAccounts: GetAccountsUseCase
    public var transferMoney: TransferMoneyUseCase

    public init(
        quoteClient: QuoteClient, getAccounts: GetAccountsUseCase, transferMoney: TransferMoneyUseCase
    ) {
        self.quoteClient = quoteClient
        self.getAccounts = getAccounts
        self.transferMoney = transferMoney
    }

    /// Both use cases talking to `bank`.
    public init(quoteClient: QuoteClient, bank: InMemoryBank) {
        self.init(
            quoteClient: quoteClient,
            getAccounts: GetAccountsUseCase(bank: bank),
            transferMoney: TransferMoneyUseCase(bank: bank)
        )
    }
}
