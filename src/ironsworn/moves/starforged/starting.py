"""A new Starforged character's starting assets: the party's STARSHIP, then the cards chosen.

The facts are the Starforged deck's own (Datasworn ``starforged.json``, collection
descriptions): the command vehicle "is a default asset for your character, taken when you
begin your campaign"; "if you are playing with others, this is a shared asset; each of you may
use the STARSHIP's abilities while aboard"; a new character selects "at least two paths"; and
"you cannot choose a deed when creating your character". The launching-your-campaign oracles
name the steps: "Step 2: Choose Two Paths", "Step 5: Board Your Starship".

So every new Starforged character holds the STARSHIP card, the party's one command vehicle:

- the first character boards a new ship, named by the player (``starship``); the card's record
  carries the name and its integrity meter becomes the party's vehicle;
- a later character takes the same shared card: the crew's one record (the same name and marked
  abilities), or, when the ship was made without its card (``vehicle new``), a new card named
  for it.

The cards of the decks Datasworn marks shared (``shared: true``: the command vehicle, the
modules and the support vehicles) are the crew's: a record marked ``crew``,
one for the whole crew (``CampaignState.crew``), listed on every crew member's sheet, and a
change any of them makes (an ability bought with Advance, integrity, a broken module) is the
crew's (see :mod:`ironsworn.campaign.state_records`). A module or a support vehicle keeps who
earned it (``owner``): "These assets are earned and managed by a single character. They can be
shared with allies" (modules); "one of you might serve as the pilot or owner of a support
vehicle, but anyone on board can use its abilities" (support vehicles). A character who joins
the crew boards with its cards. The rule that decides it for every path is
:mod:`ironsworn.moves.starforged.crew`.

:data:`FINAL_ASSET_TYPES` are the decks the walkthroughs offer beside the two paths (every
deck but deeds and the command vehicle, which is given).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.errors import OptionNeeded, RuleViolation
from ironsworn.moves.starforged.crew import COMMAND_VEHICLE, category, crew_card

if TYPE_CHECKING:
    from ironsworn.campaign.state import CampaignState
    from ironsworn.content.model import Asset

JsonDict = dict[str, Any]

STARSHIP = "asset:starforged/command_vehicle/starship"
PATHS = 2  # "Step 2: Choose Two Paths"
FINAL_ASSET_TYPES = ("path", "companion", "module", "support_vehicle")


def starship_record(
    state: CampaignState,
    starship_card: Asset | None,
    records: Sequence[JsonDict],
    starship: str | None,
) -> JsonDict | None:
    """The STARSHIP record a new character adds to ``records`` (None when a command vehicle
    is among them already, or when no STARSHIP card is imported).

    Raises OptionNeeded (``starship``) when the party has no ship and none is named, and
    RuleViolation when a second ship is named while the party has one."""
    from ironsworn.moves.assets.cards import new_asset_record

    name = " ".join((starship or "").split())
    chosen = next((r for r in records if category(str(r.get("id", ""))) == COMMAND_VEHICLE), None)
    vehicle = state.vehicle
    if vehicle is not None and (chosen is not None or name):
        # One shared ship: a name given (or a STARSHIP card chosen) must be the party's.
        given = name or (str(chosen.get("input") or chosen["name"]) if chosen else "")
        if given.lower() != str(vehicle["name"]).lower():
            raise RuleViolation(
                f"{{starship}} {given!r}: the party already has its command vehicle, "
                f"{vehicle['name']} (a shared card each new character takes; accepted: no "
                "starship, or its name)",
                names=("starship",),
            )
    if chosen is not None:
        if name and chosen.get("input") and name.lower() != str(chosen["input"]).lower():
            raise RuleViolation(
                f"{{starship}} {name!r}: the STARSHIP card chosen is named "
                f"{chosen['input']!r} (accepted: one name for the ship)",
                names=("starship",),
            )
        if not chosen.get("input") and vehicle is None:
            # The card chosen without its name: the ship is named all the same.
            if not name:
                raise _name_needed()
            chosen["input"] = name
            chosen["fields"] = {**(chosen.get("fields") or {}), "name": name}
        if vehicle is None or _held(state) is None:
            crew_card(chosen)
        else:
            chosen.clear()
            chosen.update(_held(state) or {})
        return None
    if starship_card is None:
        return None  # no Starforged deck imported yet: nothing to give
    if vehicle is not None:
        held = _held(state)
        if held is not None:
            return held
        return crew_card(new_asset_record(starship_card, str(vehicle["name"])))
    if not name:
        raise _name_needed()
    return crew_card(new_asset_record(starship_card, name))


def _name_needed() -> OptionNeeded:
    return OptionNeeded(
        "What is your starship's name? (the party's command vehicle, the STARSHIP card every "
        "new Starforged character starts with)",
        "starship",
        (),
        subject="the party's STARSHIP (every new Starforged character starts aboard it)",
    )


def _held(state: CampaignState) -> JsonDict | None:
    """A copy of the crew's STARSHIP record (the same ship), or of the one a crewmate holds
    (a campaign begun before the crew shared one record), or None."""
    if state.starship is not None:
        return copy.deepcopy(dict(state.starship))
    for name in state.characters:
        for record in state.characters[name].assets:
            if category(str(record.get("id", ""))) == COMMAND_VEHICLE:
                return copy.deepcopy(dict(record))
    return None


def new_ship(name: str) -> JsonDict:
    """The party's command vehicle without its card: "starts at 5 integrity"."""
    from ironsworn.moves.sheet import VEHICLE_INTEGRITY

    clean = " ".join(name.split())
    return {"name": clean, "integrity": VEHICLE_INTEGRITY, "max": VEHICLE_INTEGRITY, "impacts": []}
