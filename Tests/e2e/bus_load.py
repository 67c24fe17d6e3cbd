#!/usr/bin/python3
"""Loads the agent over the session bus the way a misbehaving client can, on raw sockets.

    bus_load.py add COUNT                   adds COUNT daily alarms (8 calls in flight)
    bus_load.py pipeline SECONDS IN_FLIGHT  four connections, each keeping IN_FLIGHT calls in
                                            flight for SECONDS: ListAlarms twice, GetHistory
                                            (a page of 1,000), GetChallenge with random ids;
                                            prints one JSON line of counts per connection
    bus_load.py flood COUNT                 one connection sends COUNT GetChallenge calls with
                                            random ids, reads no reply, and leaves

Raw sockets rather than a D-Bus library: a library's per-call cost would limit the load, and
the point is what the agent does when a client sends faster than it answers. The bus is
$DBUS_SESSION_BUS_ADDRESS (unix:path=...), authenticated with EXTERNAL.
"""
import json
import os
import selectors
import socket
import struct
import sys
import time
import uuid

NAME, PATH, IFACE = "io.github.Reveille1", "/io/github/Reveille1", "io.github.Reveille1.Manager"


def pad(buffer, alignment):
    buffer.extend(b"\0" * (-len(buffer) % alignment))


def put_string(buffer, text, code="s"):
    data = text.encode()
    if code == "g":
        buffer.append(len(data))
    else:
        pad(buffer, 4)
        buffer.extend(struct.pack("<I", len(data)))
    buffer.extend(data + b"\0")


def message(serial, member, signature="", body=b"", destination=NAME, path=PATH, interface=IFACE):
    """A method call, little-endian."""
    fields = bytearray()
    for code, kind, value in [(1, "o", path), (2, "s", interface), (3, "s", member), (6, "s", destination)] + (
            [(8, "g", signature)] if signature else []):
        pad(fields, 8)
        fields.append(code)
        put_string(fields, kind, "g")
        put_string(fields, value, kind)
    header = bytearray(struct.pack("<cBBBII", b"l", 1, 0, 1, len(body), serial))
    header.extend(struct.pack("<I", len(fields)))
    header.extend(fields)
    pad(header, 8)
    return bytes(header) + body


def string_body(text):
    body = bytearray()
    put_string(body, text)
    return bytes(body)


def history_body(limit):
    """a{sv} holding limit: <uint32 LIMIT>."""
    entries = bytearray()
    put_string(entries, "limit")
    put_string(entries, "u", "g")
    pad(entries, 4)
    entries.extend(struct.pack("<I", limit))
    # The array's length, then padding to the 8-byte alignment of its dict entries (offset 8).
    return struct.pack("<I", len(entries)) + b"\0" * 4 + bytes(entries)


def add_body(hour, minute):
    """a{sv}: time <'HH:MM'>, repeat <['daily']>."""
    entries = bytearray()
    put_string(entries, "time")
    put_string(entries, "s", "g")
    put_string(entries, f"{hour:02d}:{minute:02d}")
    pad(entries, 8)
    put_string(entries, "repeat")
    put_string(entries, "as", "g")
    array = bytearray()
    put_string(array, "daily")
    pad(entries, 4)
    entries.extend(struct.pack("<I", len(array)))
    entries.extend(array)
    return struct.pack("<I", len(entries)) + b"\0" * 4 + bytes(entries)


