"""The layers of the package point down only: the surfaces other than the command line
(web/, mcp/) and the table API (table/) never import ironsworn.cli, at any place in a module
(imports inside functions too)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "ironsworn"
NOT_CLI = ("web", "mcp", "table")


def imported(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports, with the line (``from x import y`` gives x and x.y)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
    return found


def modules_of(package: str) -> list[Path]:
    return sorted((SRC / package).rglob("*.py")) if (SRC / package).is_dir() else []


@pytest.mark.parametrize("package", NOT_CLI)
def test_no_module_of_web_mcp_or_table_imports_the_command_line(package: str) -> None:
    offending = [
        f"{path.relative_to(SRC)}:{line} imports {name}"
        for path in modules_of(package)
        for line, name in imported(path)
        if name == "ironsworn.cli" or name.startswith("ironsworn.cli.")
    ]
    assert offending == []


def test_the_scan_finds_an_import_of_the_command_line(tmp_path: Path) -> None:
    # The check above could pass by scanning nothing: it must see an import in a function.
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from ironsworn.cli.common import parse_int\n")
    assert (2, "ironsworn.cli.common") in imported(module)
    assert modules_of("web") and modules_of("mcp") and modules_of("table")


@pytest.mark.parametrize(("package", "other"), [("web", "mcp"), ("mcp", "web")])
def test_no_surface_imports_another(package: str, other: str) -> None:
    offending = [
        f"{path.relative_to(SRC)}:{line} imports {name}"
        for path in modules_of(package)
        for line, name in imported(path)
        if name == f"ironsworn.{other}" or name.startswith(f"ironsworn.{other}.")
    ]
    assert offending == []
