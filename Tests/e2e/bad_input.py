"""Malformed calls to the agent: each must get the expected D-Bus error and change nothing.

    bad_input.py REPEATING-ID ONE-TIME-ID RINGING-ID

The ids name existing alarms: one repeats, one is one-time and dated, one is ringing. After
every call ListAlarms must be exactly what it was before. Prints one line per failure and
exits 1 if there was any.
"""
import sys

import dbus

NAME, PATH, IFACE = "io.github.Reveille1", "/io/github/Reveille1", "io.github.Reveille1.Manager"
INVALID_ARGS = "org.freedesktop.DBus.Error.InvalidArgs"
INVALID = "io.github.Reveille1.Error.InvalidArgument"
NOT_FOUND = "io.github.Reveille1.Error.NotFound"
NOT_RINGING = "io.github.Reveille1.Error.NotRinging"
MB = "x" * (1 << 20)
UNKNOWN = "0badc0de-0000-4000-8000-000000000000"

bus = dbus.SessionBus()
repeating, one_time, ringing = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []
checked = 0


def call(method, signature, *args):
    return bus.call_blocking(NAME, PATH, IFACE, method, signature, args, timeout=20)


def listing():
    return repr(call("ListAlarms", ""))


def expect(errors, method, signature, *args, what="", message_has=""):
    """Calls METHOD and requires one of ERRORS, a short human message (containing MESSAGE_HAS),
    and an unchanged list."""
    global checked
    checked += 1
    label = f"{method}({signature}) {what}".strip()
    before = listing()
    try:
        reply = call(method, signature, *args)
        failures.append(f"{label}: succeeded, returned {reply!r:.120}")
    except dbus.DBusException as error:
        name, message = error.get_dbus_name(), error.get_dbus_message() or ""
        if name not in errors:
            failures.append(f"{label}: {name} ({message[:120]}), expected {' or '.join(errors)}")
        elif not message.strip() or len(message) > 400:
            failures.append(f"{label}: message of {len(message)} characters: {message[:120]!r}")
        elif message_has not in message:
            failures.append(f"{label}: message {message[:200]!r} does not say {message_has!r}")
    if listing() != before:
        failures.append(f"{label}: ListAlarms changed")


def spec(**keys):
    return dbus.Dictionary(keys, signature="sv")


def strings(*items):
    return dbus.Array(items, signature="s")


def add(what, message_has="", **keys):
    expect([INVALID], "AddAlarm", "a{sv}", spec(**keys), what=what, message_has=message_has)


def update(alarm, what, **keys):
    expect([INVALID], "UpdateAlarm", "sa{sv}", alarm, spec(**keys), what=what)


# Wrong signatures: refused before any key is looked at.
for method, signature, args in [
    ("AddAlarm", "s", ["07:00"]), ("AddAlarm", "", []), ("AddAlarm", "a{ss}", [{"time": "07:00"}]),
    ("AddAlarm", "a{sv}s", [spec(time="07:00"), "x"]), ("AddAlarm", "as", [["time", "07:00"]]),
    ("UpdateAlarm", "ss", [one_time, "label"]), ("UpdateAlarm", "a{sv}s", [spec(label="x"), one_time]),
    ("UpdateAlarm", "s", [one_time]), ("RemoveAlarm", "", []), ("RemoveAlarm", "i", [1]),
    ("RemoveAlarm", "ss", [one_time, one_time]), ("SetEnabled", "ss", [one_time, "false"]),
    ("SetEnabled", "s", [one_time]), ("SetEnabled", "bs", [False, one_time]),
    ("GetAlarm", "i", [3]), ("GetAlarm", "o", ["/x"]), ("ListAlarms", "s", ["x"]), ("Trigger", "b", [True]),
    ("Snooze", "", []), ("Dismiss", "as", [[one_time]]), ("GetChallenge", "v", [dbus.String(one_time, variant_level=1)]),
    ("SubmitAnswer", "s", [one_time]), ("SubmitAnswer", "si", [one_time, 4]), ("Preflight", "b", [True]),
]:
    expect([INVALID_ARGS], method, signature, *args, what=f"{args!r:.60}")

