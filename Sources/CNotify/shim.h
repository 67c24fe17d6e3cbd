// What Swift cannot call directly in libnotify and GObject: macros and
// variadic functions, wrapped once in typed static inline functions.
#ifndef REVEILLE_CNOTIFY_SHIM_H
#define REVEILLE_CNOTIFY_SHIM_H

#include <glib-unix.h>
#include <libnotify/notify.h>
#include <sys/timerfd.h>

/// The handler type of NotifyNotification's "closed" signal.
typedef void (*CNotifyClosedHandler)(NotifyNotification *notification, gpointer user_data);

/// `g_signal_connect (notification, "closed", G_CALLBACK (handler), user_data)`:
/// `g_signal_connect` and `G_CALLBACK` are macros, and GCallback is untyped.
static inline gulong cnotify_connect_closed(NotifyNotification *notification,
                                            CNotifyClosedHandler handler,
                                            gpointer user_data)
{
    return g_signal_connect_data(notification, "closed", G_CALLBACK(handler),
                                 user_data, NULL, (GConnectFlags)0);
}

/// The server's id for the notification, 0 before it is shown and after it
/// closes. libnotify keeps it in the "id" property; `g_object_get` is variadic.
static inline guint32 cnotify_notification_id(NotifyNotification *notification)
{
    gint id = 0;
    g_object_get(notification, "id", &id, NULL);
    return (guint32)id;
}

/// `G_SOURCE_REMOVE`, a macro over `FALSE`.
static inline gboolean cnotify_source_remove(void) { return G_SOURCE_REMOVE; }

/// The callback of a descriptor's GLib source: FALSE (`G_SOURCE_REMOVE`) removes the source.
typedef gboolean (*CNotifyReadableHandler)(gint fd, GIOCondition condition, gpointer user_data);

/// Attaches to `context` a source that calls `handler` while `fd` is readable, and returns it
/// (the caller's reference: `g_source_destroy` and `g_source_unref` it). `destroy` runs on
/// `user_data` when the source goes. `g_source_set_callback` takes a `GSourceFunc`, which a
/// descriptor's source calls with the descriptor's arguments: the cast is GLib's own idiom.
static inline GSource *cnotify_watch_readable(GMainContext *context, gint fd, CNotifyReadableHandler handler,
                                              gpointer user_data, GDestroyNotify destroy)
{
    GSource *source = g_unix_fd_source_new(fd, G_IO_IN);
    g_source_set_callback(source, (GSourceFunc)(void (*)(void))handler, user_data, destroy);
    g_source_attach(source, context);
    return source;
}

/// Whether a GError means nobody answered for org.freedesktop.Notifications
/// (no owner, no reply, disconnected), as opposed to a server that refused.
static inline gboolean cnotify_error_is_unreachable(const GError *error)
{
    /* A D-Bus error name GDBus has no code for is G_IO_ERROR_DBUS_ERROR:
     * that one came from a server that answered. */
    if (error->domain == G_IO_ERROR)
        return error->code != G_IO_ERROR_DBUS_ERROR; /* no session bus */
    if (error->domain != G_DBUS_ERROR)
        return FALSE;
    switch (error->code) {
    case G_DBUS_ERROR_SERVICE_UNKNOWN:
    case G_DBUS_ERROR_NAME_HAS_NO_OWNER:
    case G_DBUS_ERROR_NO_REPLY:
    case G_DBUS_ERROR_TIMEOUT:
    case G_DBUS_ERROR_TIMED_OUT:
    case G_DBUS_ERROR_NO_SERVER:
    case G_DBUS_ERROR_DISCONNECTED:
    case G_DBUS_ERROR_SPAWN_FAILED:
    case G_DBUS_ERROR_SPAWN_CHILD_EXITED:
        return TRUE;
    default:
        return FALSE;
    }
}

#endif
