"""The shorthand the Starforged effect tables share: the spec of an ability, common gains."""

from __future__ import annotations

from typing import Any, NamedTuple

JsonDict = dict[str, Any]
MOVE = "move:starforged/"  # the Starforged moves' id prefix
HIT_1: JsonDict = {"momentum": 1}  # "take +1 momentum"
LEGACY_BONDS: JsonDict = {"legacy:bonds": 1}  # "mark 1 tick on your bonds legacy track"
LEGACY_DISCOVERIES: JsonDict = {"legacy:discoveries": 1}
LEGACY_QUESTS: JsonDict = {"legacy:quests": 1}


class Spec(NamedTuple):
    """What one ability does: effects the engine applies, and what is left to the player."""

    effects: tuple[JsonDict, ...] = ()
    reminder: str = ""
    kind: str = ""
