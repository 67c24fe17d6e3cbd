/* Watches the null sink's monitor and prints when sound starts.
 *
 *   sinkwatch SOURCE
 *
 * Reads SOURCE (e.g. testsink.monitor) in 1 ms chunks. After at least 100 ms of digital
 * silence, the next chunk with a non-zero sample prints "onset T" (Unix seconds, when that
 * sample reached this reader, to within the 1 ms chunk); the first sample at or above -40 dBFS after it prints
 * "loud T"; once 100 ms of silence follow a sound, "silence T" gives when that silence began.
 * "ready" is printed once the stream records. Runs until killed. */
#include <pulse/error.h>
#include <pulse/simple.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { RATE = 48000, CHUNK = RATE / 1000, QUIET_FRAMES = RATE / 10, LOUD = 328 };

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    pa_sample_spec spec = {.format = PA_SAMPLE_S16LE, .rate = RATE, .channels = 1};
    pa_buffer_attr attr = {.maxlength = (uint32_t)-1, .fragsize = sizeof(short) * CHUNK};
    int error;
    pa_simple *s = pa_simple_new(NULL, "bench-sinkwatch", PA_STREAM_RECORD, argc > 1 ? argv[1] : NULL,
                                 "sinkwatch", &spec, NULL, &attr, &error);
    if (!s) {
        fprintf(stderr, "sinkwatch: %s\n", pa_strerror(error));
        return 1;
    }
    short chunk[CHUNK];
    long quiet = 0;
    double quiet_since = 0;
    int sounding = 0, loud_seen = 1;
    printf("ready\n");
    fflush(stdout);
    for (;;) {
        if (pa_simple_read(s, chunk, sizeof chunk, &error) < 0) {
            fprintf(stderr, "sinkwatch: %s\n", pa_strerror(error));
            return 1;
        }
        double end = now();
        for (int i = 0; i < CHUNK; i++) {
            int level = abs(chunk[i]);
            double at = end;   /* the server renders a chunk at once: its samples share one arrival */
            if (level == 0) {
                if (quiet++ == 0) quiet_since = at;
                if (quiet == QUIET_FRAMES && sounding) {
                    sounding = 0;
                    printf("silence %.6f\n", quiet_since);
                }
                continue;
            }
            quiet = 0;
            if (!sounding) {
                sounding = 1;
                loud_seen = 0;
                printf("onset %.6f\n", at);
            }
            if (!loud_seen && level >= LOUD) {
                loud_seen = 1;
                printf("loud %.6f\n", at);
            }
        }
        fflush(stdout);
    }
}
