import COptimizerBarriers

/// Consumes a value in a way the optimizer cannot see through, so the work that produced it
/// cannot be removed.
///
/// The value is stored to memory and its address passed to a C function whose body is an empty
/// `asm volatile` with a memory clobber. Use it once per sample on the result of the loop (cheap),
/// or once per iteration when each iteration's result must be kept (about a nanosecond each).
@inlinable
@inline(never)
public func blackHole<T>(_ value: T) {
    withUnsafePointer(to: value) { cac_black_hole($0) }
}

/// Returns its argument unchanged, but the optimizer must assume it could be any value.
///
/// Use it to launder benchmark inputs (sizes, seeds, closures) so they are not treated as
/// compile-time constants and folded away.
@inlinable
@inline(never)
public func opaque<T>(_ value: T) -> T {
    var copy = value
    withUnsafeMutablePointer(to: &copy) { cac_escape($0) }
    return copy
}
