"""The handler tables refuse a second handler for the same move, which would silently replace
the first (two rules modules both registering Starforged Advance's before-roll check, say)."""

from __future__ import annotations

import pytest

from ironsworn.moves.engine import Step, before_roll, on_resume
from ironsworn.moves.registry import BEFORE_ROLL, RESUME_HANDLERS


def test_a_second_handler_for_a_move_is_refused() -> None:
    import ironsworn.moves.starforged  # noqa: F401  (registers its handlers)

    first = BEFORE_ROLL["starforged"]["advance"]

    def other(ctx: Step) -> None:
        return None

    with pytest.raises(RuntimeError, match="two handlers for starforged advance"):
        before_roll("advance", ruleset="starforged")(other)
    assert BEFORE_ROLL["starforged"]["advance"] is first
    before_roll("advance", ruleset="starforged")(first)  # the same one again is harmless


def test_a_second_resume_handler_is_refused() -> None:
    import ironsworn.moves.classic  # noqa: F401

    point = next(iter(RESUME_HANDLERS))

    def other(ctx: Step, keys: list[str]) -> None:
        return None

    with pytest.raises(RuntimeError, match="two handlers for"):
        on_resume(point)(other)
