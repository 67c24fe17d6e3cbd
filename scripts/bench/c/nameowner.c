/* The floor for "exec -> bus name owned": a bare libdbus program that connects to the
 * session bus, takes a name and waits until it is killed.
 *
 *   nameowner NAME */
#include <dbus/dbus.h>
#include <stdio.h>

int main(int argc, char **argv) {
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *bus = dbus_bus_get(DBUS_BUS_SESSION, &error);
    if (!bus) { fprintf(stderr, "nameowner: %s\n", error.message); return 1; }
    if (dbus_bus_request_name(bus, argc > 1 ? argv[1] : "io.github.Reveille1.BenchFloor",
                              DBUS_NAME_FLAG_DO_NOT_QUEUE, &error) != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) {
        fprintf(stderr, "nameowner: cannot own the name\n");
        return 1;
    }
    while (dbus_connection_read_write_dispatch(bus, -1)) {}
    return 0;
}