class Link:
    """One authenticated connection to the bus."""

    def __init__(self):
        address = os.environ["DBUS_SESSION_BUS_ADDRESS"]
        path = dict(part.split("=", 1) for part in address.split(":", 1)[1].split(","))["path"]
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.sock.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\n")
        reply = b""
        while not reply.endswith(b"\r\n"):
            reply += self.sock.recv(256)
        assert reply.startswith(b"OK"), reply
        self.sock.sendall(b"BEGIN\r\n")
        self.serial = 1
        self.buffer = bytearray()
        self.sock.sendall(message(1, "Hello", destination="org.freedesktop.DBus", path="/org/freedesktop/DBus",
                                  interface="org.freedesktop.DBus"))
        while not any(kind == 2 and reply_to == 1 for kind, reply_to, _ in self.read()):
            pass

    def next_serial(self):
        self.serial += 1
        return self.serial

    def read(self):
        """The messages that arrived: (type, reply serial, error name)."""
        data = self.sock.recv(1 << 20)
        if not data:
            raise EOFError
        self.buffer.extend(data)
        out = []
        while len(self.buffer) >= 16:
            body_length, _serial, fields_length = struct.unpack_from("<III", self.buffer, 4)
            total = 16 + fields_length + (-fields_length % 8) + body_length
            if len(self.buffer) < total:
                break
            kind = self.buffer[1]
            reply_to, error, offset = None, None, 16
            while offset < 16 + fields_length:
                offset += -offset % 8
                code = self.buffer[offset]
                sig_length = self.buffer[offset + 1]
                sig = self.buffer[offset + 2:offset + 2 + sig_length].decode()
                offset += 3 + sig_length
                if sig in ("s", "o"):
                    offset += -offset % 4
                    (length,) = struct.unpack_from("<I", self.buffer, offset)
                    value = self.buffer[offset + 4:offset + 4 + length].decode()
                    offset += 5 + length
                    if code == 4:
                        error = value
                elif sig == "g":
                    offset += self.buffer[offset] + 2
                elif sig == "u":
                    offset += -offset % 4
                    (value,) = struct.unpack_from("<I", self.buffer, offset)
                    offset += 4
                    if code == 5:
                        reply_to = value
                else:
                    raise ValueError(f"header field of type {sig}")
            out.append((kind, reply_to, error))
            del self.buffer[:total]
        return out


def add(count):
    link = Link()
    waiting, sent, failures = set(), 0, []
    while sent < count or waiting:
        while sent < count and len(waiting) < 8:
            serial = link.next_serial()
            link.sock.sendall(message(serial, "AddAlarm", "a{sv}", add_body(sent // 60 % 24, sent % 60)))
            waiting.add(serial)
            sent += 1
        for kind, reply_to, error in link.read():
            if reply_to in waiting:
                waiting.discard(reply_to)
                if error:
                    failures.append(error)
    if failures:
        sys.exit(f"AddAlarm failed: {failures[:3]}")


def pipeline(seconds, in_flight):
    makers = {
        "ListAlarms": lambda: ("ListAlarms", "", b""),
        "GetHistory": lambda: ("GetHistory", "a{sv}", history_body(1000)),
        "GetChallenge": lambda: ("GetChallenge", "s", string_body(str(uuid.uuid4()))),
    }
    plan = ["ListAlarms", "ListAlarms", "GetHistory", "GetChallenge"]
    selector = selectors.DefaultSelector()
    counts = []
    for kind in plan:
        link = Link()
        link.sock.setblocking(False)
        state = {"kind": kind, "link": link, "waiting": set(), "replies": 0, "errors": {}}
        selector.register(link.sock, selectors.EVENT_READ, state)
        counts.append(state)

    def top_up(state):
        link = state["link"]
        chunk = bytearray()
        while len(state["waiting"]) < in_flight:
            serial = link.next_serial()
            member, signature, body = makers[state["kind"]]()
            chunk.extend(message(serial, member, signature, body))
            state["waiting"].add(serial)
        link.sock.setblocking(True)
        link.sock.sendall(chunk)
        link.sock.setblocking(False)

    for state in counts:
        top_up(state)
    end = time.time() + seconds
    while time.time() < end:
        for key, _ in selector.select(timeout=0.2):
            state = key.data
            try:
                arrived = state["link"].read()
            except BlockingIOError:
                continue
            for kind, reply_to, error in arrived:
                if reply_to in state["waiting"]:
                    state["waiting"].discard(reply_to)
                    state["replies"] += 1
                    if error:
                        state["errors"][error] = state["errors"].get(error, 0) + 1
            top_up(state)
    print(json.dumps([{k: v for k, v in s.items() if k in ("kind", "replies", "errors")} for s in counts]))


def flood(count):
    link = Link()
    # One template with a fixed-length id; each call changes its serial and its id in place.
    template = bytearray(message(2, "GetChallenge", "s", string_body(str(uuid.uuid4()))))
    id_at = len(template) - 37
    chunk = bytearray()
    for serial in range(2, 2 + count):
        struct.pack_into("<I", template, 8, serial)
        template[id_at:id_at + 36] = str(uuid.uuid4()).encode()
        chunk.extend(template)
        if len(chunk) > (1 << 20):
            link.sock.sendall(chunk)
            chunk.clear()
    link.sock.sendall(chunk)
    link.sock.close()


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "add":
        add(int(sys.argv[2]))
    elif command == "pipeline":
        pipeline(float(sys.argv[2]), int(sys.argv[3]))
    elif command == "flood":
        flood(int(sys.argv[2]))
    else:
        sys.exit(__doc__)
