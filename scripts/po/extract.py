#!/usr/bin/env python3
"""Extracts Reveille's translatable messages into po/reveille.pot, and lints for texts that escape it.

    scripts/po/extract.py             writes po/reveille.pot from the Message(...) calls in Sources/
    scripts/po/extract.py --check     fails when po/reveille.pot differs from a fresh extraction
    scripts/po/extract.py --lint      lists string literals handed to a user-facing sink (SINKS below)
                                      without Message: informational, or failing once po/STRICT exists
                                      (or with --strict)
    --root DIR                        the tree to read (default: this repository); the tests use fixtures

A message is written in Swift only as `Message("template", ...)`, `Message(context: "ctx", "template",
...)` or `Message(one: "...", other: "...", count: n, ...)` (optionally after `context:`), each template
a one-line string literal without interpolation or concatenation. A `Message(` call of any other shape
fails the extraction with its file and line, so that no message escapes the catalogue.

The .pot is deterministic: entries sorted by msgid then msgctxt, references by file only (`#: FILE`,
as xgettext --add-location=file: a line moved by an edit elsewhere does not make it stale), and a
fixed header: its POT-Creation-Date is a constant (the day this script was written), so that a .pot
differs only where the messages do, and `msginit --no-translator` still makes a PO-Revision-Date of
it. `make check` regenerates it and compares.
"""

import argparse
import difflib
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from swiftlex import LexError, letters_outside_interpolation, plain_value, tokens  # noqa: E402

# ---- What is read, and where things are -------------------------------------------------------

SOURCES = "Sources"
# The target that defines Message (its own calls forward templates, they are not messages), and the
# D-Bus layer, whose own `Message` is a D-Bus message. Elsewhere `DBus.Message(` is skipped too.
NOT_SCANNED = ["Sources/ReveilleText/", "Sources/DBus/"]
OTHER_MESSAGE_MODULES = ["DBus"]
POT = "po/reveille.pot"
LINT_ALLOW = "po/lint-allow.txt"
# While this file does not exist, --lint reports and passes; once it does, a finding fails make check.
STRICT_FLAG = "po/STRICT"

# The user-facing sinks: calls whose string arguments reach a reader, so a literal handed to them
# directly (not through Message) is a text the catalogue misses. Each is
#   (call, the paths it applies to, the argument labels that carry text; None: every argument).
# A call written ".name" matches only a member call (`.invalidArgument(...)`, `CLIError.usage(...)`);
# a plain name matches a free call, an initializer or a method (`notifier.notice(...)`). Only literals with a letter outside their
# interpolations count ("" or "\n" is not a text), and only those directly in the call's parentheses
# (not inside Message(...) or another call). Machine output handed to a sink on purpose (JSON keys,
# D-Bus names, log lines) goes in po/lint-allow.txt.
SINKS = [
    ("print", ["Sources/ReveilleCLI/"], None),
    ("printError", ["Sources/ReveilleCLI/"], None),
    ("CLIError", ["Sources/"], None),
    (".usage", ["Sources/ReveilleCLI/"], None),
    (".failed", ["Sources/ReveilleCLI/", "Sources/ReveilleCore/", "Sources/ReveilleAPI/",
                 "Sources/ReveilleModel/", "Sources/ReveilleDomain/", "Sources/ReveilleAgent/"], None),
    (".invalidArgument", ["Sources/"], None),
    (".notFound", ["Sources/ReveilleCore/", "Sources/ReveilleAPI/", "Sources/ReveilleModel/"], None),
    ("Refusal", ["Sources/"], None),
    ("AlarmFieldError", ["Sources/"], None),
    ("notice", ["Sources/"], ["summary", "body"]),
    ("NoticeAction", ["Sources/"], ["label"]),
    ("RingNotification", ["Sources/"], ["summary", "body", "snoozeLabel", "dismissLabel"]),
    ("NotificationContent", ["Sources/ReveilleAgent/", "Sources/ReveilleCore/"], ["summary", "body"]),
    ("TrayMenuItem", ["Sources/"], ["label"]),
    # Reasons that end up inside a translated sentence (Preflight's notes, the store's notices).
    ("ConfigError", ["Sources/"], None),
    ("ReadOnlyDatabase", ["Sources/"], ["reason"]),
    (".invalid", ["Sources/"], ["reason"]),
    (".unreachable", ["Sources/ReveilleAgent/", "Sources/ReveilleCore/", "Sources/ReveilleModel/"], None),
    # A text handed over as needing no translation: a literal there is English that bypasses the catalogue.
    (".verbatim", ["Sources/"], None),
    # The CLI's --help (swift-argument-parser).
    ("CommandConfiguration", ["Sources/ReveilleCLI/"], ["abstract", "discussion"]),
    ("Option", ["Sources/ReveilleCLI/"], ["help"]),
    ("Flag", ["Sources/ReveilleCLI/"], ["help"]),
    ("Argument", ["Sources/ReveilleCLI/"], ["help"]),
    ("ArgumentHelp", ["Sources/ReveilleCLI/"], None),
    ("ValidationError", ["Sources/ReveilleCLI/"], None),
]

PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")

HEADER = r'''# The messages of Reveille, for translators.
# Generated from Sources/ by scripts/po/extract.py (make pot): do not edit by hand.
# Placeholders such as {label} are filled by the program: keep each one, in any order.
# This file is distributed under the same license as the Reveille package.
#
#, fuzzy
msgid ""
msgstr ""
"Project-Id-Version: reveille\n"
"Report-Msgid-Bugs-To: reveille@example.org\n"
"POT-Creation-Date: 2026-11-26 00:00+0000\n"
"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\n"
"Last-Translator: FULL NAME <EMAIL@ADDRESS>\n"
"Language-Team: LANGUAGE <LL@li.org>\n"
"Language: \n"
"MIME-Version: 1.0\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Content-Transfer-Encoding: 8bit\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\n"
'''


class Entry:
    def __init__(self, context, msgid, plural):
        self.context, self.msgid, self.plural = context, msgid, plural
        self.files = []

    def key(self):
        return (self.msgid, self.context or "")


def swift_files(root):
    base = os.path.join(root, SOURCES)
    found = []
    for directory, subdirs, files in os.walk(base):
        subdirs.sort()
        for name in sorted(files):
            if name.endswith(".swift"):
                rel = os.path.relpath(os.path.join(directory, name), root).replace(os.sep, "/")
                if not any(rel.startswith(skip) for skip in NOT_SCANNED):
                    found.append(rel)
    return sorted(found)


def read_tokens(root, rel, errors):
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        src = f.read()
    try:
        return tokens(src)
    except LexError as e:
        errors.append(f"{rel}:{e.line}: cannot read the file: {e}")
        return []


def is_punct(tok, ch):
    return tok is not None and tok.kind == "punct" and tok.text == ch


def is_label(toks, j, name):
    return j + 1 < len(toks) and toks[j].kind == "id" and toks[j].text == name and is_punct(toks[j + 1], ":")


def at(toks, j):
    return toks[j] if j < len(toks) else None


def template(toks, j, rel, what):
    """The value of the literal at toks[j], which must be a plain one-line literal ending its argument."""
    tok = at(toks, j)
    if tok is None or tok.kind != "str":
        line = tok.line if tok else toks[-1].line
        raise ExtractError(f"{rel}:{line}: {what} of Message(...) is not a string literal (a variable or an "
                           "expression): write the English text itself there, so that it can be extracted")
    if tok.interpolated:
        raise ExtractError(f"{rel}:{tok.line}: {what} of Message(...) has an interpolation \\(...): "
                           "use a {name} placeholder and pass the value in the arguments")
    if tok.multiline:
        raise ExtractError(f"{rel}:{tok.line}: {what} of Message(...) is a multi-line \"\"\" literal: "
                           "write it on one line with \\n")
    if tok.raw:
        raise ExtractError(f"{rel}:{tok.line}: {what} of Message(...) is a raw #\"...\"# literal: "
                           "write a plain \"...\" literal")
    after = at(toks, j + 1)
    if not (is_punct(after, ",") or is_punct(after, ")")):
        raise ExtractError(f"{rel}:{tok.line}: {what} of Message(...) is a literal followed by "
                           f"'{after.text if after else 'end of file'}' (a concatenation or an expression): "
                           "a template is one literal")
    try:
        value = plain_value(tok)
    except ValueError as e:
        raise ExtractError(f"{rel}:{tok.line}: {what} of Message(...) has {e}")
    if value == "":
        raise ExtractError(f"{rel}:{tok.line}: {what} of Message(...) is empty: gettext keeps \"\" for its header")
    return value


