// One Valgrind process for many cases. See cac_forked_case in include/CInstructionCounter.h.
//
// Under callgrind most of a child's cost is starting: Valgrind reads the symbols of every shared
// library (Foundation's among them) and runs their initialisers, about 1.2 s of CPU per process
// against a few tenths for counting a case. Here the process that starts does that once and then
// forks a child per case; callgrind follows each fork and writes the child's dumps under its own
// process id. Nothing that process does depends on which cases it serves: it reads no order, only
// asks whether the next case's file exists, so every child starts from the same state, as a fresh
// process did.

#include "CInstructionCounter.h"

#if defined(__linux__) && defined(__x86_64__) && !defined(BENCH_NO_COUNTERS)

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int forked_case = -1;

int cac_forked_case(void) {
    return forked_case;
}

// Writes the child's process id to `case-NNNNN.pid`, whose dumps are then `cg.<pid>.out.<k>`.
static void write_process_id(int index) {
    char path[32];
    char text[24];
    snprintf(path, sizeof path, "case-%05d.pid", index);
    int length = snprintf(text, sizeof text, "%d\n", (int)getpid());
    int file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (file < 0 || write(file, text, (size_t)length) != length) {
        fprintf(stderr, "bench: error: cannot write %s: %s\n", path, strerror(errno));
        _exit(1);
    }
    close(file);
}

// Waits for the child serving case `index`; exits this process unless it exited with status 0.
static void await_case(pid_t child, int index) {
    int status = 0;
    while (waitpid(child, &status, 0) < 0) {
        if (errno != EINTR) {
            fprintf(stderr, "bench: error: waiting for case %d: %s\n", index, strerror(errno));
            _exit(1);
        }
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        return;
    }
    fprintf(stderr, "bench: error: the child counting case-%05d.label failed (%s %d)\n", index,
            WIFEXITED(status) ? "status" : "signal", WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
    _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 1);
}

// Runs before `main` in every process of this program, and does something only in
// `bench __count-instructions --fork-per-case`: for each `case-NNNNN.label` in the working
// directory, from 00000 up to the first missing one, it forks a child that returns from here, so
// that `main` counts that case, and waits for it; then it exits. glibc passes the arguments.
__attribute__((constructor)) static void serve_forked_cases(int argc, char **argv) {
    if (argc != 3 || strcmp(argv[1], "__count-instructions") != 0 || strcmp(argv[2], "--fork-per-case") != 0) {
        return;
    }
    for (int index = 0;; index++) {
        char path[32];
        snprintf(path, sizeof path, "case-%05d.label", index);
        if (access(path, F_OK) != 0) {
            _exit(0);
        }
        fflush(NULL);
        pid_t child = fork();
        if (child < 0) {
            fprintf(stderr, "bench: error: cannot fork for case %d: %s\n", index, strerror(errno));
            _exit(1);
        }
        if (child == 0) {
            forked_case = index;
            write_process_id(index);
            return;
        }
        await_case(child, index);
    }
}

#else

int cac_forked_case(void) {
    return -1;
}

#endif
