"""Asset abilities that change the sheet, on the command line: the choice a card asks for when
a character is created with it, a bad answer (one line, exit 2, nothing changed), the sheet's
lowered maxima, and undo."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from ironsworn.cli.main import main

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


@pytest.fixture(autouse=True)
def _own_home(home: Path) -> Path:
    """Every test here runs in a data home of its own (the shared fixture)."""
    return home


def fingerprint(home: Path) -> dict[str, str]:
    return {
        str(p): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(home.rglob("*"))
        if p.is_file()
    }


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, ""), err
    return json.loads(out)


def test_a_new_character_answers_the_card_then_undo(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made = run(capsys, "character", "new", "Asha", "--stats", STATS, "--asset", "battle_scarred:1")
    assert [o["key"] for o in made["pending"][0]["options"]][:2] == ["edge_wits", "edge_heart"]
    main(["sheet"])
    assert "heart 2" in capsys.readouterr().out
    before = fingerprint(home)
    code = main(["choose", "heart"])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "") and err.count("\n") == 1 and "'heart' is not offered" in err
    assert fingerprint(home) == before
    chosen = run(capsys, "choose", "iron_heart")
    assert {"target": "heart", "from": 2, "to": 4, "character": "Asha"} in chosen["effects"]
    assert "Battle-Scarred 1: heart +2, iron -1" in chosen["notes"]
    assert run(capsys, "sheet")["stats"] == {
        "edge": 3, "heart": 4, "iron": 1, "shadow": 1, "wits": 1,
    }  # fmt: skip
    main(["log"])
    assert "chose iron heart" in capsys.readouterr().out
    assert main(["undo"]) == 0
    capsys.readouterr()
    assert run(capsys, "sheet")["stats"]["heart"] == 2


def test_the_sheet_shows_a_lowered_maximum_and_the_debility_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    sheet = run(
        capsys, "character", "new", "Asha", "--stats", STATS,
        "--asset", "battle_scarred:2", "--asset", "oathbreaker",
    )  # fmt: skip
    assert (sheet["health"], sheet["health_max"], sheet["debility_count"]) == (4, 4, 1)
    assert (sheet["momentum_max"], sheet["momentum_reset"]) == (9, 1)
    main(["sheet"])
    text = capsys.readouterr().out
    assert "health 4 (max +4)" in text and "(counted as 1, with assets)" in text
    assert "health_max" not in run(capsys, "character", "new", "Bo", "--stats", STATS)


def test_asset_use_outside_a_move(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "character", "new", "Asha", "--stats", STATS, "--asset", "fortune_hunter")
    before = fingerprint(home)
    code = main(["asset", "use", "fortune_hunter", "2"])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "") and err.count("\n") == 1 and "is not marked" in err
    assert fingerprint(home) == before
    run(capsys, "asset", "mark", "fortune_hunter", "2")
    run(capsys, "asset", "track", "fortune_hunter", "wealth", "3")
    run(capsys, "adjust", "supply", "-3")
    used = run(capsys, "asset", "use", "fortune_hunter", "2")
    assert {"target": "supply", "from": 2, "to": 4, "character": "Asha"} in used["effects"]
    assert main(["undo"]) == 0
    capsys.readouterr()
    assert run(capsys, "sheet")["supply"] == 2


def test_supported_by_an_ally_without_loyalist_is_refused(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "character", "new", "Asha", "--stats", STATS)
    run(capsys, "character", "new", "Bram", "--stats", STATS, "--asset", "loyalist")
    run(capsys, "vow", "new", "Find", "the", "healer", "--rank", "dangerous", "--character", "Asha")
    before = fingerprint(home)
    code = main(
        ["move", "fulfill", "your", "vow", "--character", "Asha", "--supported-by", "Bram",
         "--dice", "5,6,1"]
    )  # fmt: skip
    out, err = capsys.readouterr()
    assert (code, out) == (2, "") and err.count("\n") == 1 and "no Loyalist 3 marked" in err
    assert fingerprint(home) == before
    run(capsys, "asset", "mark", "loyalist", "3", "--character", "Bram")
    made = run(
        capsys, "move", "fulfill", "your", "vow", "--character", "Asha",
        "--supported-by", "Bram", "--dice", "5,6,1",
    )  # fmt: skip
    assert [o["key"] for o in made["pending"][0]["options"]] == ["challenge_1", "challenge_2"]
    assert any("Bram's Loyalist 3" in n for n in made["notes"])
