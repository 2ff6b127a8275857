"""The table's ``oracle`` and ``ask`` operations (issue 18): the dice they roll (typed, a seed,
the table's own, or new ones whose seed is named), who the kept roll is made by, and the
even-matches option asked for one question. A refused call keeps nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ironsworn.campaign.store import CampaignStore
from ironsworn.dice import FixedDice
from ironsworn.errors import Forbidden, InvalidValue, NotFound
from ironsworn.table import Table, operation

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


@pytest.fixture
def store(tmp_path: Path) -> Any:
    with CampaignStore.open(tmp_path / "c.sqlite", create=True) as opened:
        for name in ("Kai", "Bo"):
            operation("character").call(Table(opened, "c"), {"name": name, "stats": STATS})
        yield opened


def kept(store: Any) -> list[tuple[str, dict[str, Any]]]:
    return [(op.kind, op.events[0]) for op in store.operations() if op.kind in ("oracle", "ask")]


def test_the_tables_own_dice_roll_and_no_seed_is_named(store: Any) -> None:
    table = Table(store, "c", dice_default=FixedDice([44, 37]))
    asked = operation("ask").call(table, {"odds": "likely"})
    rolled = operation("oracle").call(table, {"oracle": "action"})
    assert (asked["roll"], asked["match"], asked["seed"]) == (44, True, None)
    assert (rolled["roll"], rolled["seed"]) == (37, None)
    assert kept(store) == []  # without keep


def test_without_dice_a_seed_is_named_and_rolls_the_same_again(store: Any) -> None:
    first = operation("ask").call(Table(store, "c"), {"odds": "likely"})
    again = operation("ask").call(Table(store, "c"), {"odds": "likely", "seed": first["seed"]})
    assert isinstance(first["seed"], str) and again["roll"] == first["roll"]


def test_typed_dice_must_all_be_rolled(store: Any) -> None:
    ask = operation("ask")
    with pytest.raises(InvalidValue, match="1 value"):
        ask.call(Table(store, "c"), {"odds": "likely", "dice": "22", "value": 30, "keep": True})
    assert kept(store) == []
    answer = ask.call(Table(store, "c"), {"odds": "likely", "dice": "22", "keep": True})
    assert (answer["roll"], answer["match"]) == (22, True)


def test_value_00_reads_as_100(store: Any) -> None:
    answer = operation("ask").call(Table(store, "c"), {"odds": "small_chance", "value": 0})
    assert (answer["roll"], answer["answer"], answer["match"]) == (100, "yes", True)


def test_even_matches_for_one_question(store: Any) -> None:
    ask = operation("ask")
    plain = ask.call(Table(store, "c"), {"odds": "likely", "value": 11})
    even = ask.call(Table(store, "c"), {"odds": "likely", "value": 11, "even_matches": True})
    assert (plain["match"], even["match"], even["even_matches"]) == (True, False, True)


def test_the_kept_roll_is_made_by_the_character_named(store: Any) -> None:
    operation("ask").call(
        Table(store, "c"), {"odds": "likely", "value": 30, "character": "bo", "keep": True}
    )
    operation("oracle").call(Table(store, "c", seat="Kai"), {"oracle": "action", "keep": True})
    assert [(kind, event["character"]) for kind, event in kept(store)] == [
        ("ask", "Bo"),
        ("oracle", "Kai"),
    ]
    # Several characters and none named at the guide's seat: the roll is no one's.
    operation("ask").call(Table(store, "c"), {"odds": "likely", "value": 30, "keep": True})
    assert kept(store)[-1][1]["character"] is None


def test_a_character_not_there_or_not_the_seats_is_refused(store: Any) -> None:
    with pytest.raises(NotFound):
        operation("oracle").call(
            Table(store, "c"), {"oracle": "action", "character": "Ash", "keep": True}
        )
    with pytest.raises(Forbidden):
        operation("ask").call(
            Table(store, "c", seat="Kai"),
            {"odds": "likely", "value": 30, "character": "Bo", "keep": True},
        )
    assert kept(store) == []
