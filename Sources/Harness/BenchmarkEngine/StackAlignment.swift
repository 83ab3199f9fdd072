import CStackAlignment

/// Runs synchronous samples at stack positions chosen by the runner rather than by the process.
///
/// Where a process's stack starts within a page depends on the size of its environment and
/// arguments and on address-space randomisation, and a case's time can depend on it enough to move
/// between processes of one build (docs/evidence/2026-11-25/measurement.md, "Stack positions").
/// ``BenchmarkRunner`` therefore moves each round's samples to the next of a fixed sequence of
/// positions in the page (``offset(forRound:)``), the same in every process, so every case is timed
/// over the same spread of positions wherever its stack began.
public enum StackAlignment {
    /// The period stack positions repeat with: a page.
    public static let period = Int(CAC_STACK_PERIOD)
    /// The step between positions: the stack alignment the ABI keeps.
    public static let step = 16

    /// The position (bytes within the page) of round `round`'s samples: the round's index with its
    /// eight low bits reversed, in steps of 16 bytes, so any run of consecutive rounds from the
    /// first covers the page evenly (4 rounds: every 1,024 bytes; 16 rounds: every 256 bytes), and
    /// 256 rounds visit every position once.
    public static func offset(forRound round: Int) -> Int {
        var index = UInt8(truncatingIfNeeded: round)
        var reversed: UInt8 = 0
        for _ in 0..<8 {
            reversed = reversed << 1 | index & 1
            index >>= 1
        }
        return Int(reversed) * step
    }

    /// Calls `body` with the stack at `offset` (a multiple of ``step`` below ``period``) within
    /// the page, whatever the caller's own stack position.
    public static func withOffset(_ offset: Int, _ body: () -> Void) {
        precondition(
            offset >= 0 && offset < period && offset % step == 0,
            "StackAlignment.withOffset: \(offset) is not a multiple of \(step) below \(period)")
        withoutActuallyEscaping(body) { body in
            var body = body
            withUnsafeMutablePointer(to: &body) { pointer in
                cac_call_at_stack_offset(
                    UInt32(offset),
                    { context in
                        context!.assumingMemoryBound(to: (() -> Void).self).pointee()
                    }, pointer)
            }
        }
    }

    /// Where within the page a function called at this point would have its stack (tests check
    /// the positions with it).
    public static var currentPosition: Int { Int(cac_stack_address() % UInt(period)) }
}
