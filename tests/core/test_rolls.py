"""Action and progress rolls, table-driven, with the rulebook's own examples as vectors."""

from __future__ import annotations

import pytest

from ironsworn.dice import FixedDice, RandomDice
from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.outcomes import Outcome
from ironsworn.rolls import ActionRoll, ProgressRoll, roll_action, roll_action_json, roll_progress

S, W, M = Outcome.STRONG_HIT, Outcome.WEAK_HIT, Outcome.MISS


@pytest.mark.parametrize(
    ("die", "stat", "adds", "challenge", "momentum", "score", "outcome", "match"),
    [
        # action die 3 + stat 2 = 5 beats both 2 and 4: a strong hit.
        (3, 2, 0, (2, 4), 2, 5, S, False),
        (3, 2, 0, (2, 5), 2, 5, W, False),  # tie goes to the challenge die
        (3, 2, 0, (5, 5), 2, 5, M, True),  # ties on both dice, a matched miss
        (1, 1, 0, (1, 1), 2, 2, S, True),  # a matched strong hit
        (6, 3, 5, (10, 9), 2, 10, W, False),  # score capped at 10: a 10 is never beaten
        (6, 3, 5, (10, 10), 2, 10, M, True),  # matched 10s: as bad as things get
        (6, 5, 10, (9, 9), 2, 10, S, True),
        (4, 2, 1, (5, 8), 6, 7, W, False),
        # Negative momentum: cancelled only when |momentum| equals the action die.
        (4, 2, 0, (3, 5), -4, 2, M, False),
        (4, 2, 0, (3, 5), -3, 6, S, False),
        (6, 1, 0, (1, 2), -6, 1, M, False),
        (1, 1, 1, (1, 9), -1, 2, W, False),
        (5, 2, 0, (4, 6), 0, 7, S, False),
    ],
)
def test_action_roll(
    die: int,
    stat: int,
    adds: int,
    challenge: tuple[int, int],
    momentum: int,
    score: int,
    outcome: Outcome,
    match: bool,
) -> None:
    roll = ActionRoll(die, stat, adds, challenge, momentum)
    assert roll.score == score
    assert roll.outcome is outcome
    assert roll.match is match
    assert roll.action_die_cancelled is (momentum < 0 and -momentum == die)


@pytest.mark.parametrize(
    ("die", "stat", "challenge", "momentum", "before", "after"),
    [
        # Rulebook p. 32: momentum +6, score 4, dice 5 and 8: burning turns a miss to a weak hit.
        (2, 2, (5, 8), 6, M, W),
        (2, 2, (5, 5), 6, M, S),  # both below momentum: strong hit
        (3, 2, (4, 9), 10, W, S),  # momentum 10 cancels a 9
        (3, 2, (4, 10), 10, W, None),  # nothing cancels a 10
        (3, 2, (6, 6), 6, M, None),  # strictly less than momentum
        (3, 2, (2, 3), 6, S, None),  # already a strong hit
        (3, 2, (8, 9), 0, M, None),  # burning needs positive momentum
        (4, 2, (3, 5), -4, M, None),  # negative momentum never burns
        (1, 1, (1, 9), 2, W, None),  # 9 is not below 2
    ],
)
def test_burn_offer(
    die: int,
    stat: int,
    challenge: tuple[int, int],
    momentum: int,
    before: Outcome,
    after: Outcome | None,
) -> None:
    roll = ActionRoll(die, stat, 0, challenge, momentum)
    assert roll.outcome is before
    assert roll.burn_outcome is after
    if after is None:
        with pytest.raises(RuleViolation):
            roll.burn()
    else:
        burned = roll.burn()
        assert burned.burned and burned.outcome is after
        assert burned.match is roll.match  # a match stays a match
        with pytest.raises(RuleViolation):
            burned.burn()


def test_rulebook_burn_example_json() -> None:
    roll = ActionRoll(2, 2, 0, (5, 8), 6)
    data = roll.to_json(momentum_reset=2)
    assert data["score"] == 4
    assert data["outcome"] == "miss"
    assert data["burn"] == {"outcome": "weak_hit", "momentum_after": 2}
    assert ActionRoll.from_json(data) == roll


