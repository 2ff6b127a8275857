"""A small KDL (v1) writer and reader, enough for Iron Vault's mechanics blocks.

Iron Vault records every roll in a fenced ``iron-vault-mechanics`` block written in KDL
(https://kdl.dev): nodes with arguments, ``key=value`` properties and ``{ }`` children::

    move "[Face Danger](datasworn:move:classic/adventure/face_danger)" {
        roll "edge" action=4 stat=3 adds=0 vs1=10 vs2=5
        - "chose: endure harm"
    }

:func:`format_nodes` writes such a document; :func:`parse` reads one back (what Iron Vault
and its players write: bare and quoted names, strings with escapes, raw strings, numbers,
``true``/``false``/``null``, line continuations, ``//`` ``/* */`` and ``/-`` comments, ``;``
between nodes). Type annotations ``(type)`` are read and dropped. A document that is not KDL
raises :class:`KdlError` with the line it stopped at.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

Value = str | int | float | bool | None


class KdlError(ValueError):
    """Text that is not a KDL document (the message names the line and what was found)."""


@dataclass(frozen=True)
class Node:
    """One KDL node: a name, its arguments, its properties (in order) and its children."""

    name: str
    args: tuple[Value, ...] = ()
    props: tuple[tuple[str, Value], ...] = ()
    children: tuple[Node, ...] = ()

    def prop(self, key: str, default: Value = None) -> Value:
        """A property's value (the last one given wins, as in KDL)."""
        found = default
        for name, value in self.props:
            if name == key:
                found = value
        return found

    def value(self, key: str, position: int, default: Value = None) -> Value:
        """An argument given as a property or "by order of arguments" (Iron Vault accepts
        both: ``roll action=3 ...`` and ``roll "edge" 3 ...``)."""
        if any(name == key for name, _ in self.props):
            return self.prop(key)
        return self.args[position] if position < len(self.args) else default


# ------------------------------------------------------------------------------------ writing

_BARE = re.compile(r"^[A-Za-z_\-+*!$%&.<>?~^|:][A-Za-z0-9_\-+*!$%&.<>?~^|:']*$")
_KEYWORDS = frozenset({"true", "false", "null"})
_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
    "\b": "\\b",
    "\f": "\\f",
}


def quote(text: str) -> str:
    """A KDL string literal for ``text``."""
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{{{ord(char):x}}}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _identifier(name: str) -> str:
    if _BARE.match(name) and name not in _KEYWORDS and not _looks_numeric(name):
        return name
    return quote(name)


def _looks_numeric(text: str) -> bool:
    return bool(re.match(r"^[+-]?[0-9]", text)) or bool(re.match(r"^[+-]?\.[0-9]", text))


def format_value(value: Value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value) if value == value and value not in (float("inf"), -float("inf")) else "0"
    return quote(value)


def format_node(node: Node, indent: int = 0) -> list[str]:
    parts = [_identifier(node.name)]
    parts += [format_value(a) for a in node.args]
    parts += [f"{_identifier(k)}={format_value(v)}" for k, v in node.props]
    pad = "    " * indent
    if not node.children:
        return [pad + " ".join(parts)]
    lines = [pad + " ".join(parts) + " {"]
    for child in node.children:
        lines += format_node(child, indent + 1)
    return [*lines, pad + "}"]


def format_nodes(nodes: Iterable[Node]) -> str:
    """A KDL document (one node per line, children indented), ending with a newline."""
    lines: list[str] = []
    for node in nodes:
        lines += format_node(node)
    return "\n".join(lines) + "\n" if lines else ""


# ------------------------------------------------------------------------------------ reading

