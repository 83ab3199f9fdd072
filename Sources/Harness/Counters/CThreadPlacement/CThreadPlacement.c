// Thread placement. See include/CThreadPlacement.h.
//
// Affinity is a property of each thread on Linux, and a new thread inherits its creator's, so the
// whole process is confined by setting every thread listed in /proc/self/task. The list is walked
// twice: a thread that an unconfined thread creates while the first walk is under way is caught
// by the second.

#define _GNU_SOURCE
#include "CThreadPlacement.h"

#if defined(__linux__) && !defined(BENCH_NO_COUNTERS)

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

// The CPU set to give back, and how many confinements are open: a confinement opened while another
// is (two callers at once, say parallel tests) shares it, and only the last release gives the CPUs
// back.
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static cpu_set_t saved_set;
static int depth;
static int confined_cpu;

/// Gives every thread of the process `set`; false when a thread still alive refused it.
static bool set_every_thread(const cpu_set_t *set) {
    bool all = true;
    for (int walk = 0; walk < 2; walk++) {
        DIR *tasks = opendir("/proc/self/task");
        if (tasks == NULL) return false;
        struct dirent *entry;
        while ((entry = readdir(tasks)) != NULL) {
            if (entry->d_name[0] == '.') continue;
            pid_t thread = (pid_t)strtol(entry->d_name, NULL, 10);
            // ESRCH: the thread ended since the directory was read.
            if (sched_setaffinity(thread, sizeof *set, set) != 0 && errno != ESRCH) all = false;
        }
        closedir(tasks);
    }
    return all;
}

bool cac_confinement_is_available(void) { return true; }

int cac_confine_threads(void) {
    pthread_mutex_lock(&lock);
    if (depth > 0) {
        depth++;
        pthread_mutex_unlock(&lock);
        return confined_cpu;
    }
    int cpu = sched_getcpu();
    cpu_set_t one;
    CPU_ZERO(&one);
    if (cpu >= 0) CPU_SET(cpu, &one);
    if (cpu < 0 || sched_getaffinity(0, sizeof saved_set, &saved_set) != 0
        || sched_setaffinity(0, sizeof one, &one) != 0) {
        pthread_mutex_unlock(&lock);
        return -1;
    }
    set_every_thread(&one);
    depth = 1;
    confined_cpu = cpu;
    pthread_mutex_unlock(&lock);
    return cpu;
}

bool cac_release_threads(void) {
    pthread_mutex_lock(&lock);
    bool released = true;
    if (depth > 0 && --depth == 0) released = set_every_thread(&saved_set);
    pthread_mutex_unlock(&lock);
    return released;
}

#else

bool cac_confinement_is_available(void) { return false; }
int cac_confine_threads(void) { return -1; }
bool cac_release_threads(void) { return true; }

#endif
