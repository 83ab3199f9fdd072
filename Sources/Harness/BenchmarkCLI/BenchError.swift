/// The statuses `bench` exits with. A `--best-of` child's or a release re-run's status is passed on
/// as it is, so `main` returns the raw number.
public enum ExitStatus: Int32, Sendable {
    /// The command did what it was asked; the gate passed.
    case success = 0
    /// The gate found a regression, a behaviour change or a suspicious speed-up, or a run measured a
    /// body the optimiser removed (its numbers are not written).
    case failure = 1
    /// Bad input: the command line, a file that cannot be read, compared or written, or a debug
    /// build asked for numbers it cannot give.
    case badInput = 2
}

/// Why `bench` stopped: one line, printed after `bench: error:`, and the status it exits with.
public enum BenchError: Error, Equatable, CustomStringConvertible {
    /// A mistake in the command line.
    case usage(String)
    /// A file or a run that cannot be used: unreadable, malformed, incomparable or unwritable.
    case unusableInput(String)
    /// A measured body reached the iteration limit: the optimiser probably removed it.
    case optimisedAway(String)

    public var description: String {
        switch self {
        case .usage(let message), .unusableInput(let message), .optimisedAway(let message): message
        }
    }

    public var status: ExitStatus {
        switch self {
        case .usage, .unusableInput: .badInput
        case .optimisedAway: .failure
        }
    }
}