# Wrong value types inside a{sv}.
add("time as int", time=dbus.Int32(7), message_has="'time'")
add("time as as", time=strings("07:00"))
add("repeat as string", time="07:00", repeat="daily")
add("repeat as ai", time="07:00", repeat=dbus.Array([1], signature="i"))
add("volume as string", time="07:00", volume="1")
add("volume as bool", time="07:00", volume=True)
add("enabled as string", time="07:00", enabled="true")
add("enabled as int", time="07:00", enabled=dbus.Int32(1))
add("challenges as s", time="07:00", challenges="math:easy")
add("label as int", time="07:00", label=dbus.Int32(5))
add("sound as as", time="07:00", sound=strings("bell"))
add("date as int", time="07:00", date=dbus.Int32(20300101))
add("snooze_minutes as double", time="07:00", snooze_minutes=5.0)
add("snooze_minutes as string", time="07:00", snooze_minutes="5")
add("max_snoozes as double", time="07:00", max_snoozes=2.0)
add("max_snoozes as bool", time="07:00", max_snoozes=True)
update(one_time, "label as int", label=dbus.Int64(1))
update(one_time, "time as double", time=7.0)

# Unknown and read-only keys.
add("unknown key", time="07:00", foo=dbus.Int32(1))
add("key in other case", time="07:00", Time="07:00")
expect([INVALID], "AddAlarm", "a{sv}", dbus.Dictionary({"time": "07:00", "": "x"}, signature="sv"), what="empty key")
for key, value in [("id", UNKNOWN), ("next_fire", dbus.Int64(0)), ("snooze_count", dbus.UInt32(0)), ("ringing", False)]:
    add(f"read-only {key}", time="07:00", **{key: value})
    update(one_time, f"read-only {key}", **{key: value})
update(one_time, "unknown key", label="ok", volume_db=dbus.Double(3))

# Missing or empty values where one is required.
add("no time")
add("no time, other keys", label="Work", repeat=strings("daily"))
add("empty time", time="")
add("empty sound", time="07:00", sound="")
add("empty date", time="07:00", date="")
add("empty repeat day", time="07:00", repeat=strings(""))
add("empty challenge", time="07:00", challenges=strings(""))
add("no challenges", time="07:00", challenges=strings())
update(one_time, "empty time", time="")
update(repeating, "no challenges", challenges=strings())

# 1 MB strings.
add("1 MB label", time="07:00", label=MB)
add("1 MB time", time=MB)
add("1 MB sound", time="07:00", sound="/" + MB)
add("1 MB date", time="07:00", date=MB)
add("1 MB repeat day", time="07:00", repeat=strings(MB))
add("1 MB challenge", time="07:00", challenges=strings("qr:" + MB))
add("1 MB key", time="07:00", **{MB: "x"})
update(one_time, "1 MB label", label=MB)
for method in ["GetAlarm", "RemoveAlarm", "Trigger", "Snooze", "Dismiss", "GetChallenge"]:
    expect([NOT_FOUND, INVALID], method, "s", MB, what="1 MB id")
expect([NOT_FOUND, INVALID], "UpdateAlarm", "sa{sv}", MB, spec(label="x"), what="1 MB id")
expect([NOT_FOUND, INVALID], "SetEnabled", "sb", MB, False, what="1 MB id")
expect([NOT_FOUND, INVALID], "SubmitAnswer", "ss", MB, MB, what="1 MB id and answer")
expect([NOT_RINGING, INVALID], "SubmitAnswer", "ss", one_time, MB, what="1 MB answer, not ringing")
expect([INVALID], "SubmitAnswer", "ss", ringing, MB, what="1 MB answer")
attempts = call("GetChallenge", "s", ringing)["attempts"]
if attempts != 0:
    failures.append(f"the refused 1 MB answer counted as attempt {attempts}")

