"""Aid Your Ally's ally, as both rulesets ask it (moves.aid_your_ally.aided_ally): asked for
among the other characters when none is named, taken as the campaign spells it, and refused
when it names the character making the move, in each ruleset's words, with nothing changed."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from moves_support import ASHA_STATS, BRAM_STATS, Game
from sf_support import StarforgedGame

from ironsworn.errors import InvalidValue, OptionNeeded


def classic() -> Game:
    game = Game()
    game.character("Asha", ASHA_STATS)
    game.character("Bram", BRAM_STATS)
    return game


def starforged() -> Game:
    game = StarforgedGame()
    game.ally()
    return game


@pytest.mark.parametrize(
    ("make", "who", "refusal"),
    [
        (classic, "Asha", "you cannot aid yourself: ally names another character"),
        (starforged, "Kira", "Aid Your Ally: ally must be another character"),
    ],
    ids=["classic", "starforged"],
)
def test_aiding_yourself_is_refused_in_the_rulesets_words(
    make: Callable[[], Game], who: str, refusal: str
) -> None:
    game = make()
    stat = {"stat": "iron"} if make is classic else {}  # (Starforged's ally makes the roll)
    before = game.state.to_dict()
    with pytest.raises(InvalidValue) as caught:
        game.engine.make_move("aid_your_ally", who, ally=who.lower(), **stat)
    assert str(caught.value) == refusal
    assert (caught.value.input, caught.value.value) == ("ally", who.lower())
    assert game.state.to_dict() == before


@pytest.mark.parametrize(("make", "who"), [(classic, "Asha"), (starforged, "Kira")])
def test_with_no_ally_named_the_others_are_offered(make: Callable[[], Game], who: str) -> None:
    game = make()
    stat = {"stat": "iron"} if make is classic else {}
    with pytest.raises(OptionNeeded) as caught:
        game.engine.make_move("aid_your_ally", who, **stat)
    assert str(caught.value).startswith(f"{who} — Aid Your Ally: which ally do you aid?")
    assert caught.value.choices == (("Bram", "Bram"),)


def test_the_ally_is_taken_as_the_campaign_spells_it() -> None:
    game = starforged()
    result = game.engine.make_move("aid_your_ally", "Kira", ally="bram")
    assert result.pending is not None
    assert result.pending["resume"]["context"]["ally"] == "Bram"
