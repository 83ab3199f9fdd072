// Allocation counting by interposition. See include/CAllocationCounter.h.
//
// Rules this file keeps, because it runs inside malloc:
// - nothing here allocates (no dlsym, no printf, no locks that allocate) on the counting path;
// - the counters are C11 atomics updated with relaxed ordering, so concurrent and re-entrant
//   calls (a signal handler or a library calling malloc from inside malloc) are safe;
// - when counting is off, each call costs one relaxed atomic load before forwarding.

#include "CAllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__) && !defined(BENCH_NO_COUNTERS)

#include <dlfcn.h>
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

// Any window open at all (all-threads window plus threads with a window): the fast-path check.
static _Atomic int open_windows = 0;
// 1 while the all-threads window is open; claimed with a compare-and-swap.
static _Atomic int all_threads_window = 0;

// Counters of the all-threads window, cumulative over every such window.
static _Atomic uint64_t allocation_count = 0;
static _Atomic uint64_t free_count = 0;
static _Atomic uint64_t allocated_bytes = 0;
static _Atomic int64_t live_bytes = 0;
static _Atomic uint64_t task_count = 0;
static _Atomic uint64_t retain_count = 0;
static _Atomic uint64_t release_count = 0;

// Counters of current-thread windows, one set per thread, cumulative over that thread's windows.
// Only the owning thread writes or reads them; they are atomics so that a re-entrant call (a
// signal handler allocating mid-update) cannot tear them. initial-exec keeps every access a plain
// offset from the thread pointer (no __tls_get_addr, which may allocate).
typedef struct {
    unsigned depth;
    _Atomic uint64_t allocations;
    _Atomic uint64_t frees;
    _Atomic uint64_t bytes_allocated;
    _Atomic int64_t live_bytes;
    _Atomic uint64_t tasks_created;
    _Atomic uint64_t retains;
    _Atomic uint64_t releases;
} thread_counters;

static _Thread_local thread_counters this_thread __attribute__((tls_model("initial-exec")));

// The helpers every malloc, free, retain and release runs. A release build inlines them anyway; a
// debug build (-O0, what `swift test` runs) calls each one unless told to inline it: with the
// counting itself they took about a quarter of a `swift test` run's CPU samples.
#define CAC_HOT static inline __attribute__((always_inline))

// Counters broken on purpose (cac_break_counters): their events are dropped. Read only while a
// window is open, so the fast path is unchanged.
static _Atomic unsigned broken_counters = 0;

CAC_HOT bool is_broken(unsigned counter) {
    return (atomic_load_explicit(&broken_counters, memory_order_relaxed) & counter) != 0;
}

// Which counter sets an event on this thread goes to, right now.
typedef struct {
    bool all_threads;
    bool this_thread;
} targets;

CAC_HOT targets counting_targets(void) {
    targets result = {false, false};
    if (__builtin_expect(atomic_load_explicit(&open_windows, memory_order_relaxed) == 0, 1)) {
        return result;
    }
    result.all_threads = atomic_load_explicit(&all_threads_window, memory_order_relaxed) != 0;
    result.this_thread = this_thread.depth > 0;
    return result;
}

CAC_HOT void add_allocation(targets to, size_t requested, size_t usable) {
    if (is_broken(CAC_BREAK_ALLOCATIONS)) {
        return;
    }
    if (to.all_threads) {
        atomic_fetch_add_explicit(&allocation_count, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&allocated_bytes, (uint64_t)requested, memory_order_relaxed);
        atomic_fetch_add_explicit(&live_bytes, (int64_t)usable, memory_order_relaxed);
    }
    if (to.this_thread) {
        atomic_fetch_add_explicit(&this_thread.allocations, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&this_thread.bytes_allocated, (uint64_t)requested, memory_order_relaxed);
        atomic_fetch_add_explicit(&this_thread.live_bytes, (int64_t)usable, memory_order_relaxed);
    }
}

