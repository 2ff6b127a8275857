"""Starforged impacts: what takes the place of the classic debilities (Starforged rulebook,
"Impacts"; the facts are in the reference Datasworn file under ``rules.impacts``).

Every marked impact lowers max momentum by 1 and changes the reset, exactly as a debility does
(see :mod:`momentum`). The four categories:

- misfortunes (wounded, shaken, unprepared): each blocks gains on one condition meter, as the
  suffer and recover moves say ("If you are not wounded, take +1 health"); unprepared is marked
  for the whole party at once, since supply is shared;
- lasting effects (permanently harmed, traumatized): permanent, never cleared;
- burdens (doomed, tormented, indebted): marked by a threshold move with a quest, cleared only
  when that quest is done;
- vehicle troubles (battered, cursed): marked on the command vehicle, not on a character;
  battered blocks gains on its integrity ("If your vehicle is not battered, take +1
  integrity"), cursed is permanent ("Your ship will never be quite right again").
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from ironsworn.errors import InvalidValue
from ironsworn.record import record


class ImpactKind(StrEnum):
    MISFORTUNE = "misfortune"
    LASTING_EFFECT = "lasting effect"
    BURDEN = "burden"
    VEHICLE_TROUBLE = "vehicle trouble"


@record
class Impact:
    """One impact: its category, the meter whose gains it blocks, and how it clears."""

    name: str
    kind: ImpactKind
    blocks: str | None
    permanent: bool = False
    shared: bool = False

    @property
    def label(self) -> str:
        return self.name.replace("_", " ")

    @property
    def on_vehicle(self) -> bool:
        return self.kind is ImpactKind.VEHICLE_TROUBLE


IMPACTS: dict[str, Impact] = {
    i.name: i
    for i in (
        Impact("wounded", ImpactKind.MISFORTUNE, "health"),
        Impact("shaken", ImpactKind.MISFORTUNE, "spirit"),
        Impact("unprepared", ImpactKind.MISFORTUNE, "supply", shared=True),
        Impact("permanently_harmed", ImpactKind.LASTING_EFFECT, None, permanent=True),
        Impact("traumatized", ImpactKind.LASTING_EFFECT, None, permanent=True),
        Impact("doomed", ImpactKind.BURDEN, None),
        Impact("tormented", ImpactKind.BURDEN, None),
        Impact("indebted", ImpactKind.BURDEN, None),
        Impact("battered", ImpactKind.VEHICLE_TROUBLE, "integrity"),
        Impact("cursed", ImpactKind.VEHICLE_TROUBLE, None, permanent=True),
    )
}

CHARACTER_IMPACTS = tuple(n for n, i in IMPACTS.items() if not i.on_vehicle)
VEHICLE_IMPACTS = tuple(n for n, i in IMPACTS.items() if i.on_vehicle)

BLOCKING: dict[str, str] = {i.blocks: i.name for i in IMPACTS.values() if i.blocks}
"""meter -> the impact that blocks its gains (health, spirit, supply, integrity)."""


def check_impact(name: str) -> str:
    """Normalise an impact name ("permanently harmed" -> ``permanently_harmed``), or raise
    naming the accepted ones (a classic debility is named as such)."""
    key = "_".join(name.strip().lower().replace("-", " ").split())
    if key in IMPACTS:
        return key
    from ironsworn.debilities import DEBILITIES

    labels = tuple(i.label for i in IMPACTS.values())
    accepted = ", ".join(labels)
    # (what a program reads of the refusal: the table's ``name`` input)
    refused: dict[str, Any] = {"input": "name", "value": name, "accepted": labels}
    if key in DEBILITIES:
        raise InvalidValue(
            f"{name!r} is a classic debility, not a Starforged impact (accepted: {accepted})",
            **refused,
        )
    raise InvalidValue(f"impact {name!r} is unknown (accepted: {accepted})", **refused)
