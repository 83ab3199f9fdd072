import Foundation

/// Makes the `UUID` that TCA's root store creates for every action it reduces (its effect's key in
/// the store's table of running effects): 16 random bytes in the version 4 layout.
///
/// TCA calls `UUID()`. On Linux, Foundation's `UUID()` opens, reads and closes `/dev/urandom` for
/// every id (its `uuid_generate_random` shim): three system calls, which TCA's users never make on
/// Apple platforms, where the system's `uuid_generate_random` opens no file. So the bytes come from a SplitMix64 generator seeded once per store: the
/// per-action work of making a random id, in user space and cheaper than Apple's generator. The ids
/// only key a table; they are not secrets.
@usableFromInline
struct ActionIDs {
    private var state: UInt64

    @usableFromInline
    init() {
        var seed = SystemRandomNumberGenerator()
        state = seed.next()
    }

    /// The next id.
    @usableFromInline
    mutating func next() -> UUID {
        let versionMask: UInt64 = 0xF0 << 48
        let variantMask: UInt64 = 0xC0
        let high = nextWord() & ~versionMask | 0x40 << 48
        let low = nextWord() & ~variantMask | 0x80
        return withUnsafeBytes(of: (high, low)) { UUID(uuid: $0.load(as: uuid_t.self)) }
    }

    /// SplitMix64: one addition, two multiplications and three shifts per word.
    private mutating func nextWord() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var word = state
        word = (word ^ (word >> 30)) &* 0xBF58_476D_1CE4_E5B9
        word = (word ^ (word >> 27)) &* 0x94D0_49BB_1331_11EB
        return word ^ (word >> 31)
    }
}
