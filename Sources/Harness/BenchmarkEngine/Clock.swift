#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Which clock times a sample.
public enum SampleClock: String, Sendable, Equatable, Codable {
    /// Elapsed wall time on the monotonic clock (`MonotonicClock`): what a user waits. The default.
    case monotonic
    /// CPU time of the calling thread: excludes time the thread spent preempted, so it stays
    /// stable on a busy machine. Only synchronous benchmarks can use it (async ones hop threads and
    /// always use `monotonic`); it misses time spent blocked or waiting.
    case threadCPUTime
}

/// A monotonic nanosecond clock for timing samples.
///
/// Linux reads `CLOCK_MONOTONIC_RAW` (not slewed by NTP); Apple platforms read
/// `CLOCK_UPTIME_RAW`. Readings are only meaningful as differences within one process.
public enum MonotonicClock {
    /// The current reading in nanoseconds.
    @inlinable
    public static func now() -> UInt64 {
        #if canImport(Darwin)
            return nanoseconds(of: CLOCK_UPTIME_RAW)
        #else
            return nanoseconds(of: CLOCK_MONOTONIC_RAW)
        #endif
    }

    /// CPU time consumed by the calling thread, in nanoseconds (a system call on Linux).
    public static func threadCPUTime() -> UInt64 {
        nanoseconds(of: CLOCK_THREAD_CPUTIME_ID)
    }

    /// CPU time consumed by every thread of the process, in nanoseconds (a system call).
    @usableFromInline
    static func processCPUTime() -> UInt64 {
        nanoseconds(of: CLOCK_PROCESS_CPUTIME_ID)
    }

    /// The current reading of the system clock `id`, in nanoseconds.
    @inlinable
    static func nanoseconds(of id: clockid_t) -> UInt64 {
        #if canImport(Darwin)
            return clock_gettime_nsec_np(id)
        #else
            var time = timespec()
            clock_gettime(id, &time)
            return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
        #endif
    }

    /// A reading of `clock` in nanoseconds.
    static func read(_ clock: SampleClock) -> UInt64 {
        switch clock {
        case .monotonic: return now()
        case .threadCPUTime: return threadCPUTime()
        }
    }
}
