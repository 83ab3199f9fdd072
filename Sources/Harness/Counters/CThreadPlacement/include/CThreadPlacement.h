#ifndef C_THREAD_PLACEMENT_H
#define C_THREAD_PLACEMENT_H

// Thread placement: confining every thread of the process to one CPU while effect round trips are
// timed (see BenchmarkEngine's CPUConfinement). Linux only; elsewhere the functions do nothing and
// cac_confinement_is_available returns false.

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif
