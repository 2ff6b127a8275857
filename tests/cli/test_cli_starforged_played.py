"""What a Starforged player saw wrong on the command line (session sfmcp29): an oracle table
named like tables of other groups ("Feature") shown and logged without its group."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import STATS, run

from ironsworn.content import clear_cache
from shared_files import STARFORGED_DATASWORN, shared_file


@pytest.fixture
def forge(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A Starforged campaign, the player's Starforged file imported, with Kira."""
    clear_cache()
    assert run(capsys, "content", "import", str(shared_file(STARFORGED_DATASWORN)))[0] == 0
    clear_cache()
    for argv in (
        ["campaign", "new", "forge", "--ruleset", "starforged"],
        ["character", "new", "Kira", "--stats", STATS, "--starship", "Firebird"],
    ):
        code, _, err = run(capsys, *argv)
        assert code == 0, (argv, err)


def test_a_table_named_like_others_is_shown_and_logged_with_its_group(
    forge: None, capsys: pytest.CaptureFixture[str]
) -> None:
    # Every location theme and derelict zone has a "Feature"; every planet "Settlements".
    code, out, err = run(
        capsys, "oracle", "roll", "location theme haunted feature", "--record", "--value", "5"
    )
    assert code == 0, err
    assert out.startswith("Haunted: Feature (5): ")
    code, out, _ = run(capsys, "oracle", "roll", "planet desert settlements terminus", "--json")
    assert json.loads(out)["name"] == "Desert Settlements: Terminus"
    code, out, _ = run(capsys, "journal", "--json")
    assert "Haunted: Feature" in out
    # A name no other table has is shown as it is.
    code, out, _ = run(capsys, "oracle", "roll", "core action", "--value", "5")
    assert out.startswith("Action (5): ")
