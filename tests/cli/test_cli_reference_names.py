"""Reference views speak in names (issue 18: "Player-facing text uses the names players gave
... never internal ids (those stay in --json)"): every list and show of the command line and
of play mode (which prints the same) names assets, foes, moves, oracle tables, truths and
regions without their content ids; --json still carries each id."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ironsworn.cli.main import main

CONTENT_ID = re.compile(r"\b(asset|npc|move|oracle_rollable|oracle_collection|truth|region):\w")

VIEWS = [
    ("asset", "list"),
    ("asset", "show", "hound"),
    ("npc", "list"),
    ("npc", "show", "bear"),
    ("oracle", "list"),
    ("oracle", "show", "action"),
    ("move", "list"),
    ("move", "show", "face", "danger"),
    ("truth", "list"),
    ("truth", "show", "iron"),
    ("region", "list"),
    ("region", "show", "havens"),
    ("search", "wolf"),
]


@pytest.mark.parametrize("argv", VIEWS, ids=[" ".join(v) for v in VIEWS])
def test_a_reference_view_names_things_without_ids(
    home: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    assert main(list(argv)) == 0
    out = capsys.readouterr().out
    assert out.strip() and CONTENT_ID.search(out) is None, CONTENT_ID.search(out)
    assert main([*argv, "--json"]) == 0
    assert CONTENT_ID.search(json.dumps(json.loads(capsys.readouterr().out)))  # ids: in JSON
