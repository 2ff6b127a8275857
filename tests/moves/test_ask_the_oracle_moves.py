"""The Ask the Oracle move and Pay the Price's "Ask the Oracle" answer by the campaign's own
table (classic "Likely 26 or greater", Starforged "Likely 75 or less") and its option of even
matches, through the one function every surface calls (:mod:`ironsworn.oracle`)."""

from __future__ import annotations

from typing import Any

import pytest
from moves_support import Game
from sf_support import MISS, StarforgedGame

from ironsworn.moves.setup import SetupOperations


def asks(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == "ask"]


@pytest.mark.parametrize(
    ("starforged", "even", "roll", "answer", "match"),
    [
        (True, False, 76, "no", False),  # Starforged: "Likely | 75 or less"
        (True, False, 30, "yes", False),
        (False, False, 76, "yes", False),  # classic: "Likely 26 or greater"
        (False, False, 11, "no", True),
        (False, True, 11, "no", False),  # even matches: 11 is no match (L5127-5135)
        (True, True, 44, "yes", True),
    ],
)
def test_the_move_answers_by_the_campaigns_table(
    starforged: bool, even: bool, roll: int, answer: str, match: bool
) -> None:
    game: Game = StarforgedGame() if starforged else Game()
    if not starforged:
        game.character("Asha")
    if even:
        game._keep(SetupOperations(game.engine).set_option("even_matches", "on"))
    result = game.move("ask the oracle", [roll], odds="likely")
    (event,) = asks(result.events)
    assert (event["answer"], event["match"], event["character"]) == (answer, match, game.main)
    assert event.get("rule") == ("starforged" if starforged else None)


def test_pay_the_price_asks_the_oracle_by_starforged_table() -> None:
    # Seed 003 Pay the Price: "Ask the Oracle for inspiration"; 76 on Likely is a no there.
    game = StarforgedGame()
    game.move("face danger", MISS, stat="edge")
    result = game.choose(["ask_oracle"], [76])
    (event,) = asks(result.events)
    assert (event["answer"], event["rule"]) == ("no", "starforged")
    assert "is the likely cost what happens? 76: no" in result.notes
    # The question is kept with the answer: the story said only "the oracle says no (76)".
    assert event["question"] == "Is the likely cost what happens?"
    assert _story_line(event) == "“Is the likely cost what happens?” the oracle says no (76)"


def test_classic_pay_the_price_asks_the_oracle_by_its_table() -> None:
    game = Game()
    game.character("Asha")
    game.move("face danger", [1, 9, 10], stat="edge")
    result = game.choose(["ask_oracle"], [26])
    (event,) = asks(result.events)
    assert event["answer"] == "yes" and "rule" not in event
    assert _story_line(event) == "“Is the likely outcome what happens?” the oracle says yes (26)"


def _story_line(event: dict[str, Any]) -> str | None:
    from ironsworn.campaign.story import _Teller

    return _Teller(None).event(event)
