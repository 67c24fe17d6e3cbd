/* The floor for idle RSS: the declared stack held as the idle agent holds it, by a C program
 * loading every library reveilled loads. It owns a name on the session bus (libdbus), has
 * libnotify initialised with its GLib loop on a thread of its own and the server's capabilities
 * asked, and keeps SQLite open on the agent's database after reading its alarms. libpulse is
 * loaded, unconnected, as the idle agent holds it. Prints "ready" and waits until killed.
 *
 *   idlefloor NAME DATABASE */
#include <dbus/dbus.h>
#include <glib.h>
#include <libnotify/notify.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>

static void *glib_loop(void *unused) {
    (void)unused;
    g_main_loop_run(g_main_loop_new(NULL, FALSE));
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: idlefloor NAME DATABASE\n"); return 64; }
    DBusError error;
    dbus_error_init(&error);
    dbus_threads_init_default();
    DBusConnection *bus = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!bus) { fprintf(stderr, "idlefloor: %s\n", error.message); return 1; }
    if (dbus_bus_request_name(bus, argv[1], DBUS_NAME_FLAG_DO_NOT_QUEUE, &error)
        != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) {
        fprintf(stderr, "idlefloor: cannot own %s\n", argv[1]);
        return 1;
    }
    notify_init("idlefloor");
    g_list_free_full(notify_get_server_caps(), g_free);
    pthread_t loop;
    pthread_create(&loop, NULL, glib_loop, NULL);

    sqlite3 *db;
    if (sqlite3_open_v2(argv[2], &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        fprintf(stderr, "idlefloor: cannot open %s\n", argv[2]);
        return 1;
    }
    sqlite3_exec(db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL);
    sqlite3_stmt *alarms;
    if (sqlite3_prepare_v2(db, "SELECT * FROM alarms", -1, &alarms, NULL) == SQLITE_OK) {
        while (sqlite3_step(alarms) == SQLITE_ROW) {}
        sqlite3_finalize(alarms);
    }
    puts("ready");
    fflush(stdout);
    while (dbus_connection_read_write_dispatch(bus, -1)) {}
    return 0;
}