_NUMBER = re.compile(
    r"[+-]?(0x[0-9a-fA-F][0-9a-fA-F_]*|0o[0-7][0-7_]*|0b[01][01_]*"
    r"|[0-9][0-9_]*(\.[0-9][0-9_]*)?([eE][+-]?[0-9][0-9_]*)?)"
)
_IDENT_CHAR = re.compile(r"[^\s\\/(){}<>;\[\]=,\"]")
_SPACES = " \t\ufeff\u00a0\u1680\u202f\u205f\u3000" + "".join(chr(c) for c in range(0x2000, 0x200B))
_NEWLINES = "\n\r\u0085\u000c\u2028\u2029"
_STRING_ESCAPES = {
    "n": "\n",
    "r": "\r",
    "t": "\t",
    "\\": "\\",
    "/": "/",
    '"': '"',
    "b": "\b",
    "f": "\f",
    "s": " ",
}


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text.removeprefix("\ufeff")
        self.pos = 0

    # --- errors and position
    def fail(self, what: str) -> KdlError:
        line = self.text.count("\n", 0, self.pos) + 1
        found = self.text[self.pos : self.pos + 12].split("\n")[0]
        near = f" at {found!r}" if found else " at the end"
        return KdlError(f"line {line}: {what}{near}")

    def peek(self, length: int = 1) -> str:
        return self.text[self.pos : self.pos + length]

    def at_end(self) -> bool:
        return self.pos >= len(self.text)

    # --- whitespace and comments
    def skip_inline(self) -> None:
        """Spaces, block comments and line continuations (not newlines)."""
        while not self.at_end():
            char = self.peek()
            if char in _SPACES:
                self.pos += 1
            elif self.peek(2) == "/*":
                self.skip_block_comment()
            elif char == "\\":
                self.pos += 1
                self.skip_inline()
                if self.peek(2) == "//":
                    self.skip_line_comment()
                if self.peek(2) == "\r\n":
                    self.pos += 2
                elif not self.at_end() and self.peek() in _NEWLINES:
                    self.pos += 1
                elif not self.at_end():
                    raise self.fail("a line continuation must end its line")
            else:
                return

    def skip_block_comment(self) -> None:
        depth = 0
        while not self.at_end():
            if self.peek(2) == "/*":
                depth += 1
                self.pos += 2
            elif self.peek(2) == "*/":
                depth -= 1
                self.pos += 2
                if depth == 0:
                    return
            else:
                self.pos += 1
        raise self.fail("a /* comment is never closed")

    def skip_line_comment(self) -> None:
        while not self.at_end() and self.peek() not in _NEWLINES:
            self.pos += 1

    def skip_lines(self) -> None:
        """Whitespace, newlines, comments and semicolons between nodes."""
        while not self.at_end():
            start = self.pos
            self.skip_inline()
            if self.peek(2) == "//":
                self.skip_line_comment()
            if not self.at_end() and (self.peek() in _NEWLINES or self.peek() == ";"):
                self.pos += 1
            if self.pos == start:
                return

    # --- values
    def string(self) -> str:
        if self.peek() == "r":
            return self.raw_string()
        self.pos += 1  # the opening quote
        out: list[str] = []
        while True:
            if self.at_end():
                raise self.fail("a string is never closed")
            char = self.peek()
            if char == '"':
                self.pos += 1
                return "".join(out)
            if char == "\\":
                self.pos += 1
                code = self.peek()
                if code == "u":
                    match = re.match(r"u\{([0-9a-fA-F]{1,6})\}", self.text[self.pos :])
                    if not match:
                        raise self.fail("a \\u escape must be \\u{HEX}")
                    out.append(chr(int(match.group(1), 16)))
                    self.pos += match.end()
                    continue
                if code not in _STRING_ESCAPES:
                    raise self.fail("unknown escape in a string")
                out.append(_STRING_ESCAPES[code])
                self.pos += 1
                continue
            out.append(char)
            self.pos += 1

    def raw_string(self) -> str:
        match = re.match(r'r(#*)"', self.text[self.pos :])
        if not match:
            raise self.fail("not a raw string")
        hashes = match.group(1)
        self.pos += match.end()
        end = self.text.find('"' + hashes, self.pos)
        if end < 0:
            raise self.fail("a raw string is never closed")
        value = self.text[self.pos : end]
        self.pos = end + 1 + len(hashes)
        return value

    def bare(self) -> str:
        start = self.pos
        while not self.at_end() and _IDENT_CHAR.match(self.peek()):
            self.pos += 1
        if self.pos == start:
            raise self.fail("expected a name or a value")
        return self.text[start : self.pos]

    def type_annotation(self) -> None:
        if self.peek() == "(":
            self.pos += 1
            self.identifier()
            if self.peek() != ")":
                raise self.fail("a type annotation must close with )")
            self.pos += 1

    def identifier(self) -> str:
        if self.peek() == '"' or re.match(r'r#*"', self.text[self.pos : self.pos + 8]):
            return self.string()
        word = self.bare()
        if word in _KEYWORDS or _looks_numeric(word):
            self.pos -= len(word)
            raise self.fail("a name cannot be a number or a keyword")
        return word

    def value(self) -> Value:
        self.type_annotation()
        if self.peek() == '"' or re.match(r'r#*"', self.text[self.pos : self.pos + 8]):
            return self.string()
        number = _NUMBER.match(self.text, self.pos)
        if number and not _IDENT_CHAR.match(self.text[number.end() : number.end() + 1] or " "):
            self.pos = number.end()
            return _number(number.group(0))
        word = self.bare()
        keyword = word.removeprefix("#")  # KDL v2 spells them #true, #false, #null
        if keyword == "true":
            return True
        if keyword == "false":
            return False
        if keyword == "null":
            return None
        self.pos -= len(word)
        raise self.fail("a value must be a string, a number, true, false or null")

    # --- nodes
    def nodes(self, closing: str | None) -> list[Node]:
        out: list[Node] = []
        while True:
            self.skip_lines()
            if self.at_end():
                if closing:
                    raise self.fail("a { block is never closed")
                return out
            if closing and self.peek() == closing:
                self.pos += 1
                return out
            dropped = self.peek(2) == "/-"
            if dropped:
                self.pos += 2
                self.skip_inline()
            node = self.node()
            if not dropped:
                out.append(node)

    def node(self) -> Node:
        self.type_annotation()
        name = self.identifier()
        args: list[Value] = []
        props: list[tuple[str, Value]] = []
        children: list[Node] = []
        closed = False  # a children block ends the node (only the next node may follow)
        while True:
            before = self.pos
            self.skip_inline()
            if self.at_end():
                break
            char = self.peek()
            if char in _NEWLINES or char == ";":
                self.pos += 1
                break
            if self.peek(2) == "//":
                self.skip_line_comment()
                break
            if char == "}":
                break
            if self.pos == before and char not in "{":
                raise self.fail("expected a space before the next argument")
            dropped = self.peek(2) == "/-"
            if dropped:
                self.pos += 2
                self.skip_inline()
            if self.peek() == "{":
                self.pos += 1
                block = self.nodes("}")
                if not dropped:
                    children += block
                    closed = True
                continue
            if closed:
                raise self.fail("nothing may follow a node's children but the next node")
            key = self._property_key()
            if key is not None:
                self.pos += 1  # the "="
                value = self.value()
                if not dropped:
                    props.append((key, value))
            else:
                value = self.value()
                if not dropped:
                    args.append(value)
        return Node(name, tuple(args), tuple(props), tuple(children))

    def _property_key(self) -> str | None:
        """The key when what follows is ``key=``, leaving the position on the ``=``."""
        start = self.pos
        try:
            if self.peek() == "(":
                return None
            key = self.identifier()
        except KdlError:
            self.pos = start
            return None
        if self.peek() == "=":
            return key
        self.pos = start
        return None


def _number(text: str) -> int | float:
    clean = text.replace("_", "")
    sign = -1 if clean.startswith("-") else 1
    body = clean.lstrip("+-")
    for prefix, base in (("0x", 16), ("0o", 8), ("0b", 2)):
        if body.startswith(prefix):
            return sign * int(body[2:], base)
    if re.fullmatch(r"[0-9]+", body):
        return sign * int(body)
    return float(clean)


def parse(text: str) -> list[Node]:
    """The nodes of a KDL document; :class:`KdlError` naming the line when it is not KDL."""
    return _Reader(text).nodes(None)
