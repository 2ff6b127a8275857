"""Opposing an ally (seed 000 L5172-5217): both Face Danger, the better result takes control."""

from __future__ import annotations

import pytest
from moves_support import Game

from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.moves.oppose import control, oppose
from ironsworn.rolls import ActionRoll

# (action die, stat, challenge dice) of each roll; who gains control: 0, 1 or None.
CONTROL = [
    # "strong hit > weak hit > miss" (L5193-5195)
    ((5, 3, (3, 6)), (4, 3, (6, 8)), 0),
    ((4, 3, (6, 8)), (5, 3, (3, 6)), 1),
    ((4, 3, (6, 8)), (1, 1, (9, 9)), 0),
    ((1, 1, (9, 9)), (2, 2, (1, 9)), 1),
    # "the same level of success ... your action score as a tie-breaker" (L5195-5196)
    ((5, 3, (6, 9)), (4, 3, (6, 9)), 0),
    ((3, 2, (1, 10)), (6, 2, (1, 10)), 1),
    # "If you are still tied, ... a complete stalemate" (L5196-5198)
    ((4, 3, (6, 9)), (5, 2, (6, 9)), None),
    # "If neither of you scored a hit" (L5203-5204): nobody controls; both misses resolve
    ((1, 1, (9, 9)), (1, 1, (8, 10)), None),
]


@pytest.mark.parametrize(("first", "second", "winner"), CONTROL)
def test_who_gains_control_of_the_outcome(
    first: tuple[int, int, tuple[int, int]],
    second: tuple[int, int, tuple[int, int]],
    winner: int | None,
) -> None:
    a = ActionRoll(first[0], first[1], 0, first[2])
    b = ActionRoll(second[0], second[1], 0, second[2])
    assert control(a, b) == winner


TAYLA = "edge=1,heart=3,iron=2,shadow=2,wits=1"
ASH = "edge=2,heart=1,iron=3,shadow=2,wits=1"


@pytest.fixture
def feast() -> Game:
    """Tayla and Ash at the feast in the longhouse (L5180-5217)."""
    game = Game("Ash")
    game.character("Tayla", TAYLA)
    game.character("Ash", ASH)
    return game


def test_the_rulebook_example_tayla_takes_control(feast: Game) -> None:
    # "Ash rolls a weak hit. Tayla rolls a strong hit, which gives her control of the outcome.
    # She chooses to let her move stand. She is successful and takes +1 momentum." (L5209-5211)
    feast.dice([4, 6, 8, 5, 3, 6])
    result = oppose(feast.engine, "Ash", "Tayla", "iron", "heart")
    assert [(m.character, m.stat, m.outcome) for m in result.moves] == [
        ("Ash", "iron", "weak_hit"),
        ("Tayla", "heart", "strong_hit"),
    ]
    assert result.pending is not None and result.pending["character"] == "Tayla"
    assert [o["key"] for o in result.pending["options"]] == ["own", "ally"]
    chosen = feast.choose(["own"])
    assert [(e["target"], e["from"], e["to"]) for e in chosen.effects] == [("momentum", 2, 3)]
    assert feast.state.character("Ash").momentum == 2  # the other result is ignored


def test_the_winner_may_resolve_the_allys_move(feast: Game) -> None:
    feast.dice([4, 6, 8, 5, 3, 6])
    oppose(feast.engine, "Ash", "Tayla", "iron", "heart", choose=["ally"])
    # Ash's weak hit is resolved: Ash chooses its troublesome cost.
    pending = feast.state.pending
    assert pending is not None and pending["character"] == "Ash"
    assert "endure_harm" in [o["key"] for o in pending["options"]]


def test_both_miss_each_pays_the_price(feast: Game) -> None:
    feast.dice([1, 9, 10, 1, 8, 10])
    result = oppose(feast.engine, "Ash", "Tayla", "iron", "heart")
    assert result.pending is not None
    assert (result.pending["character"], result.pending["move"]) == (
        "Ash",
        "move:classic/fate/pay_the_price",
    )
    second = feast.choose(["obvious"])
    assert second.pending is not None and second.pending["character"] == "Tayla"
    assert feast.choose(["obvious"]).pending is None


def test_a_stalemate_resolves_neither_move(feast: Game) -> None:
    feast.dice([4, 6, 9, 4, 6, 9])  # both weak hits with score 7 (iron 3 + 4, heart 3 + 4)
    result = oppose(feast.engine, "Ash", "Tayla", "iron", "heart")
    assert result.pending is None
    assert any("stalemate" in n for n in result.notes)
    assert not [e for e in result.events if e["type"] == "meter"]


def test_the_option_of_even_matches_reaches_the_opposed_rolls(feast: Game) -> None:
    from ironsworn.moves.setup import SetupOperations

    SetupOperations(feast.engine).set_option("even_matches", "on")
    feast.dice([1, 9, 9, 1, 8, 10])
    result = oppose(feast.engine, "Ash", "Tayla", "iron", "heart")
    assert result.moves[0].roll is not None and result.moves[0].roll["match"] is False


@pytest.mark.parametrize(
    ("against", "stat", "against_stat", "error", "says"),
    [
        ("Ash", "iron", "heart", InvalidValue, "cannot oppose themself"),
        ("Tayla", "might", "heart", InvalidValue, "stat 'might' is not a stat"),
        ("Tayla", "iron", None, InvalidValue, "which stat does Tayla roll"),
        ("Nobody", "iron", "heart", LookupError, "character 'Nobody' is unknown"),
    ],
)
def test_bad_opposition_changes_nothing(
    feast: Game,
    against: str,
    stat: str,
    against_stat: str | None,
    error: type[Exception],
    says: str,
) -> None:
    before = feast.state.to_dict()
    feast.dice([4, 6, 8, 5, 3, 6])
    with pytest.raises(error, match=None) as raised:
        oppose(feast.engine, "Ash", against, stat, against_stat)
    assert says in str(raised.value)
    assert feast.state.to_dict() == before


def test_a_burn_that_would_not_help_is_refused(feast: Game) -> None:
    feast.dice([5, 3, 6, 4, 6, 8])
    with pytest.raises(RuleViolation, match="cannot burn"):
        oppose(feast.engine, "Ash", "Tayla", "iron", "heart", burn=True)
