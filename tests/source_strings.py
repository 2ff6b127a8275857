"""The strings of the package's source that a program can show: every string constant of a
module that is not a docstring. The scans for flags and rulebook citations in messages read
these (docstrings and comments may name both: a reader of the code checks them there)."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "ironsworn"


def shown_strings(path: Path, wanted: Callable[[str], bool]) -> list[str]:
    """The strings of ``path`` (not docstrings) that ``wanted`` picks, each with its line."""
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
        and wanted(node.value)
    ]


def lines_naming(path: Path, name: str) -> list[int]:
    """The lines of ``path`` that import or name ``name`` (a class a layer must not call)."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            named = [a.name for a in node.names]
        elif isinstance(node, ast.Name):
            named = [node.id]
        elif isinstance(node, ast.Attribute):
            named = [node.attr]
        else:
            continue
        if name in named:
            lines.append(node.lineno)
    return lines
