#ifndef C_INSTRUCTION_COUNTER_H
#define C_INSTRUCTION_COUNTER_H

// Instruction counting under Valgrind's callgrind tool, through client requests (the special
// no-op instruction sequences Valgrind recognises; natively they do nothing). Run the program with
// `valgrind --tool=callgrind --collect-atstart=no`: only code between cac_instructions_start and
// cac_instructions_stop (minus paused stretches) is counted, and each stop writes one dump file
// labelled `label`. Only x86_64 is supported; elsewhere these do nothing and
// cac_running_on_valgrind returns false.

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif
