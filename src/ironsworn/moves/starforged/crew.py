"""The one rule that decides whether a Starforged card is the crew's or a character's.

The decks Datasworn marks shared (``shared: true`` on every card of the command vehicle, module
and support vehicle collections, :data:`CREW_DECKS`) are the crew's: "if you are playing with
others, this is a shared asset; each of you may use the STARSHIP's abilities while aboard";
modules "are earned and managed by a single character. They can be shared with allies"; "one of
you might serve as the pilot or owner of a support vehicle, but anyone on board can use its
abilities". So a card of those decks is one record for the whole crew (``CampaignState.crew``,
marked ``crew``), listed on every crew member's sheet; a module or a support vehicle keeps who
earned it (``owner``).

Every way a Starforged character gains a card goes through here: creation
(:func:`crew_records`, the cards are in the ``character_created`` event), Advance
(:func:`claim`, then :func:`board` once the purchase is made), and every other path
(:func:`add_card`: the semi-random setup's kept cards, a homebrew card, a card passed on by
Continue a Legacy). A card's deck is read from its id (``asset:starforged/module/...``), or for
a card of our own making (homebrew) from its type.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.errors import RuleViolation

if TYPE_CHECKING:
    from ironsworn.campaign.state import CampaignState

JsonDict = dict[str, Any]
Emit = Callable[[JsonDict], None]

COMMAND_VEHICLE = "command_vehicle"
# The decks whose cards the crew shares (Datasworn marks each of their cards ``shared``).
CREW_DECKS = (COMMAND_VEHICLE, "module", "support_vehicle")


def category(asset_id: str) -> str:
    """The deck of a Starforged card id (``asset:starforged/path/ace`` -> ``path``)."""
    parts = asset_id.split(":", 1)[-1].split("/")
    return parts[1] if len(parts) > 2 else ""


def deck(record: Mapping[str, Any]) -> str:
    """The deck of a card record: from its id, or (a homebrew card, whose id names no deck)
    from its type (``Support Vehicle`` -> ``support_vehicle``)."""
    found = category(str(record.get("id", "")))
    if found and not str(record.get("id", "")).startswith("asset:homebrew/"):
        return found
    return "_".join(str(record.get("type") or "").lower().replace("-", " ").split())


def is_crew_deck(record: Mapping[str, Any]) -> bool:
    """Whether a Starforged character's card of this deck is the crew's."""
    return deck(record) in CREW_DECKS


def crew_card(record: JsonDict, owner: str | None = None) -> JsonDict:
    """``record`` marked as the crew's one shared card (a module's or a support vehicle's
    with who earned it: ``owner``; the STARSHIP has none)."""
    record["crew"] = True
    if owner is not None and deck(record) != COMMAND_VEHICLE:
        record["owner"] = owner
    return record


def claim(state: CampaignState, owner: str, record: JsonDict) -> JsonDict:
    """A Starforged character's new card: a card of a crew deck becomes the crew's, earned by
    ``owner``; refused when the crew has that card already. Other cards are left as they are."""
    if not is_crew_deck(record) or record.get("crew"):
        return record
    held = state.crew.get(str(record.get("id", "")))
    if held is not None:
        raise RuleViolation(
            f"{{asset}} {record['name']!r}: the crew has it already ("
            f"{held.get('owner') or 'the crew'}'s; accepted: a card the crew does not have)",
            names=("asset",),
        )
    return crew_card(record, owner)


def crew_records(
    state: CampaignState, records: Sequence[JsonDict], owner: str, board: bool
) -> list[JsonDict]:
    """A new Starforged character's cards: a module or support vehicle chosen is the crew's,
    earned by ``owner`` (refused when the crew has that card already; the STARSHIP is made by
    ``starting.starship_record``); ``board``: a character who joins the crew boards with the
    crew's other cards (copies of its records)."""
    out = [r if deck(r) == COMMAND_VEHICLE else claim(state, owner, r) for r in records]
    if board:
        have = {str(r.get("id", "")) for r in out}
        out += [
            copy.deepcopy(dict(r))
            for ident, r in state.crew.items()
            if ident not in have and deck(r) != COMMAND_VEHICLE
        ]
    return out


def crew_boards(state: CampaignState, record: JsonDict, emit: Emit) -> None:
    """A new crew card (one who paid or chose it holds it already) goes on every other active
    crew member's sheet: the same record, for the whole crew."""
    for other in list(state.characters.values()):
        held = any(a["id"] == record["id"] for a in other.assets)
        if other.status == "active" and other.starforged and not held:
            emit({"type": "asset_added", "character": other.name, "asset": copy.deepcopy(record)})


def board(state: CampaignState, record: JsonDict, emit: Emit) -> None:
    """After a crew card is added to the one who gained it: every other crew member's sheet
    lists it, and a new STARSHIP (bought for the one lost) is the party's command vehicle."""
    if not record.get("crew"):
        return
    crew_boards(state, record, emit)
    if deck(record) == COMMAND_VEHICLE and state.vehicle is None:
        from ironsworn.moves.starforged.starting import new_ship

        ship = new_ship(str(record.get("input") or record["name"]))
        meter: dict[str, Any] = record.get("meter") or {}
        ship["integrity"] = int(meter.get("value") or ship["integrity"])
        ship["max"] = int(meter.get("max") or ship["max"])
        emit({"type": "vehicle", "from": None, "to": {**ship, "asset": record["id"]}})


def add_card(state: CampaignState, character: str, record: JsonDict, emit: Emit) -> None:
    """Give ``character`` a card (after creation, outside Advance): a Starforged character's
    card of a crew deck is the crew's (see :func:`claim` and :func:`board`); a crew card the
    character holds already (the crew's, listed on every sheet) is not added twice."""
    char = state.character(character)
    if char.starforged:
        ident = record.get("id")
        if record.get("crew") and any(a["id"] == ident and a.get("crew") for a in char.assets):
            return
        claim(state, char.name, record)
    emit({"type": "asset_added", "character": char.name, "asset": record})
    if char.starforged:
        board(state, record, emit)
