#!/usr/bin/env python3
"""Checks Reveille's translations in po/ against po/reveille.pot.

    scripts/po/check.py [--po-dir DIR]

A language is shipped when po/LINGUAS lists it. For every po/LL.po:
  - `msgfmt --check` accepts it (syntax, header, plural forms);
  - each translated entry keeps the placeholders of its English text: the same set of {name}s
    (order and repeats are free). For a plural, every msgstr[i] has the set of msgid and
    msgid_plural together, except that {count} may be left out of a form the language's
    Plural-Forms uses for n = 1 alone (German "Noch eine Schlummerpause"; not French form 0,
    which serves 0 and 1 and must show the number);
  - no active entry is missing from the .pot or has another msgid_plural there (`make po`).
For a shipped language, besides:
  - msgfmt --statistics counts no fuzzy and no untranslated message, and msgfmt says no warning;
  - it has an entry for every message of the .pot (obsolete `#~` entries may stay: msgmerge keeps
    them, and they are not compiled).
A language LINGUAS lists without a po/LL.po fails; a po/LL.po that LINGUAS does not list is work
in progress: checked, not required complete, not shipped. An empty LINGUAS passes.
"""

import argparse
import gettext
import os
import re
import subprocess
import sys

PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


class PoEntry:
    def __init__(self):
        self.context = None
        self.msgid = None
        self.plural = None
        self.msgstr = {}          # form index -> text (0 for a msgstr without plural)
        self.flags = set()
        self.obsolete = False
        self.line = 0

    def key(self):
        return (self.context, self.msgid)


def unquote(text, where):
    text = text.strip()
    if not (len(text) >= 2 and text[0] == '"' and text[-1] == '"'):
        raise SystemExit(f"{where}: expected a quoted string, got {text}")
    body, out, i = text[1:-1], [], 0
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body):
            out.append(ESCAPES.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(body[i])
            i += 1
    return "".join(out)


def parse_po(path):
    """The entries of a PO file, the header included (msgid "")."""
    entries = []
    current = None
    field = None
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")

    def flush():
        nonlocal current
        if current is not None and current.msgid is not None:
            entries.append(current)
        current = None

    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            flush()
            field = None
            continue
        if line.startswith("#"):
            if line.startswith("#,"):
                if current is not None and current.msgid is not None:
                    flush()
                current = current or PoEntry()
                current.flags |= {flag.strip() for flag in line[2:].split(",")}
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if field is None:
                raise SystemExit(f"{path}:{number}: a string continues nothing")
            kind, index = field
            value = unquote(line, f"{path}:{number}")
            if kind == "msgstr":
                current.msgstr[index] += value
            else:
                setattr(current, kind, getattr(current, kind) + value)
            continue
        if keyword in ("msgctxt", "msgid") and current is not None and current.msgid is not None and \
                (keyword == "msgctxt" or current.msgstr):
            flush()
        if current is None:
            current = PoEntry()
        current.obsolete = current.obsolete or obsolete
        value = unquote(rest, f"{path}:{number}")
        if keyword == "msgctxt":
            current.context, field = value, ("context", None)
        elif keyword == "msgid":
            current.msgid, current.line, field = value, number, ("msgid", None)
        elif keyword == "msgid_plural":
            current.plural, field = value, ("plural", None)
        elif keyword == "msgstr":
            current.msgstr[0], field = value, ("msgstr", 0)
        elif re.fullmatch(r"msgstr\[\d+\]", keyword):
            index = int(keyword[7:-1])
            current.msgstr[index], field = value, ("msgstr", index)
        else:
            raise SystemExit(f"{path}:{number}: unknown keyword {keyword}")
    flush()
    return entries


def header_fields(entries):
    for e in entries:
        if e.msgid == "" and e.context is None:
            return dict(line.split(": ", 1) if ": " in line else (line.rstrip(":"), "")
                        for line in e.msgstr.get(0, "").split("\n") if line)
    return {}


def single_forms(plural_forms, where, problems):
    """The plural form indexes used for n = 1 and no other n (tried up to 1000)."""
    m = re.search(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+);?", plural_forms or "")
    if not m:
        problems.append(f"{where}: no usable Plural-Forms in the header")
        return set(), 0
    nplurals = int(m.group(1))
    try:
        choose = gettext.c2py(m.group(2))
    except (ValueError, SyntaxError) as e:
        problems.append(f"{where}: cannot read its plural expression: {e}")
        return set(), nplurals
    users = {}
    for n in range(1001):
        users.setdefault(choose(n), set()).add(n)
    return {form for form, ns in users.items() if ns == {1}}, nplurals


def names(text):
    return set(PLACEHOLDER.findall(text))


def show(names_):
    return " ".join("{" + n + "}" for n in sorted(names_)) or "none"


def label(entry):
    text = entry.msgid if len(entry.msgid) <= 50 else entry.msgid[:47] + "..."
    return (f"[{entry.context}] " if entry.context else "") + repr(text)


def check_placeholders(path, entry, only_one, problems):
    if "fuzzy" in entry.flags:
        return
    if entry.plural is None:
        text = entry.msgstr.get(0, "")
        if text and names(text) != names(entry.msgid):
            problems.append(f"{path}:{entry.line}: {label(entry)} has placeholders {show(names(entry.msgid))}, "
                            f"its translation {show(names(text))}")
        return
    english = names(entry.msgid) | names(entry.plural)
    for index, text in sorted(entry.msgstr.items()):
        if not text:
            continue
        got = names(text)
        allowed = {frozenset(english)}
        if index in only_one:
            allowed.add(frozenset(english - {"count"}))
        if frozenset(got) not in allowed:
            extra = " ({count} may be left out only of a form used for n = 1 alone)" \
                if english - got == {"count"} else ""
            problems.append(f"{path}:{entry.line}: {label(entry)} has placeholders {show(english)}, "
                            f"its msgstr[{index}] {show(got)}{extra}")


def msgfmt(path):
    run = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", path],
                         capture_output=True, text=True, env={**os.environ, "LC_ALL": "C", "LANGUAGE": ""})
    return run.returncode, run.stderr


