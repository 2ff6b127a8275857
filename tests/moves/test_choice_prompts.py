"""A choice a move asks says how many options it takes, as the rulebook does.

A move whose choice gave no prompt of its own was asked as a bare "choose" (Clash's strong
hit, Secure an Advantage's, Undertake a Journey's): a player saw the options but not whether
to take one or two. The prompt now counts them.
"""

from __future__ import annotations

import pytest
from moves_support import STRONG, Game
from sf_support import MISS as SF_MISS
from sf_support import StarforgedGame

from ironsworn.moves.step import _choose_how_many

# (count, minimum, the prompt)
COUNTS = [
    (1, None, "choose one"),
    (1, 1, "choose one"),
    (2, None, "choose two"),
    (2, 2, "choose two"),
    (3, None, "choose three"),
    (1, 0, "choose one, or decline"),
    (2, 0, "choose up to two"),
    (3, 1, "choose up to three"),
    (7, None, "choose 7"),
]


@pytest.mark.parametrize(("count", "minimum", "prompt"), COUNTS)
def test_a_choice_without_its_own_prompt_says_how_many(
    count: int, minimum: int | None, prompt: str
) -> None:
    assert _choose_how_many(count, minimum) == prompt


# (set-up, move, stat, the prompt of the choice on its strong hit)
MOVES = [
    ("fight", "clash", "iron", "choose one"),
    (None, "secure_an_advantage", "edge", "choose one"),
]


@pytest.mark.parametrize(("setup", "move", "stat", "prompt"), MOVES)
def test_a_strong_hit_choice_is_asked_with_its_count(
    setup: str | None, move: str, stat: str, prompt: str
) -> None:
    game = Game()
    game.character("Asha")
    if setup == "fight":
        game.track("fight", "Bandit", "dangerous")
    game.move(move, STRONG, stat=stat)
    pending = game.engine.state.pending
    assert pending is not None and pending["kind"] == "choose"
    assert pending["prompt"] == prompt
    assert int(pending["count"]) == 1


def test_starforged_pay_the_price_says_a_row_may_be_taken() -> None:
    """Starforged's Pay the Price offers its table's rows beside the obvious outcome, the
    oracle and a roll; it was asked as "Pay the Price: choose one", which said none of that."""
    game = StarforgedGame()
    game.move("move:starforged/adventure/face_danger", SF_MISS, stat="wits")
    pending = game.engine.state.pending
    assert pending is not None and pending["move"] == "move:starforged/fate/pay_the_price"
    assert pending["prompt"] == (
        "Pay the Price: the obvious outcome, ask the oracle, roll the table, or take a row"
    )
    assert [o["key"] for o in pending["options"]][:4] == [
        "obvious",
        "ask_oracle",
        "roll_table",
        "1-2",
    ]
