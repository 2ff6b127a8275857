"""The MCP server is a surface: it calls the table API and the layers below it, never another
surface (the command line, the web table)."""

from __future__ import annotations

import ast
from pathlib import Path

import ironsworn.mcp

PACKAGE = Path(ironsworn.mcp.__file__).parent


def imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_mcp_never_imports_another_surface() -> None:
    modules = sorted(PACKAGE.glob("*.py"))
    assert len(modules) >= 6
    for module in modules:
        for name in imported(module):
            assert not name.startswith(("ironsworn.cli", "ironsworn.web")), (module.name, name)