# Invalid times, dates, days, challenges and numbers.
add("time 25:61 named in the message", time="25:61", message_has="'25:61'")
for time in ["25:61", "7:00", "24:00", "07:60", "07:00:60", "07:00:00.5", "0700", "07:00 ", "07h00", "-1:00", "٠٧:٠٠"]:
    add(f"time {time!r}", time=time)
    update(one_time, f"time {time!r}", time=time)
for date in ["2027-02-30", "2027-13-01", "2027-00-10", "27-01-01", "2027/01/01", "2020-01-01", "tomorrow"]:
    add(f"date {date!r}", time="07:00", date=date)
    update(one_time, f"date {date!r}", date=date)
for days in [["funday"], ["Mon"], ["mon", "funday"], ["mon,tue"], ["weekday"]]:
    add(f"repeat {days}", time="07:00", repeat=strings(*days))
    update(repeating, f"repeat {days}", repeat=strings(*days))
for stack in [["math:extreme"], ["math"], ["qr:"], ["qr:" + "a" * 129], ["qr:a\nb"], ["typing:0"], ["typing:21"],
              ["typing:x"], ["typing:"], ["chess:1"], ["math:easy"] * 9, ["math:easy", "bogus"]]:
    add(f"challenges {stack!r:.50}", time="07:00", challenges=strings(*stack))
    update(repeating, f"challenges {stack!r:.50}", challenges=strings(*stack))
for volume in [1.5, -0.1, float("nan"), float("inf")]:
    add(f"volume {volume}", time="07:00", volume=volume)
    update(one_time, f"volume {volume}", volume=volume)
for minutes in [0, 61, -1, 2**31 - 1]:
    add(f"snooze_minutes {minutes}", time="07:00", snooze_minutes=dbus.Int32(minutes))
    update(one_time, f"snooze_minutes {minutes}", snooze_minutes=dbus.Int32(minutes))
for minutes in [61, -1, 2**31 - 1]:
    add(f"wake_check {minutes}", time="07:00", wake_check=dbus.Int32(minutes))
    update(one_time, f"wake_check {minutes}", wake_check=dbus.Int32(minutes))
add("wake_check as string", time="07:00", wake_check="5")
# Every integer type is accepted in range, so one out of range is "out of range", not "not an integer".
add("snooze_minutes uint64 max", time="07:00", snooze_minutes=dbus.UInt64(2**64 - 1), message_has="out of range")
add("max_snoozes uint64 2^63", time="07:00", max_snoozes=dbus.UInt64(2**63), message_has="out of range")
for count in [-2, 11, -(2**31)]:
    add(f"max_snoozes {count}", time="07:00", max_snoozes=dbus.Int32(count))
    update(one_time, f"max_snoozes {count}", max_snoozes=dbus.Int32(count))
add("label of 257 characters", time="07:00", label="é" * 257)
add("relative sound path", time="07:00", sound="sounds/bell.oga")
add("date with repeat", time="07:00", date="2030-01-01", repeat=strings("mon"))
update(repeating, "date on a repeating alarm", date="2030-01-01")
add("qr:* with no stored code", time="07:00", challenges=strings("qr:*"))

# A bad key spoils the whole call: the good keys beside it are not applied either.
update(one_time, "good label, bad time", label="changed", time="25:61")
update(one_time, "good time, bad volume", time="06:00", volume=2.0)
update(one_time, "good label, unknown key", label="changed", zzz="x")
add("good keys, bad snooze", time="07:00", label="half-added", snooze_minutes=dbus.UInt32(0))

# Digits that are not ASCII digits: other scripts, a combining mark after a digit (a grapheme that once
# passed for a digit and trapped the agent), keycaps, superscripts, fullwidth forms; and noncharacters,
# which sd-bus clients refuse to read back.
LOOKALIKES = ["\u0661", "\u06f1", "\u0967", "\uff11", "\u00b9", "\u2081", "\u2460", "1\ufe0f\u20e3", "1\u20e3",
              "1\u0301", "1\u0300\u0301", "1\u200d", "\U0001d7cf"]