@pytest.mark.parametrize(
    ("kwargs", "bad"),
    [
        ({"action_die": 0}, "action die 0"),
        ({"action_die": 7}, "action die 7"),
        ({"stat": 6}, "stat 6"),
        ({"adds": -1}, "adds -1"),
        ({"momentum": 11}, "momentum 11"),
        ({"momentum": -7}, "momentum -7"),
        ({"challenge": (0, 5)}, "challenge die 0"),
        ({"challenge": (5, 11)}, "challenge die 11"),
        ({"challenge": (5,)}, "exactly two"),
    ],
)
def test_action_roll_rejects(kwargs: dict[str, object], bad: str) -> None:
    base: dict[str, object] = {
        "action_die": 3,
        "stat": 2,
        "adds": 0,
        "challenge": (4, 5),
        "momentum": 2,
    }
    base.update(kwargs)
    with pytest.raises(InvalidValue, match=bad):
        ActionRoll(**base)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("score", "challenge", "outcome", "match"),
    [
        (6, (7, 3), W, False),
        (6, (5, 3), S, False),
        (6, (6, 6), M, True),
        (10, (10, 9), W, False),  # a 10 can never be beaten, even by a full track
        (0, (1, 1), M, True),
        (3, (2, 2), S, True),
    ],
)
def test_progress_roll(
    score: int, challenge: tuple[int, int], outcome: Outcome, match: bool
) -> None:
    roll = ProgressRoll(score, challenge)
    assert roll.outcome is outcome and roll.match is match
    assert roll.to_json() == {
        "type": "progress",
        "score": score,
        "challenge": list(challenge),
        "outcome": outcome.value,
        "match": match,
    }


def test_roll_functions_take_dice_in_order() -> None:
    roll = roll_action(FixedDice([4, 5, 8]), stat=2, adds=1, momentum=6)
    assert (roll.action_die, roll.challenge) == (4, (5, 8))
    assert roll_progress(FixedDice([7, 3]), 6).challenge == (7, 3)


def test_bad_call_consumes_no_dice() -> None:
    dice = FixedDice([4, 5, 8])
    with pytest.raises(InvalidValue):
        roll_action(dice, stat=9)
    assert dice.remaining == 3


@pytest.mark.parametrize(
    ("given", "sides", "message"),
    [
        ([], 6, "not enough dice: none given; a d6 is needed"),
        ([4, 5], 10, "not enough dice: 2 values given; a 3rd, a d10, is needed next"),
        ([1, 8, 9], 100, "not enough dice: 3 values given; a 4th, a d100, is needed next"),
        ([1] * 20, 6, "not enough dice: 20 values given; a 21st, a d6, is needed next"),
        ([1] * 10, 6, "not enough dice: 10 values given; an 11th, a d6, is needed next"),
        ([1] * 7, 6, "not enough dice: 7 values given; an 8th, a d6, is needed next"),
        ([1] * 11, 6, "not enough dice: 11 values given; a 12th, a d6, is needed next"),
    ],
)
def test_typed_dice_that_run_out_say_which_die_comes_next(
    given: list[int], sides: int, message: str
) -> None:
    """A player who typed a move's three dice learns that a d100 follows (Delve the Depths'
    miss reveals a danger): "more are needed" left them to guess how many, and of what."""
    dice = FixedDice(given)
    for _ in given:
        dice.roll(sides)
    with pytest.raises(InvalidValue) as refused:
        dice.roll(sides)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("action", "challenge", "dice", "expected"),
    [
        (True, (False, False), [6], (6, (5, 8))),
        (False, (True, False), [2], (2, (2, 8))),
        (False, (False, True), [1], (2, (5, 1))),
        (True, (True, True), [5, 1, 1], (5, (1, 1))),
    ],
)
def test_reroll_any_dice(
    action: bool,
    challenge: tuple[bool, bool],
    dice: list[int],
    expected: tuple[int, tuple[int, int]],
) -> None:
    roll = ActionRoll(2, 2, 0, (5, 8), 6)
    again = roll.rerolled(FixedDice(dice), action=action, challenge=challenge)
    assert (again.action_die, again.challenge) == expected
    assert (again.stat, again.adds, again.momentum) == (2, 0, 6)


