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

/// True when allocations are really counted on this platform.
bool cac_is_available(void);

/// True when swift_task_create calls are counted on this platform.
bool cac_tasks_are_available(void);

/// True when Swift retains and releases are counted on this platform (calls made inside the Swift
/// core library itself never are).
bool cac_retains_are_available(void);

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

/// Does nothing, but the compiler cannot know that: whatever pointer is passed may be read.
/// Used to keep benchmark results alive (a black hole the optimizer cannot see through).
void cac_black_hole(const void *pointer);

/// Does nothing, but the compiler must assume the pointee was read and rewritten.
/// Used to launder benchmark inputs so they are not treated as constants.
void cac_escape(void *pointer);

// Instruction counting under Valgrind's callgrind tool, through client requests (the special
// no-op instruction sequences Valgrind recognises; natively they do nothing). Run the program with
// `valgrind --tool=callgrind --collect-atstart=no`: only code between cac_instructions_start and
// cac_instructions_stop (minus paused stretches) is counted, and each stop writes one dump file
// labelled `label`. Only x86_64 is supported; elsewhere these do nothing and
// cac_running_on_valgrind returns false.

/// True when the process runs under Valgrind (any tool).
bool cac_running_on_valgrind(void);

/// Zeroes callgrind's counters and starts collecting.
void cac_instructions_start(void);

/// Stops collecting and dumps the counts collected since the start, labelled `label`.
void cac_instructions_stop(const char *label);

/// Stops collecting until cac_instructions_resume (what runs meanwhile is not counted).
void cac_instructions_pause(void);

/// Collects again after cac_instructions_pause.
void cac_instructions_resume(void);

/// A body of known cost: on x86_64 exactly 9 instructions per operation (seven `nop`, a decrement
/// and a branch), written in assembly so that no compiler changes it. Does nothing for 0.
void cac_nine_instructions(uint64_t operations);


// Thread placement: confining every thread of the process to one CPU while effect round trips are
// timed (see BenchmarkEngine's CPUConfinement). Linux only; elsewhere the functions do nothing and
// cac_confinement_is_available returns false.

/// True when threads can be confined to a CPU on this platform.
bool cac_confinement_is_available(void);

/// Saves the calling thread's CPU set, then confines every thread of the process (as listed in
/// /proc/self/task) to the CPU the calling thread is running on. Returns that CPU, or -1 when the
/// calling thread could not be confined (nothing is changed then). While a confinement is open,
/// another call joins it (returning the same CPU) and needs a release of its own.
int cac_confine_threads(void);

/// Ends one successful cac_confine_threads; the last one open gives every thread of the process
/// the CPU set saved when the first was made. Returns false when some thread still alive could
/// not be given it.
bool cac_release_threads(void);


// Stack alignment: calling a body with its stack at a chosen offset within a page, whatever the
// caller's stack position (see BenchmarkEngine's StackAlignment).

/// The period stack positions repeat with, in bytes: a page.
#define CAC_STACK_PERIOD 4096

/// A body called by cac_call_at_stack_offset, given the context passed there.
typedef void (*cac_stack_body)(void *context);

/// Calls `body(context)` with the stack moved down so that the stack pointer at the call is the
/// same modulo CAC_STACK_PERIOD for every caller given the same `offset` (a multiple of 16 below
/// it); different offsets give stack pointers that differ by the offsets' difference modulo it.
void cac_call_at_stack_offset(uint32_t offset, cac_stack_body body, void *context);

/// The frame address of this call: where a function called at this point has its stack.
uintptr_t cac_stack_address(void);

#ifdef __cplusplus
}
#endif

#endif
