"""What the with/without-ability harnesses of the classic and Starforged asset tables share
(``test_moves_assets_all.py``, ``test_starforged_assets_all.py``): the dice that give each
outcome, the gains an effect says are due on an outcome, and the checks that read the same in
both rulesets -- the add, the outcome an ability makes a roll count as, the reroll offered.

Each harness makes a move twice from the same start with the same dice, without the ability
and with it; ``with_it`` and ``without`` are what its ``_play`` read from the results.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

STRONG, WEAK, MISS = (6, 1, 2), (6, 1, 10), (1, 10, 10)

# The outcome an ability makes a roll count as: (the effect's key, the outcome, counted as).
COUNTS_AS = (
    ("weak_as_miss", "weak_hit", "miss"),
    ("weak_as_strong", "weak_hit", "strong_hit"),
    ("miss_as_weak", "miss", "weak_hit"),
    ("strong_as_weak", "strong_hit", "weak_hit"),
)


def due_gains(
    effect: Mapping[str, Any], outcome: str, match: bool = False, action_die: int | None = None
) -> list[dict[str, Any]]:
    """The gains of ``effect`` due on ``outcome`` (a match, the action die where an effect
    asks), the first option taken where the effect offers a choice (as the harnesses answer)."""
    due = []
    for key, holds in (
        ("hit", outcome in ("strong_hit", "weak_hit")),
        ("strong", outcome == "strong_hit"),
        ("weak", outcome == "weak_hit"),
        ("miss", outcome == "miss"),
        ("strong_match", outcome == "strong_hit" and match),
        ("match", match),
        ("miss_match", outcome == "miss" and match),
        ("strong_six", outcome == "strong_hit" and action_die == 6),
        ("after", True),
    ):
        gain = effect.get(key)
        if gain and holds:
            chosen = dict(gain)
            options = chosen.pop("choose", None)
            if options:
                chosen.update(options[0])  # the harness takes the first option offered
            due.append(chosen)
    return due


def check_add(
    effect: Mapping[str, Any], with_it: Mapping[str, Any], without: Mapping[str, Any]
) -> None:
    """A fixed add is the difference of the two rolls' adds."""
    if isinstance(effect.get("add"), int):
        assert with_it["adds"] - without["adds"] == effect["add"], with_it["notes"]


def counted_as(
    effect: Mapping[str, Any], with_it: Mapping[str, Any], without: Mapping[str, Any]
) -> bool:
    """Whether the ability made the roll count as another outcome (checked here); the
    harness then checks nothing more, the move's own gains being another outcome's."""
    for key, before, after in COUNTS_AS:
        if effect.get(key) and without["outcome"] == before:
            assert with_it["outcome"] == after, with_it["notes"]
            return True
    return False


def check_reroll(with_it: Mapping[str, Any], without: Mapping[str, Any]) -> None:
    """The reroll is offered with the ability, not without it."""
    assert with_it["rerolled"] and not without["rerolled"], with_it["notes"]
