"""A progress track that fills (its tenth box) says so, in the result and in the log: it was
told only as "progress 39 → 40 ticks", and nothing said that more progress marks nothing. It
names the progress move that finishes it: a player new to the rules kept striking a foe whose
track was full, not knowing End the Fight (Take Decisive Action) was the next move."""

from __future__ import annotations

import pytest
from moves_support import Game
from sf_support import StarforgedGame

from ironsworn.campaign.journal import Narrator
from ironsworn.campaign.store import Operation

FULL = "Find the way: the track is full (Fulfill Your Vow finishes it); more progress marks nothing"


def test_a_track_filled_by_hand_is_told_full(game: Game) -> None:
    track = game.track("vow", "Find the way", "epic", ticks=38)
    result = game._keep(game.sheet.progress(track.id, True, ticks=1))
    assert FULL not in result.notes  # (39 ticks: not full yet)
    result = game._keep(game.sheet.progress(track.id, True, ticks=1))
    assert FULL in result.notes
    assert any(e == {"type": "note", "text": FULL} for e in result.events)
    again = game._keep(game.sheet.progress(track.id, True, ticks=1))
    assert FULL not in again.notes  # (full already: no change, nothing told again)


def test_a_move_that_fills_a_track_tells_it(game: Game) -> None:
    track = game.track("vow", "Find the way", "dangerous", ticks=32)
    result = game.move("reach a milestone", track=track.id)
    assert game.state.tracks[track.id].ticks == 40
    assert FULL in result.notes
    operation = Operation(1, "move", "", "Asha", "", tuple(result.events), "live")
    assert f"note: {FULL}" in Narrator().lines(operation)


# (ruleset, kind of track, the move named)
FINISHED_BY = [
    ("classic", "fight", "End the Fight"),
    ("classic", "journey", "Reach Your Destination"),
    ("classic", "vow", "Fulfill Your Vow"),
    ("starforged", "fight", "Take Decisive Action"),
    ("starforged", "expedition", "Finish an Expedition"),
    ("starforged", "connection", "Forge a Bond"),
    ("starforged", "vow", "Fulfill Your Vow"),
]


@pytest.mark.parametrize(("ruleset", "kind", "move"), FINISHED_BY)
def test_a_full_track_names_the_move_that_finishes_it(ruleset: str, kind: str, move: str) -> None:
    game = StarforgedGame("Asha") if ruleset == "starforged" else Game()
    if ruleset == "classic":
        game.character("Asha")
    track = game.track(kind, "Ahead", "epic", ticks=39)
    result = game._keep(game.sheet.progress(track.id, True, ticks=1))
    assert result.notes == [
        f"Ahead: the track is full ({move} finishes it); more progress marks nothing"
    ]
