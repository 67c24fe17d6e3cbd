/* The floor for "due -> Ringing": how late a bare CLOCK_REALTIME timerfd wakes a thread
 * blocked in read(2), as the agent's wake timer is armed (absolute, cancel on clock set).
 *
 *   timerwake COUNT
 *
 * Arms COUNT timers 20 ms apart and prints each wake's lateness in microseconds. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    int count = argc > 1 ? atoi(argv[1]) : 100;
    int fd = timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC);
    if (fd < 0) { perror("timerfd_create"); return 1; }
    for (int i = 0; i < count; i++) {
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        long long target = (long long)t.tv_sec * 1000000000LL + t.tv_nsec + 20000000LL;
        struct itimerspec spec = {.it_value = {target / 1000000000LL, target % 1000000000LL}};
        if (timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &spec, NULL) < 0) {
            perror("timerfd_settime");
            return 1;
        }
        uint64_t expirations;
        if (read(fd, &expirations, sizeof expirations) < 0) continue;   /* the clock was set: skip */
        clock_gettime(CLOCK_REALTIME, &t);
        printf("%.3f\n", ((long long)t.tv_sec * 1000000000LL + t.tv_nsec - target) / 1000.0);
    }
    return 0;
}
