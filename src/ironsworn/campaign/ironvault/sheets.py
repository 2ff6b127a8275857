"""A character sheet as Iron Vault's character frontmatter, and back.

Iron Vault keeps a character in ``Characters/NAME.md`` with ``iron-vault-kind: character``
and the sheet as frontmatter fields (its schema: ``packages/obsidian/src/characters/lens.ts``
in the plugin's repository):

- ``name``; the five stats ``edge heart iron shadow wits``; ``health spirit supply``;
  ``momentum``; ``initiative`` (true or false);
- ``xp_spent``, ``xp_added``: Iron Vault counts the experience earned as ``xp_added`` plus what
  each special track earned (``TRACK_XPEarned``, two per filled box, one past the tenth);
- the special tracks by their Datasworn labels: classic ``Bonds_Progress`` /
  ``Bonds_XPEarned``; Starforged ``Quests_``, ``Bonds_``, ``Discoveries_`` (a completed legacy
  track counts on past 40 ticks, as Iron Vault's unbounded tracks do);
- one boolean per debility (classic) or impact (Starforged), keyed by its Datasworn key
  (``wounded``, ``permanently_harmed``...); a command vehicle's ``battered`` / ``cursed``;
- ``assets``: ``{id, abilities: [bool...], controls: {health: 3, "health/out_of_action":
  false, integrity: 4...}, options: {name: "Kestrel"}}``.

Iron Vault keeps extra fields as they are, so what it has no field for rides along under
``ironsworn``: the classic bonds list, equipment, the character's status, Delve's failure
track in ticks, what the rules keep between moves (``flags``: the background vow, a vow still
to swear, a bonus owed to the next move), and ``starship_card: false`` when the STARSHIP
card listed only carries the command vehicle of a campaign played without the cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ironsworn.campaign.character_state import LEGACY_TRACKS, STATS, CharacterState, copy_json
from ironsworn.debilities import DEBILITIES
from ironsworn.impacts import CHARACTER_IMPACTS, VEHICLE_IMPACTS

JsonDict = dict[str, Any]
STARSHIP = "asset:starforged/command_vehicle/starship"
BODY_BLOCKS = ("info", "stats", "meters", "special-tracks", "impacts", "assets")
LEGACY_KEYS = {"quests": "Quests", "bonds": "Bonds", "discoveries": "Discoveries"}


def legacy_xp(progress: int) -> int:
    """Experience a special track has earned (Iron Vault's rule: 2 a box for the first ten
    boxes, 1 a box past them)."""
    boxes = progress // 4
    return min(10, boxes) * 2 + max(0, boxes - 10)


def special_tracks(char: CharacterState) -> dict[str, int]:
    """The special tracks as Iron Vault counts them: ticks, a completed track past 40."""
    if not char.starforged:
        return {"Bonds": char.bond_ticks}
    out = {}
    for track in LEGACY_TRACKS:
        data = char.legacy_track(track)
        out[LEGACY_KEYS[track]] = int(data["ticks"]) + (40 if data["completed"] else 0)
    return out


def character_fields(
    char: CharacterState, vehicle: Mapping[str, Any] | None, order: int | None = None
) -> JsonDict:
    """The frontmatter of ``Characters/NAME.md`` for a character; ``order``: its place among
    several, in the order they were made (the notes' names sort otherwise)."""
    tracks = special_tracks(char)
    earned_on_tracks = sum(legacy_xp(t) for t in tracks.values())
    fields: JsonDict = {
        "name": char.name,
        "iron-vault-kind": "character",
        **{stat: int(char.stats[stat]) for stat in STATS},
        "health": char.health,
        "spirit": char.spirit,
        "supply": char.supply,
        "momentum": char.momentum,
        "xp_spent": char.experience_spent,
        # Iron Vault adds the tracks' experience to xp_added for the total earned.
        "xp_added": max(0, char.experience_earned - earned_on_tracks),
    }
    for label, ticks in tracks.items():
        fields[f"{label}_Progress"] = ticks
        fields[f"{label}_XPEarned"] = legacy_xp(ticks)
    marks = CHARACTER_IMPACTS if char.starforged else tuple(DEBILITIES)
    for key in marks:
        fields[key] = char.has(key)
    if char.starforged:
        troubles = set((vehicle or {}).get("impacts") or ())
        for key in VEHICLE_IMPACTS:
            fields[key] = key in troubles
    fields["initiative"] = char.initiative
    fields["assets"] = [asset_fields(record, vehicle) for record in char.assets]
    carded = any(record.get("id") == STARSHIP for record in char.assets)
    if char.starforged and vehicle is not None and not carded:
        # A campaign played without the cards has its command vehicle all the same: it goes
        # as the STARSHIP card (its first ability marked, as the card starts), the one place
        # Iron Vault keeps a ship's name and integrity.
        starship = {"id": STARSHIP, "abilities": [True, False, False]}
        fields["assets"].append(asset_fields(starship, vehicle))
    extra: JsonDict = {}
    if char.starforged and vehicle is not None and not carded:
        # (said, so that the import gives back the ship and no card the character never held)
        extra["starship_card"] = False
    if order is not None:
        extra["order"] = order
    if char.bonds:
        extra["bonds"] = list(char.bonds)
    if char.equipment:
        extra["equipment"] = list(char.equipment)
    if char.status != "active":
        extra["status"] = char.status
    if char.starforged and (vehicle or {}).get("marks"):
        # What Withstand Damage's table left on the command vehicle (destruction imminent, a
        # part needed): Iron Vault's STARSHIP card has no control for it.
        extra["vehicle_marks"] = list(vehicle["marks"])  # type: ignore[index]
    if not char.starforged and "failure" in char.legacy:
        extra["failure"] = int(char.legacy_track("failure")["ticks"])  # Delve's failure track
    if char.flags:
        # What the rules keep of the character between moves: which vow is the background
        # vow, the inciting incident still to swear, a bonus owed to the next move...
        extra["flags"] = copy_json(char.flags)
    if extra:
        fields["ironsworn"] = extra
    return fields


def asset_fields(record: Mapping[str, Any], vehicle: Mapping[str, Any] | None) -> JsonDict:
    """One asset as Iron Vault lists it: abilities, controls (meters, tracks, marks), options."""
    controls: JsonDict = {}
    meter = record.get("meter")
    meter_name = str(meter.get("name") or "health") if meter else None
    if meter and meter_name:
        controls[meter_name] = int(meter["value"])
    for name, track in (record.get("tracks") or {}).items():
        controls[str(name)] = int(track["value"])
    marks = set(record.get("marks") or ())
    for toggle in record.get("toggles") or ():
        # A module's "broken" is a control of its own; a companion's "out of action" and a
        # vehicle's troubles hang under its meter (health/out_of_action), as in Datasworn.
        name = control_key(toggle)
        key = name if name == "broken" or not meter_name else f"{meter_name}/{name}"
        controls[key] = toggle in marks
    options: JsonDict = {
        str(k): v for k, v in (record.get("fields") or {}).items() if not str(k).endswith("_stat")
    }
    if record.get("id") == STARSHIP and vehicle is not None:
        controls["integrity"] = int(vehicle["integrity"])
        for trouble in VEHICLE_IMPACTS:
            controls[f"integrity/{trouble}"] = trouble in (vehicle.get("impacts") or ())
        options.setdefault("name", vehicle.get("name"))
    return {
        "id": record["id"],
        "abilities": [bool(a) for a in record.get("abilities") or ()],
        "controls": controls,
        "options": options,
    }


def control_key(name: str) -> str:
    """A card's control by its Datasworn key: ``out of action`` -> ``out_of_action``."""
    return "_".join(name.lower().split())


def character_body() -> str:
    """Iron Vault's character blocks: it draws the sheet from the frontmatter."""
    return "\n\n".join(f"```iron-vault-character-{b}\n```" for b in BODY_BLOCKS)
