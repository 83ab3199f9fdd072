#ifndef C_INSTRUCTION_COUNTER_H
#define C_INSTRUCTION_COUNTER_H

// Instruction counting under Valgrind's callgrind tool, through client requests (the special
// no-op instruction sequences Valgrind recognises; natively they do nothing). Run the program with
// `valgrind --tool=callgrind`: each stretch from cac_instructions_start to cac_instructions_stop
// writes one dump file labelled `label` holding what every thread executed in it, minus what the
// pausing thread executed in its paused stretches. The start and stop zero and dump the counters of
// all threads; a pause switches collection off for the calling thread only (callgrind's collection
// switch is per thread), so a window is never opened by switching collection on: work that a
// window waits for on another thread would go uncounted. Only x86_64 is supported; elsewhere these
// do nothing and cac_running_on_valgrind returns false.

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// True when this build has the client requests (x86_64, not built with BENCH_NO_COUNTERS).
bool cac_instructions_are_built_in(void);

/// True when the process runs under Valgrind (any tool).
bool cac_running_on_valgrind(void);

/// Breaks instruction counting on purpose, for the process's life: every window from then on counts
/// only what runs between windows, so the known loop's self-check fails (BENCH_BREAK_COUNTER,
/// docs/platforms.md). Call it before any window opens.
void cac_break_instructions(void);

/// Zeroes callgrind's counters of every thread.
void cac_instructions_start(void);

/// Dumps the counts of every thread since the start, labelled `label`.
void cac_instructions_stop(const char *label);

/// Stops collecting on the calling thread until cac_instructions_resume (what it runs meanwhile is
/// not counted).
void cac_instructions_pause(void);

/// Collects again on the calling thread after cac_instructions_pause.
void cac_instructions_resume(void);

/// A body of known cost: on x86_64 exactly 9 instructions per operation (seven `nop`, a decrement
/// and a branch), written in assembly so that no compiler changes it. Does nothing for 0.
void cac_nine_instructions(uint64_t operations);

/// In a child of `bench __count-instructions --fork-per-case` (Linux x86_64), the number of the case
/// it counts, whose label is in `case-NNNNN.label` in the working directory; -1 in any other
/// process. That process, started under callgrind, forks one child per case before `main` runs and
/// waits for each (ForkPerCase.c): Valgrind starts once for all of them.
int cac_forked_case(void);

#ifdef __cplusplus
}
#endif

#endif
