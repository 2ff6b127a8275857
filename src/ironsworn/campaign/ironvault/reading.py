"""Reading an Iron Vault campaign folder's notes into sheets, tracks and clocks.

The counterpart of :mod:`.sheets` and :mod:`.tracks`: a character note's frontmatter becomes
the character dict the campaign state holds (:class:`~ironsworn.campaign.state.CharacterState`
shape), a progress note a track dict, a clock note a clock. Every field is checked for its
type and range here, so a note with a wrong type stops the import with one line naming the
file, the field, the value and what is accepted (the campaign's own checks,
:mod:`ironsworn.campaign.invariants`, then hold the rest of the rules).

Assets are looked up in the content the player has (bundled and imported packs); an asset
that is not there is reported by its id and left off the sheet.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ironsworn.campaign.character_state import LEGACY_TRACKS, STATS
from ironsworn.campaign.ironvault.sheets import LEGACY_KEYS, STARSHIP, control_key, legacy_xp
from ironsworn.campaign.ironvault.tracks import KINDS, SCENE_CLOCK
from ironsworn.debilities import DEBILITIES
from ironsworn.errors import CampaignError, IronswornError
from ironsworn.impacts import CHARACTER_IMPACTS, VEHICLE_IMPACTS

JsonDict = dict[str, Any]
RANKS = ("troublesome", "dangerous", "formidable", "extreme", "epic")
_TRACK_ID = re.compile(r"^[a-z]+-[0-9]{1,9}$")
_LINK = re.compile(r"^\s*\[\[([^\]|#]+)(?:#[^\]|]*)?(?:\|([^\]]*))?\]\]\s*$")


@dataclass
class Found:
    """What reading the notes found beside the sheets: what could not be carried."""

    unknown_assets: list[str] = field(default_factory=list)
    unknown_moves: list[str] = field(default_factory=list)
    not_carried: list[str] = field(default_factory=list)


def whole(data: Mapping[str, Any], key: str, where: str, low: int, high: int, default: Any) -> int:
    """A whole-number field within ``low``..``high`` (``default`` when absent)."""
    value = data.get(key, default)
    if value is None and default is None:
        raise CampaignError(f"{where}: {key} is missing (accepted: a whole number {low} to {high})")
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise CampaignError(f"{where}: {key} {value!r} is not a whole number {low} to {high}")
    return value


def flag(data: Mapping[str, Any], key: str, where: str) -> bool:
    value = data.get(key, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise CampaignError(f"{where}: {key} {value!r} is not true or false")
    return value


def text(data: Mapping[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise CampaignError(f"{where}: {key} {value!r} is not a name (accepted: some text)")
    return " ".join(value.split())


def link_target(value: Any) -> str | None:
    """The note a ``[[Characters/Kai|Kai]]`` (or ``[[Characters/Kai.md]]``) link names
    (``Kai``), or the plain text."""
    if not isinstance(value, str) or not value.strip():
        return None
    match = _LINK.match(value)
    if match is None:
        return value.strip()
    if match.group(2):
        return match.group(2).strip()
    # (a link by the note's path names its file: "[[Characters/Kira.md]]" is Kira)
    note = match.group(1).rsplit("/", 1)[-1].strip()
    return note[: -len(".md")].strip() if note.lower().endswith(".md") else note


# ------------------------------------------------------------------------------ characters


def read_character(
    data: Mapping[str, Any], where: str, ruleset: str, library: Any, found: Found
) -> tuple[JsonDict, JsonDict | None]:
    """The character dict for a character note, and the command vehicle its starship card
    gives (Starforged), if any."""
    name = text(data, "name", where)
    starforged = ruleset == "starforged"
    char: JsonDict = {
        "name": name,
        "stats": {stat: whole(data, stat, where, 0, 4, None) for stat in STATS},
        "health": whole(data, "health", where, 0, 5, 5),
        "spirit": whole(data, "spirit", where, 0, 5, 5),
        "supply": whole(data, "supply", where, 0, 5, 5),
        "momentum": whole(data, "momentum", where, -6, 10, 2),
        "experience_spent": whole(data, "xp_spent", where, 0, 10**6, 0),
        "initiative": flag(data, "initiative", where),
    }
    added = whole(data, "xp_added", where, 0, 10**6, 0)
    labels = [LEGACY_KEYS[t] for t in LEGACY_TRACKS] if starforged else ["Bonds"]
    progress = {label: whole(data, f"{label}_Progress", where, 0, 10**4, 0) for label in labels}
    for label in labels:
        whole(data, f"{label}_XPEarned", where, 0, 10**6, 0)  # checked; Iron Vault derives it
    # Iron Vault's total earned: xp_added and what the special tracks earned.
    char["experience_earned"] = added + sum(legacy_xp(p) for p in progress.values())
    marks = CHARACTER_IMPACTS if starforged else tuple(DEBILITIES)
    marked = [key for key in marks if flag(data, key, where)]
    extra = data.get("ironsworn") or {}
    if not isinstance(extra, Mapping):
        raise CampaignError(f"{where}: ironsworn {extra!r} is not a mapping of fields")
    if starforged:
        char["ruleset"] = "starforged"
        char["impacts"] = marked
        char["legacy"] = {}
        for track in LEGACY_TRACKS:
            ticks = progress[LEGACY_KEYS[track]]
            if not ticks:
                continue  # (a track never marked, as a new character's: none kept)
            completed = ticks >= 40
            rest = min(40, ticks - 40) if completed else ticks
            char["legacy"][track] = {"ticks": rest, "completed": completed, "xp_boxes": rest // 4}
        char["bond_ticks"] = 0
    else:
        char["debilities"] = marked
        char["bond_ticks"] = min(40, progress["Bonds"])
        failure = extra.get("failure")
        if failure is not None:
            if isinstance(failure, bool) or not isinstance(failure, int) or not 0 <= failure <= 40:
                raise CampaignError(
                    f"{where}: ironsworn.failure {failure!r} is not a whole number 0 to 40"
                )
            if _delve_in(library):
                char["legacy"] = {"failure": {"ticks": failure, "completed": False, "xp_boxes": 0}}
            elif failure:
                found.not_carried.append(
                    f"{where}: Delve's failure track ({failure} ticks): no Delve pack is imported"
                )
    for what in ("bonds", "equipment"):
        values = extra.get(what) or []
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise CampaignError(f"{where}: ironsworn.{what} {values!r} is not a list of text")
        char[what] = list(values)
    flags = extra.get("flags") or {}
    if not isinstance(flags, Mapping) or not all(isinstance(k, str) for k in flags):
        raise CampaignError(f"{where}: ironsworn.flags {flags!r} is not a mapping of fields")
    if flags:
        char["flags"] = dict(flags)
    status = extra.get("status") or "active"
    if not isinstance(status, str):
        raise CampaignError(f"{where}: ironsworn.status {status!r} is not text")
    char["status"] = status
    assets, vehicle = read_assets(data.get("assets"), where, name, library, found)
    held = extra.get("starship_card", True)
    if not isinstance(held, bool):
        raise CampaignError(f"{where}: ironsworn.starship_card {held!r} is not true or false")
    if not held:
        # Our export's STARSHIP card of a campaign played without the cards: it carried the
        # command vehicle (its name, integrity and troubles), not a card the character held.
        assets = [a for a in assets if a.get("id") != STARSHIP]
        if vehicle is not None:
            vehicle.pop("asset", None)
    char["assets"] = assets
    if vehicle is not None:
        troubles = [key for key in VEHICLE_IMPACTS if flag(data, key, where)]
        vehicle["impacts"] = sorted(set(vehicle["impacts"]) | set(troubles))
        ship_marks = _vehicle_marks(extra.get("vehicle_marks"), where)
        if ship_marks:
            vehicle["marks"] = ship_marks
    return char, vehicle


def character_order(data: Mapping[str, Any], where: str) -> float:
    """A character note's place among the crew (our export's ``ironsworn.order``, in the order
    they were made); a note without one comes after, in path order."""
    extra = data.get("ironsworn")
    order = extra.get("order") if isinstance(extra, Mapping) else None
    if order is None:
        return float("inf")
    if isinstance(order, bool) or not isinstance(order, int) or order < 1:
        raise CampaignError(f"{where}: ironsworn.order {order!r} is not a whole number 1 or more")
    return order


def _vehicle_marks(raw: Any, where: str) -> list[str]:
    """The command vehicle's marks (Withstand Damage's table), as our export keeps them."""
    from ironsworn.moves.starforged.vehicles import MARKS

    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(m, str) and m in MARKS for m in raw):
        raise CampaignError(
            f"{where}: ironsworn.vehicle_marks {raw!r} is not a list of marks (accepted: "
            f"{', '.join(MARKS)})"
        )
    return list(dict.fromkeys(raw))


def _delve_in(library: Any) -> bool:
    """Whether the library's classic content has Delve's moves (its failure track)."""
    from ironsworn.moves.delve.failure import MARK_YOUR_FAILURE

    return MARK_YOUR_FAILURE in library.in_ruleset("moves", "classic")


def read_assets(
    raw: Any, where: str, who: str, library: Any, found: Found
) -> tuple[list[JsonDict], JsonDict | None]:
    from ironsworn.moves.assets.cards import new_asset_record

    if raw is None:
        return [], None
    if not isinstance(raw, list):
        raise CampaignError(f"{where}: assets {raw!r} is not a list")
    records: list[JsonDict] = []
    vehicle: JsonDict | None = None
    for index, item in enumerate(raw):
        at = f"{where}: assets[{index}]"
        if not isinstance(item, Mapping) or not isinstance(item.get("id"), str):
            raise CampaignError(f"{at} is not an asset with an id")
        ident = str(item["id"])
        given = item.get("abilities")
        abilities = given or []
        if not isinstance(abilities, list) or not all(isinstance(a, bool) for a in abilities):
            raise CampaignError(f"{at}: abilities {abilities!r} are not a list of true or false")
        controls = item.get("controls") or {}
        options = item.get("options") or {}
        for what, value in (("controls", controls), ("options", options)):
            if not isinstance(value, Mapping):
                raise CampaignError(f"{at}: {what} {value!r} is not a mapping")
        if ident == STARSHIP:
            vehicle = _starship(controls, options, at)
        card = library.assets.get(ident)
        if card is None:
            if ident != STARSHIP or True in abilities[1:]:
                # (a STARSHIP card as it starts is all in the command vehicle read from it:
                # nothing of it is left off)
                found.unknown_assets.append(f"{who}: {ident}")
            continue
        texts = {str(k): str(v) for k, v in options.items() if isinstance(v, str) and v}
        first = texts.pop(card.fields[0], None) if card.fields else None
        start = (abilities.index(True) + 1) if True in abilities else None
        if any(a.enabled for a in card.abilities):
            start = None
        elif not given:
            start = 1  # a card that marks none, added with its id alone: its first ability
        try:
            record = new_asset_record(card, first, start, {k: v for k, v in texts.items()})
        except IronswornError as exc:
            found.not_carried.append(f"{who}'s {card.name}: {exc}")
            continue
        # (a card added by hand with its id alone keeps the abilities a new card starts with,
        # as Iron Vault gives it: those the card marks, else its first)
        if given:
            record["abilities"] = [
                bool(abilities[i]) if i < len(abilities) else False
                for i in range(len(record["abilities"]))
            ]
        _controls(record, controls, at)
        if ident.split("/")[-2:-1] in (["command_vehicle"], ["module"], ["support_vehicle"]):
            # The crew's cards (moves/starforged/starting.py): every character's note lists
            # them; the campaign keeps one record each, the first note's (see the importer).
            record["crew"] = True
        records.append(record)
        if ident == STARSHIP and vehicle is not None:
            # The command vehicle is the STARSHIP's: the card's integrity follows it.
            vehicle["asset"] = ident
    return records, vehicle


def _controls(record: JsonDict, controls: Mapping[str, Any], at: str) -> None:
    """A card's meter, tracks and marks from its Iron Vault controls."""
    meter = record.get("meter")
    if meter:
        value = controls.get(meter["name"], meter["value"])
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= meter["max"]:
            raise CampaignError(
                f"{at}: controls.{meter['name']} {value!r} is not a whole number 0 to "
                f"{meter['max']}"
            )
        meter["value"] = value
    for name, track in (record.get("tracks") or {}).items():
        value = controls.get(name, track["value"])
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= track["max"]:
            raise CampaignError(
                f"{at}: controls.{name} {value!r} is not a whole number 0 to {track['max']}"
            )
        track["value"] = value
    # A card's marks by their Datasworn keys (out_of_action); a pack may spell them in words.
    toggles = {control_key(t): t for t in record.get("toggles") or ()}
    marks = []
    for key, value in controls.items():
        mark = toggles.get(control_key(str(key).rsplit("/", 1)[-1]))
        if value is True and mark is not None:
            marks.append(mark)
    if toggles:
        record["marks"] = marks


