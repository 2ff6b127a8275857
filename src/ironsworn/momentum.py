"""Momentum: its range, max and reset from debilities, gains, losses and burning.

Rules (rulebook pp. 31-33; clean copy in seed 004):

- Momentum runs from -6 to +10. Max momentum is 10 minus the number of marked debilities; the
  reset is +2 with no debility, +1 with one, 0 with two or more.
- A gain cannot take momentum past max: the part that does not fit is *blocked* and reported.
  ENGINE CHOICE: when max drops below current momentum (a debility is marked), momentum is
  clamped down to the new max at once.
- A loss cannot take momentum below -6. The part that does not fit is the *overflow*: "If you
  are at -6 and suffer additional -momentum, you must Face a Setback". ENGINE CHOICE (spec §6.5):
  points of a loss that start above -6 and run past it count as additional -momentum too.
- Negative momentum cancels the action die when its absolute value equals the die.
- Burning: only with positive momentum, after an action roll; every challenge die strictly
  below momentum counts as beaten; then momentum goes to the reset value.
"""

from __future__ import annotations

from ironsworn.errors import InvalidValue
from ironsworn.record import record

MOMENTUM_MIN = -6
MOMENTUM_MAX = 10
MOMENTUM_START = 2
DEBILITY_COUNT = 8
IMPACT_COUNT = 10  # Starforged: 8 impacts on the character and 2 vehicle troubles


def momentum_max(debilities: int) -> int:
    """Max momentum: 10 minus marked debilities (so +2 with all eight marked)."""
    _check_debilities(debilities)
    return MOMENTUM_MAX - debilities


def momentum_reset(debilities: int) -> int:
    """Momentum reset: +2 with no debility, +1 with one, 0 with two or more."""
    _check_debilities(debilities)
    return 2 if debilities == 0 else 1 if debilities == 1 else 0


def check_momentum(value: int, debilities: int = 0) -> int:
    """Validate a momentum value against -6 and the max for ``debilities``."""
    top = momentum_max(debilities)
    if not MOMENTUM_MIN <= value <= top:
        raise InvalidValue(f"momentum {value} is out of range ({MOMENTUM_MIN} to {top:+d})")
    return value


@record
class MomentumChange:
    """The result of a gain or loss: from/to, and what could not be applied.

    ``blocked`` is the part of a gain stopped by max momentum; ``overflow`` the part of a loss
    below -6 that must be paid through Face a Setback.
    """

    before: int
    after: int
    blocked: int = 0
    overflow: int = 0

    @property
    def delta(self) -> int:
        return self.after - self.before


def change_momentum(current: int, delta: int, debilities: int = 0) -> MomentumChange:
    """Apply ``delta`` (positive gain, negative loss) to momentum under the rules above."""
    # Every field in order: the record's quick path (no names to match).
    return MomentumChange(current, *momentum_after(current, delta, debilities))


def momentum_after(current: int, delta: int, debilities: int = 0) -> tuple[int, int, int]:
    """:func:`change_momentum` without its record: momentum after the change, the part of a
    gain blocked by max momentum and the part of a loss past -6 (the engine's every gain)."""
    # (min and max worked out by comparisons, without their calls: every gain and loss)
    if delta >= 0:
        top = momentum_max(debilities)
        start = current if current < top else top  # min(current, top)
        after = (start + delta if start + delta < top else top) if start < top else start
        gained = after - start
        return after, delta - (gained if gained > 0 else 0), 0
    _check_debilities(debilities)  # (checked for a loss too, as the max is)
    want = current + delta
    after = want if want > MOMENTUM_MIN else MOMENTUM_MIN  # max(MOMENTUM_MIN, want)
    return after, 0, after - want


def action_die_cancelled(action_die: int, momentum: int) -> bool:
    """Negative momentum cancels the action die when its absolute value equals the die."""
    return momentum < 0 and -momentum == action_die


def can_burn(momentum: int) -> bool:
    """Momentum can be burned only when it is positive."""
    return momentum > 0


_MARKS_TOP = max(DEBILITY_COUNT, IMPACT_COUNT)


def _check_debilities(debilities: int) -> None:
    top = _MARKS_TOP
    if not 0 <= debilities <= top:
        raise InvalidValue(
            f"debilities {debilities} is out of range (0 to {top}: 8 debilities in classic, "
            f"{IMPACT_COUNT} impacts in Starforged)"
        )


# Max momentum and the reset for each count of marks a sheet can hold (0 to 10), worked out
# once by the rules above: a character's sheet reads them by its count (kept within 0 to 10).
MAX_BY_MARKS = tuple(momentum_max(marks) for marks in range(_MARKS_TOP + 1))
RESET_BY_MARKS = tuple(momentum_reset(marks) for marks in range(_MARKS_TOP + 1))
