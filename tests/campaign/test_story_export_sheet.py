"""The character sheets at the end of the Markdown export say what the terminal sheet says: a
character whose story ended is marked so, and an asset's own track (Fortune Hunter's wealth)
is shown beside its meter."""

from __future__ import annotations

from pathlib import Path

import pytest
from campaign_support import run

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


def play(capsys: pytest.CaptureFixture[str], *script: list[str]) -> str:
    for argv in script:
        code, _out, err = run(capsys, *argv)
        assert code == 0, (argv, err)
    code, out, err = run(capsys, "export", "markdown")
    assert code == 0, err
    return out[out.index("## Characters") :]


def test_a_dead_character_is_marked_dead_on_the_exported_sheet(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheets = play(
        capsys,
        ["campaign", "new", "fallen"],
        ["character", "new", "Asha", "--stats", STATS],
        ["character", "new", "Bo", "--stats", STATS],
        ["adjust", "health", "-5", "--character", "Asha"],
        # Endure Harm at 0 health misses; the table's 5 is mortal, and Face Death misses.
        ["move", "endure", "harm", "--character", "Asha", "--amount", "1", "--dice", "1,9,9"],
        ["choose", "roll_table", "--dice", "5,1,9,9"],
    )
    code, out, _err = run(capsys, "sheet", "--character", "Asha")
    assert code == 0 and out.startswith("Asha (dead)\n")
    assert "### Asha (dead)\n" in sheets
    assert "### Bo\n" in sheets  # the living are not marked


def test_an_asset_track_is_on_the_exported_sheet(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheets = play(
        capsys,
        ["campaign", "new", "rich"],
        ["character", "new", "Asha", "--stats", STATS, "--asset", "hound:1=Brann",
         "--asset", "fortune_hunter"],
        ["asset", "track", "fortune_hunter", "wealth", "3"],
    )  # fmt: skip
    assert "- **Hound “Brann”** (health 4/4): 1. Sharp" in sheets
    assert "- **Fortune Hunter** (wealth 3/5): 1. " in sheets
