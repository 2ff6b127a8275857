"""Homebrew assets at work (issue 21 item 8): a "once per fight" reroll is offered once in a
fight; `asset fits` and the sheet find a homebrew card's abilities; `asset show` finds the card;
a reskin is told in words."""

from __future__ import annotations

from pathlib import Path

import pytest
from moves_support import Game, keys

from ironsworn.errors import IronswornError
from ironsworn.moves.homebrew import HomebrewOperations
from shared_files import RULEBOOK_SEED, shared_file


def test_a_once_per_fight_reroll_is_offered_once_in_a_fight() -> None:
    # "a strong benefit, such as 'reroll any dice', for less common actions or abilities which
    # have a limit" (seed 000 L5379-5384): the limit is kept.
    text = " ".join(shared_file(RULEBOOK_SEED).read_text(encoding="utf-8").split())
    assert "reroll any dice" in text
    game = Game()
    game.character("Asha")
    game._keep(
        HomebrewOperations(game.engine).create(
            None, "Gunner", "combat_talent", "", ["reroll:strike:once per fight"]
        )
    )
    game.track("fight", "Raiders", "dangerous")
    game._keep(game.sheet.initiative("Asha", True))
    reroll = ("action_die", "challenge_1", "challenge_2")
    first = game.move("strike", (1, 9, 10), stat="iron", asset="gunner:1")
    assert keys(first) == reroll
    game.decline()
    game.choose(["obvious"])  # Pay the Price
    game._keep(game.sheet.initiative("Asha", True))
    before = game.snapshot()
    # Used in this fight: named again, it is refused and nothing changes.
    with pytest.raises(IronswornError, match="no marked ability 1 that applies to Strike"):
        game.move("strike", (1, 9, 10), stat="iron", asset="gunner:1")
    assert game.snapshot() == before


def test_asset_fits_and_the_sheet_find_a_homebrew_ability(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from ironsworn.cli.main import main

    monkeypatch.setenv("IRONSWORN_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("IRONSWORN_CAMPAIGN", raising=False)
    stats = "edge=3,heart=2,iron=2,shadow=1,wits=1"
    assert main(["character", "new", "Asha", "--stats", stats, "--asset", "shield-bearer"]) == 0
    made = ["homebrew", "new", "Gunner", "--type", "combat_talent", "--condition",
            "If you wield a blaster", "--ability", "bonus:strike:taking aim"]  # fmt: skip
    assert main(made) == 0
    capsys.readouterr()
    assert main(["asset", "fits", "strike"]) == 0
    assert "Gunner 1: +1, +1 momentum on a hit [when taking aim: --asset gunner:1]" in (
        capsys.readouterr().out
    )
    assert main(["sheet"]) == 0
    sheet = capsys.readouterr().out
    assert "1. Strike: add +1 and take +1 momentum on a hit (taking aim)" in sheet
    assert main(["asset", "show", "gunner"]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("Gunner — combat talent")  # its id: in --json
    assert main(["homebrew", "reskin", "shield", "bearer", "--name", "Riot Shield"]) == 0
    told = capsys.readouterr().out
    assert "card Shield-Bearer -> Riot Shield" in told and "{" not in told