def _starship(controls: Mapping[str, Any], options: Mapping[str, Any], at: str) -> JsonDict:
    integrity = controls.get("integrity", 5)
    if isinstance(integrity, bool) or not isinstance(integrity, int) or not 0 <= integrity <= 5:
        raise CampaignError(f"{at}: controls.integrity {integrity!r} is not a whole number 0 to 5")
    name = options.get("name")
    impacts = [t for t in VEHICLE_IMPACTS if controls.get(f"integrity/{t}") is True]
    return {
        "name": name if isinstance(name, str) and name.strip() else "Starship",
        "integrity": integrity,
        "max": 5,
        "impacts": impacts,
    }


# ---------------------------------------------------------------------------------- tracks


def read_track(
    data: Mapping[str, Any],
    where: str,
    characters: Mapping[str, str],
    found: Found,
    library: Any = None,
) -> JsonDict:
    """The track dict for a progress note (its ``id`` None unless the note keeps ours).
    ``characters`` maps each character's name and note name (lower case) to the name; a Delve
    site or threat our export wrote is one again where ``library`` has its content."""
    name = text(data, "name", where)
    rank = data.get("rank", data.get("difficulty"))
    if not isinstance(rank, str) or rank.strip().lower() not in RANKS:
        raise CampaignError(f"{where}: rank {rank!r} is unknown (accepted: {', '.join(RANKS)})")
    ticks = whole(data, "progress", where, 0, 40, 0)
    raw_type = data.get("track-type", "Vow")
    if not isinstance(raw_type, str):
        raise CampaignError(f"{where}: track-type {raw_type!r} is not text")
    tags = data.get("tags") or []
    tags = [tags] if isinstance(tags, str) else tags
    complete = flag(data, "complete", where) or (isinstance(tags, list) and "complete" in tags)
    extra = data.get("ironsworn") or {}
    if not isinstance(extra, Mapping):
        raise CampaignError(f"{where}: ironsworn {extra!r} is not a mapping of fields")
    label = raw_type.strip().lower()
    kind = KINDS.get(label)
    delve: JsonDict = {}
    if kind is None and label in ("site", "threat"):
        delve, missing = delve_track(label, extra, library)
        if not missing:
            kind = label
        else:
            found.not_carried.append(
                f"{where}: track-type {raw_type!r} is kept as a vow ({missing})"
            )
    elif kind is None:
        found.not_carried.append(f"{where}: track-type {raw_type!r} is kept as a vow")
    kind = kind or "vow"
    status = "active"
    if complete:
        closing = extra.get("status")
        status = closing if isinstance(closing, str) and closing else _done(kind)
    owner = link_target(data.get("character"))
    shared = extra.get("characters")
    names = list(dict.fromkeys(characters.values()))
    if isinstance(shared, list) and all(isinstance(c, str) for c in shared):
        who = [c for c in shared if c in names]
    elif owner is not None and owner.lower() in characters:
        who = [characters[owner.lower()]]
    else:
        who = names  # Iron Vault: a track without a character is shared
    ident = extra.get("id")
    track: JsonDict = {
        "id": ident if isinstance(ident, str) and _TRACK_ID.match(ident) else None,
        "kind": kind,
        "name": name,
        "rank": rank.strip().lower(),
        "ticks": ticks,
        "characters": who,
        "status": status,
        "foe": extra.get("foe") if isinstance(extra.get("foe"), str) else None,
        "count": 1,
        "countdown": 0 if kind == "scene" else None,
    }
    if kind == "connection":
        track["role"] = extra.get("role") if isinstance(extra.get("role"), str) else None
        track["bonded"] = extra.get("bonded") is True
        track["influence"] = (
            extra.get("influence") if isinstance(extra.get("influence"), str) else None
        )
        track["no_benefit"] = False
        if isinstance(extra.get("second_role"), str):
            track["second_role"] = extra["second_role"]
    if kind in ("site", "threat"):
        track.update(delve)
    return track


