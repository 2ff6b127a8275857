"""No message raised below the surfaces names a command-line flag (``--amount``).

Flags exist only in ``cli/``: below it, errors carry the input's name as data
(:mod:`ironsworn.errors`) and each surface words it (the command line names its flag, the web
the input). This scans every string of the package outside ``cli/`` that is not a docstring
(messages, notes, prompts are all made of such strings) for a ``--word``; the CSS and script of
the web page are not Python and are not scanned.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "ironsworn"
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]*")


def flag_strings(path: Path) -> list[str]:
    """The strings of ``path`` (not docstrings) that hold a ``--flag``, with their line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return [
        f"{node.lineno}: {node.value[:80]!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and FLAG.search(node.value)
    ]


def test_no_string_below_the_command_line_names_a_flag() -> None:
    found = {
        str(path.relative_to(SRC)): flag_strings(path)
        for path in sorted(SRC.rglob("*.py"))
        if path.relative_to(SRC).parts[0] != "cli"
    }
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_the_scan_sees_a_flag_in_a_message(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        '"""Docs may say --amount."""\n'
        "def f(x):\n"
        '    """So may this: --stat."""\n'
        '    raise ValueError(f"{x} needs --amount")\n'
    )
    assert flag_strings(module) == ["4: ' needs --amount'"]
