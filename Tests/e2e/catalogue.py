#!/usr/bin/python3
"""What a compiled catalogue says, for the language tests: they assert on the translations the
binaries read ($REVEILLE_LOCALEDIR/LL/LC_MESSAGES/reveille.mo), so they follow the translators'
wording instead of hard-coding it.

    catalogue.py LL [--context CTX] --find TEXT MSGID
        succeeds when TEXT shows the translation (any plural form), its {placeholders} standing
        for any text; prints what each placeholder stood for, NAME=VALUE a line. A line of TEXT
        is tried whole first, then TEXT anywhere, then TEXT with its runs of blanks made one
        space (a line the screen wrapped)
"""
import os
import re
import struct
import sys


def read_mo(path):
    """The catalogue as {key: [forms]}, key "CTX\\x04MSGID" when it has a context."""
    data = open(path, "rb").read()
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">"
    count, originals, translations = struct.unpack(order + "4x4xIII", data[:20])
    entries = {}
    for index in range(count):
        length, offset = struct.unpack(order + "II", data[originals + 8 * index:originals + 8 * index + 8])
        key = data[offset:offset + length].decode("utf-8").split("\0")[0]
        length, offset = struct.unpack(order + "II", data[translations + 8 * index:translations + 8 * index + 8])
        entries[key] = data[offset:offset + length].decode("utf-8").split("\0")
    return entries


def pattern(form, whole):
    """A regular expression for one translated form: its placeholders match any text of a line."""
    parts, seen = [], set()
    pieces = re.split(r"(\{[a-z_]+\})", form)
    for position, piece in enumerate(pieces):
        name = piece[1:-1] if re.fullmatch(r"\{[a-z_]+\}", piece) else None
        if name is None:
            parts.append(re.escape(piece))
        elif name in seen:
            parts.append("(?P=%s)" % name)
        else:
            seen.add(name)
            last = all(not rest for rest in pieces[position + 1:])
            parts.append("(?P<%s>[^\\n]+%s)" % (name, "" if whole or last else "?"))
    return "".join(parts)


def main(argv):
    args = argv[1:]
    language = args.pop(0)
    context = text = None
    while args and args[0].startswith("--"):
        option = args.pop(0)
        if option == "--context":
            context = args.pop(0)
        elif option == "--find":
            text = args.pop(0)
        else:
            sys.exit("catalogue.py: unknown option %s" % option)
    if text is None or len(args) != 1:
        sys.exit("usage: catalogue.py LL [--context CTX] --find TEXT MSGID")
    msgid = args[0]
    path = os.path.join(os.environ["REVEILLE_LOCALEDIR"], language, "LC_MESSAGES", "reveille.mo")
    entries = read_mo(path)
    key = msgid if context is None else context + "\x04" + msgid
    forms = [form for form in entries.get(key, []) if form]
    if not forms:
        sys.exit("catalogue.py: %s has no translation of %r%s" % (
            path, msgid, "" if context is None else " (context %r)" % context))
    for form in forms:
        candidates = [(re.compile(pattern(form, True)), line.strip(), "fullmatch") for line in text.splitlines()]
        candidates += [(re.compile(pattern(form, False)), text, "search"),
                       (re.compile(pattern(form, False)), " ".join(text.split()), "search")]
        for regex, subject, how in candidates:
            match = getattr(regex, how)(subject)
            if match:
                for name, value in match.groupdict().items():
                    print("%s=%s" % (name, value))
                return
    sys.exit("catalogue.py: the %s translation of %r is not in:\n%s\n(it says: %s)" % (
        language, msgid, text, " | ".join(forms)))


if __name__ == "__main__":
    main(sys.argv)
