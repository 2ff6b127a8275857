"""The eight debilities: conditions, banes and burdens (rulebook pp. 36-38).

Every marked debility lowers max momentum by 1 and changes the reset (see :mod:`momentum`).
Three conditions also block a meter: wounded blocks health gains, shaken blocks spirit gains,
unprepared blocks supply gains (and Resupply). Banes are permanent; burdens clear only when
their quest is done.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from ironsworn.errors import InvalidValue
from ironsworn.record import record


class DebilityKind(StrEnum):
    CONDITION = "condition"
    BANE = "bane"
    BURDEN = "burden"


@record
class Debility:
    """One debility and what it does besides lowering momentum."""

    name: str
    kind: DebilityKind
    blocks: str | None  # the meter whose gains it blocks, if any
    effect: str


DEBILITIES: dict[str, Debility] = {
    d.name: d
    for d in (
        Debility("wounded", DebilityKind.CONDITION, "health", "you cannot increase health"),
        Debility("shaken", DebilityKind.CONDITION, "spirit", "you cannot increase spirit"),
        Debility(
            "unprepared",
            DebilityKind.CONDITION,
            "supply",
            "you cannot increase supply or Resupply; further -supply is paid from "
            "health, spirit or momentum (Out of Supply)",
        ),
        Debility("encumbered", DebilityKind.CONDITION, None, "momentum penalty only"),
        Debility("maimed", DebilityKind.BANE, None, "permanent; momentum penalty"),
        Debility("corrupted", DebilityKind.BANE, None, "permanent; momentum penalty"),
        Debility("cursed", DebilityKind.BURDEN, None, "clears when the soul-bound quest is done"),
        Debility("tormented", DebilityKind.BURDEN, None, "clears when the quest is done"),
    )
}

BLOCKING: dict[str, str] = {d.blocks: d.name for d in DEBILITIES.values() if d.blocks}
"""meter -> the condition that blocks its gains."""


def _refused(name: str) -> dict[str, Any]:
    """What a refused debility name carries for a program (the table's ``name`` input)."""
    return {"input": "name", "value": name, "accepted": tuple(DEBILITIES)}


def check_debility(name: str) -> str:
    """Normalise a debility name, or raise naming the accepted ones."""
    key = name.strip().lower()
    if key not in DEBILITIES:
        from ironsworn.impacts import IMPACTS

        if "_".join(key.replace("-", " ").split()) in IMPACTS:
            raise InvalidValue(
                f"{name!r} is a Starforged impact, not a classic debility (accepted: "
                f"{', '.join(DEBILITIES)})",
                **_refused(name),
            )
        raise InvalidValue(
            f"debility {name!r} is unknown (accepted: {', '.join(DEBILITIES)})", **_refused(name)
        )
    return key
