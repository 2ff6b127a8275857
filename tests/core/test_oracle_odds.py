"""Ask the Oracle and exact odds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ironsworn.dice import FixedDice
from ironsworn.errors import InvalidValue
from ironsworn.odds import action_odds, progress_odds
from ironsworn.oracle import Odds, ask_the_oracle, is_oracle_match


@pytest.mark.parametrize(
    ("odds", "no_at", "yes_at"),
    [
        (Odds.ALMOST_CERTAIN, 10, 11),
        (Odds.LIKELY, 25, 26),
        (Odds.FIFTY_FIFTY, 50, 51),
        (Odds.UNLIKELY, 75, 76),
        (Odds.SMALL_CHANCE, 90, 91),
    ],
)
def test_odds_thresholds(odds: Odds, no_at: int, yes_at: int) -> None:
    assert not ask_the_oracle(odds, value=no_at).yes
    assert ask_the_oracle(odds, value=yes_at).yes
    assert ask_the_oracle(odds, value=100).yes
    assert not ask_the_oracle(odds, value=1).yes
    yes_count = sum(ask_the_oracle(odds, value=v).yes for v in range(1, 101))
    assert yes_count == 101 - yes_at


@pytest.mark.parametrize(
    ("text", "odds"),
    [("50/50", Odds.FIFTY_FIFTY), ("Small Chance", Odds.SMALL_CHANCE), ("likely", Odds.LIKELY)],
)
def test_odds_parse(text: str, odds: Odds) -> None:
    assert Odds.parse(text) is odds


def test_odds_parse_rejects() -> None:
    with pytest.raises(InvalidValue, match="'maybe'"):
        Odds.parse("maybe")


def test_oracle_match_and_00() -> None:
    assert [v for v in range(1, 101) if is_oracle_match(v)] == [
        11,
        22,
        33,
        44,
        55,
        66,
        77,
        88,
        99,
        100,
    ]
    assert ask_the_oracle(Odds.LIKELY, FixedDice([0])).roll == 100
    with pytest.raises(InvalidValue, match="101"):
        ask_the_oracle(Odds.LIKELY, value=101)


def test_action_odds_sum_and_known_value() -> None:
    odds = action_odds(stat=2, adds=0, momentum=2)
    assert odds.strong_hit + odds.weak_hit + odds.miss == 1
    assert odds.match == Fraction(1, 10)
    # stat+adds 0, die d6: P(strong) = sum_d ((d-1)/10)^2 / 6 = (0+1+4+9+16+25)/600
    zero = action_odds(stat=0, momentum=0)
    assert zero.strong_hit == Fraction(55, 600)
    assert zero.miss == Fraction(sum((11 - d) ** 2 for d in range(1, 7)), 600)
    assert zero.with_burn == zero.with_burn and zero.with_burn is not None
    assert zero.with_burn.miss == zero.miss  # momentum 0 cannot burn


def test_burn_odds_never_worse() -> None:
    for momentum in range(-6, 11):
        odds = action_odds(stat=2, adds=1, momentum=momentum)
        assert odds.with_burn is not None
        assert odds.with_burn.miss <= odds.miss
        assert odds.with_burn.strong_hit >= odds.strong_hit
        if momentum <= 0:
            assert odds.with_burn.miss == odds.miss


def test_negative_momentum_lowers_odds() -> None:
    assert action_odds(2, momentum=-3).miss > action_odds(2, momentum=0).miss


@pytest.mark.parametrize(
    ("score", "strong", "miss"),
    [(0, 0, 100), (5, 16, 36), (10, 81, 1)],
)
def test_progress_odds(score: int, strong: int, miss: int) -> None:
    odds = progress_odds(score)
    assert odds.strong_hit == Fraction(strong, 100)
    assert odds.miss == Fraction(miss, 100)
    assert odds.strong_hit + odds.weak_hit + odds.miss == 1
