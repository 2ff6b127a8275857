"""A retired or dead character's sheet, changed by hand, keeps the rules a sheet in play keeps.

The working copy of the state an operation writes on shares the records of characters who have
left play (only those in play are copied up front): the first change to one puts a copy in the
state's place. Marking a debility then read the old record to clamp momentum to the lower max,
so a retired character's momentum stayed above its max (+8 with a max of +7). The rule
(rules-spec L559-563; the engine's choice to clamp, L792) is the same for every sheet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ironsworn.campaign.store import CampaignStore
from ironsworn.table import Table, call


@pytest.mark.parametrize("leaves", ["retired", "dead"])
def test_a_debility_clamps_momentum_on_a_sheet_out_of_play(tmp_path: Path, leaves: str) -> None:
    with CampaignStore.open(tmp_path / "c.sqlite", create=True, name="c") as store:
        table = Table(store, "c")
        for name in ("Kai", "Bo"):
            call(table, "character", {"name": name, "stats": "3,2,2,1,1"})
        for debility in ("shaken", "encumbered"):
            call(table, "debility", {"name": debility, "character": "Kai"})
        call(table, "adjust", {"meter": "momentum", "delta": 6, "character": "Kai"})
        if leaves == "retired":
            call(table, "move", {"move": "write your epilogue", "character": "Kai", "dice": "3,10"})
        else:
            call(table, "move", {"move": "face death", "character": "Kai", "dice": "1,10,10"})
        assert store.state().characters["Kai"].status == leaves
        marked = call(table, "debility", {"name": "wounded", "character": "Kai"})
        kai = store.state().characters["Kai"]
    assert (kai.momentum, kai.momentum_max) == (7, 7)
    assert {"target": "momentum", "from": 8, "to": 7, "character": "Kai"} in marked["effects"]


@pytest.mark.parametrize("leaves", ["retired", "dead"])
def test_a_move_for_a_character_out_of_play_says_what_may_come_next(
    tmp_path: Path, leaves: str
) -> None:
    """It said only "Kai is dead: no more moves"."""
    from ironsworn.errors import RuleViolation

    with CampaignStore.open(tmp_path / "c.sqlite", create=True, name="c") as store:
        table = Table(store, "c")
        for name in ("Kai", "Bo"):
            call(table, "character", {"name": name, "stats": "3,2,2,1,1"})
        if leaves == "retired":
            call(table, "move", {"move": "write your epilogue", "character": "Kai", "dice": "3,10"})
        else:
            call(table, "move", {"move": "face death", "character": "Kai", "dice": "1,10,10"})
        with pytest.raises(RuleViolation) as refused:
            call(table, "move", {"move": "face danger", "character": "Kai", "stat": "edge"})
    assert str(refused.value) == (
        f"Kai is {leaves}: no more moves (a new character may take up the story)"
    )


def test_a_starforged_character_out_of_play_is_pointed_to_continue_a_legacy() -> None:
    from moves_support import MISS
    from sf_support import StarforgedGame

    from ironsworn.errors import RuleViolation

    game = StarforgedGame()
    game.move("move:starforged/threshold/face_death", MISS)
    assert game.char().status == "dead"
    with pytest.raises(RuleViolation) as refused:
        game.move("move:starforged/adventure/face_danger", (), stat="edge")
    assert str(refused.value) == (
        "Kira is dead: no more moves (Continue a Legacy carries the story on with a new character)"
    )
