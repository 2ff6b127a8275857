"""Condition meters: health, spirit and supply, each 0 to +5 (rulebook pp. 34-35).

A gain is refused in full while the meter's blocking condition is marked (wounded, shaken,
unprepared) and is reported as ``blocked``, never silently dropped; a gain past +5 is clamped
(ENGINE CHOICE, spec §1.2) and the excess also reported as ``blocked``. A loss below 0 reports
the ``overflow``: for health and spirit it becomes -momentum (Endure Harm / Endure Stress), for
supply it is paid by the Out of Supply rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from ironsworn.errors import InvalidValue

METERS = ("health", "spirit", "supply")
METER_MIN, METER_MAX = 0, 5


@dataclass(frozen=True)
class MeterChange:
    """From/to of one meter change, with the parts that could not be applied."""

    meter: str
    before: int
    after: int
    blocked: int = 0
    overflow: int = 0
    blocked_by: str | None = None

    @property
    def delta(self) -> int:
        return self.after - self.before


def check_meter_name(name: str) -> str:
    key = name.strip().lower()
    if key not in METERS:
        raise InvalidValue(f"meter {name!r} is unknown (accepted: {', '.join(METERS)})")
    return key


def change_meter(
    meter: str,
    current: int,
    delta: int,
    blocked_by: str | None = None,
    maximum: int = METER_MAX,
) -> MeterChange:
    """Apply ``delta`` to a meter at ``current``.

    ``blocked_by`` names the marked condition that blocks gains on this meter, if any.
    ``maximum`` is +5 for a character's meters; a companion's health has its own size.
    """
    if delta >= 0:
        if blocked_by is not None and delta > 0:
            return MeterChange(meter, current, current, blocked=delta, blocked_by=blocked_by)
        after = min(maximum, current + delta)
        return MeterChange(meter, current, after, blocked=delta - (after - current))
    want = current + delta
    after = max(METER_MIN, want)
    return MeterChange(meter, current, after, overflow=after - want)


def check_meter_value(meter: str, value: int, maximum: int = METER_MAX) -> int:
    if not METER_MIN <= value <= maximum:
        raise InvalidValue(f"{meter} {value} is out of range ({METER_MIN} to {maximum:+d})")
    return value
