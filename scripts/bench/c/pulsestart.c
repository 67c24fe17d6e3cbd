/* The floor for "due -> first sound": a bare libpulse playback stream, no decoding.
 *
 *   pulsestart COUNT
 *
 * On one connected context, COUNT times each: "cold T" is printed when a new stream is
 * connected (the first chunk is written from its write callback), "warm T" when a stream
 * that was connected corked and filled beforehand is uncorked. Each plays a full-scale
 * tone for 300 ms, then 400 ms of silence follow. The stream is set up as the agent's:
 * float32 stereo 48 kHz, 50 ms target latency with PA_STREAM_ADJUST_LATENCY. First,
 * "context S": the seconds from creating the context to its being ready. */
#include <pulse/pulseaudio.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static pa_threaded_mainloop *loop;
static pa_context *context;
static long phase;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void die(const char *what) {
    fprintf(stderr, "pulsestart: %s: %s\n", what, pa_strerror(pa_context_errno(context)));
    exit(1);
}

static void signal_loop(void) { pa_threaded_mainloop_signal(loop, 0); }
static void on_context(pa_context *c, void *u) { (void)c; (void)u; signal_loop(); }
static void on_stream(pa_stream *s, void *u) { (void)s; (void)u; signal_loop(); }

static void on_write(pa_stream *s, size_t bytes, void *u) {
    (void)u;
    float *data;
    if (pa_stream_begin_write(s, (void **)&data, &bytes) < 0) return;
    size_t frames = bytes / (2 * sizeof(float));
    for (size_t i = 0; i < frames; i++, phase++) {
        float v = (phase / 55) % 2 ? 0.5f : -0.5f;   /* about 436 Hz */
        data[2 * i] = data[2 * i + 1] = v;
    }
    pa_stream_write(s, data, frames * 2 * sizeof(float), NULL, 0, PA_SEEK_RELATIVE);
}

static pa_stream *start(int corked) {
    pa_sample_spec spec = {.format = PA_SAMPLE_FLOAT32LE, .rate = 48000, .channels = 2};
    pa_buffer_attr attr = {.maxlength = (uint32_t)-1, .tlength = (uint32_t)pa_usec_to_bytes(50000, &spec),
                           .prebuf = (uint32_t)-1, .minreq = (uint32_t)-1, .fragsize = (uint32_t)-1};
    pa_stream *s = pa_stream_new(context, "floor", &spec, NULL);
    if (!s) die("pa_stream_new");
    pa_stream_set_state_callback(s, on_stream, NULL);
    pa_stream_set_write_callback(s, on_write, NULL);
    pa_stream_flags_t flags = PA_STREAM_ADJUST_LATENCY | (corked ? PA_STREAM_START_CORKED : 0);
    if (pa_stream_connect_playback(s, NULL, &attr, flags, NULL, NULL) < 0) die("pa_stream_connect_playback");
    return s;
}

static void wait_ready(pa_stream *s) {
    while (pa_stream_get_state(s) != PA_STREAM_READY) {
        if (!PA_STREAM_IS_GOOD(pa_stream_get_state(s))) die("stream");
        pa_threaded_mainloop_wait(loop);
    }
}

static void finish(pa_stream *s) {
    pa_threaded_mainloop_unlock(loop);
    usleep(300000);
    pa_threaded_mainloop_lock(loop);
    pa_stream_disconnect(s);
    pa_stream_unref(s);
    pa_threaded_mainloop_unlock(loop);
    usleep(400000);
    pa_threaded_mainloop_lock(loop);
}

int main(int argc, char **argv) {
    int count = argc > 1 ? atoi(argv[1]) : 10;
    double connecting = now();
    loop = pa_threaded_mainloop_new();
    context = pa_context_new(pa_threaded_mainloop_get_api(loop), "bench-pulsestart");
    pa_context_set_state_callback(context, on_context, NULL);
    if (pa_context_connect(context, NULL, PA_CONTEXT_NOFLAGS, NULL) < 0) die("pa_context_connect");
    pa_threaded_mainloop_lock(loop);
    pa_threaded_mainloop_start(loop);
    while (pa_context_get_state(context) != PA_CONTEXT_READY) {
        if (!PA_CONTEXT_IS_GOOD(pa_context_get_state(context))) die("pa_context_connect");
        pa_threaded_mainloop_wait(loop);
    }
    printf("context %.6f\n", now() - connecting);
    for (int i = 0; i < count; i++) {
        printf("cold %.6f\n", now());
        fflush(stdout);
        pa_stream *s = start(0);
        wait_ready(s);
        finish(s);

        s = start(1);
        wait_ready(s);
        pa_threaded_mainloop_unlock(loop);
        usleep(100000);   /* let the write callback fill the corked stream */
        pa_threaded_mainloop_lock(loop);
        printf("warm %.6f\n", now());
        fflush(stdout);
        pa_operation *o = pa_stream_cork(s, 0, NULL, NULL);
        if (o) pa_operation_unref(o);
        finish(s);
    }
    pa_threaded_mainloop_unlock(loop);
    pa_threaded_mainloop_stop(loop);
    return 0;
}
