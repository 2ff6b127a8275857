"""The asset commands on a campaign: fits, upgrades, mark/unmark/track (undoable), the sheet's
words for marked abilities, and the official text shown once its pack is imported."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from ironsworn.cli.main import main
from ironsworn.content import clear_cache
from shared_files import CLASSIC_DATASWORN, shared_file

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


@pytest.fixture(autouse=True)
def _own_home(home: Path) -> Path:
    """Every test here runs in a data home of its own (the shared fixture)."""
    return home


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, ""), err
    return json.loads(out)


def asha(capsys: pytest.CaptureFixture[str]) -> Any:
    return run(
        capsys, "character", "new", "Asha", "--stats", STATS, "--asset", "hound:1=Fang",
        "--asset", "archer", "--asset", "commander",
    )  # fmt: skip


def test_the_sheet_shows_marked_abilities_and_tracks(capsys: pytest.CaptureFixture[str]) -> None:
    sheet = asha(capsys)
    hound = sheet["assets"][0]
    assert (hound["input"], hound["meter"]) == ("Fang", {"name": "health", "value": 4, "max": 4})
    assert [a["number"] for a in hound["marked"]] == [1]
    assert (
        hound["marked"][0]["name"] == "Sharp" and "Gather Information" in hound["marked"][0]["text"]
    )
    assert sheet["assets"][2]["tracks"] == {"strength": {"value": 4, "max": 4}}
    main(["sheet"])
    text = capsys.readouterr().out
    assert "Hound “Fang”" in text and "(strength 4/4)" in text and "1. Gather Information" in text


def test_fits_lists_what_acts_on_a_move(capsys: pytest.CaptureFixture[str]) -> None:
    asha(capsys)
    rows = run(capsys, "asset", "fits", "secure", "an", "advantage")
    assert [(r["asset"], r["stats"]) for r in rows] == [
        ("archer:1", ["wits"]),
        ("archer:1", ["edge"]),
        ("commander:1", []),  # commanding the warband, rolled +strength
    ]
    rows = run(capsys, "asset", "fits", "face", "danger")
    assert [(r["asset"], r["rolls"]) for r in rows] == [("commander:1", ["track:strength"])]


def test_mark_track_and_undo(capsys: pytest.CaptureFixture[str]) -> None:
    asha(capsys)
    marked = run(capsys, "asset", "mark", "fang", "2")
    assert marked["effects"] == [
        {"target": "asset:classic/companion/hound:ability2", "from": False, "to": True,
         "character": "Asha"}
    ]  # fmt: skip
    tracked = run(capsys, "asset", "track", "commander", "strength", "2")
    assert tracked["effects"][0]["target"] == "asset:classic/path/commander:strength"
    run(capsys, "asset", "track", "hound", "3")
    main(["undo"])
    main(["undo"])
    capsys.readouterr()
    sheet = run(capsys, "sheet")
    assert sheet["assets"][2]["tracks"]["strength"]["value"] == 4
    assert sheet["assets"][0]["abilities"] == [True, True, False]


def test_upgrades_list_what_advance_can_mark(capsys: pytest.CaptureFixture[str]) -> None:
    asha(capsys)
    run(capsys, "adjust", "experience", "+2")
    data = run(capsys, "asset", "upgrades")
    assert data["available"] == 2 and data["new_asset_cost"] == 3
    assert ("Hound", 2, 2, True) in [
        (r["asset"], r["number"], r["cost"], r["affordable"]) for r in data["abilities"]
    ]


def test_the_official_text_is_shown_once_imported(capsys: pytest.CaptureFixture[str]) -> None:
    ours = run(capsys, "asset", "show", "hound")["abilities"][0]["words"]
    assert main(["content", "import", str(shared_file(CLASSIC_DATASWORN))]) == 0
    capsys.readouterr()
    clear_cache()
    theirs = run(capsys, "asset", "show", "hound")["abilities"][0]["words"]
    data = json.loads(shared_file(CLASSIC_DATASWORN).read_text(encoding="utf-8"))
    card = data["assets"]["companion"]["contents"]["hound"]["abilities"][0]["text"]
    assert theirs == re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", card) and theirs != ours
    sheet = asha(capsys)
    assert sheet["assets"][0]["marked"][0]["text"] == theirs
