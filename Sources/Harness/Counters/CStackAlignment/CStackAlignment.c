// Stack alignment. See include/CStackAlignment.h.
//
// The body is called below a pad whose size is chosen from this frame's own address, so the
// body's stack pointer is the same modulo the page size whatever depth this function was called
// at: the caller's stack position (which the environment's size and address-space randomisation
// decide) no longer reaches the body.

#include "CStackAlignment.h"

#include <alloca.h>
#include <stddef.h>

__attribute__((noinline)) void cac_call_at_stack_offset(
    uint32_t offset, cac_stack_body body, void *context) {
    uintptr_t frame = (uintptr_t)__builtin_frame_address(0);
    // Bytes to move down so that the frame address less the pad is `offset` modulo the period,
    // in the 16-byte steps the ABI keeps the stack aligned to.
    uintptr_t pad = (frame - (uintptr_t)offset) % CAC_STACK_PERIOD;
    pad &= ~(uintptr_t)15;
    volatile char *bytes = alloca(pad + 16);
    bytes[0] = 0;
    body(context);
    // Keeps the pad alive across the call, so the compiler can neither drop it nor make the call
    // a tail call from the padded frame's caller.
    __asm__ volatile("" : : "r"(bytes) : "memory");
}

uintptr_t cac_stack_address(void) {
    return (uintptr_t)__builtin_frame_address(0);
}
