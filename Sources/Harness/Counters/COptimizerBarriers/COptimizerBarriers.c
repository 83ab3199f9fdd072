// Optimizer barriers. See include/COptimizerBarriers.h.

#include "COptimizerBarriers.h"

void cac_black_hole(const void *pointer) {
    __asm__ __volatile__("" : : "r"(pointer) : "memory");
}

void cac_escape(void *pointer) {
    __asm__ __volatile__("" : : "r"(pointer) : "memory");
}