def statistics(output):
    counts = {}
    for kind in ("translated", "fuzzy", "untranslated"):
        m = re.search(rf"(\d+) {kind} (message|translation)", output)
        counts[kind] = int(m.group(1)) if m else 0
    return counts


def linguas(po_dir, problems):
    path = os.path.join(po_dir, "LINGUAS")
    if not os.path.exists(path):
        return []
    langs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            for lang in line.split("#", 1)[0].split():
                if not re.fullmatch(r"[a-z]{2,3}(_[A-Z]{2})?(@[a-z]+)?", lang):
                    problems.append(f"{path}: '{lang}' is not a language code (ll or ll_CC)")
                langs.append(lang)
    return langs


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--po-dir", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "po"))
    args = parser.parse_args()
    po_dir = os.path.normpath(args.po_dir)
    def rel(path):
        shown = os.path.relpath(path)
        return path if shown.startswith("..") else shown
    problems = []
    notes = []

    shipped = linguas(po_dir, problems)
    pot_path = os.path.join(po_dir, "reveille.pot")
    if not os.path.exists(pot_path):
        print(f"check-po: FAIL: {rel(pot_path)} is missing (make pot)")
        return 1
    pot = {e.key(): e for e in parse_po(pot_path) if e.msgid != "" and not e.obsolete}

    catalogues = sorted(name[:-3] for name in os.listdir(po_dir) if name.endswith(".po"))
    for lang in shipped:
        if lang not in catalogues:
            problems.append(f"{rel(os.path.join(po_dir, 'LINGUAS'))}: lists '{lang}', but there is no "
                            f"{rel(os.path.join(po_dir, lang + '.po'))}")

    for lang in catalogues:
        path = os.path.join(po_dir, lang + ".po")
        is_shipped = lang in shipped
        status, output = msgfmt(path)
        if status != 0:
            problems.append(f"msgfmt --check {rel(path)} failed:\n{output.rstrip()}")
            continue
        warnings = [line for line in output.splitlines() if "warning:" in line]
        if warnings and is_shipped:
            problems.extend(f"msgfmt --check: {line}" for line in warnings)
        counts = statistics(output)
        entries = parse_po(path)
        fields = header_fields(entries)
        if fields.get("Language", "") not in (lang, ""):
            problems.append(f"{rel(path)}: its header says Language: {fields['Language']}, its name '{lang}'")
        only_one, _ = single_forms(fields.get("Plural-Forms"), rel(path), problems)
        active = {e.key(): e for e in entries if e.msgid != "" and not e.obsolete}
        for key, entry in sorted(active.items(), key=lambda kv: (kv[0][1], kv[0][0] or "")):
            check_placeholders(rel(path), entry, only_one, problems)
            english = pot.get(key)
            if english is None:
                problems.append(f"{rel(path)}:{entry.line}: {label(entry)} is not in reveille.pot any more "
                                "(make po marks it obsolete)")
            elif english.plural != entry.plural:
                problems.append(f"{rel(path)}:{entry.line}: {label(entry)} has msgid_plural {entry.plural!r}, "
                                f"reveille.pot {english.plural!r} (make po)")
        missing = [pot[key] for key in sorted(pot, key=lambda k: (k[1], k[0] or "")) if key not in active]
        if is_shipped:
            for entry in missing[:10]:
                problems.append(f"{rel(path)}: has no entry for {label(entry)} of reveille.pot (make po, then translate)")
            if len(missing) > 10:
                problems.append(f"{rel(path)}: ... and {len(missing) - 10} more messages of reveille.pot (make po)")
            if counts["fuzzy"] or counts["untranslated"]:
                problems.append(f"{rel(path)}: {counts['fuzzy']} fuzzy and {counts['untranslated']} untranslated "
                                "message(s): a shipped catalogue is complete (msgfmt --statistics)")
            notes.append(f"{lang} {counts['translated']}/{len(pot)}")
        else:
            notes.append(f"{lang} (not in LINGUAS) {counts['translated']}/{len(pot)}")

    for problem in problems:
        print(f"check-po: FAIL: {problem}")
    summary = ", ".join(notes) or "no catalogue yet"
    if problems:
        print(f"check-po: {len(problems)} problem(s); catalogues: {summary}")
        return 1
    print(f"check-po: catalogues complete and consistent with reveille.pot ({len(pot)} messages): {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