class ExtractError(Exception):
    pass


def message_call(toks, i, rel):
    """Reads the Message( call whose name is toks[i]; returns (context, msgid, plural)."""
    j = i + 2
    context = plural = None
    if is_label(toks, j, "context"):
        context = template(toks, j + 2, rel, "the context")
        j += 4
    if is_label(toks, j, "one"):
        msgid = template(toks, j + 2, rel, "the one: template")
        if not is_label(toks, j + 4, "other"):
            raise ExtractError(f"{rel}:{toks[j].line}: Message(one: ...) has no other: template right after it")
        plural = template(toks, j + 6, rel, "the other: template")
        j += 7
    else:
        if at(toks, j) is not None and toks[j].kind == "id" and is_punct(at(toks, j + 1), ":"):
            raise ExtractError(f"{rel}:{toks[j].line}: Message({toks[j].text}: ...) is not a shape the extractor "
                               "knows: Message(\"...\"), Message(context: \"...\", \"...\"), "
                               "Message(one: \"...\", other: \"...\", count: n)")
        msgid = template(toks, j, rel, "the template")
        j += 1
    check_arguments(toks, i, j, rel, msgid, plural)
    return context, msgid, plural


def dictionary_keys(toks, j):
    """The keys of the dictionary literal at toks[j] (`[:]`, `["a": x, "b": y]`), or None for another
    expression; and the index after the argument."""
    keys = set()
    literal = is_punct(at(toks, j), "[")
    depth = 0
    closed = False  # the literal's ] is behind: anything but the argument's end makes it an expression
    k = j
    while k < len(toks):
        t = toks[k]
        if depth == 0 and (is_punct(t, ",") or is_punct(t, ")")):
            break
        if closed:
            literal = False  # `[...] + other`, `[...].merging(...)`
        if t.kind == "punct" and t.text in "([{":
            depth += 1
        elif t.kind == "punct" and t.text in ")]}":
            depth -= 1
            closed = depth == 0
        elif literal and depth == 1 and t.kind == "str" and is_punct(at(toks, k + 1), ":") and \
                (is_punct(toks[k - 1], "[") or is_punct(toks[k - 1], ",")):
            try:
                keys.add(plain_value(t))
            except ValueError:
                literal = False
        k += 1
    return (keys if literal else None), k


def check_arguments(toks, i, j, rel, msgid, plural):
    """When the arguments are dictionary literals (or absent), their keys are the template's placeholders:
    a placeholder without its argument would be shown as it is written, an argument without one never."""
    keys = set()
    while is_punct(at(toks, j), ","):
        j += 1
        label = None
        if at(toks, j) is not None and toks[j].kind == "id" and is_punct(at(toks, j + 1), ":"):
            label = toks[j].text
            j += 2
        found, j = dictionary_keys(toks, j)
        if label in (None, "messages"):
            if found is None:
                return  # built elsewhere: nothing to compare
            keys |= found
    wanted = set(PLACEHOLDER.findall(msgid)) | set(PLACEHOLDER.findall(plural or ""))
    if plural is not None:
        wanted.discard("count")
        keys.discard("count")
    show = lambda names: ", ".join("{" + n + "}" for n in sorted(names))  # noqa: E731
    if wanted - keys:
        raise ExtractError(f"{rel}:{toks[i].line}: Message(\"{msgid}\") has no argument for {show(wanted - keys)}")
    if keys - wanted:
        raise ExtractError(f"{rel}:{toks[i].line}: Message(\"{msgid}\") has an argument for {show(keys - wanted)}, "
                           "which its template does not show")