add("date 1\u0301111-01-01, the trap of 0.1.0", time="07:00", date="1\u0301111-01-01")
add("time 07:0\u0301", time="07:0\u0301")
for one in LOOKALIKES:
    add(f"time {one!r}1:00", time=one + "1:00")
    add(f"time 07:{one!r}0", time="07:" + one + "0")
    add(f"date 2031-{one!r}1-01", time="07:00", date="2031-" + one + "1-01")
    add(f"date {one!r}111-01-01", time="07:00", date=one + "111-01-01")
    update(one_time, f"time {one!r}1:00", time=one + "1:00")
    update(one_time, f"date 2031-0{one!r}-01", date="2031-0" + one + "-01")
    add(f"challenge typing:{one!r}", time="07:00", challenges=strings("typing:" + one))
    update(repeating, f"challenge typing:{one!r}", challenges=strings("typing:" + one))
for code in [0xFFFF, 0xFDD0, 0x10FFFF]:
    add(f"label with U+{code:04X}", time="07:00", label="Work" + chr(code))
    update(one_time, f"label with U+{code:04X}", label="Work" + chr(code))
    add(f"sound with U+{code:04X}", time="07:00", sound="/tmp/bell" + chr(code))
expect([INVALID], "AddAlarm", "a{sv}", spec(time="07:00", date="1\u0301" * 40_000), what="date of 120 KB")
expect([INVALID], "AddAlarm", "a{sv}", spec(time="0" * 150_000), what="time of 150 KB")

# Unknown ids, well-formed or not.
for alarm_id in [UNKNOWN, "", "x", "not-a-uuid", UNKNOWN.upper().replace("0BADC0DE", "0BADC0DF"), UNKNOWN + "0",
                 "../" * 10, "\u00e9\U0001f600", "0badc0de", "0badc0de\u0301", "\uff10badc0de", UNKNOWN + "\u0301"]:
    errors = [NOT_FOUND] if alarm_id == UNKNOWN else [NOT_FOUND, INVALID]
    for method in ["GetAlarm", "RemoveAlarm", "Trigger", "Snooze", "Dismiss", "GetChallenge", "ConfirmAwake"]:
        expect(errors, method, "s", alarm_id, what=f"id {alarm_id!r:.40}")
    expect(errors, "UpdateAlarm", "sa{sv}", alarm_id, spec(label="x"), what=f"id {alarm_id!r:.40}")
    expect(errors, "SetEnabled", "sb", alarm_id, True, what=f"id {alarm_id!r:.40}")
    expect(errors, "SubmitAnswer", "ss", alarm_id, "42", what=f"id {alarm_id!r:.40}")

# Code cards: labels that could leave a directory, hide a file or break a line; cards that do not exist.
for label in ["", "../x", ".x", "-x", "a/b", " x", "x ", "a\nb", "Work\uFFFF", "k" * 65, "\u0301" * 40_000]:
    expect([INVALID], "AddCard", "s", label, what=f"label {label!r:.40}")
    add(f"challenge card:{label!r:.40}", time="07:00", challenges=strings("card:" + label))
for label in ["Cellar", "", "../x"]:
    expect([INVALID], "RemoveCard", "s", label, what=f"label {label!r:.40}")
add("challenge of a card that does not exist", "no card is named", time="07:00", challenges=strings("card:Cellar"))
update(repeating, "challenge of a card that does not exist", challenges=strings("card:Cellar"))
if list(call("ListCards", "")) != []:
    failures.append("ListCards: a refused AddCard made a card")

for failure in failures:
    print("FAIL:", failure)
print(f"{checked} bad calls, {len(failures)} failures")
sys.exit(1 if failures else 0)
