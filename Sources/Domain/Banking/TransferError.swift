/// Why a transfer (or loading the accounts) failed, as the transfer feature shows it ("MVVM + Reducer
/// Pattern").
public enum TransferError: Error, Equatable, Hashable, Sendable, Codable {
    case insufficientFunds
    case invalidAmount
    case invalidSelection
    case sameAccount
    case networkError
    case unknown
}
