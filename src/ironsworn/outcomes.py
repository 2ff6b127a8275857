"""The three results of a roll, in the rulebook's words.

The members are also module names (:data:`STRONG_HIT`, :data:`WEAK_HIT`, :data:`MISS`) and
:func:`outcome_of` reads one from its value: the engine asks for them several times a move,
and every attribute read on an enum class goes through its metaclass's ``__getattr__`` hook,
several times slower than reading a module's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum


class Outcome(StrEnum):
    """Strong hit, weak hit or miss. The value is the snake_case name used in JSON."""

    STRONG_HIT = "strong_hit"
    WEAK_HIT = "weak_hit"
    MISS = "miss"

    @property
    def words(self) -> str:
        """The outcome as a player says it ("strong hit")."""
        return self._value_.replace("_", " ")

    @property
    def is_hit(self) -> bool:
        """A strong or a weak hit ("on a hit")."""
        return self is not MISS

    @property
    def rank(self) -> int:
        """Miss 0, weak hit 1, strong hit 2: for comparing outcomes."""
        return _RANKS[self]

    @classmethod
    def of(cls, value: str) -> Outcome:
        """``Outcome(value)`` by a dict lookup: the engine asks several times a move, and the
        enum's own call is several times slower (a bad value still raises ValueError)."""
        return outcome_of(value)

    @classmethod
    def from_beaten(cls, beaten: int) -> Outcome:
        """The outcome for the number of challenge dice beaten (0, 1 or 2)."""
        return (cls.MISS, cls.WEAK_HIT, cls.STRONG_HIT)[beaten]


STRONG_HIT = Outcome.STRONG_HIT
WEAK_HIT = Outcome.WEAK_HIT
MISS = Outcome.MISS
_RANKS = {MISS: 0, WEAK_HIT: 1, STRONG_HIT: 2}
_BY_VALUE: dict[str, Outcome] = {o.value: o for o in Outcome}
# The outcome of each value, for a caller that reads one many times a move without a call to
# outcome_of (a value not in it goes through outcome_of, which refuses it).
BY_VALUE: Mapping[str, Outcome] = _BY_VALUE  # (read only, by its type)


def outcome_of(value: str) -> Outcome:
    """``Outcome(value)`` by a dict lookup (a bad value still raises ValueError)."""
    found = _BY_VALUE.get(value)
    return found if found is not None else Outcome(value)
