"""The command line makes its changes through the table's operations (issue 18): no command
module calls the engine's ``SheetOperations``, and each operation it uses keeps the engine's
result of its commit (``Table.results``), which the command prints as it always did."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import ironsworn.cli
from ironsworn.campaign.store import CampaignStore
from ironsworn.table import Table, operation

CLI = Path(ironsworn.cli.__file__).parent
STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


def sheet_operations_used(path: Path) -> list[int]:
    """The lines of ``path`` that import or name ``SheetOperations``."""
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
        if "SheetOperations" in named:
            lines.append(node.lineno)
    return lines


def test_no_command_calls_sheet_operations() -> None:
    modules = sorted(CLI.glob("*_cmd.py"))
    assert len(modules) > 10  # the command modules are where they were
    found = {p.name: used for p in modules if (used := sheet_operations_used(p))}
    assert found == {}, "commands must call the table's operations, not SheetOperations"


def test_the_check_finds_a_call(tmp_path: Path) -> None:
    bad = tmp_path / "bad_cmd.py"
    bad.write_text(
        "def run(e):\n    from ironsworn.moves.sheet import SheetOperations\n"
        "    return SheetOperations(e).progress('x', True, None, 1)\n",
        encoding="utf-8",
    )
    assert sheet_operations_used(bad) == [2, 3]


@pytest.fixture
def table(tmp_path: Path) -> Table:
    store = CampaignStore.open(tmp_path / "c.sqlite", create=True)
    made = Table(store, "c", results=[])
    operation("character").call(made, {"name": "Asha", "stats": STATS})
    return made


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("track", {"kind": "vow", "text": "Find the wyvern", "rank": "dangerous"}),
        ("track", {"kind": "fight", "foe": "bear"}),
        ("person", {"name": "Kira"}),
        ("place", {"name": "Hall"}),
        ("note", {"text": "The gate is shut"}),
        ("truth", {"truth": "iron", "option": "1"}),
        ("option", {"name": "even_matches", "value": "on"}),
        ("equipment", {"item": "rope"}),
        ("adjust", {"meter": "health", "delta": -1}),
    ],
)
def test_each_commit_keeps_its_result(table: Table, name: str, args: dict[str, object]) -> None:
    before = len(table.results or [])
    operation(name).call(table, args)
    kept = (table.results or [])[before:]
    assert len(kept) == 1, kept
    assert kept[0].events, "the result kept is the commit's, with its events"
