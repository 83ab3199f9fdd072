import CAllocationCounter

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Exact heap-allocation counting for benchmarks, in a pass separate from timing.
///
/// Counting is done by the `CAllocationCounter` interposer, which is linked into every binary that
/// uses this module. It is available on Linux with glibc; elsewhere `isAvailable` is false and every
/// measuring function returns nil, so counts are reported as unavailable rather than as zero.
///
/// Counts are taken in windows, in one of two scopes:
/// - all threads: every thread's activity, so work the operation hands to other threads counts.
///   Only one such window is open at a time; opening another waits until it closes (a synchronous
///   caller blocks its thread, an async caller yields). Before it closes, the window waits until
///   the counters have not changed for 2 ms (at most 0.5 s), so that a task released by another
///   thread just after the work returned is counted here rather than leaking into the next window.
/// - current thread: only the calling thread, with counters of its own. Any number of threads can
///   have such a window open at once and windows nest; nothing other threads do disturbs them.
///
/// ```swift
/// let store = makeStore()
/// let perIntent = AllocationCounter.measure(iterations: 1000) { store.send(.increment) }
/// // Retention: bytes still held once 10,000 effects have run and settled.
/// let held = await AllocationCounter.count {
///     for _ in 0..<10_000 { store.send(.load) }
///     await store.waitUntilIdle()
/// }?.liveBytes
/// ```
public enum AllocationCounter {
    /// Which threads a counting window counts.
    public enum Scope: Sendable {
        /// Every thread: includes work that the operation hands to other threads (effects,
        /// tasks), and anything else the process does meanwhile. Exact in a quiet process.
        case allThreads
        /// Only the thread that opened the window: immune to unrelated activity (for example tests
        /// running in parallel), but misses work done on other threads. Synchronous windows only.
        case currentThread
    }

    /// True when allocations are really counted on this platform (Linux with glibc).
    public static var isAvailable: Bool { cac_is_available() }

    /// True when ``serially(_:)`` really serialises (the runtime's global-enqueue hook is ours).
    public static var canRunSerially: Bool { cac_serial_executor_is_available() }

    /// Runs `body` with every job meant for the global executor sent to the main executor instead,
    /// so the work runs on the main thread one job at a time, in enqueue order, and what it
    /// allocates no longer depends on how threads interleave. Without the runtime hooks, `body`
    /// runs normally. Call it on the main actor: jobs queue behind the caller until it suspends.
    @MainActor
    public static func serially<T>(_ body: @MainActor () async -> T) async -> T {
        let serial = cac_set_serial_executor(true)
        defer { if serial { _ = cac_set_serial_executor(false) } }
        return await body()
    }

    /// Returns freed memory to the system and consolidates the allocator's free lists, so what
    /// runs next starts from a heap that does not depend on what ran before (glibc only).
    public static func trimHeap() {
        cac_trim_heap()
    }

    /// Empties the allocator's caches and free lists, by allocations kept for the life of the
    /// process, so that what is allocated next comes from the top of the heap whatever the process
    /// allocated and freed before (glibc only). For a process that measures one case and ends.
    public static func settleHeap() {
        cac_settle_heap()
    }

    /// True when Swift task creations are counted on this platform.
    public static var isCountingTasks: Bool { cac_tasks_are_available() }

    /// True when Swift retains and releases are counted on this platform (Linux x86_64 with the
    /// runtime linked dynamically). Calls the Swift core library makes to itself are never counted.
    public static var isCountingRetains: Bool { cac_retains_are_available() }

    /// The counters of `scope` accumulated over all its windows so far (for `.currentThread`, the
    /// calling thread's windows); nil when counting is unavailable. `liveBytes` of two readings
    /// taken around some counted work tells how much of what the work allocated it still holds.
    public static func cumulative(in scope: Scope = .allThreads) -> AllocationCounts? {
        guard isAvailable else { return nil }
        return read(scope)
    }

    /// Net usable bytes allocated and not freed inside the windows of `scope` so far (for
    /// `.currentThread`, the calling thread's windows); nil when counting is unavailable.
    public static func liveBytes(in scope: Scope = .allThreads) -> Int? {
        cumulative(in: scope)?.liveBytes
    }

    /// Counts the heap activity of `body`. Returns nil when counting is unavailable.
    public static func count(scope: Scope = .allThreads, _ body: () throws -> Void) rethrows
        -> AllocationCounts?
    {
        guard isAvailable else {
            try body()
            return nil
        }
        let before = open(scope)
        do {
            try body()
        } catch {
            _ = close(scope)
            throw error
        }
        return close(scope).subtracting(before)
    }

