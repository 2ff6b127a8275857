"""How the events about characters change the state: meters, stats, debilities and impacts,
flags, bonds, assets, lasting effects, legacies, and the Starforged vehicles they travel in.

Each ``_on_<type>`` folds one event type (see :mod:`ironsworn.campaign.events`); it checks the
event's ``from`` against the state and changes the character's own copy of its record.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ironsworn.campaign.character_state import UNMARKED_LEGACY, CharacterState, copy_json
from ironsworn.campaign.state_records import StateRecords
from ironsworn.errors import CampaignError

_CONTAINERS = (dict, list, tuple)  # what copy_json copies (anything else is kept as it is)


class CharacterEvents(StateRecords):
    """The fold of the events about characters and their vehicles."""

    def _on_character_created(self, event: Mapping[str, Any]) -> None:
        char = CharacterState.from_dict(event["character"])
        if char.name in self.characters:
            raise CampaignError(f"character {char.name!r} already exists")
        self.characters[char.name] = char
        self._own_chars.add(char.name)
        self._vehicle_aboard()
        self._crew_joined(char.name)

    def _on_impact(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        self._toggle(char.name, char.impacts, event["impact"], event)

    def _on_legacy(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        track = event["track"]
        if not _marked_on_a_lost_track(char, event):
            self._expect(char.legacy_track(track), event, "{}'s {} legacy", char.name, track)
        if char.starforged and event["to"] == UNMARKED_LEGACY:
            # A Starforged legacy track with nothing marked is no record (as a new character's,
            # or one read back from Iron Vault): a mark undone in place left one, so the same
            # sheet differed by the way it was reached (folded afresh, or taken back).
            char.legacy.pop(track, None)
            return
        char.legacy[track] = copy_json(dict(event["to"]))

    def _on_vehicle(self, event: Mapping[str, Any]) -> None:
        self._expect(self.vehicle, event, "the command vehicle")
        self.vehicle = copy_json(event["to"])
        self._vehicle_aboard()

    def _on_vehicle_meter(self, event: Mapping[str, Any]) -> None:
        if self.vehicle is None:
            raise CampaignError("there is no command vehicle")
        self._expect(self.vehicle["integrity"], event, "the vehicle's integrity")
        self.vehicle["integrity"] = int(event["to"])
        # The crew's STARSHIP card shows the command vehicle's integrity.
        card = self.crew.get(str(self.vehicle.get("asset")))
        if card is not None and card.get("meter"):
            card["meter"]["value"] = int(event["to"])
            self._crew_sync(str(card["id"]))

    def _on_vehicle_impact(self, event: Mapping[str, Any]) -> None:
        if self.vehicle is None:
            raise CampaignError("there is no command vehicle")
        name = event["impact"]
        impacts: list[str] = self.vehicle["impacts"]
        self._expect(name in impacts, event, "the vehicle's {}", name)
        if event["to"]:
            impacts.append(name)
        else:
            impacts.remove(name)
        self._vehicle_aboard()

    def _on_vehicle_mark(self, event: Mapping[str, Any]) -> None:
        if self.vehicle is None:
            raise CampaignError("there is no command vehicle")
        marks: list[str] = self.vehicle.setdefault("marks", [])
        self._toggle(self.vehicle["name"], marks, str(event["mark"]), event)

    def _on_asset_mark(self, event: Mapping[str, Any]) -> None:
        asset = self._asset_w(event["character"], event["asset"])
        marks: list[str] = asset.setdefault("marks", [])
        self._toggle(asset["name"], marks, str(event["mark"]), event)
        self._crew_sync(event["asset"])

    def _on_incidental_vehicle(self, event: Mapping[str, Any]) -> None:
        name = str(event["vehicle"])
        self._expect(self.incidental.get(name), event, "the vehicle {}", name)
        if event["to"] is None:
            self.incidental.pop(name, None)
        else:
            self.incidental[name] = copy_json(dict(event["to"]))

    def _on_character_removed(self, event: Mapping[str, Any]) -> None:
        self.characters.pop(event["character"], None)
        self._crew_left()

    # The events a move makes most (meters, initiative, flags) fold without a call that is
    # not needed: the character is looked up at once unless records may be shared (see
    # _char_w), and the fit check runs only when the value is not the event's ``from`` itself
    # (the engine builds each event from the state's own value).

    def _on_meter(self, event: Mapping[str, Any]) -> None:
        name = event["character"]
        char = self._char_w(name) if self._sharing else self.characters[name]
        meter = event["meter"]
        current = getattr(char, meter)
        if current is not event["from"]:
            self._expect(current, event, "{}'s {}", char.name, meter)
        setattr(char, meter, event["to"])

    def _on_stat(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        stat = str(event["stat"])
        self._expect(char.stats.get(stat), event, "{}'s {}", char.name, stat)
        char.stats[stat] = int(event["to"])

    def _on_asset_meter(self, event: Mapping[str, Any]) -> None:
        asset = self._asset_w(event["character"], event["asset"])
        self._expect(asset["meter"]["value"], event, "{}'s health", asset["name"])
        asset["meter"]["value"] = event["to"]
        self._crew_sync(event["asset"])

    def _on_debility(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        self._toggle(char.name, char.debilities, event["debility"], event)

    def _on_initiative(self, event: Mapping[str, Any]) -> None:
        name = event["character"]
        char = self._char_w(name) if self._sharing else self.characters[name]
        if char.initiative is not event["from"]:
            self._expect(char.initiative, event, "{}'s initiative", char.name)
        char.initiative = bool(event["to"])

    def _on_flag(self, event: Mapping[str, Any]) -> None:
        name = event["character"]
        char = self._char_w(name) if self._sharing else self.characters[name]
        flag = event["flag"]
        flags = char.flags
        current = flags.get(flag)
        if current is not event["from"]:
            self._expect(current, event, "{}'s {}", char.name, flag)
        to = event["to"]
        if to is None:
            flags.pop(flag, None)
        else:
            flags[flag] = copy_json(to) if isinstance(to, _CONTAINERS) else to

    def _on_status(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        self._expect(char.status, event, "{}'s status", char.name)
        char.status = event["to"]

    def _on_bond_added(self, event: Mapping[str, Any]) -> None:
        self._char_w(event["character"]).bonds.append(event["bond"])

    def _on_bond_removed(self, event: Mapping[str, Any]) -> None:
        self._char_w(event["character"]).bonds.remove(event["bond"])

    def _on_lasting_added(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        effect = event["lasting"]
        if any(e["id"] == effect["id"] for e in char.lasting):
            raise CampaignError(
                f"event does not fit the state: {char.name} already has {effect['id']!r}"
            )
        char.lasting.append(copy_json(effect))

    def _on_lasting_ended(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        ident = event["lasting"]["id"]
        if not any(e["id"] == ident for e in char.lasting):
            raise CampaignError(f"event does not fit the state: {char.name} has no {ident!r}")
        char.lasting = [e for e in char.lasting if e["id"] != ident]

    def _on_asset_added(self, event: Mapping[str, Any]) -> None:
        self._char_w(event["character"]).assets.append(copy_json(event["asset"]))
        self._crew_joined(event["character"])

    def _on_asset_removed(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        char.assets = [a for a in char.assets if a["id"] != event["asset"]]
        self._crew_left()

    def _on_asset_reskin(self, event: Mapping[str, Any]) -> None:
        asset = self._asset_w(event["character"], event["asset"])
        now = {"name": asset["name"], "requirement": asset.get("requirement")}
        self._expect(now, event, "{}'s {}", event["character"], asset["name"])
        asset["name"] = event["to"]["name"]
        if event["to"].get("requirement") is None:
            asset.pop("requirement", None)
        else:
            asset["requirement"] = event["to"]["requirement"]
        self._crew_sync(event["asset"])

    def _on_asset_ability(self, event: Mapping[str, Any]) -> None:
        # The crew's STARSHIP: whoever paid for the ability (the event's character), it is
        # marked on the crew's one record.
        asset = self._asset_w(event["character"], event["asset"])
        index = int(event["ability"])
        self._expect(asset["abilities"][index], event, "{} ability {}", asset["name"], index + 1)
        asset["abilities"][index] = bool(event["to"])
        self._crew_sync(event["asset"])

    def _on_asset_track(self, event: Mapping[str, Any]) -> None:
        asset = self._asset_w(event["character"], event["asset"])
        name = str(event["track"])
        track = asset.setdefault("tracks", {}).get(name)
        if track is None:
            raise CampaignError(f"event does not fit the state: {asset['name']} has no {name}")
        field = str(event.get("field") or "value")  # "max": an ability changed its size
        self._expect(track[field], event, "{}'s {} {}", asset["name"], name, field)
        track[field] = event["to"]
        self._crew_sync(event["asset"])

    def _on_equipment(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        self._expect(char.equipment, event, "{}'s equipment", char.name)
        char.equipment = list(event["to"])


def _marked_on_a_lost_track(char: CharacterState, event: Mapping[str, Any]) -> bool:
    """Whether ``event`` changed Delve's failure track as read from a snapshot that had lost it.

    Snapshots before version 11 left a classic character's legacy tracks out, so a campaign
    opened from one read its failure track as unmarked, and the next change to it was written
    as starting from nothing ("failure track 0 -> 6" where it was 5). The player was told that
    change, so the log keeps it: folded again from the log, it is taken as the player saw it.
    """
    return (
        event["track"] == "failure"
        and not char.starforged
        and event["from"] == UNMARKED_LEGACY
        and char.legacy.get("failure") not in (None, UNMARKED_LEGACY)
    )