def delve_track(label: str, extra: Mapping[str, Any], library: Any) -> tuple[JsonDict, str]:
    """A Delve site's or threat's own fields from the ``ironsworn`` block our export wrote,
    and why they cannot be kept ("" when they can): content this campaign has no pack for,
    or a block Iron Vault alone wrote (it has no sites or threats)."""

    def text_or_none(key: str) -> str | None:
        value = extra.get(key)
        return value if isinstance(value, str) and value.strip() else None

    if label == "site":
        theme, domain = text_or_none("theme"), text_or_none("domain")
        if theme is None or domain is None:
            return {}, "no theme and domain: a site begins with both"
        if (
            library is None
            or theme not in library.site_themes
            or domain not in library.site_domains
        ):
            return {}, f"its theme {theme!r} or domain {domain!r} is in no imported pack"
        rows = extra.get("denizens") or []
        if not isinstance(rows, list) or not all(_denizen_row(r) for r in rows):
            return {}, f"its denizens {rows!r} are not rows of min, max and frequency"
        fields: JsonDict = {"theme": theme, "domain": domain}
        fields["objective"] = text_or_none("objective")
        fields["denizens"] = [dict(r) for r in rows] or None
        return fields, ""
    vow, category = text_or_none("vow"), text_or_none("category")
    if vow is None or category is None or not _TRACK_ID.match(vow):
        return {}, "no vow and category: a threat begins with both"
    if library is None or category not in library.oracles:
        return {}, f"its category {category!r} is in no imported pack"
    return {"vow": vow, "category": category}, ""