CAC_HOT void add_free(targets to, size_t usable) {
    if (is_broken(CAC_BREAK_ALLOCATIONS)) {
        return;
    }
    if (to.all_threads) {
        atomic_fetch_add_explicit(&free_count, 1, memory_order_relaxed);
        atomic_fetch_sub_explicit(&live_bytes, (int64_t)usable, memory_order_relaxed);
    }
    if (to.this_thread) {
        atomic_fetch_add_explicit(&this_thread.frees, 1, memory_order_relaxed);
        atomic_fetch_sub_explicit(&this_thread.live_bytes, (int64_t)usable, memory_order_relaxed);
    }
}

CAC_HOT bool any(targets to) {
    return to.all_threads || to.this_thread;
}

CAC_HOT void record_allocation(void *block, size_t requested) {
    if (block == NULL) {
        return;
    }
    targets to = counting_targets();
    if (any(to)) {
        add_allocation(to, requested, malloc_usable_size(block));
    }
}

CAC_HOT void record_free(void *block) {
    if (block == NULL) {
        return;
    }
    targets to = counting_targets();
    if (any(to)) {
        add_free(to, malloc_usable_size(block));
    }
}

static inline bool is_power_of_two(size_t value) {
    return value != 0 && (value & (value - 1)) == 0;
}

void *malloc(size_t size) {
    void *block = __libc_malloc(size);
    record_allocation(block, size);
    return block;
}

void *calloc(size_t count, size_t size) {
    void *block = __libc_calloc(count, size);
    // A non-NULL result means count * size did not overflow.
    record_allocation(block, count * size);
    return block;
}

void *realloc(void *pointer, size_t size) {
    if (pointer == NULL) {
        return malloc(size);
    }
    if (size == 0) {
        // glibc frees the block and returns NULL.
        record_free(pointer);
        return __libc_realloc(pointer, size);
    }
    // A counted realloc is one free of the old block and one allocation of the new one, whether
    // or not glibc moved it: that keeps counts independent of heap layout.
    targets to = counting_targets();
    size_t old_usable = any(to) ? malloc_usable_size(pointer) : 0;
    void *block = __libc_realloc(pointer, size);
    if (block != NULL && any(to)) {
        add_free(to, old_usable);
        add_allocation(to, size, malloc_usable_size(block));
    }
    return block;
}

void *reallocarray(void *pointer, size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    return realloc(pointer, total);
}

void free(void *pointer) {
    record_free(pointer);
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    void *block = __libc_memalign(alignment, size);
    record_allocation(block, size);
    return block;
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (!is_power_of_two(alignment)) {
        errno = EINVAL;
        return NULL;
    }
    return memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (!is_power_of_two(alignment) || alignment % sizeof(void *) != 0) {
        return EINVAL;
    }
    void *block = __libc_memalign(alignment, size);
    if (block == NULL) {
        return ENOMEM;
    }
    record_allocation(block, size);
    *result = block;
    return 0;
}

void *valloc(size_t size) {
    void *block = __libc_valloc(size);
    record_allocation(block, size);
    return block;
}

void *pvalloc(size_t size) {
    void *block = __libc_pvalloc(size);
    record_allocation(block, size);
    return block;
}

// MARK: Swift task creation
//
// Counts tasks created through swift_task_create (Task {}, Task.detached, task group children).
// `async let` goes through a runtime-internal path and is not counted. Only x86_64 is enabled: the
// swiftcall lowering of the two-pointer result was verified there; elsewhere tasks are reported as
// unavailable. dlsym comes from libdl, which the Glibc Swift module already links.

#if defined(__has_attribute) && __has_attribute(swiftcall) && defined(__x86_64__)

// The runtime's AsyncTaskAndContext: two pointers, returned in two registers under swiftcall.
typedef struct {
    void *task;
    void *context;
} cac_task_and_context;

typedef cac_task_and_context (*cac_task_create_function)(
    size_t flags, void *options, const void *result_type, void *closure_entry, void *closure_context)
    __attribute__((swiftcall));

static _Atomic(cac_task_create_function) original_task_create = NULL;
static _Atomic bool task_counting_works = false;

__attribute__((swiftcall)) cac_task_and_context swift_task_create(
    size_t flags, void *options, const void *result_type, void *closure_entry, void *closure_context);

