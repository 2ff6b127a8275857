"""What a model can read: the campaign (sheets, tracks, the decisions pending, the recent log
and journal, the options) and the rulebook (a move's text, an oracle table's rows, an asset
card's abilities).

Every resource is JSON, in the shape the command line's JSON has for the same thing
(``sheet``, ``track list`` (all), ``log``, ``journal``, ``option``, ``move show``,
``oracle show``, ``asset show``). Addresses:

- ``ironsworn://campaign/sheets`` every character's sheet; ``.../sheet/NAME`` one of them;
- ``ironsworn://campaign/tracks``, ``.../pending``, ``.../log``, ``.../journal``,
  ``.../options``;
- ``ironsworn://move/ID``, ``ironsworn://oracle/ID`` and ``ironsworn://asset/ID``: ID is a
  full id, an id without its type (``classic/adventure/face_danger``) or a name
  (``face danger``), as ``move show`` takes. The asset cards are what a new character picks
  from (the character tool's assets), listed so a model can offer them.

The functions run on the campaign's worker thread (:meth:`ServedCampaign.call`); they know
nothing of the SDK, so the server and the tests share them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, unquote

from ironsworn.errors import NotFound
from ironsworn.mcp.served import ServedCampaign

SCHEME = "ironsworn://"
CAMPAIGN = f"{SCHEME}campaign/"
MOVE = f"{SCHEME}move/"
ORACLE = f"{SCHEME}oracle/"
ASSET = f"{SCHEME}asset/"
JSON = "application/json"
RECENT = 50  # log and journal entries a resource shows: a session's worth, not a campaign's


@dataclass(frozen=True)
class Listed:
    """One resource as the list shows it."""

    uri: str
    name: str
    title: str
    description: str


@dataclass(frozen=True)
class Template:
    """A family of resources read by name (``ironsworn://move/{id}``)."""

    uri_template: str
    name: str
    title: str
    description: str


CAMPAIGN_PARTS: dict[str, tuple[str, str]] = {
    "sheets": (
        "Character sheets",
        "every character's sheet: stats, meters, assets, vows (the assets as the sheet tool "
        "describes them)",
    ),
    "tracks": ("Progress tracks", "every track: vows, journeys, fights, scenes, done or not"),
    "pending": (
        "Pending decisions",
        "every decision owed: 'current', the one the table waits for now (null: none), and "
        "'set_aside', those other characters owe, set aside while it is answered (answer one "
        "with choose and its character); each with its 'token' and 'seen', for the answer's "
        "decision and seen",
    ),
    "log": (
        "Recent log",
        f"the last {RECENT} operations with their events (every roll and change)",
    ),
    "journal": ("Recent journal", f"the last {RECENT} journal entries and mechanics lines"),
    "options": ("Campaign options", "the rulebook's campaign options and their values"),
}

TEMPLATES = (
    Template(
        f"{CAMPAIGN}sheet/{{character}}",
        "sheet",
        "A character's sheet",
        "one character's sheet, by name (the assets as the sheet tool describes them)",
    ),
    Template(
        f"{MOVE}{{id}}",
        "move",
        "A move's text",
        "a move's trigger, text and outcomes, by id or name (face danger)",
    ),
    Template(
        f"{ORACLE}{{id}}",
        "oracle",
        "An oracle table",
        "an oracle table's rows, by id or name (action)",
    ),
    Template(
        f"{ASSET}{{id}}",
        "asset",
        "An asset card",
        "an asset card's abilities, by id or name (hawk): the cards a character starts with; "
        "each ability with its number (the character tool's NAME:N), name where it has one, "
        "text, and starts_marked (a new character's card has it marked)",
    ),
)


# The rulebook's items a model reads: the library's kind, the address, the words of the list.
RULEBOOK = (
    ("moves", MOVE, "move"),
    ("oracles", ORACLE, "oracle table"),
    ("assets", ASSET, "asset card"),
)


def listed(served: ServedCampaign) -> list[Listed]:
    """The campaign's resources, each sheet, then the moves, oracle tables and asset cards it
    plays with."""
    state = served.state()
    out = [
        Listed(f"{CAMPAIGN}{part}", part, title, description)
        for part, (title, description) in CAMPAIGN_PARTS.items()
    ]
    out += [
        Listed(
            f"{CAMPAIGN}sheet/{quote(name)}",
            f"sheet/{name}",
            f"{name}'s sheet",
            f"{name}'s stats, meters, assets and vows",
        )
        for name in state.characters
    ]
    library = served.library()
    ruleset = ruleset_of(state)
    for kind, base, what in RULEBOOK:
        for item_id, item in library.in_ruleset(kind, ruleset).items():
            short = short_id(item_id)
            # (a card's deck beside its name: a new character's picks go by deck)
            deck = f" ({str(item.type).replace('_', ' ')})" if kind == "assets" else ""
            described = f"the {what} {item.name}{deck}"
            out.append(Listed(f"{base}{short}", short, str(item.name), described))
    return out


# A Datasworn link to a rules item ("[Shattered World](datasworn:oracle_collection:...)",
# "[Pay the Price](move:starforged/...)"): a model reads its words. (A link the players wrote
# to a web page is theirs, and kept.)
_RULES_LINK = re.compile(
    r"\[([^\]]+)\]\((?:datasworn:|id:)?(?:move|asset|oracle|npc|truth|atlas|delve|rarity)"
    r"[\w.]*[:/][^)\s]*\)"
)


def unlinked_json(data: Any) -> Any:
    """``data`` with every rules link in its text written as its words (as the command line
    shows an oracle's result): what a model reads is plain text."""
    if isinstance(data, str):
        return _RULES_LINK.sub(r"\1", data) if "](" in data else data
    if isinstance(data, dict):
        return {key: unlinked_json(value) for key, value in data.items()}
    if isinstance(data, list):
        return [unlinked_json(value) for value in data]
    return data


def without_plumbing(operation: dict[str, Any]) -> dict[str, Any]:
    """An operation of the log as a model reads it: without the events that only carry the
    engine's working state (the pending decision's resume data, the agenda of steps, the
    decisions set aside, flags, the step an answer answered), which a decision's own result
    and the pending resource say in the table's words."""
    from ironsworn.campaign.journal import HIDDEN

    events = operation.get("events")
    if not isinstance(events, list):
        return operation
    kept = [
        # (an answer's event names the engine's step it answered, its "point": working too)
        {k: v for k, v in e.items() if k != "point"} if isinstance(e, dict) else e
        for e in events
        if not (isinstance(e, dict) and e.get("type") in HIDDEN)
    ]
    return {**operation, "events": kept}


def card_in_words(card: dict[str, Any]) -> dict[str, Any]:
    """An asset card as a model reads it: each ability as a sheet lists it (its number, as
    the character tool's NAME:N and asset_mark take it; its name where it has one; its
    text) with ``starts_marked``, whether a new character's card has it marked; without the
    engine's working (the moves it acts on, its handler) nor the ability's id and our
    summary beside its text. (The card's ``enabled`` read as "this ability is switched off".)"""
    abilities = []
    for number, ability in enumerate(card.get("abilities") or (), start=1):
        entry: dict[str, Any] = {"number": number}
        if ability.get("name"):
            entry["name"] = ability["name"]
        words = ability.get("text") or ability.get("summary")
        if words:
            entry["text"] = words
        entry["starts_marked"] = bool(ability.get("enabled"))
        abilities.append(entry)
    return {**card, "abilities": abilities}


# How a sheet's asset reads to a model (the sheet tool's description says it): one list of
# the card's abilities, each with its number (what asset_mark and asset_use take), whether it
# is marked, its name and its words. The sheet's JSON elsewhere gives them three times over
# (marks as booleans, every ability, the marked ones again) with the player's words twice
# more ("input", "given") and the engine's working ("sheet": what a marked ability changes).
SHEET_ASSET_KEYS = ("id", "name", "type", "fields", "meter", "tracks", "toggles", "marks")
SHEET_TRACKS_WORDS = (
    "tracks: every open track the character holds (vows, journeys, fights...), each with its "
    "kind, rank, ticks (four to a box) and score (its full boxes)"
)
SHEET_ASSET_WORDS = (
    "each asset: id, name, type (its deck); fields (what the player wrote on the card: a "
    "companion's name), meter (a companion's health), tracks, toggles (the marks the card "
    "may take: broken...), marks (those taken) and rarity (Delve), where it has them; and "
    "abilities, every ability "
    "of the card: number (as asset_mark and asset_use take it), marked (true: the character "
    "has it), name where it has one, and text"
)


def asset_in_words(record: dict[str, Any]) -> dict[str, Any]:
    """A sheet's asset (as :func:`~ironsworn.moves.assets.cards.record_view` shows it) in the
    one shape :data:`SHEET_ASSET_WORDS` describes."""
    out = {k: record[k] for k in SHEET_ASSET_KEYS if record.get(k) not in (None, {}, [])}
    if record.get("rarity"):
        out["rarity"] = record.get("rarity_name") or record["rarity"]
    abilities = []
    for entry in record.get("ability_list") or ():
        ability: dict[str, Any] = {"number": entry["number"], "marked": entry["marked"]}
        if entry.get("name"):
            ability["name"] = entry["name"]
        words = entry.get("text") or entry.get("summary")
        if words:
            ability["text"] = words
        abilities.append(ability)
    out["abilities"] = abilities
    return out


def sheets_in_words(data: Any) -> Any:
    """``data`` with every character sheet's assets in the one shape of
    :func:`asset_in_words` (a sheet alone, the state's characters, a list of sheets)."""
    if isinstance(data, list):
        return [sheets_in_words(item) for item in data]
    if not isinstance(data, dict):
        return data
    assets = data.get("assets")
    if "stats" in data and isinstance(assets, list):
        sheet = {
            **data,
            "assets": [
                asset_in_words(a) if isinstance(a, dict) and "ability_list" in a else a
                for a in assets
            ],
        }
        tracks = data.get("tracks")
        if isinstance(tracks, list) and isinstance(data.get("vows"), list):
            # The vows again, as the tracks list them with their kind: said once.
            held = {t.get("id") for t in tracks if isinstance(t, dict)}
            if all(isinstance(v, dict) and v.get("id") in held for v in data["vows"]):
                del sheet["vows"]
        return sheet
    if isinstance(data.get("characters"), list):
        return {**data, "characters": sheets_in_words(data["characters"])}
    return data


def read(served: ServedCampaign, uri: str) -> Any:
    """The JSON data at ``uri`` (its rules links as their words); NotFound (with candidates)
    for an address that is not one."""
    return unlinked_json(_read(served, uri))


def _read(served: ServedCampaign, uri: str) -> Any:
    if uri.startswith(CAMPAIGN):
        return _campaign_part(served, unquote(uri[len(CAMPAIGN) :]))
    for kind, base, _what in RULEBOOK:
        if uri.startswith(base):
            query = unquote(uri[len(base) :])
            item = served.library().find_in(kind, query, ruleset_of(served.state()))
            found = item.to_json()
            return card_in_words(found) if kind == "assets" else found
    raise NotFound(
        f"resource {uri!r} is unknown (accepted: {CAMPAIGN}..., {MOVE}ID, {ORACLE}ID, {ASSET}ID)",
        tuple(f"{CAMPAIGN}{p}" for p in CAMPAIGN_PARTS),
    )


def pending_now(served: ServedCampaign, state: Any) -> dict[str, Any]:
    """Every decision owed in ``state``: ``current`` (or None) and ``set_aside``, each with its
    token and the campaign's head as ``seen`` (what choose, burn and decline take)."""
    from ironsworn.table.decisions import shown_decision

    # With its token, as the state shows it: an answer that names it (choose's
    # ``decision``) is refused if another client answered it and a new one came.
    parked = getattr(state, "parked", {}) or {}
    store = served.store()
    seen = {"seen": store.head()} if store is not None else {}
    return {
        "current": {**shown_decision(state.pending), **seen} if state.pending else None,
        "set_aside": [{**shown_decision(e["pending"]), **seen} for e in parked.values()],
    }


def text_of(data: Any) -> str:
    """A resource's text: its JSON, readable."""
    return json.dumps(data, indent=2, ensure_ascii=False)


def short_id(item_id: str) -> str:
    """An id without its type (``move:classic/adventure/face_danger`` -> ``classic/...``)."""
    return item_id.split(":", 1)[1] if ":" in item_id else item_id


def ruleset_of(state: Any) -> str:
    return str(getattr(state, "ruleset", "classic") or "classic")


def _campaign_part(served: ServedCampaign, part: str) -> Any:
    from ironsworn.moves.assets.cards import sheet_with_cards

    state = served.state()
    if part.startswith("sheet/"):
        from ironsworn.campaign.journal import resolve_character

        name = resolve_character(state, part[len("sheet/") :])
        return sheets_in_words(sheet_with_cards(state.sheet(name), served.library()))
    if part == "sheets":
        return [
            sheets_in_words(sheet_with_cards(state.sheet(n), served.library()))
            for n in state.characters
        ]
    if part == "tracks":
        return [track.summary() for track in state.tracks.values()]
    if part == "pending":
        return pending_now(served, state)
    if part == "options":
        from ironsworn.campaign.options import options_data

        return options_data(state)
    if part in ("log", "journal"):
        store = served.store()
        operations = store.operations(last=RECENT) if store is not None else []
        if part == "log":
            return [without_plumbing(operation.to_dict()) for operation in operations]
        from ironsworn.campaign.journal import PINS, Narrator, entries

        # (the packs pinned left out: plumbing, as the web's log leaves them)
        return entries(operations, Narrator(state, leave_out=PINS))
    raise NotFound(
        f"campaign resource {part!r} is unknown (accepted: {', '.join(CAMPAIGN_PARTS)}, "
        "sheet/NAME)",
        tuple(CAMPAIGN_PARTS),
    )
