"""The engine's rolls made as JSON at once are the records' own JSON (issue 24).

A progress roll is rolled by the engine as its JSON (:func:`roll_progress_json`), as an action
roll is (:func:`roll_action_json`, tested in ``test_rolls.py``): the same dice in the same
order, the same JSON with its keys in order, and the same refusals. The engine's own random
dice roll an action roll's three dice in one call: the same draws as three rolls.
"""

from __future__ import annotations

import pytest

from ironsworn.dice import FixedDice, RandomDice
from ironsworn.errors import InvalidValue
from ironsworn.rolls import roll_action, roll_action_json, roll_progress, roll_progress_json


def test_a_progress_roll_as_json_is_the_records_json() -> None:
    for score in range(11):
        for even in (False, True):
            for first in range(1, 11):
                for second in range(1, 11):
                    quick = FixedDice([first, second, 4])
                    made = roll_progress_json(quick, score, even)
                    record = roll_progress(FixedDice([first, second]), score, even).to_json()
                    assert made == record
                    assert list(made) == list(record)  # the keys in order
                    assert quick.remaining == 1


@pytest.mark.parametrize(
    ("score", "message"), [(11, "progress score 11"), (-1, "progress score -1"), (True, "True")]
)
def test_a_progress_roll_as_json_refuses_a_score_before_any_die(score: int, message: str) -> None:
    quick = FixedDice([3, 4])
    with pytest.raises(InvalidValue, match=message):
        roll_progress_json(quick, score)
    assert quick.remaining == 2  # no die used


class _OddDice:
    """Dice that show a value no die has (a bad source of typed dice)."""

    def __init__(self, values: list[int]) -> None:
        self.values = values

    def roll(self, sides: int) -> int:
        return self.values.pop(0)


def test_a_progress_roll_as_json_refuses_a_die_no_d10_shows() -> None:
    with pytest.raises(InvalidValue, match="challenge die 11 is out of range"):
        roll_progress_json(_OddDice([3, 11]), 5)


@pytest.mark.parametrize("seed", range(5))
def test_random_dice_roll_an_action_rolls_three_dice_as_three_rolls(seed: int) -> None:
    one, three = RandomDice(seed), RandomDice(seed)
    for _ in range(300):
        assert one.action_dice() == (three.roll(6), three.roll(10), three.roll(10))
    # ... and an action roll of the engine's dice is the record's roll of the same draws.
    quick, record = RandomDice(seed), RandomDice(seed)
    for momentum in range(-6, 11):
        made = roll_action_json(quick, 2, 1, momentum, False, None, 2)
        assert made == roll_action(record, 2, 1, momentum).to_json(2)
