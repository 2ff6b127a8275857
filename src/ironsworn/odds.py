"""Exact odds of action and progress rolls, by enumerating every face of every die.

An action roll has 6 x 10 x 10 = 600 equally likely results, a progress roll 100; counting
them gives exact fractions (no simulation). "With burn" assumes you burn momentum whenever
doing so improves the outcome.
"""

from __future__ import annotations

from fractions import Fraction

from ironsworn.momentum import check_momentum
from ironsworn.outcomes import Outcome
from ironsworn.record import record
from ironsworn.rolls import ActionRoll, ProgressRoll, is_match

TYPE_CHECKING = False  # typing is not imported at run time: see ironsworn.record

if TYPE_CHECKING:
    from typing import Any


@record
class RollOdds:
    """Exact probabilities of each outcome and of a match."""

    strong_hit: Fraction
    weak_hit: Fraction
    miss: Fraction
    match: Fraction
    with_burn: RollOdds | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "strong_hit": float(self.strong_hit),
            "weak_hit": float(self.weak_hit),
            "miss": float(self.miss),
            "match": float(self.match),
        }
        if self.with_burn is not None:
            data["with_burn"] = {
                "strong_hit": float(self.with_burn.strong_hit),
                "weak_hit": float(self.with_burn.weak_hit),
                "miss": float(self.with_burn.miss),
            }
        return data


def _odds(counts: dict[Outcome, int], matches: int, total: int) -> RollOdds:
    return RollOdds(
        strong_hit=Fraction(counts[Outcome.STRONG_HIT], total),
        weak_hit=Fraction(counts[Outcome.WEAK_HIT], total),
        miss=Fraction(counts[Outcome.MISS], total),
        match=Fraction(matches, total),
    )


def action_odds(
    stat: int, adds: int = 0, momentum: int = 0, debilities: int = 0, even_matches: bool = False
) -> RollOdds:
    """Exact odds of an action roll at ``stat`` + ``adds`` with ``momentum`` (a match only on
    an even pair with ``even_matches``, the rulebook's option: seed 000 L5127-5135)."""
    check_momentum(momentum, debilities)
    plain = dict.fromkeys(Outcome, 0)
    burned = dict.fromkeys(Outcome, 0)
    matches = 0
    for die in range(1, 7):
        for c1 in range(1, 11):
            for c2 in range(1, 11):
                roll = ActionRoll(die, stat, adds, (c1, c2), momentum)
                outcome = roll.outcome
                plain[outcome] += 1
                burned[roll.burn_outcome or outcome] += 1
                matches += is_match((c1, c2), even_matches)
    base = _odds(plain, matches, 600)
    return RollOdds(
        base.strong_hit,
        base.weak_hit,
        base.miss,
        base.match,
        with_burn=_odds(burned, matches, 600),
    )


def progress_odds(score: int, even_matches: bool = False) -> RollOdds:
    """Exact odds of a progress roll at ``score`` (0-10)."""
    counts = dict.fromkeys(Outcome, 0)
    matches = 0
    for c1 in range(1, 11):
        for c2 in range(1, 11):
            counts[ProgressRoll(score, (c1, c2)).outcome] += 1
            matches += is_match((c1, c2), even_matches)
    return _odds(counts, matches, 100)
