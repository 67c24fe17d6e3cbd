// Linux interfaces that Swift's Glibc module leaves out, and function forms of C macros.
#ifndef REVEILLE_CLINUX_SHIM_H
#define REVEILLE_CLINUX_SHIM_H

#include <spawn.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/pidfd.h>
#include <sys/timerfd.h>
#include <sys/wait.h>

// glibc declares these only under _GNU_SOURCE, which Swift's Glibc module is built without.
// The prototypes and the flag value are glibc's own (2.29+ for addchdir, 2.34+ for addclosefrom).
int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *__restrict actions,
                                         const char *__restrict path);
int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
int pipe2(int pipefd[2], int flags);
#ifndef POSIX_SPAWN_SETSID
#define POSIX_SPAWN_SETSID 0x80
#endif

// The wait-status macros, as functions Swift can call.
static inline int clinux_exit_code(int status) { return WEXITSTATUS(status); }
static inline int clinux_signaled(int status) { return WIFSIGNALED(status); }
static inline int clinux_terminating_signal(int status) { return WTERMSIG(status); }

#endif
