"""``--with NAME``: the bond a move is about, named on the sheet (issue 13).

Sojourn "roll +heart. If you share a bond, add +1" (seed 000 L1876-1877); Undertake a Journey
"If you are setting off from a community with which you share a bond, add +1 to your initial
roll" (L1734-1736). Naming the bond gives the add; a unique prefix of its name is enough.
A move that needs a choice the player left out raises :class:`OptionNeeded` with the accepted
values, so play mode can ask.
"""

from __future__ import annotations

import pytest
from moves_support import Game

from ironsworn.errors import InvalidValue, NotFound, OptionNeeded

BONDS = ("Elda the healer", "Thornhold", "Thorn's sister")


def game() -> Game:
    g = Game()
    g.character("Asha", bonds=BONDS)
    return g


@pytest.mark.parametrize(
    ("move", "stat_value", "given"),
    [
        ("sojourn", 2, "Elda"),  # heart 2, a prefix of "Elda the healer"
        ("sojourn", 2, "thornhold"),  # any case
        ("undertake a journey", 1, "elda the healer"),  # wits 1
    ],
)
def test_with_a_bond_adds_one(move: str, stat_value: int, given: str) -> None:
    g = game()
    if move == "undertake a journey":
        g.track("journey", "To the Veiled Mountains", "dangerous")
    result = g.move(move, (4, 9, 10), **{"with": given})
    roll = result.moves[0].roll
    assert roll is not None
    assert (roll["stat"], roll["adds"], roll["score"]) == (stat_value, 1, 4 + stat_value + 1)


def test_without_with_there_is_no_add() -> None:
    g = game()
    result = g.move("sojourn", (4, 9, 10))
    assert result.moves[0].roll is not None and result.moves[0].roll["adds"] == 0


@pytest.mark.parametrize(
    ("given", "says"),
    [
        ("Thorn", "bond 'Thorn' is ambiguous"),  # Thornhold or Thorn's sister
        ("Kai", "Asha has no bond 'Kai'"),
    ],
)
def test_with_must_name_one_bond_on_the_sheet(given: str, says: str) -> None:
    g = game()
    before = g.state.to_dict()
    with pytest.raises(NotFound, match=says) as caught:
        g.move("sojourn", (), **{"with": given})
    assert set(caught.value.candidates) <= set(BONDS) and caught.value.candidates
    assert g.state.to_dict() == before


def test_the_journey_bond_add_is_for_the_initial_roll_only() -> None:
    g = game()
    g.track("journey", "To the Veiled Mountains", "dangerous")
    g.move("undertake a journey", (6, 1, 2), choose=["mark_progress"])  # under way now
    assert g.state.pending is None
    with pytest.raises(InvalidValue, match="initial roll of a journey only"):
        g.move("undertake a journey", (), **{"with": "Elda"})


def test_test_your_bond_takes_a_prefix() -> None:
    g = game()
    # "--abandon": no interest in the bond, which is cleared (named by its prefix).
    g.move("test your bond", (), abandon=True, **{"with": "Elda"})
    assert g.state.character("Asha").bonds == ["Thornhold", "Thorn's sister"]
    # A name not on the sheet is refused (issue 8 §3; see test_moves_audit_rules.py).


def test_a_missing_stat_names_the_choices() -> None:
    g = game()
    g.track("fight", "Bear", "formidable")
    with pytest.raises(OptionNeeded, match="Enter the Fray: which stat do you roll") as caught:
        g.move("enter the fray", ())
    assert caught.value.option == "stat"
    assert [value for value, _label in caught.value.choices] == ["heart", "shadow", "wits"]
    assert caught.value.choices[0][1] == "+heart 2: facing off against your foe"


def test_several_tracks_name_the_choices() -> None:
    g = game()
    g.track("vow", "Avenge my kin", "extreme")
    g.track("vow", "Find the raiders", "dangerous", ticks=8)
    with pytest.raises(OptionNeeded, match="several vow tracks") as caught:
        g.move("reach a milestone", ())
    assert caught.value.option == "track"
    assert caught.value.choices == (
        ("vow-1", "Avenge my kin (extreme vow, score 0)"),
        ("vow-2", "Find the raiders (dangerous vow, score 2)"),
    )
    assert caught.value.accepted == ("vow-1", "vow-2")


def test_several_tracks_say_each_score_and_every_id() -> None:
    """The question lists every open track of the kinds, with its score in full boxes (a part
    box not counted, 10 at most), and names each id in the message."""
    g = game()
    g.track("vow", "Avenge my kin", "extreme", ticks=3)
    g.track("vow", "Find the raiders", "dangerous", ticks=40)
    g.track("journey", "To the hills", "dangerous", ticks=12)
    g.track("vow", "Guard the ford", "troublesome", ticks=39)
    with pytest.raises(OptionNeeded) as caught:
        g.move("fulfill your vow", ())
    assert str(caught.value) == (
        "Asha has several vow tracks: which one? (accepted: vow-1, vow-2, vow-4)"
    )
    assert caught.value.choices == (
        ("vow-1", "Avenge my kin (extreme vow, score 0)"),
        ("vow-2", "Find the raiders (dangerous vow, score 10)"),
        ("vow-4", "Guard the ford (troublesome vow, score 9)"),
    )
    assert caught.value.accepted == ("vow-1", "vow-2", "vow-4")


@pytest.mark.parametrize("move", ["sojourn", "undertake a journey"])
def test_the_bonds_add_is_said(move: str) -> None:
    """The +1 a bond gives is said with the roll, as Swear an Iron Vow's is ("+1 you share a
    bond with Elda the healer"): the result read '4 + 1 + 1 = 6' with nothing saying whence."""
    g = game()
    if move == "undertake a journey":
        g.track("journey", "To the Veiled Mountains", "dangerous")
    result = g.move(move, (4, 9, 10), **{"with": "Elda"})
    assert "+1 you share a bond with Elda the healer" in result.notes
