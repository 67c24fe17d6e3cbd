/* The floor for ListAlarms: a minimal GDBus service that answers ListAlarms with a reply
 * stored beforehand (the agent's own reply, so the same size, type and content).
 *
 *   listfloor NAME COUNT=FILE...
 *
 * Serves the object /floor/COUNT for each FILE (a serialized "(aa{sv})" GVariant) and owns NAME. */
#include <gio/gio.h>
#include <stdlib.h>
#include <string.h>

static const char *xml =
    "<node><interface name='io.github.Reveille1.Manager'>"
    "<method name='ListAlarms'><arg name='alarms' type='aa{sv}' direction='out'/></method>"
    "</interface></node>";

static void answer(GDBusConnection *bus, const char *sender, const char *path, const char *iface,
                   const char *method, GVariant *args, GDBusMethodInvocation *invocation, gpointer reply) {
    (void)bus; (void)sender; (void)path; (void)iface; (void)method; (void)args;
    g_dbus_method_invocation_return_value(invocation, g_variant_ref(reply));
}

static void lost(GDBusConnection *bus, const char *name, gpointer loop) {
    (void)bus; (void)name;
    g_main_loop_quit(loop);
}

int main(int argc, char **argv) {
    GError *error = NULL;
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
    if (!bus) g_error("listfloor: %s", error->message);
    GDBusInterfaceInfo *interface = g_dbus_node_info_new_for_xml(xml, &error)->interfaces[0];
    static const GDBusInterfaceVTable vtable = {answer, NULL, NULL, {0}};
    for (int i = 2; i < argc; i++) {
        char *file = strchr(argv[i], '=');
        if (!file) g_error("listfloor: expected COUNT=FILE, got %s", argv[i]);
        *file++ = '\0';
        char *data;
        gsize length;
        if (!g_file_get_contents(file, &data, &length, &error)) g_error("listfloor: %s", error->message);
        GVariant *reply = g_variant_ref_sink(g_variant_new_from_data(
            G_VARIANT_TYPE("(aa{sv})"), data, length, FALSE, g_free, data));
        char *path = g_strdup_printf("/floor/%s", argv[i]);
        if (!g_dbus_connection_register_object(bus, path, interface, &vtable, reply, NULL, &error))
            g_error("listfloor: %s", error->message);
    }
    GMainLoop *loop = g_main_loop_new(NULL, FALSE);
    g_bus_own_name_on_connection(bus, argv[1], G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE, NULL, lost, loop, NULL);
    g_main_loop_run(loop);
    return 0;
}