// dlsym may allocate: this runs once, from a constructor, before any counting window can open.
__attribute__((constructor)) static void cac_resolve_task_create(void) {
    cac_task_create_function original = (cac_task_create_function)dlsym(RTLD_NEXT, "swift_task_create");
    atomic_store_explicit(&original_task_create, original, memory_order_release);
    // Task counting works only if calls really reach the definition below: with a statically linked
    // Swift runtime the runtime's own (strong) definition wins over this weak one, and there is no
    // next definition to forward to.
    void *winner = dlsym(RTLD_DEFAULT, "swift_task_create");
    atomic_store_explicit(
        &task_counting_works, original != NULL && winner == (void *)&swift_task_create, memory_order_release);
}

// Same signature as the Swift runtime's swift_task_create (swift/Runtime/Concurrency.h). Weak, so a
// statically linked runtime's definition replaces it instead of clashing with it.
__attribute__((weak, swiftcall, visibility("default"))) cac_task_and_context swift_task_create(
    size_t flags, void *options, const void *result_type, void *closure_entry, void *closure_context) {
    cac_task_create_function original = atomic_load_explicit(&original_task_create, memory_order_acquire);
    if (__builtin_expect(original == NULL, 0)) {
        // Only reachable if a constructor creates a task before ours ran.
        original = (cac_task_create_function)dlsym(RTLD_NEXT, "swift_task_create");
        if (original == NULL) {
            fputs("CAllocationCounter: swift_task_create not found in the Swift runtime\n", stderr);
            abort();
        }
        atomic_store_explicit(&original_task_create, original, memory_order_release);
    }
    targets to = counting_targets();
    if (any(to) && is_broken(CAC_BREAK_TASKS)) {
        to.all_threads = to.this_thread = false;
    }
    if (to.all_threads) {
        atomic_fetch_add_explicit(&task_count, 1, memory_order_relaxed);
    }
    if (to.this_thread) {
        atomic_fetch_add_explicit(&this_thread.tasks_created, 1, memory_order_relaxed);
    }
    return original(flags, options, result_type, closure_entry, closure_context);
}

static bool tasks_are_counted(void) {
    return atomic_load_explicit(&task_counting_works, memory_order_acquire);
}

// MARK: Serial executor
//
// The concurrency runtime calls swift_task_enqueueGlobal_hook for every job it hands to the global
// executor: a task starting or resuming off any actor, a default actor's queue being scheduled. In
// serial mode the hook passes such a job to the main executor instead, so every job runs on the
// main actor's thread, one at a time, in the order it was enqueued: the technique
// swift-concurrency-extras uses to make concurrent tests deterministic. Outside serial mode the
// hook passes the job on unchanged.

typedef void (*cac_enqueue_original)(void *job) __attribute__((swiftcall));
typedef void (*cac_enqueue_hook)(void *job, cac_enqueue_original original) __attribute__((swiftcall));

extern cac_enqueue_hook swift_task_enqueueGlobal_hook __attribute__((weak));
__attribute__((swiftcall, weak)) void swift_task_enqueueMainExecutor(void *job);

static _Atomic bool serial_mode = false;
static _Atomic bool hook_installed = false;

__attribute__((swiftcall)) static void cac_enqueue_global(void *job, cac_enqueue_original original) {
    if (atomic_load_explicit(&serial_mode, memory_order_relaxed)) {
        swift_task_enqueueMainExecutor(job);
        return;
    }
    original(job);
}

__attribute__((constructor)) static void cac_install_enqueue_hook(void) {
    if (&swift_task_enqueueGlobal_hook == NULL || swift_task_enqueueMainExecutor == NULL) {
        return;
    }
    if (swift_task_enqueueGlobal_hook != NULL) {
        return;  // Someone else's hook: leave it alone; serial mode is then unavailable.
    }
    swift_task_enqueueGlobal_hook = cac_enqueue_global;
    atomic_store_explicit(&hook_installed, true, memory_order_release);
}

static bool serial_mode_works(void) {
    return atomic_load_explicit(&hook_installed, memory_order_acquire);
}

bool cac_serial_executor_is_available(void) {
    return serial_mode_works();
}

bool cac_set_serial_executor(bool on) {
    if (!serial_mode_works()) {
        return false;
    }
    atomic_store_explicit(&serial_mode, on, memory_order_release);
    return true;
}
#else
static bool tasks_are_counted(void) {
    return false;
}