def extract(root):
    """The entries of every Message( call under root's Sources, and the errors found."""
    entries = {}
    errors = []
    for rel in swift_files(root):
        toks = read_tokens(root, rel, errors)
        for i, tok in enumerate(toks):
            if tok.kind != "id" or tok.text != "Message":
                continue
            before = toks[i - 1] if i > 0 else None
            if before is not None and before.kind == "id" and before.text in ("struct", "extension", "func"):
                continue
            if is_punct(before, ".") and i > 1 and toks[i - 2].text in OTHER_MESSAGE_MODULES:
                continue
            nxt = at(toks, i + 1)
            if is_punct(nxt, ".") and at(toks, i + 2) is not None and toks[i + 2].text == "init":
                errors.append(f"{rel}:{tok.line}: write Message(...), not Message.init(...), so that it is extracted")
                continue
            if not is_punct(nxt, "("):
                continue
            try:
                context, msgid, plural = message_call(toks, i, rel)
            except ExtractError as e:
                errors.append(str(e))
                continue
            key = (msgid, context or "")
            entry = entries.get(key)
            if entry is None:
                entry = entries[key] = Entry(context, msgid, plural)
            elif entry.plural != plural:
                shown = lambda p: f"plural {p!r}" if p else "no plural"  # noqa: E731
                errors.append(f"{rel}:{tok.line}: \"{msgid}\" is used with {shown(entry.plural)} in "
                              f"{entry.files[0]} and {shown(plural)} here: one msgid has one msgid_plural; "
                              "give one of them a context")
                continue
            if rel not in entry.files:
                entry.files.append(rel)
    return sorted(entries.values(), key=Entry.key), errors


