#ifndef C_OPTIMIZER_BARRIERS_H
#define C_OPTIMIZER_BARRIERS_H

// Optimizer barriers: calls the compiler cannot see through, so a benchmark's inputs are not
// treated as constants and its results are not thrown away (see BenchmarkEngine's
// OptimizerBarriers). The same on every platform.

#ifdef __cplusplus
extern "C" {
#endif

/// Does nothing, but the compiler cannot know that: whatever pointer is passed may be read.
/// Used to keep benchmark results alive (a black hole the optimizer cannot see through).
void cac_black_hole(const void *pointer);

/// Does nothing, but the compiler must assume the pointee was read and rewritten.
/// Used to launder benchmark inputs so they are not treated as constants.
void cac_escape(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
