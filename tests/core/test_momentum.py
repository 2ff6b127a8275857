"""Momentum: max, reset, gains, losses and the Face a Setback overflow."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ironsworn.errors import InvalidValue
from ironsworn.momentum import (
    change_momentum,
    check_momentum,
    momentum_after,
    momentum_max,
    momentum_reset,
)


@pytest.mark.parametrize(
    ("debilities", "maximum", "reset"),
    [(0, 10, 2), (1, 9, 1), (2, 8, 0), (3, 7, 0), (5, 5, 0), (8, 2, 0)],
)
def test_max_and_reset(debilities: int, maximum: int, reset: int) -> None:
    assert momentum_max(debilities) == maximum
    assert momentum_reset(debilities) == reset


@pytest.mark.parametrize(
    ("current", "delta", "debilities", "after", "blocked", "overflow"),
    [
        (2, 1, 0, 3, 0, 0),
        (9, 2, 0, 10, 1, 0),  # gains stop at max
        (10, 1, 0, 10, 1, 0),  # at max, the benefit cannot be taken
        (8, 2, 2, 8, 2, 0),  # max 8 with two debilities
        (7, 3, 2, 8, 2, 0),
        (0, -2, 0, -2, 0, 0),
        (-5, -1, 0, -6, 0, 0),
        (-6, -1, 0, -6, 0, 1),  # at -6: Face a Setback for the 1
        (-5, -3, 0, -6, 0, 2),  # ENGINE CHOICE: the part past -6 is additional -momentum
        (3, 0, 0, 3, 0, 0),
    ],
)
def test_change(
    current: int, delta: int, debilities: int, after: int, blocked: int, overflow: int
) -> None:
    change = change_momentum(current, delta, debilities)
    assert (change.before, change.after, change.blocked, change.overflow) == (
        current,
        after,
        blocked,
        overflow,
    )
    # The engine's way, without the record: the same numbers.
    assert momentum_after(current, delta, debilities) == (after, blocked, overflow)


@pytest.mark.parametrize(("value", "debilities"), [(11, 0), (-7, 0), (10, 1), (3, 8)])
def test_check_momentum_rejects(value: int, debilities: int) -> None:
    with pytest.raises(InvalidValue, match=f"momentum {value}"):
        check_momentum(value, debilities)


def test_debilities_range() -> None:
    # Starforged counts up to 10 impacts (8 on the character, 2 vehicle troubles): max 0.
    assert momentum_max(10) == 0
    assert momentum_reset(10) == 0
    with pytest.raises(InvalidValue, match="debilities 11"):
        momentum_max(11)
    for delta in (2, -2):  # a gain or a loss: the count is checked either way
        with pytest.raises(InvalidValue, match="debilities 11"):
            momentum_after(3, delta, 11)
        with pytest.raises(InvalidValue, match="debilities -1"):
            change_momentum(3, delta, -1)


@given(
    st.integers(0, 8),
    st.lists(st.integers(-8, 8), max_size=40),
)
def test_momentum_stays_in_range(debilities: int, deltas: list[int]) -> None:
    value = 2 if momentum_max(debilities) >= 2 else momentum_max(debilities)
    for delta in deltas:
        change = change_momentum(value, delta, debilities)
        # nothing is lost: applied + blocked/overflow equals what was asked
        assert change.delta + (change.blocked if delta >= 0 else -change.overflow) == delta
        value = change.after
        assert -6 <= value <= momentum_max(debilities)