bool cac_serial_executor_is_available(void) {
    return false;
}

bool cac_set_serial_executor(bool on) {
    (void)on;
    return false;
}
#endif

// MARK: Swift retains and releases
//
// The executable defines the runtime's strong retain and release entry points the compiler emits
// on Linux (swift_retain, swift_release, their _n forms and the bridge-object forms; there are no
// unknown-object forms without Objective-C), counts each call with a non-NULL object while a window
// is open, and forwards it to the runtime's own definition (dlsym RTLD_NEXT). Calls from the
// executable's own code and from other shared libraries (Observation, Foundation, concurrency) bind
// to these definitions; calls the Swift core library makes to itself are bound inside it and are
// not seen. Only x86_64 is enabled: these entry points use the C calling convention there (a single
// pointer in, the same pointer out); elsewhere retains are reported as unavailable. Building with
// -Xcc -DCAC_NO_RETAIN_COUNTERS leaves them out too: a binary to time against, to see what the
// forwarders still cost (docs/measurement.md, "Counting and timing in child processes").

#if defined(__x86_64__) && !defined(CAC_NO_RETAIN_COUNTERS)

typedef void *(*cac_retain_function)(void *object);
typedef void *(*cac_retain_n_function)(void *object, uint32_t count);
typedef void (*cac_release_function)(void *object);
typedef void (*cac_release_n_function)(void *object, uint32_t count);

static _Atomic bool reference_counting_works = false;

CAC_HOT void count_references(const void *object, uint64_t count, bool is_retain) {
    if (object == NULL) {
        return;
    }
    targets to = counting_targets();
    if (any(to) && is_broken(CAC_BREAK_RETAINS)) {
        return;
    }
    if (to.all_threads) {
        atomic_fetch_add_explicit(is_retain ? &retain_count : &release_count, count, memory_order_relaxed);
    }
    if (to.this_thread) {
        atomic_fetch_add_explicit(
            is_retain ? &this_thread.retains : &this_thread.releases, count, memory_order_relaxed);
    }
}

static void *next_definition(const char *name) {
    void *next = dlsym(RTLD_NEXT, name);
    if (next == NULL) {
        fprintf(stderr, "CAllocationCounter: %s not found in the Swift runtime\n", name);
        abort();
    }
    return next;
}

// One forwarder per entry point. Every retain and release the process makes runs it, timed or not,
// so its common path (no window open, the runtime's definition already found) is kept to two loads,
// two tests and a tail jump, with no stack frame, so that it adds as little as it can to the times
// of styles with much retain and release traffic (docs/measurement.md, "Counting"). Everything else
// (finding the runtime's definition on first use, counting) is in an out-of-line slow path; dlsym
// does not retain or release, so resolving inside the call is safe.
#define CAC_FORWARD(name, type)                                                       \
    static _Atomic(type) next_##name = NULL;                                          \
    __attribute__((noinline)) static type resolve_##name(void) {                      \
        type next = (type)next_definition(#name);                                     \
        atomic_store_explicit(&next_##name, next, memory_order_relaxed);              \
        return next;                                                                  \
    }                                                                                 \
    CAC_HOT type common_##name(void) {                                                \
        type next = atomic_load_explicit(&next_##name, memory_order_relaxed);         \
        if (__builtin_expect(next == NULL, 0)) {                                      \
            return NULL;                                                              \
        }                                                                             \
        return atomic_load_explicit(&open_windows, memory_order_relaxed) == 0 ? next : NULL; \
    }                                                                                 \
    CAC_HOT type original_##name(void) {                                              \
        type next = atomic_load_explicit(&next_##name, memory_order_relaxed);         \
        return __builtin_expect(next == NULL, 0) ? resolve_##name() : next;           \
    }

#define CAC_RETAIN(name)                                                              \
    CAC_FORWARD(name, cac_retain_function)                                            \
    __attribute__((noinline)) static void *slow_##name(void *object) {                \
        count_references(object, 1, true);                                            \
        return original_##name()(object);                                             \
    }                                                                                 \
    __attribute__((weak, visibility("default"))) void *name(void *object) {           \
        cac_retain_function next = common_##name();                                   \
        return __builtin_expect(next != NULL, 1) ? next(object) : slow_##name(object); \
    }

