"""A character's asset cards: choosing one (``hound:1=Fang``), its record, how it is shown.

A card's facts come from the content (:class:`~ironsworn.content.model.Asset`); a character
keeps a *record* of it in the campaign state::

    {"id", "name", "type", "input", "fields": {label: text}, "abilities": [bool, ...],
     "meter": {"name", "value", "max"} | None,      # a companion's health
     "tracks": {name: {"value", "max"}},            # the card's other tracks (wealth, light...)
     "sheet": [change | None, ...]}                 # only on cards whose abilities change
                                                    # the sheet's limits (sheet_changes)

``input`` repeats the first field (older records have only it). The view functions add the
words of each ability for a sheet: the text of an imported official pack with the same id
when the player has one, else our own summary.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue
from ironsworn.names import unshowable, unshowable_words
from ironsworn.record import field
from ironsworn.record import record as frozen_record

if TYPE_CHECKING:
    from ironsworn.content.loader import Ruleset
    from ironsworn.content.model import Asset

JsonDict = dict[str, Any]


# A decision among the character's own assets says so in its context (``answers``): an
# answer may then name the asset as the sheet shows it (its name, a companion's given name,
# a unique prefix), as the table reads it (ironsworn.table.decisions.named_keys).
HELD_ASSETS = "held_assets"


def held_options(assets: Sequence[Mapping[str, Any]]) -> list[tuple[str, str]]:
    """The options of a decision among ``assets`` (a character's records): each keyed by its
    name, as a player names it ("hawk"), told with a companion's given name ("Hawk “Keen”")."""
    from ironsworn.card_fields import given_words

    options = []
    for record in assets:
        name = str(record.get("name") or str(record["id"]).rsplit("/", 1)[-1])
        options.append((name.lower(), name + given_words(record)))
    return options


@frozen_record
class AssetChoice:
    """What a player typed to choose an asset: ``hound:1=Fang,expertise=herbs``."""

    query: str
    ability: int | None = None
    fields: Mapping[str, str] = field(default_factory=dict)
    first: str | None = None  # the value after '=' (the card's first field)


def parse_asset_choice(text: str) -> AssetChoice:
    """Parse ``NAME[:N][=FIRST][,FIELD=VALUE...]`` (e.g. ``hawk:1=Kestrel``).

    ``N`` is the ability to start with when the card marks none; ``FIRST`` fills the card's
    first field (a companion's name); ``FIELD=VALUE`` fills a field or a choice by its label.
    """
    head, *rest = text.split(",")
    head, eq, first = head.partition("=")
    name, colon, number = head.strip().rpartition(":")
    ability: int | None = None
    if colon and number.strip().isdigit() and name.strip():
        query, ability = name.strip(), int(number)
    elif colon and name.strip() and "/" not in number and name.strip().lower() != "asset":
        # "hawk:Keen": a name where the ability's number goes. Looked up whole, it found
        # another card (the Keen ritual) and the hawk was never taken.
        said = number.strip()
        raise InvalidValue(
            f"asset {text!r}: {said!r} after ':' is not an ability's number (accepted: "
            f"{name.strip()}:N, or {name.strip()}:N={said} to name it)",
            input="asset",
            value=text,
            accepted=f"{name.strip()}:N={said}",
        )
    else:
        query = head.strip()
    fields: dict[str, str] = {}
    for part in rest:
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise InvalidValue(f"asset {text!r}: {part!r} is not FIELD=VALUE")
        fields[_label(key)] = value.strip()
    if not query:
        raise InvalidValue(f"asset {text!r} names no asset (accepted: NAME[:N][=NAME])")
    return AssetChoice(query, ability, fields, first.strip() if eq else None)


def said_of_choice(exc: InvalidValue, typed: str) -> InvalidValue:
    """An ability refused that came from the asset as typed (``ace:7``), said of what was
    typed: the player gave the asset, not an ability on its own (``asset 'ace:7': ability 7
    is out of range (accepted: ace:1 to ace:3)``). Another refusal is returned as it is."""
    if exc.input != "ability":
        return exc
    name = parse_asset_choice(typed).query
    accepted = ", ".join(exc.accepted)
    span = re.fullmatch(r"(\d+) to (\d+)", accepted)
    if span:
        accepted = f"{name}:{span.group(1)} to {name}:{span.group(2)}"
    why = exc.why or "is not accepted"
    return InvalidValue(
        "{asset} " + f"{typed!r}: ability {exc.value} {why} (accepted: {accepted})",
        input="asset",
        value=typed,
        accepted=accepted,
    )


def _label(text: str) -> str:
    return "_".join(text.strip().lower().replace("'", "").split())


def card_fields(asset: Asset) -> list[str]:
    """Everything to fill in on a card: its text fields, then its choices (a mask's wood)."""
    return [*asset.fields, *asset.selects]


def required_fields(asset: Asset) -> list[str]:
    """Fields a new record must have: a companion's name, and the choices rules depend on."""
    needed = list(asset.fields[:1]) if asset.type == "companion" else []
    return needed + list(asset.selects)


def starting_ability(subject: str, asset: Asset, start: int | None) -> None:
    """Ask which ability ``asset`` starts with when it marks none and none was chosen: an
    :class:`~ironsworn.errors.OptionNeeded` for the ``ability`` input (a surface asks)."""
    if start is not None or not asset.abilities or any(a.enabled for a in asset.abilities):
        return
    from ironsworn.errors import OptionNeeded

    choices = tuple(
        (str(i), " ".join(a.text.split())[:70]) for i, a in enumerate(asset.abilities, 1)
    )
    raise OptionNeeded(
        f"{subject}: which ability of {asset.name} do you start with?",
        "ability",
        choices,
        subject=subject,
    )


def companion_name(subject: str, asset: Asset, name: str | None) -> None:
    """Ask the name of a companion bought without one ("A companion must be named"): an
    open :class:`~ironsworn.errors.OptionNeeded` for the ``name`` input."""
    if name or asset.type != "companion" or not asset.fields:
        return
    from ironsworn.errors import OptionNeeded

    raise OptionNeeded(
        f"{subject}: what is the name of your {asset.name.lower()}?",
        "name",
        (),
        subject=subject,
        open=True,
    )


def new_asset_record(
    asset: Asset,
    name: str | None = None,
    start: int | None = None,
    fields: Mapping[str, str] | None = None,
) -> JsonDict:
    """A character's copy of an asset card: which abilities are marked, its fields and tracks.

    "The first ability is usually filled in. If it is not, choose one to start" (rulebook
    p. 39): ``start`` (1-3) is that choice, required exactly when the card marks none.
    ``name`` fills the first field. A companion must be named, and a card's choice (a god's
    stat) must be made; an unknown field or choice value is refused.
    """
    marked = [bool(a.enabled) for a in asset.abilities]
    if any(marked):
        if start is not None:
            first = marked.index(True) + 1
            raise InvalidValue(
                f"{asset.name} starts with ability {first} marked; no other can be chosen"
            )
    elif marked:
        if start is None:
            key = asset.id.rsplit("/", 1)[-1]
            numbers = ", ".join(str(i) for i in range(1, len(marked) + 1))
            # With the name the card asks for too (a companion's), or the player is refused
            # again for it once the ability is given.
            named = (
                f"={asset.fields[0].upper()}" if asset.type == "companion" and asset.fields else ""
            )
            raise InvalidValue(
                f"{asset.name} starts with no ability marked: choose one of {numbers} "
                f"({key}:N{named} when creating a character, {{ability}} N with Advance)",
                names=("ability",),
            )
        if not 1 <= start <= len(marked):
            raise InvalidValue(f"{asset.name} ability {start} is out of range (1 to {len(marked)})")
        marked[start - 1] = True
    values = _fill(asset, name, fields or {})
    health = asset.condition_meter
    from ironsworn.moves.assets.sheet_changes import sheet_data

    record: JsonDict = {
        "id": asset.id,
        "name": asset.name,
        "type": asset.type,
        "input": values.get(asset.fields[0]) if asset.fields else None,
        "fields": values,
        "abilities": marked,
        "meter": None
        if health is None
        else {"name": health.name, "value": health.value, "max": health.max},
        "tracks": {t.name: {"value": t.value, "max": t.max} for t in asset.other_tracks},
        **({"toggles": list(asset.toggles), "marks": []} if asset.toggles else {}),
    }
    sheet = sheet_data(asset)
    if sheet:
        record["sheet"] = sheet  # what its abilities change on the sheet while marked
    return record


def _fill(asset: Asset, name: str | None, given: Mapping[str, str]) -> dict[str, str]:
    labels = card_fields(asset)
    values: dict[str, str] = {}
    if name is not None and name.strip():
        if not asset.fields:
            raise InvalidValue(f"{asset.name} has nothing to name (it asks for no field)")
        values[asset.fields[0]] = " ".join(name.split())
    for key, value in given.items():
        label = next((f for f in labels if _label(f) == key), None)
        if label is None:
            accepted = ", ".join(labels) or "none"
            raise InvalidValue(f"{asset.name} has no field {key!r} (accepted: {accepted})")
        choices = asset.selects.get(label)
        if choices is not None and value.strip().lower() not in choices:
            raise InvalidValue(
                f"{asset.name} {label} {value!r} is unknown (accepted: {', '.join(choices)})"
            )
        if choices is not None:
            values[label] = value.strip().lower()
            values[f"{label}_stat"] = choices[values[label]]
        else:
            values[label] = " ".join(value.split())
    for label, value in values.items():
        bad = unshowable(value)  # a companion's name is shown on every player's screen
        if bad is not None:
            raise InvalidValue(
                f"{asset.name} {label} {value!r} holds {unshowable_words(bad)} (accepted: text)"
            )
    key = asset.id.rsplit("/", 1)[-1]
    for label in required_fields(asset):
        if not values.get(label):
            if label in asset.selects:
                accepted = "|".join(asset.selects[label])
                raise InvalidValue(
                    f"{asset.name} is given without its {label} (accepted: "
                    f"{key},{label}={accepted})"
                )
            raise InvalidValue(
                f"{asset.name} is given without a {label} (accepted: {key}={label.upper()}, or "
                f"{key}:N={label.upper()} when it starts with no ability marked)"
            )
    return values


def choice_record(ruleset: Ruleset, text: str) -> JsonDict:
    """The record for a typed choice (``hound:1=Fang``); raises on anything the card refuses."""
    choice = parse_asset_choice(text)
    asset = ruleset.asset(choice.query)
    return new_asset_record(asset, choice.first, choice.ability, choice.fields)


def check_distinct(records: Sequence[JsonDict]) -> None:
    """Refuse the same asset twice in one list of records."""
    ids = [r["id"] for r in records]
    again = next((r["name"] for i, r in enumerate(records) if r["id"] in ids[:i]), None)
    if again is not None:
        raise InvalidValue(f"asset {again!r} is given twice (each asset once)")


# --- showing a card ------------------------------------------------------------------------


_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")


def unlinked(text: str) -> str:
    """Datasworn's Markdown links (``[Advance](move:starforged/legacy/advance)``) as their
    words, for a terminal."""
    return _LINK.sub(r"\1", text)


def official_text(ruleset: Ruleset, asset_id: str) -> list[str] | None:
    """The ability texts of an imported pack's card with this id (its links shown as their
    words), or None."""
    shadowed = ruleset.shadowed("assets", asset_id)
    for item in shadowed:
        texts = [_LINK.sub(r"\1", a.text) for a in item.abilities]
        if any(texts):
            return texts
    return None


def ability_words(ruleset: Ruleset, asset: Asset) -> list[str]:
    """Each ability's words: the official text when imported, the printed text, else ours."""
    official = official_text(ruleset, asset.id)
    if official is not None and len(official) == len(asset.abilities):
        return official
    return [a.text or a.summary for a in asset.abilities]


RARITY_PREFIX = "rarity:"  # a Delve rarity's id, kept among its asset card's marks


def rarity_of(record: Any) -> str | None:
    """The id of the Delve rarity augmenting an asset record, or None."""
    marks = record.get("marks") or ()
    return next((str(m) for m in marks if str(m).startswith(RARITY_PREFIX)), None)


def sheet_with_cards(sheet: Mapping[str, Any], ruleset: Ruleset | None = None) -> JsonDict:
    """A character sheet (``CampaignState.sheet``) with each asset as :func:`record_view`
    shows it: the JSON of ``sheet``, the web table's sheets and play mode's alike.

    The cards are read only when there are assets to show: a one-shot ``sheet`` of a
    character without any imports no content."""
    records = sheet.get("assets") or ()
    if not records:
        return {**sheet, "assets": []}
    if ruleset is None:
        from ironsworn.content import load_library

        ruleset = load_library()
    return {**sheet, "assets": [record_view(ruleset, a) for a in records]}


def record_view(ruleset: Ruleset, record: Mapping[str, Any]) -> JsonDict:
    """A record as a sheet shows it: marks, fields, tracks and the words of marked abilities."""
    from ironsworn.moves.homebrew import card_of

    out: JsonDict = dict(record)
    out.pop("card", None)  # a homebrew card is shown through its abilities below
    asset = card_of(ruleset, record)
    abilities = []
    words = ability_words(ruleset, asset) if asset is not None else []
    for index, marked in enumerate(record["abilities"]):
        entry: JsonDict = {"number": index + 1, "marked": bool(marked)}
        if asset is not None and index < len(asset.abilities):
            ability = asset.abilities[index]
            entry.update({"id": ability.id, "name": ability.name, "summary": ability.summary})
            entry["text"] = words[index]
        abilities.append(entry)
    out["ability_list"] = abilities
    out["marked"] = [a for a in abilities if a["marked"]]
    if record.get("input"):
        from ironsworn.card_fields import given_words

        # What the player wrote, as every surface words it: “Brann”, (specialty: bowyer).
        out["given"] = given_words(record).strip()
    augmenting = rarity_of(record)
    if augmenting:
        # Delve: the rarity augmenting the asset (one of its marks), by name (its id when the
        # pack is gone); the marks shown as flags are the others.
        rarity = ruleset.rarities.get(augmenting)
        out["rarity"] = augmenting
        out["rarity_name"] = rarity.name if rarity else augmenting
        out["marks"] = [m for m in record.get("marks") or () if m != augmenting]
    return out


def upgrades(ruleset: Ruleset, char: Any) -> JsonDict:
    """What Advance can buy for ``char``: each unmarked ability of their assets, with cost."""
    available = int(char.experience_earned) - int(char.experience_spent)
    rows = []
    from ironsworn.moves.homebrew import card_of

    for record in char.assets:
        owner = record.get("owner") if record.get("crew") else None
        if owner and owner != char.name:
            continue  # a crewmate's module or support vehicle: theirs to upgrade
        asset = card_of(ruleset, record)
        for index, marked in enumerate(record["abilities"]):
            if marked:
                continue
            ability = asset.abilities[index] if asset and index < len(asset.abilities) else None
            rows.append(
                {
                    "asset": record["name"],
                    "id": record["id"],
                    "number": index + 1,
                    "name": ability.name if ability else "",
                    "summary": (ability.summary or ability.text) if ability else "",
                    "cost": 2 - advance_discount(ruleset, char, str(record["id"])),
                    "affordable": available >= 2 - advance_discount(ruleset, char, record["id"]),
                }
            )
    return {"available": available, "abilities": rows, "new_asset_cost": 3}


def purchases(ruleset: Ruleset, char: Any, ruleset_name: str) -> list[tuple[str, str, int]]:
    """What Advance can buy for ``char`` now, as ``(key, label, cost)``: each unmarked ability
    of their assets (an upgrade, ``NAME:N``, 2 experience) and each asset of the campaign's
    ruleset they do not hold (3 experience), less any discount; those they cannot afford are
    left out (seed 000: "Spend 3 experience to add a new asset, or 2 experience to upgrade")."""
    bought = upgrades(ruleset, char)
    available = int(bought["available"])
    out = [
        (
            f"{row['asset']}:{row['number']}",
            f"upgrade {row['asset']}: ability {row['number']}"
            + (f" ({row['name']})" if row["name"] else ""),
            int(row["cost"]),
        )
        for row in bought["abilities"]
        if row["affordable"]
    ]
    held = {str(a["id"]) for a in char.assets}
    for asset in ruleset.in_ruleset("assets", ruleset_name).values():
        cost = 3 - advance_discount(ruleset, char, asset.id)
        if asset.id not in held and cost <= available:
            kind = asset.type.replace("_", " ")
            out.append((asset.name, f"new asset: {asset.name} ({kind})", cost))
    return out


# Companions that are not an "animal or beast" (Animal Kin's discount leaves them out).
NOT_ANIMALS = frozenset({"asset:classic/companion/kindred"})


def advance_discount(ruleset: Ruleset, char: Any, asset_id: str) -> int:
    """Experience off an Advance for this asset: 1 when a marked ability gives a discount on
    its type (Animal Kin: animal companions; Ritualist: rituals; Weaponmaster: combat
    talents)."""
    target = ruleset.assets.get(asset_id)
    if target is None:
        return 0
    for record in char.assets:
        asset = ruleset.assets.get(str(record["id"]))
        if asset is None:
            continue
        for index, ability in enumerate(asset.abilities):
            if index >= len(record["abilities"]) or not record["abilities"][index]:
                continue
            for effect in ability.effects:
                if effect.get("handler") != "discount" or effect.get("discount") != target.type:
                    continue
                if target.type == "companion" and asset_id in NOT_ANIMALS:
                    continue
                return 1
    return 0
