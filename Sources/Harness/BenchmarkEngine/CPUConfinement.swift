import CThreadPlacement

/// Keeps every thread of the process on one CPU while a body runs (Linux).
///
/// An effect round trip hops from the main actor's thread to a pool thread and back. With the two
/// threads on different CPUs, each hop waits for the other CPU to wake, and on a virtual machine
/// that wait is the hypervisor's, in phases that come and go, so a round trip's time moves between
/// processes far more than its own work does. With both threads on one CPU, a hop is a switch
/// between threads, and the round trip costs what the runtime and the architecture do
/// (docs/measurement.md, "Round trips on one CPU"; figures in
/// docs/evidence/2026-11-25/measurement.md, "Round trips on one CPU").
public enum CPUConfinement {
    /// Whether this platform can confine threads (Linux); elsewhere ``onOneCPU(isolation:_:)`` just
    /// runs its body.
    public static var isAvailable: Bool { cac_confinement_is_available() }

    /// Runs `body` with every thread of the process confined to the CPU the caller is running on,
    /// then gives every thread the CPUs the caller had before. Threads created meanwhile inherit
    /// the confinement and are released with the others.
    public static func onOneCPU<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async -> Result
    ) async -> Result {
        guard isAvailable, cac_confine_threads() >= 0 else { return await body() }
        defer { _ = cac_release_threads() }
        return await body()
    }
}