#define CAC_RETAIN_N(name)                                                            \
    CAC_FORWARD(name, cac_retain_n_function)                                          \
    __attribute__((noinline)) static void *slow_##name(void *object, uint32_t n) {    \
        count_references(object, n, true);                                            \
        return original_##name()(object, n);                                          \
    }                                                                                 \
    __attribute__((weak, visibility("default"))) void *name(void *object, uint32_t n) { \
        cac_retain_n_function next = common_##name();                                 \
        return __builtin_expect(next != NULL, 1) ? next(object, n) : slow_##name(object, n); \
    }

#define CAC_RELEASE(name)                                                             \
    CAC_FORWARD(name, cac_release_function)                                           \
    __attribute__((noinline)) static void slow_##name(void *object) {                 \
        count_references(object, 1, false);                                           \
        original_##name()(object);                                                    \
    }                                                                                 \
    __attribute__((weak, visibility("default"))) void name(void *object) {            \
        cac_release_function next = common_##name();                                  \
        if (__builtin_expect(next != NULL, 1)) {                                      \
            next(object);                                                             \
        } else {                                                                      \
            slow_##name(object);                                                      \
        }                                                                             \
    }

#define CAC_RELEASE_N(name)                                                           \
    CAC_FORWARD(name, cac_release_n_function)                                         \
    __attribute__((noinline)) static void slow_##name(void *object, uint32_t n) {     \
        count_references(object, n, false);                                           \
        original_##name()(object, n);                                                 \
    }                                                                                 \
    __attribute__((weak, visibility("default"))) void name(void *object, uint32_t n) { \
        cac_release_n_function next = common_##name();                                \
        if (__builtin_expect(next != NULL, 1)) {                                      \
            next(object, n);                                                          \
        } else {                                                                      \
            slow_##name(object, n);                                                   \
        }                                                                             \
    }

CAC_RETAIN(swift_retain)
CAC_RETAIN_N(swift_retain_n)
CAC_RELEASE(swift_release)
CAC_RELEASE_N(swift_release_n)
CAC_RETAIN(swift_bridgeObjectRetain)
CAC_RETAIN_N(swift_bridgeObjectRetain_n)
CAC_RELEASE(swift_bridgeObjectRelease)
CAC_RELEASE_N(swift_bridgeObjectRelease_n)

// Counting works only if calls reach the definitions above: with a statically linked runtime its
// strong definitions replace these weak ones. dlsym may allocate: this runs before any window opens.
__attribute__((constructor)) static void cac_check_reference_counting(void) {
    void *winner = dlsym(RTLD_DEFAULT, "swift_retain");
    void *next = dlsym(RTLD_NEXT, "swift_retain");
    atomic_store_explicit(
        &reference_counting_works, next != NULL && winner == (void *)&swift_retain, memory_order_release);
}

static bool references_are_counted(void) {
    return atomic_load_explicit(&reference_counting_works, memory_order_acquire);
}

#else

static bool references_are_counted(void) {
    return false;
}

#endif

// MARK: Control

bool cac_built_without_counters(void) {
    return false;
}

bool cac_is_available(void) {
    return true;
}

bool cac_tasks_are_available(void) {
    return tasks_are_counted();
}

bool cac_retains_are_available(void) {
    return references_are_counted();
}


void cac_break_counters(unsigned counters) {
    atomic_store_explicit(&broken_counters, counters, memory_order_relaxed);
}

bool cac_start_all_threads(void) {
    int expected = 0;
    if (!atomic_compare_exchange_strong_explicit(
            &all_threads_window, &expected, 1, memory_order_acq_rel, memory_order_relaxed)) {
        return false;
    }
    atomic_fetch_add_explicit(&open_windows, 1, memory_order_seq_cst);
    return true;
}

void cac_stop_all_threads(void) {
    atomic_store_explicit(&all_threads_window, 0, memory_order_release);
    atomic_fetch_sub_explicit(&open_windows, 1, memory_order_seq_cst);
}

bool cac_is_counting_all_threads(void) {
    return atomic_load_explicit(&all_threads_window, memory_order_relaxed) != 0;
}

