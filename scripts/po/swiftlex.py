"""A small lexer for Swift sources: enough to find calls and their string literals.

It knows comments (`//`, nested `/* */`), string literals (plain, multi-line `\"\"\"`, raw `#"…"#`,
with `\\( )` interpolations that may hold strings of their own), identifiers, numbers and single
punctuation characters. Everything else of Swift is beside the point of scripts/po.
"""

import re
from dataclasses import dataclass

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|`[^`\n]+`")
NUMBER = re.compile(r"[0-9][0-9A-Za-z_.]*")


@dataclass
class Token:
    kind: str        # "id", "str", "punct", "num"
    text: str        # the source text as written (a literal with its quotes)
    line: int        # 1-based line of its first character
    multiline: bool = False
    raw: bool = False
    interpolated: bool = False


class LexError(Exception):
    def __init__(self, line, message):
        super().__init__(message)
        self.line = line


def _skip_block_comment(src, i, line):
    depth = 0
    n = len(src)
    while i < n:
        if src.startswith("/*", i):
            depth += 1
            i += 2
        elif src.startswith("*/", i):
            depth -= 1
            i += 2
            if depth == 0:
                return i, line
        else:
            if src[i] == "\n":
                line += 1
            i += 1
    raise LexError(line, "unterminated /* comment")


def _scan_string(src, i, line):
    """src[i] starts a literal (its # signs or its first quote). Returns (end, line, token fields)."""
    start_line = line
    hashes = 0
    while src[i] == "#":
        hashes += 1
        i += 1
    multiline = src.startswith('"""', i)
    i += 3 if multiline else 1
    close = ('"""' if multiline else '"') + "#" * hashes
    escape = "\\" + "#" * hashes
    interpolated = False
    n = len(src)
    while i < n:
        if src.startswith(close, i):
            return i + len(close), line, multiline, hashes > 0, interpolated
        c = src[i]
        if c == "\n":
            if not multiline:
                raise LexError(start_line, "unterminated string literal")
            line += 1
            i += 1
        elif src.startswith(escape, i):
            i += len(escape)
            if i < n and src[i] == "(":
                interpolated = True
                i, line = _skip_code_until_paren(src, i + 1, line)
            elif i < n and src[i] == "\n":
                line += 1
                i += 1
            else:
                i += 1
        else:
            i += 1
    raise LexError(start_line, "unterminated string literal")


def _skip_code_until_paren(src, i, line):
    """Skips an interpolation's code up to and past its closing parenthesis."""
    depth = 1
    n = len(src)
    while i < n:
        c = src[i]
        if c == "(":
            depth += 1
            i += 1
        elif c == ")":
            depth -= 1
            i += 1
            if depth == 0:
                return i, line
        elif c == '"' or (c == "#" and re.match(r'#+"', src[i:i + 8])):
            i, line, *_ = _scan_string(src, i, line)
        elif src.startswith("//", i):
            while i < n and src[i] != "\n":
                i += 1
        elif src.startswith("/*", i):
            i, line = _skip_block_comment(src, i, line)
        else:
            if c == "\n":
                line += 1
            i += 1
    raise LexError(line, "unterminated interpolation")


def tokens(src):
    """The tokens of a Swift source, comments and whitespace left out."""
    out = []
    i, line, n = 0, 1, len(src)
    while i < n:
        c = src[i]
        if c == "\n":
            line += 1
            i += 1
        elif c in " \t\r\f":
            i += 1
        elif src.startswith("//", i):
            while i < n and src[i] != "\n":
                i += 1
        elif src.startswith("/*", i):
            i, line = _skip_block_comment(src, i, line)
        elif c == '"' or (c == "#" and re.match(r'#+"', src[i:i + 8])):
            start, start_line = i, line
            i, line, multiline, raw, interpolated = _scan_string(src, i, line)
            out.append(Token("str", src[start:i], start_line, multiline, raw, interpolated))
        else:
            m = IDENT.match(src, i)
            if m:
                out.append(Token("id", m.group(0).strip("`"), line))
                i = m.end()
                continue
            m = NUMBER.match(src, i)
            if m:
                out.append(Token("num", m.group(0), line))
                i = m.end()
                continue
            out.append(Token("punct", c, line))
            i += 1
    return out


SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "'": "'", "\\": "\\"}


def plain_value(token):
    """The value of a one-line, non-raw literal without interpolation; raises ValueError otherwise."""
    if token.kind != "str" or token.multiline or token.raw or token.interpolated:
        raise ValueError("not a plain literal")
    body = token.text[1:-1]
    out = []
    i = 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        nxt = body[i + 1]
        if nxt in SIMPLE_ESCAPES:
            out.append(SIMPLE_ESCAPES[nxt])
            i += 2
        elif nxt == "u":
            m = re.match(r"u\{([0-9A-Fa-f]{1,8})\}", body[i + 1:])
            if not m:
                raise ValueError("a malformed \\u{...} escape")
            out.append(chr(int(m.group(1), 16)))
            i += 1 + m.end()
        elif nxt == "0":
            raise ValueError("a \\0 escape (a NUL cannot be in a catalogue)")
        else:
            raise ValueError(f"an unknown escape \\{nxt}")
    return "".join(out)


def letters_outside_interpolation(token):
    """Whether a literal holds a letter outside its interpolations (so it reads as words)."""
    text = token.text
    hashes = len(text) - len(text.lstrip("#"))
    escape = "\\" + "#" * hashes
    i = 0
    while i < len(text):
        if text.startswith(escape + "(", i):
            i, _ = _skip_code_until_paren(text, i + len(escape) + 1, 0)
            continue
        if text.startswith(escape + "u{", i):
            i = text.index("}", i) + 1  # \u{00E9}: a letter, but not one the reader sees as a word
            continue
        if text.startswith(escape, i):
            i += len(escape) + 1  # \n, \t: not words
            continue
        if text[i].isalpha():
            return True
        i += 1
    return False