def test_reroll_rules() -> None:
    roll = ActionRoll(2, 2, 0, (5, 8), 6)
    with pytest.raises(InvalidValue, match="at least one die"):
        roll.rerolled(FixedDice([]))
    with pytest.raises(RuleViolation, match="before burning"):
        roll.burn().rerolled(FixedDice([3]), action=True)


@pytest.mark.parametrize("seed", [0, 1, 24, "campaign seed"])
def test_random_dice_draw_what_randint_draws(seed: int | str) -> None:
    """A seed's dice are the numbers ``random.Random(seed).randint(1, sides)`` gives, in order
    (campaigns and tests replay a seed), whatever mix of dice is rolled."""
    import random

    dice, reference = RandomDice(seed), random.Random(seed)
    sides = [6, 10, 10, 100, 1, 2, 6, 10, 20, 100] * 50
    assert [dice.roll(s) for s in sides] == [reference.randint(1, s) for s in sides]


def test_random_dice_refuse_a_die_of_no_sides() -> None:
    with pytest.raises(InvalidValue, match="a die of 0 sides"):
        RandomDice(1).roll(0)


# --- the engine's roll, made without the record (issue 24) -----------------------------------


@pytest.mark.parametrize("even", [False, True])
@pytest.mark.parametrize(("stat", "adds"), [(0, 0), (2, 1), (3, 10), (5, 4)])
def test_the_engines_roll_is_the_records_json(stat: int, adds: int, even: bool) -> None:
    """Every die, every momentum: the same JSON as the record's, the same dice used."""
    for momentum in range(-6, 11):
        for die in range(1, 7):
            for first in range(1, 11):
                for second in range(1, 11):
                    reset = momentum % 3
                    quick = FixedDice([die, first, second])
                    made = roll_action_json(quick, stat, adds, momentum, even, None, reset)
                    record = roll_action(
                        FixedDice([die, first, second]), stat, adds, momentum, even
                    )
                    assert made == record.to_json(reset)
                    assert list(made) == list(record.to_json(reset))  # the keys in order
                    assert quick.remaining == 0


def test_the_engines_roll_with_a_preset_die_rolls_only_the_challenge_dice() -> None:
    dice = FixedDice([3, 7, 5])
    made = roll_action_json(dice, 2, 1, 2, False, 4, 2)
    assert made == roll_action(FixedDice([3, 7]), 2, 1, 2, False, 4).to_json(2)
    assert dice.remaining == 1


@pytest.mark.parametrize(
    ("stat", "adds", "momentum", "preset", "dice", "message"),
    [
        (6, 0, 2, None, [3, 4, 5], "stat 6 is out of range"),
        (True, 0, 2, None, [3, 4, 5], "stat True is not a whole number"),
        (2, 11, 2, None, [3, 4, 5], "adds 11 is out of range"),
        (2, 0, 11, None, [3, 4, 5], "momentum 11 is out of range"),
        (2, 0, 2, 7, [3, 4, 5], "preset action die 7 is out of range"),
    ],
)
def test_the_engines_roll_refuses_what_the_record_refuses_before_any_die(
    stat: int, adds: int, momentum: int, preset: int | None, dice: list[int], message: str
) -> None:
    quick = FixedDice(dice)
    with pytest.raises(InvalidValue, match=message):
        roll_action_json(quick, stat, adds, momentum, False, preset, 2)
    assert quick.remaining == 3  # no die used


class _OddDice:
    """Dice that show a value no die has (a bad source of typed dice)."""

    def __init__(self, values: list[int]) -> None:
        self.values = values

    def roll(self, sides: int) -> int:
        return self.values.pop(0)


@pytest.mark.parametrize(
    ("values", "message"),
    [([7, 4, 5], "action die 7 is out of range"), ([3, 0, 5], "challenge die 0 is out of range")],
)
def test_the_engines_roll_refuses_a_die_no_die_shows(values: list[int], message: str) -> None:
    with pytest.raises(InvalidValue, match=message):
        roll_action_json(_OddDice(values), 2, 0, 2, False, None, 2)
