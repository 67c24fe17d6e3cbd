#!/usr/bin/python3
"""A process that is not the wake helper owning its name, for test-wake-users.sh: it answers
SetWake, CancelWake, GetWake and CanWakeSystem as the helper would, and arms nothing. An agent
that trusted its replies would count on a wake that never comes.

    wake_squatter.py LOG

Appends one line per call to LOG: "SetWake WHEN", "CancelWake" or "GetWake"; runs until killed.
"""
import os
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

NAME = "io.github.Reveille1.Wake"
PATH = "/io/github/Reveille1/Wake"

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.bus.BusConnection(os.environ["DBUS_SYSTEM_BUS_ADDRESS"])
bus.set_exit_on_disconnect(True)  # the test's bus going away ends it too


class Squatter(dbus.service.Object):
    def __init__(self):
        super().__init__(bus, PATH)
        self.wakes = {}

    @staticmethod
    def log(line):
        with open(sys.argv[1], "a") as out:
            out.write(line + "\n")

    @dbus.service.method(NAME, in_signature="x", out_signature="", sender_keyword="sender")
    def SetWake(self, when, sender=None):
        self.wakes[sender] = int(when)
        self.log("SetWake %d" % when)

    @dbus.service.method(NAME, in_signature="", out_signature="", sender_keyword="sender")
    def CancelWake(self, sender=None):
        self.wakes.pop(sender, None)
        self.log("CancelWake")

    @dbus.service.method(NAME, in_signature="", out_signature="x", sender_keyword="sender")
    def GetWake(self, sender=None):
        self.log("GetWake")
        return dbus.Int64(self.wakes.get(sender, 0))

    @dbus.service.method("org.freedesktop.DBus.Properties", in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        return dbus.Boolean(True, variant_level=1)


squatter = Squatter()
owned = dbus.service.BusName(NAME, bus, do_not_queue=True)
GLib.MainLoop().run()
