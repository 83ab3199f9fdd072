// Callgrind client requests. See include/CInstructionCounter.h.
//
// A client request is a sequence of rotations of a register by a total of 128 bits (no effect on a
// real CPU) followed by `xchg %rbx,%rbx`; Valgrind recognises the sequence and reads the request
// from the array whose address is in %rax, returning its answer in %rdx. The request numbers are
// those of Valgrind's public headers (valgrind.h, callgrind.h), which this file does not include so
// that the package builds without Valgrind installed.

#include "CInstructionCounter.h"

#include <stdatomic.h>
#include <stdint.h>

#if defined(__x86_64__) && !defined(BENCH_NO_COUNTERS)

enum {
    running_on_valgrind_request = 0x1001,
    // Callgrind's requests start at ('C' << 24) | ('T' << 16).
    callgrind_base = (0x43 << 24) | (0x54 << 16),
    zero_stats_request = callgrind_base + 1,
    toggle_collect_request = callgrind_base + 2,
    dump_stats_at_request = callgrind_base + 3,
    start_instrumentation_request = callgrind_base + 4,
};

static uint64_t client_request(uint64_t request, uint64_t argument) {
    volatile uint64_t arguments[6] = {request, argument, 0, 0, 0, 0};
    uint64_t result = 0;
    __asm__ volatile(
        "rolq $3, %%rdi\n\trolq $13, %%rdi\n\trolq $61, %%rdi\n\trolq $51, %%rdi\n\t"
        "xchgq %%rbx, %%rbx"
        : "=d"(result)
        : "a"(&arguments[0]), "0"(result)
        : "cc", "memory");
    return result;
}

bool cac_instructions_are_built_in(void) {
    return true;
}

bool cac_running_on_valgrind(void) {
    return client_request(running_on_valgrind_request, 0) != 0;
}

// Set by cac_break_instructions: each window then switches collection off on the calling thread
// instead of zeroing the counters, and back on after its dump, so its dump holds only what ran
// between windows.
static bool instructions_broken = false;

void cac_break_instructions(void) {
    instructions_broken = true;
}

// Set once the first window has switched callgrind's instrumentation on. The instruction pass
// starts its children with `--instr-atstart=no`, so everything before the first window (loading,
// building the case, settling the heap) runs uninstrumented, several times faster, and counts
// nothing either way. Under the default `--instr-atstart=yes` the request does nothing.
static _Atomic bool instrumenting = false;

void cac_instructions_start(void) {
    if (!atomic_exchange(&instrumenting, true)) {
        client_request(start_instrumentation_request, 0);
    }
    client_request(instructions_broken ? toggle_collect_request : zero_stats_request, 0);
}

void cac_instructions_stop(const char *label) {
    client_request(dump_stats_at_request, (uint64_t)(uintptr_t)label);
    if (instructions_broken) {
        client_request(toggle_collect_request, 0);
    }
}

void cac_instructions_pause(void) {
    client_request(toggle_collect_request, 0);
}

void cac_instructions_resume(void) {
    client_request(toggle_collect_request, 0);
}

void cac_nine_instructions(uint64_t operations) {
    if (operations == 0) {
        return;
    }
    __asm__ volatile(
        "1:\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tdecq %0\n\tjnz 1b"
        : "+r"(operations)
        :
        : "cc");
}

#else

bool cac_instructions_are_built_in(void) {
    return false;
}

bool cac_running_on_valgrind(void) {
    return false;
}

void cac_break_instructions(void) {
}

void cac_instructions_start(void) {
}

void cac_instructions_stop(const char *label) {
    (void)label;
}

void cac_instructions_pause(void) {
}

void cac_instructions_resume(void) {
}

void cac_nine_instructions(uint64_t operations) {
    for (volatile uint64_t left = operations; left > 0; left--) {
    }
}

#endif