def po_string(keyword, value):
    """A PO keyword and its C-escaped value, split after each \\n as xgettext does."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\r", "\\r")
    parts = escaped.split("\n")
    pieces = [p + "\\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    if len(pieces) == 1:
        return f'{keyword} "{pieces[0]}"\n'
    return f'{keyword} ""\n' + "".join(f'"{p}"\n' for p in pieces)


def render(entries):
    out = [HEADER]
    for e in entries:
        out.append("\n")
        names = []
        for text in (e.msgid, e.plural or ""):
            for name in PLACEHOLDER.findall(text):
                if name not in names:
                    names.append(name)
        if names:
            out.append("#. placeholders: " + " ".join("{" + n + "}" for n in names) + "\n")
        for rel in e.files:
            out.append(f"#: {rel}\n")
        if e.context is not None:
            out.append(po_string("msgctxt", e.context))
        out.append(po_string("msgid", e.msgid))
        if e.plural is not None:
            out.append(po_string("msgid_plural", e.plural))
            out.append('msgstr[0] ""\nmsgstr[1] ""\n')
        else:
            out.append('msgstr ""\n')
    return "".join(out)


# ---- The lint ------------------------------------------------------------------------------------

def sink_for(toks, i, rel):
    tok = toks[i]
    if tok.kind != "id" or not is_punct(at(toks, i + 1), "("):
        return None
    before = toks[i - 1] if i > 0 else None
    member = is_punct(before, ".")
    if before is not None and before.kind == "id" and before.text in ("func", "init", "case"):
        return None
    for call, paths, labels in SINKS:
        name = call.lstrip(".")
        if name != tok.text or (call.startswith(".") and not member):
            continue
        if any(rel.startswith(p) for p in paths):
            return call, labels
    return None


def lint_file(toks, rel):
    """(line, call, literal) of each literal handed straight to a sink."""
    found = []
    for i in range(len(toks)):
        sink = sink_for(toks, i, rel)
        if sink is None:
            continue
        call, labels = sink
        depth = 0
        label = None
        arg_start = True
        j = i + 1
        while j < len(toks):
            t = toks[j]
            if t.kind == "punct" and t.text in "([{":
                depth += 1
                if depth == 1:
                    arg_start = True
                j += 1
                continue
            if t.kind == "punct" and t.text in ")]}":
                depth -= 1
                j += 1
                if depth == 0:
                    break
                continue
            if depth == 1:
                if is_punct(t, ","):
                    arg_start, label = True, None
                    j += 1
                    continue
                if arg_start:
                    arg_start = False
                    if t.kind == "id" and is_punct(at(toks, j + 1), ":"):
                        label = t.text
                        j += 2
                        continue
                    label = None
                if t.kind == "str" and (labels is None or label in labels) and letters_outside_interpolation(t):
                    found.append((t.line, call, t.text))
            j += 1
    return found


def read_allowlist(root):
    """{path: set of literals as written, or {"*"}} from po/lint-allow.txt."""
    allowed = {}
    path = os.path.join(root, LINT_ALLOW)
    if not os.path.exists(path):
        return allowed
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            rel, sep, literal = line.partition(": ")
            if not sep or not literal:
                raise SystemExit(f"{LINT_ALLOW}:{number}: expected 'PATH: \"literal as written\"' or 'PATH: *'")
            allowed.setdefault(rel.strip(), set()).add(literal.strip())
    return allowed


def lint(root, strict, verbose):
    allowed = read_allowlist(root)
    findings = []
    errors = []
    for rel in swift_files(root):
        toks = read_tokens(root, rel, errors)
        for line, call, literal in lint_file(toks, rel):
            ok = allowed.get(rel, set())
            if "*" in ok or literal in ok:
                continue
            findings.append((rel, line, call, literal))
    for e in errors:
        print(e, file=sys.stderr)
    mode = "strict" if strict else f"informational until {STRICT_FLAG} exists"
    if verbose or strict:
        for rel, line, call, literal in findings:
            shown = literal if len(literal) <= 70 else literal[:67] + "...\""
            print(f"{rel}:{line}: {call}(...) is given the literal {shown}: wrap it in Message(...), "
                  f"or list it in {LINT_ALLOW} if it is not for a reader")
    if findings:
        per_file = {}
        for rel, *_ in findings:
            per_file[rel] = per_file.get(rel, 0) + 1
        if not (verbose or strict):
            busiest = sorted(per_file.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
            print("po-lint: most in " + ", ".join(f"{rel} ({n})" for rel, n in busiest) +
                  "; `make po-lint` lists every one")
        print(f"po-lint: {len(findings)} user-facing literal(s) in {len(per_file)} file(s) not in Message(...) "
              f"({mode})")
    else:
        print(f"po-lint: every literal handed to a user-facing sink goes through Message ({mode})")
    return 1 if (errors or (strict and findings)) else 0


# ---- Main ----------------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    parser.add_argument("--check", action="store_true", help="fail when the .pot is stale")
    parser.add_argument("--lint", action="store_true", help="report literals handed to user-facing sinks")
    parser.add_argument("--strict", action="store_true", help="with --lint: fail on any finding")
    parser.add_argument("--list", action="store_true", help="with --lint: list every finding")
    parser.add_argument("--output", help="write the .pot here instead of po/reveille.pot ('-': stdout)")
    args = parser.parse_args()
    root = os.path.normpath(args.root)

    if args.lint:
        strict = args.strict or os.path.exists(os.path.join(root, STRICT_FLAG))
        return lint(root, strict, args.list)

    entries, errors = extract(root)
    if errors:
        for e in errors:
            print(e, file=sys.stderr)
        print(f"extract: {len(errors)} Message(...) call(s) cannot be extracted (above)", file=sys.stderr)
        return 1
    text = render(entries)
    pot = os.path.join(root, POT)
    if args.check:
        try:
            with open(pot, encoding="utf-8") as f:
                old = f.read()
        except FileNotFoundError:
            old = ""
        if old != text:
            diff = list(difflib.unified_diff(old.splitlines(), text.splitlines(), POT, "fresh extraction",
                                             lineterm="", n=1))
            print("\n".join(diff[:60]), file=sys.stderr)
            if len(diff) > 60:
                print(f"... ({len(diff) - 60} more diff lines)", file=sys.stderr)
            print(f"extract: {POT} is stale: run `make pot` (then `make po`) and commit the result", file=sys.stderr)
            return 1
        print(f"extract: {POT} is up to date ({len(entries)} messages)")
        return 0
    if args.output == "-":
        sys.stdout.write(text)
    else:
        target = args.output or pot
        os.makedirs(os.path.dirname(os.path.abspath(target)), exist_ok=True)
        with open(target, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"extract: {len(entries)} messages written to {os.path.relpath(target, root) if not args.output else target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
