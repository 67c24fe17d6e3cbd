"""The D-Bus client of every figure: GDBus, through PyGObject (Gio.DBusConnection.call_sync),
as scripts and desktop tools call the agent."""
import time

from gi.repository import Gio, GLib

SERVICE, PATH, IFACE = "io.github.Reveille1", "/io/github/Reveille1", "io.github.Reveille1.Manager"
CLIENT = "GDBus (GLib %d.%d, PyGObject Gio.DBusConnection.call_sync)" % (
    GLib.MAJOR_VERSION, GLib.MINOR_VERSION)


def session():
    return Gio.bus_get_sync(Gio.BusType.SESSION, None)


def call(bus, method, args=None, reply=None, dest=SERVICE, path=PATH, iface=IFACE, timeout_ms=25000):
    """One blocking call; returns the reply's tuple."""
    result = bus.call_sync(dest, path, iface, method, args,
                           GLib.VariantType.new(reply) if reply else None,
                           Gio.DBusCallFlags.NO_AUTO_START, timeout_ms, None)
    return result


def subscribe(bus, sender, iface, member, path, arg0, handler):
    """signal_subscribe, returning once the match rule is in place: the bus handles this
    connection's messages in order, so it has the rule when it answers the next call. A
    signal sent at once (a fast child taking a name, an alarm triggered next) is not missed."""
    subscription = bus.signal_subscribe(sender, iface, member, path, arg0, Gio.DBusSignalFlags.NONE, handler)
    call(bus, "GetId", None, "(s)", dest="org.freedesktop.DBus", path="/org/freedesktop/DBus",
         iface="org.freedesktop.DBus")
    return subscription


def has_owner(bus, name):
    return call(bus, "NameHasOwner", GLib.Variant("(s)", (name,)), "(b)", dest="org.freedesktop.DBus",
                path="/org/freedesktop/DBus", iface="org.freedesktop.DBus").unpack()[0]


def run_until(condition, timeout_s):
    """Iterates the default main context until CONDITION() holds; False on timeout."""
    context = GLib.MainContext.default()
    deadline = time.monotonic() + timeout_s
    tick = GLib.timeout_add(20, lambda: True)  # wakes the blocking iteration to check the deadline
    try:
        while not condition():
            if time.monotonic() > deadline:
                return False
            context.iteration(True)
        return True
    finally:
        GLib.source_remove(tick)


def spec(**keys):
    """An a{sv} alarm spec from Python values (str, list of str, bool, float)."""
    def variant(value):
        if isinstance(value, bool):
            return GLib.Variant("b", value)
        if isinstance(value, str):
            return GLib.Variant("s", value)
        if isinstance(value, float):
            return GLib.Variant("d", value)
        return GLib.Variant("as", value)
    return {key: variant(value) for key, value in keys.items()}
