/* The floors for "due -> Ringing" and "due -> Notify at the server": what the same work
 * costs a bare program on the product's declared stack. A thread blocked on a CLOCK_REALTIME
 * timerfd (armed as the agent's wake timer is) wakes, sends a Ringing-shaped signal through
 * libdbus and flushes it, then shows a notification through libnotify with the agent's
 * actions and hints. The bus monitor times both; this program prints when each was due.
 *
 *   firefloor COUNT [FIRST STEP]
 *
 * Prints "LABEL DUE" per wake: LABEL is the signal's string and the notification's summary,
 * DUE the Unix time in seconds it was armed for. Wakes are 100 ms apart, or with FIRST and STEP
 * on whole seconds as alarms are: FIRST, FIRST + STEP, ... (Unix seconds), so that `make bench`
 * can run them in turns with the agent's alarms. */
#include <dbus/dbus.h>
#include <libnotify/notify.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

static void ignore_action(NotifyNotification *n, char *action, gpointer data) {
    (void)n; (void)action; (void)data;
}

int main(int argc, char **argv) {
    int count = argc > 1 ? atoi(argv[1]) : 50;
    long long first = argc > 3 ? atoll(argv[2]) : 0, step = argc > 3 ? atoll(argv[3]) : 0;
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *bus = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!bus) { fprintf(stderr, "firefloor: %s\n", error.message); return 1; }
    if (!notify_init("firefloor")) { fprintf(stderr, "firefloor: notify_init failed\n"); return 1; }
    int fd = timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC);
    if (fd < 0) { perror("timerfd_create"); return 1; }

    /* One warm-up show: libnotify makes its D-Bus proxy on the first call, as the agent
     * has done long before an alarm is due. */
    NotifyNotification *warm = notify_notification_new("firefloor warm-up", "", NULL);
    notify_notification_show(warm, NULL);
    notify_notification_close(warm, NULL);
    g_object_unref(warm);

    for (int i = 0; i < count; i++) {
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        long long due = (long long)t.tv_sec * 1000000000LL + t.tv_nsec + 100000000LL;
        if (step > 0) due = (first + i * step) * 1000000000LL;
        struct itimerspec spec = {.it_value = {due / 1000000000LL, due % 1000000000LL}};
        if (timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &spec, NULL) < 0) {
            perror("timerfd_settime");
            return 1;
        }
        uint64_t expirations;
        if (read(fd, &expirations, sizeof expirations) < 0) continue;   /* the clock was set: skip */

        char label[32];
        snprintf(label, sizeof label, "floor-%02d", i);
        const char *text = label;
        dbus_uint32_t snoozes = 0;
        DBusMessage *signal = dbus_message_new_signal("/io/github/Reveille1", "io.github.Reveille1.Manager", "Ringing");
        dbus_message_append_args(signal, DBUS_TYPE_STRING, &text, DBUS_TYPE_STRING, &text,
                                 DBUS_TYPE_UINT32, &snoozes, DBUS_TYPE_INVALID);
        dbus_connection_send(bus, signal, NULL);
        dbus_connection_flush(bus);
        dbus_message_unref(signal);

        NotifyNotification *n = notify_notification_new(label, "07:00 · 3 snoozes left", NULL);
        notify_notification_add_action(n, "snooze", "Snooze 9 min", ignore_action, NULL, NULL);
        notify_notification_add_action(n, "dismiss", "Dismiss", ignore_action, NULL, NULL);
        notify_notification_add_action(n, "default", "Dismiss", ignore_action, NULL, NULL);
        notify_notification_set_urgency(n, NOTIFY_URGENCY_CRITICAL);
        notify_notification_set_timeout(n, NOTIFY_EXPIRES_NEVER);
        notify_notification_set_hint(n, "resident", g_variant_new_boolean(TRUE));
        notify_notification_set_hint(n, "suppress-sound", g_variant_new_boolean(TRUE));
        notify_notification_show(n, NULL);
        notify_notification_close(n, NULL);
        g_object_unref(n);

        printf("%s %.9f\n", label, due / 1e9);
        fflush(stdout);
    }
    notify_uninit();
    return 0;
}