def _denizen_row(row: Any) -> bool:
    if not isinstance(row, Mapping) or not isinstance(row.get("frequency"), str):
        return False
    low, high = row.get("min"), row.get("max")
    whole_numbers = all(isinstance(v, int) and not isinstance(v, bool) for v in (low, high))
    names = all(isinstance(row.get(k), (str, type(None))) for k in ("npc", "name"))
    return whole_numbers and names and 1 <= low <= high <= 100  # type: ignore[operator]


def _done(kind: str) -> str:
    return {"vow": "fulfilled", "fight": "won"}.get(kind, "done")


def read_clock(data: Mapping[str, Any], where: str) -> JsonDict:
    """A clock note: {name, segments, filled, complete, track (the scene it belongs to)}."""
    name = text(data, "name", where)
    segments = whole(data, "segments", where, 1, 100, None)
    filled = whole(data, "progress", where, 0, segments, 0)
    tags = data.get("tags") or []
    tags = [tags] if isinstance(tags, str) else tags
    extra = data.get("ironsworn") or {}
    track = extra.get("track") if isinstance(extra, Mapping) else None
    return {
        "name": name,
        "segments": segments,
        "filled": filled,
        "complete": isinstance(tags, list) and "complete" in tags,
        "track": track if isinstance(track, str) and segments == SCENE_CLOCK else None,
    }