    /// Counts the heap activity of `body` and of everything else the process does until it
    /// returns, on every thread (effects run elsewhere are included). `body` should await
    /// whatever work it starts. Returns nil when counting is unavailable.
    public static func count(
        isolation: isolated (any Actor)? = #isolation,
        _ body: nonisolated(nonsending) () async throws -> Void
    ) async rethrows -> AllocationCounts? {
        guard isAvailable else {
            try await body()
            return nil
        }
        var before = read(.allThreads)
        while !cac_start_all_threads() {
            // Another all-threads window is open: let it finish without blocking this thread.
            await Task.yield()
            before = read(.allThreads)
        }
        do {
            try await body()
        } catch {
            _ = close(.allThreads)
            throw error
        }
        return close(.allThreads).subtracting(before)
    }

    /// Runs `operation` `warmUp` times uncounted (so one-time runtime work such as metadata
    /// instantiation is excluded), then `iterations` times counted. Set up state outside the
    /// closure: only what the closure does is counted. Returns nil when counting is unavailable.
    public static func measure(
        iterations: Int,
        warmUp: Int = 1,
        scope: Scope = .allThreads,
        _ operation: () throws -> Void
    ) rethrows -> AllocationMeasurement? {
        precondition(iterations > 0 && warmUp >= 0, "AllocationCounter.measure: bad iteration count")
        for _ in 0..<warmUp { try operation() }
        let totals = try count(scope: scope) {
            for _ in 0..<iterations { try operation() }
        }
        return totals.map { AllocationMeasurement(iterations: iterations, totals: $0) }
    }

    /// The async form of `measure`: counts every thread while the operations run, so
    /// allocations made by effects on other threads are included as long as `operation` awaits
    /// them. Returns nil when counting is unavailable.
    public static func measure(
        iterations: Int,
        warmUp: Int = 1,
        isolation: isolated (any Actor)? = #isolation,
        _ operation: nonisolated(nonsending) () async throws -> Void
    ) async rethrows -> AllocationMeasurement? {
        precondition(iterations > 0 && warmUp >= 0, "AllocationCounter.measure: bad iteration count")
        for _ in 0..<warmUp { try await operation() }
        let totals = try await count {
            for _ in 0..<iterations { try await operation() }
        }
        return totals.map { AllocationMeasurement(iterations: iterations, totals: $0) }
    }

    /// Opens a window and returns its counters as they were when it opened. An all-threads window
    /// waits (blocking the thread) while another all-threads window is open.
    static func open(_ scope: Scope) -> AllocationCounts {
        switch scope {
        case .currentThread:
            let before = read(.currentThread)
            cac_start_current_thread()
            return before
        case .allThreads:
            while true {
                // The counters do not move while no all-threads window is open, so a reading taken
                // just before a successful claim is the window's starting point.
                let before = read(.allThreads)
                if cac_start_all_threads() { return before }
                usleep(200)
            }
        }
    }

    /// Closes a window opened with `open(scope)` and returns its counters. An all-threads window
    /// first settles (see `settle`) and is read before it is released, so a window opened right
    /// after cannot add to it.
    static func close(_ scope: Scope) -> AllocationCounts {
        switch scope {
        case .currentThread:
            cac_stop_current_thread()
            return read(.currentThread)
        case .allThreads:
            settle()
            let after = read(.allThreads)
            cac_stop_all_threads()
            return after
        }
    }

    /// How long the counters must stay unchanged before a window is considered settled.
    static let quietPeriodMicroseconds: UInt32 = 2_000
    /// Settling gives up after this long (activity that never stops, such as a timer).
    static let settleLimitMicroseconds: UInt32 = 500_000

    /// Blocks the calling thread until the counters have not changed for the quiet period or the
    /// limit is reached. Blocking (rather than awaiting) keeps the settling itself allocation-free.
    static func settle() {
        let poll: UInt32 = 250
        var last = cac_read()
        var quiet: UInt32 = 0
        var waited: UInt32 = 0
        while quiet < quietPeriodMicroseconds && waited < settleLimitMicroseconds {
            usleep(poll)
            waited += poll
            let now = cac_read()
            if now.allocations == last.allocations && now.frees == last.frees
                && now.tasks_created == last.tasks_created
            {
                quiet += poll
            } else {
                quiet = 0
                last = now
            }
        }
    }

    private static func read(_ scope: Scope) -> AllocationCounts {
        counts(scope == .allThreads ? cac_read() : cac_read_current_thread())
    }

    private static func counts(_ raw: cac_counts) -> AllocationCounts {
        AllocationCounts(
            allocations: Int(truncatingIfNeeded: raw.allocations),
            frees: Int(truncatingIfNeeded: raw.frees),
            bytesAllocated: Int(truncatingIfNeeded: raw.bytes_allocated),
            liveBytes: Int(truncatingIfNeeded: raw.live_bytes),
            tasksCreated: isCountingTasks ? Int(truncatingIfNeeded: raw.tasks_created) : nil,
            retains: isCountingRetains ? Int(truncatingIfNeeded: raw.retains) : nil,
            releases: isCountingRetains ? Int(truncatingIfNeeded: raw.releases) : nil
        )
    }
}
