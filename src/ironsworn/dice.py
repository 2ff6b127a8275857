"""Dice sources. Every roll in the package takes one; the core never uses global randomness.

- :class:`RandomDice` — a seeded (or unseeded) pseudo-random source.
- :class:`FixedDice` — a fixed sequence of values, for tests and for dice a player rolled on the
  table and typed in (:func:`typed_dice` parses ``"4,5,8"``). Each value is checked against the
  die it is used for, so a typed 11 on a d10 is refused, naming the value.
"""

from __future__ import annotations

from abc import ABC

from ironsworn.counting import counted
from ironsworn.errors import InvalidValue

TYPE_CHECKING = False  # typing is not imported at run time: see ironsworn.record

if TYPE_CHECKING:
    import random
    from collections.abc import Callable, Iterable
    from typing import Protocol

    class Dice(Protocol):
        """A source of die results."""

        def roll(self, sides: int) -> int:
            """Return a result from 1 to ``sides`` inclusive."""
            ...

else:

    class Dice(ABC):  # noqa: B024 - a structural type: anything with roll(sides) is Dice
        """A source of die results: any object with ``roll(sides) -> int`` (1 to sides).

        A structural type, as a Protocol would be (``isinstance(x, Dice)`` checks for a
        ``roll`` method), without importing :mod:`typing` on a one-shot command's path.
        """

        @classmethod
        def __subclasshook__(cls, other):
            return True if callable(getattr(other, "roll", None)) else NotImplemented


class RandomDice:
    """Pseudo-random dice, reproducible when given a seed."""

    def __init__(self, seed: int | str | None = None) -> None:
        # random is imported here so that commands given typed dice never pay for it.
        import random

        self._random: random.Random = random.Random(seed)
        # What ``randint(1, sides)`` draws, without its two layers of argument handling
        # (``randint`` is ``randrange``, which is ``1 + _randbelow(sides)`` for a whole
        # ``sides`` of 1 or more): the same numbers from the same seed, a die a frame.
        self._below: Callable[[int], int] = self._random._randbelow  # type: ignore[attr-defined]
        self.seed = seed

    def roll(self, sides: int) -> int:
        if type(sides) is not int or sides < 1:
            _check_sides(sides)
            return self._random.randint(1, sides)  # anything else, as randint takes it
        return 1 + self._below(sides)

    def action_dice(self) -> tuple[int, int, int]:
        """An action roll's dice: ``roll(6), roll(10), roll(10)``, the same draws in the same
        order, in one call (every action roll of the engine rolls them)."""
        below = self._below
        return 1 + below(6), 1 + below(10), 1 + below(10)

    def __repr__(self) -> str:
        return f"RandomDice(seed={self.seed!r})"


class FixedDice:
    """Dice that return the given values in order (tests, or physical dice typed in)."""

    def __init__(self, values: Iterable[int], source: str = "dice") -> None:
        self._values = list(values)
        self._next = 0
        self.source = source

    @property
    def remaining(self) -> int:
        """How many values have not been used yet."""
        return len(self._values) - self._next

    def roll(self, sides: int) -> int:
        _check_sides(sides)
        if self._next >= len(self._values):
            # Which die comes next, and of what size: a player who typed a move's three dice
            # learns that its outcome rolls a d100 (Delve the Depths' miss), and types it too.
            given = len(self._values)
            if not given:
                raise InvalidValue(f"not enough {self.source}: none given; a d{sides} is needed")
            raise InvalidValue(
                f"not enough {self.source}: {counted(given, 'value')} given; "
                f"{_ordinal(given + 1)}, a d{sides}, is needed next"
            )
        value = self._values[self._next]
        if sides == 100 and value == 0:
            value = 100  # a d100 read as "00" is 100
        if not 1 <= value <= sides:
            raise InvalidValue(f"{self.source} value {value} is not a d{sides} result (1-{sides})")
        self._next += 1
        return value

    def __repr__(self) -> str:
        return f"FixedDice({self._values!r})"


def typed_dice(text: str, source: str = "dice") -> FixedDice:
    """Parse dice a player typed (``"4,5,8"`` or ``"4 5 8"``) into a :class:`FixedDice`."""
    parts = text.replace(",", " ").split()
    if not parts:
        raise InvalidValue(f"{source} {text!r} is empty; give the values, e.g. 4,5,8")
    values: list[int] = []
    for part in parts:
        try:
            values.append(int(part))
        except ValueError:
            raise InvalidValue(f"{source} value {part!r} is not a whole number") from None
    return FixedDice(values, source=source)


def _ordinal(number: int) -> str:
    """The ordinal with its article: a 1st, a 4th, an 8th, an 11th, a 12th, a 21st, an 18th."""
    suffix = (
        "th" if number % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    # "an" before the numbers said with a vowel first: eight..., eleven, eighteen.
    article = "an" if str(number).startswith("8") or number in (11, 18) else "a"
    return f"{article} {number}{suffix}"


def _check_sides(sides: int) -> None:
    if sides < 1:
        raise InvalidValue(f"a die of {sides} sides is not accepted (accepted: 1 side or more)")
