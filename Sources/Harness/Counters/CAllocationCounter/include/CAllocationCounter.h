#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H

// Counts heap allocations made through malloc and its relatives.
//
// On Linux with glibc the target defines malloc, calloc, realloc, reallocarray, free,
// posix_memalign, aligned_alloc, memalign, valloc and pvalloc itself and forwards each to
// glibc's __libc_* entry points, so every allocation made by the process (Swift runtime,
// Foundation, libc) passes through it. Counting happens only while counting is on; when it
// is off each call costs one relaxed atomic load. On other platforms everything is a stub
// and cac_is_available() returns false: counts are then unavailable, never zero.
//
// On Linux x86_64 it also defines the Swift runtime's strong retain and release entry points and
// counts them in the same windows (see cac_retains_are_available).

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A snapshot of counters. Every field only grows except live_bytes.
typedef struct {
    /// malloc, calloc, memalign-family calls and realloc calls that returned a block.
    uint64_t allocations;
    /// free of a non-NULL pointer, and the old block of every realloc that is counted.
    uint64_t frees;
    /// Bytes requested by the counted allocations (the size asked for, not the usable size).
    uint64_t bytes_allocated;
    /// Usable bytes of counted allocations minus usable bytes of counted frees.
    int64_t live_bytes;
    /// Swift tasks created through swift_task_create while counting was on.
    uint64_t tasks_created;
    /// Swift strong retains: swift_retain and swift_bridgeObjectRetain calls with a non-NULL object,
    /// plus n for each swift_retain_n and swift_bridgeObjectRetain_n.
    uint64_t retains;
    /// Swift strong releases, counted like retains.
    uint64_t releases;
} cac_counts;

/// True when the package was built with BENCH_NO_COUNTERS=1: every counter is a stub, as on a
/// platform without them (docs/platforms.md).
bool cac_built_without_counters(void);

/// True when allocations are really counted on this platform.
bool cac_is_available(void);

/// True when swift_task_create calls are counted on this platform.
bool cac_tasks_are_available(void);

/// True when Swift retains and releases are counted on this platform (calls made inside the Swift
/// core library itself never are).
bool cac_retains_are_available(void);

/// The counters cac_break_counters can break, as bits of its argument.
enum {
    CAC_BREAK_ALLOCATIONS = 1,
    CAC_BREAK_RETAINS = 2,
    CAC_BREAK_TASKS = 4,
};

/// Breaks the counters whose bits are set (and mends the others): from then on a broken counter
/// drops every event, as an interposer that the linker or a new libc bypassed would. For the tests
/// and BENCH_BREAK_COUNTER, which check that a counter failing its self-check is reported
/// unavailable (docs/platforms.md). Does nothing where nothing is counted.
void cac_break_counters(unsigned counters);

/// True when serial mode can be switched on (the runtime's global-enqueue hook is ours).
bool cac_serial_executor_is_available(void);

/// Serial mode on or off: while on, every job meant for the global executor runs on the main
/// executor instead, one at a time in enqueue order. Returns false (and changes nothing) when the
/// runtime's global-enqueue hook is unavailable (another library set it, or this platform).
bool cac_set_serial_executor(bool on);

/// Opens the all-threads window: events on every thread go to the cac_read() counters.
/// At most one is open at a time: returns false (and changes nothing) when one already is.
bool cac_start_all_threads(void);

/// Closes the all-threads window.
void cac_stop_all_threads(void);

/// True while the all-threads window is open.
bool cac_is_counting_all_threads(void);

/// Opens a window for the calling thread: its events go to the cac_read_current_thread()
/// counters. Any number of threads may have one open at once; windows on one thread nest.
void cac_start_current_thread(void);

/// Closes the calling thread's innermost window (call it on the thread that opened it).
void cac_stop_current_thread(void);

/// The all-threads counters, cumulative over every all-threads window since the process started.
cac_counts cac_read(void);

/// The calling thread's counters, cumulative over all of its windows.
cac_counts cac_read_current_thread(void);

/// Returns freed memory to the system and consolidates the allocator's free lists (glibc's
/// malloc_trim(0)); does nothing on other platforms.
void cac_trim_heap(void);

/// Puts the allocator into a state that does not depend on what the process allocated and freed
/// before (glibc only; elsewhere it does nothing): every tcache bin is emptied and every free chunk
/// is taken out of the bins, by allocations kept for the life of the process, so that what is
/// allocated next comes from the top of the heap. For a process that measures one thing and ends.
void cac_settle_heap(void);

#ifdef __cplusplus
}
#endif

#endif
