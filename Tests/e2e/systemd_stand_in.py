#!/usr/bin/python3
"""A stand-in for the systemd user manager on a test's session bus, which has none: it owns
org.freedesktop.systemd1 and serves the part of org.freedesktop.systemd1.Manager that reveilled
reads, its Environment property (as), and the methods that change it as `systemctl --user
set-environment` / `unset-environment` do. Like systemd, it announces no change of Environment
(no PropertiesChanged): the agent reads it again when it needs it.

    systemd_stand_in.py [NAME=VALUE ...]

starts with that environment (e.g. LANG=en_US.UTF-8 LANGUAGE=de); runs until killed or until
the bus goes away. Change it later with
    gdbus call --session --dest org.freedesktop.systemd1 --object-path /org/freedesktop/systemd1 \\
        --method org.freedesktop.systemd1.Manager.SetEnvironment "['LANGUAGE=fr']"
"""
import os
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

NAME = "org.freedesktop.systemd1"
PATH = "/org/freedesktop/systemd1"
MANAGER = "org.freedesktop.systemd1.Manager"
PROPERTIES = "org.freedesktop.DBus.Properties"

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.bus.BusConnection(os.environ["DBUS_SESSION_BUS_ADDRESS"])
bus.set_exit_on_disconnect(True)  # the test's bus going away ends it too


class Manager(dbus.service.Object):
    def __init__(self, assignments):
        super().__init__(bus, PATH)
        self.environment = {}
        self.assign(assignments)

    def assign(self, assignments):
        for assignment in assignments:
            name, equals, value = str(assignment).partition("=")
            if not equals:
                raise dbus.exceptions.DBusException("not NAME=VALUE: %s" % assignment,
                                                    name="org.freedesktop.DBus.Error.InvalidArgs")
            self.environment[name] = value

    def unset(self, names):
        for name in names:
            self.environment.pop(str(name).partition("=")[0], None)

    def environment_value(self):
        return dbus.Array(["%s=%s" % item for item in sorted(self.environment.items())], signature="s")

    @dbus.service.method(MANAGER, in_signature="as", out_signature="")
    def SetEnvironment(self, assignments):
        self.assign(assignments)

    @dbus.service.method(MANAGER, in_signature="as", out_signature="")
    def UnsetEnvironment(self, names):
        self.unset(names)

    @dbus.service.method(MANAGER, in_signature="asas", out_signature="")
    def UnsetAndSetEnvironment(self, names, assignments):
        self.unset(names)
        self.assign(assignments)

    @dbus.service.method(PROPERTIES, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        if interface != MANAGER or name != "Environment":
            raise dbus.exceptions.DBusException("no property %s.%s here" % (interface, name),
                                                name="org.freedesktop.DBus.Error.UnknownProperty")
        return self.environment_value()

    @dbus.service.method(PROPERTIES, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        if interface != MANAGER:
            return dbus.Dictionary({}, signature="sv")
        return dbus.Dictionary({"Environment": self.environment_value()}, signature="sv")


manager = Manager(sys.argv[1:])
name = dbus.service.BusName(NAME, bus, do_not_queue=True)
GLib.MainLoop().run()
