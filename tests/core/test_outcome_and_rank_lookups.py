"""Outcomes and ranks read from their values (issue 24): the module names of the outcomes and
:func:`~ironsworn.outcomes.outcome_of` give the enum's own members, and a rank named as a
track keeps it is read by one lookup that answers as reading every rank does."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ironsworn import outcomes
from ironsworn.errors import InvalidValue
from ironsworn.outcomes import Outcome, outcome_of
from ironsworn.ranks import Rank


def test_the_outcomes_module_names_are_the_members() -> None:
    assert outcomes.STRONG_HIT is Outcome.STRONG_HIT
    assert outcomes.WEAK_HIT is Outcome.WEAK_HIT
    assert outcomes.MISS is Outcome.MISS
    for outcome in Outcome:
        assert outcome_of(outcome.value) is outcome is Outcome.of(outcome.value)
        assert outcome.is_hit == (outcome is not Outcome.MISS)
        assert outcome.words == outcome.value.replace("_", " ")


def test_an_unknown_outcome_value_is_refused_as_the_enum_refuses_it() -> None:
    with pytest.raises(ValueError, match="'hit'"):
        outcome_of("hit")


def _read_every_rank(text: str) -> Rank | None:
    """What Rank.parse answered for a text before the lookup: the first rank whose name or
    number the stripped, lower-case text is."""
    key = text.strip().lower()
    return next((r for r in Rank if r.name.lower() == key or key == str(r.value)), None)


@given(
    st.one_of(
        st.sampled_from(
            [r.name.lower() for r in Rank]
            + [r.name for r in Rank]
            + [str(r.value) for r in Rank]
            + [" epic ", "Dangerous", "0", "6", "", "deadly"]
        ),
        st.text(max_size=12),
    )
)
def test_a_rank_is_read_from_any_text_as_reading_every_rank_does(text: str) -> None:
    expected = _read_every_rank(text)
    if expected is None:
        with pytest.raises(InvalidValue, match="is unknown"):
            Rank.parse(text)
    else:
        assert Rank.parse(text) is expected


def test_a_ranks_numbers_are_the_rulebooks() -> None:
    table = {1: (12, 1), 2: (8, 2), 3: (4, 3), 4: (2, 4), 5: (1, 5)}
    for rank in Rank:
        assert (rank.ticks_per_mark, rank.harm) == table[rank.value]
