// libdispatch's main thread under Valgrind.
//
// An async Swift program whose main task suspends hands its main thread to `dispatch_main`, which
// ends in libdispatch waiting in `sigsuspend` on a signal mask it keeps in read-only memory.
// Valgrind 3.19's wrapper of `rt_sigsuspend` removes its own signals from the client's mask in
// place, so writing that read-only page kills Valgrind itself (`VALGRIND INTERNAL ERROR: ... signal
// 11`): the instruction pass could not count any case that suspends. This definition, which the
// executable's dynamic symbol table offers before the C library's, passes the kernel a copy of the
// mask instead. Natively it does what the C library's does: wait with `mask` until a signal is
// handled, then return -1 with errno EINTR.

#if defined(__linux__)

#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    return (int)syscall(SYS_rt_sigsuspend, &copy, _NSIG / 8);
}

#endif
