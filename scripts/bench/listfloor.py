#!/usr/bin/python3
"""The floor for ListAlarms: a minimal GDBus service that answers ListAlarms with a reply
stored beforehand (the agent's own reply, so the same size, type and content).

    listfloor.py NAME COUNT=FILE...

Serves /floor/COUNT for each stored reply (the serialized (aa{sv}) in FILE) and owns NAME."""
import sys

from gi.repository import Gio, GLib

XML = """<node><interface name="io.github.Reveille1.Manager">
<method name="ListAlarms"><arg name="alarms" type="aa{sv}" direction="out"/></method>
</interface></node>"""


def main():
    name, stored = sys.argv[1], {}
    for argument in sys.argv[2:]:
        count, path = argument.split("=", 1)
        with open(path, "rb") as f:
            data = GLib.Bytes.new(f.read())
        stored[count] = GLib.Variant.new_from_bytes(GLib.VariantType.new("(aa{sv})"), data, False)
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    interface = Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0]
    for count, reply in stored.items():
        def answer(_bus, _sender, _path, _iface, _method, _args, invocation, reply=reply):
            invocation.return_value(reply)
        bus.register_object(f"/floor/{count}", interface, answer, None, None)
    loop = GLib.MainLoop()
    Gio.bus_own_name_on_connection(bus, name, Gio.BusNameOwnerFlags.DO_NOT_QUEUE, None, lambda *_: loop.quit())
    loop.run()


main()
