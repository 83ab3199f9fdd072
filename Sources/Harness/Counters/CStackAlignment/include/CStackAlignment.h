#ifndef C_STACK_ALIGNMENT_H
#define C_STACK_ALIGNMENT_H

// Stack alignment: calling a body with its stack at a chosen offset within a page, whatever the
// caller's stack position (see BenchmarkEngine's StackAlignment).

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

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
