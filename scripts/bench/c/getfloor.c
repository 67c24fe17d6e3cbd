/* The floor for GetAlarm: a bare libdbus service (the agent's own library) that answers every
 * GetAlarm with a reply stored beforehand, copied per call as the agent copies its kept body.
 * libdbus answers Peer.Ping on it itself, as it does on the agent.
 *
 *   getfloor NAME FILE     FILE: a method return in D-Bus wire form, the agent's GetAlarm reply */
#include <dbus/dbus.h>
#include <stdio.h>

static DBusMessage *stored;

static DBusHandlerResult answer(DBusConnection *bus, DBusMessage *call, void *unused) {
    (void)unused;
    if (!dbus_message_is_method_call(call, "io.github.Reveille1.Manager", "GetAlarm"))
        return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    DBusMessage *reply = dbus_message_copy(stored);
    if (!reply || !dbus_message_set_reply_serial(reply, dbus_message_get_serial(call))
        || !dbus_message_set_destination(reply, dbus_message_get_sender(call))
        || !dbus_connection_send(bus, reply, NULL)) {
        fprintf(stderr, "getfloor: out of memory\n");
    }
    if (reply) dbus_message_unref(reply);
    return DBUS_HANDLER_RESULT_HANDLED;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: getfloor NAME FILE\n"); return 64; }
    static char wire[1 << 20];
    FILE *file = fopen(argv[2], "rb");
    if (!file) { perror(argv[2]); return 1; }
    size_t length = fread(wire, 1, sizeof wire, file);
    fclose(file);
    DBusError error;
    dbus_error_init(&error);
    stored = dbus_message_demarshal(wire, (int)length, &error);
    if (!stored) { fprintf(stderr, "getfloor: %s\n", error.message); return 1; }
    DBusConnection *bus = dbus_bus_get(DBUS_BUS_SESSION, &error);
    if (!bus) { fprintf(stderr, "getfloor: %s\n", error.message); return 1; }
    dbus_connection_add_filter(bus, answer, NULL, NULL);
    if (dbus_bus_request_name(bus, argv[1], DBUS_NAME_FLAG_DO_NOT_QUEUE, &error)
        != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) {
        fprintf(stderr, "getfloor: cannot own %s\n", argv[1]);
        return 1;
    }
    while (dbus_connection_read_write_dispatch(bus, -1)) {}
    return 0;
}
