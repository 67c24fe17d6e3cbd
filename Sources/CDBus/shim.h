#ifndef REVEILLE_CDBUS_SHIM_H
#define REVEILLE_CDBUS_SHIM_H

// The whole of libdbus's public API. Its variadic functions
// (dbus_message_append_args, dbus_message_get_args) are unusable from Swift;
// the DBus target marshals through DBusMessageIter instead.
#include <dbus/dbus.h>

#endif