void cac_start_current_thread(void) {
    if (this_thread.depth++ == 0) {
        atomic_fetch_add_explicit(&open_windows, 1, memory_order_seq_cst);
    }
}

void cac_stop_current_thread(void) {
    if (this_thread.depth > 0 && --this_thread.depth == 0) {
        atomic_fetch_sub_explicit(&open_windows, 1, memory_order_seq_cst);
    }
}

cac_counts cac_read(void) {
    cac_counts counts;
    counts.allocations = atomic_load_explicit(&allocation_count, memory_order_relaxed);
    counts.frees = atomic_load_explicit(&free_count, memory_order_relaxed);
    counts.bytes_allocated = atomic_load_explicit(&allocated_bytes, memory_order_relaxed);
    counts.live_bytes = atomic_load_explicit(&live_bytes, memory_order_relaxed);
    counts.tasks_created = atomic_load_explicit(&task_count, memory_order_relaxed);
    counts.retains = atomic_load_explicit(&retain_count, memory_order_relaxed);
    counts.releases = atomic_load_explicit(&release_count, memory_order_relaxed);
    return counts;
}

cac_counts cac_read_current_thread(void) {
    cac_counts counts;
    counts.allocations = atomic_load_explicit(&this_thread.allocations, memory_order_relaxed);
    counts.frees = atomic_load_explicit(&this_thread.frees, memory_order_relaxed);
    counts.bytes_allocated = atomic_load_explicit(&this_thread.bytes_allocated, memory_order_relaxed);
    counts.live_bytes = atomic_load_explicit(&this_thread.live_bytes, memory_order_relaxed);
    counts.tasks_created = atomic_load_explicit(&this_thread.tasks_created, memory_order_relaxed);
    counts.retains = atomic_load_explicit(&this_thread.retains, memory_order_relaxed);
    counts.releases = atomic_load_explicit(&this_thread.releases, memory_order_relaxed);
    return counts;
}

void cac_trim_heap(void) {
    malloc_trim(0);
}

// Free bytes in the bins (and fastbins), not counting the top chunk.
static size_t free_in_bins(void) {
    struct mallinfo2 info = mallinfo2();
    return info.fordblks - info.keepcost;
}

void cac_settle_heap(void) {
    malloc_trim(0);  // fastbins consolidated into the bins
    // glibc's tcache keeps up to 7 chunks of each of its 64 sizes (24 to 1032 usable bytes).
    for (size_t request = 24; request <= 1032; request += 16) {
        for (int taken = 0; taken < 8; taken++) {
            (void)malloc(request);
        }
    }
    // Largest requests first; a request the bins could not serve came from the top: halve it.
    size_t request = (size_t)1 << 16;
    for (int step = 0; step < 1000000 && request >= 16; step++) {
        size_t before = free_in_bins();
        if (before < 32) {
            break;
        }
        while (request > before) {
            request /= 2;
        }
        (void)malloc(request);
        if (free_in_bins() >= before) {
            request /= 2;
        }
    }
}

#else

// Stubs: this platform has no interposer (or the build asked for none with BENCH_NO_COUNTERS, to
// stand in for one: docs/platforms.md), so nothing is counted and nothing claims to be.

bool cac_built_without_counters(void) {
#if defined(BENCH_NO_COUNTERS)
    return true;
#else
    return false;
#endif
}

bool cac_is_available(void) {
    return false;
}

bool cac_tasks_are_available(void) {
    return false;
}

bool cac_retains_are_available(void) {
    return false;
}

bool cac_serial_executor_is_available(void) {
    return false;
}

bool cac_set_serial_executor(bool on) {
    (void)on;
    return false;
}

void cac_break_counters(unsigned counters) {
    (void)counters;
}

bool cac_start_all_threads(void) {
    return false;
}

void cac_stop_all_threads(void) {
}

bool cac_is_counting_all_threads(void) {
    return false;
}

void cac_start_current_thread(void) {
}

void cac_stop_current_thread(void) {
}

cac_counts cac_read(void) {
    cac_counts counts = {0, 0, 0, 0, 0, 0, 0};
    return counts;
}

cac_counts cac_read_current_thread(void) {
    return cac_read();
}

void cac_trim_heap(void) {
}

void cac_settle_heap(void) {
}

#endif
