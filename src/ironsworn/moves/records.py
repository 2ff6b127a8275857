"""What one engine call reports: the moves made, the effects of their events, and the log line."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

JsonDict = dict[str, Any]


@dataclass(slots=True)  # (slots: one is made for every move, and its fields set as it rolls)
class MoveRecord:
    """One move made during an operation (the main move or a follow-on)."""

    move: str
    name: str
    character: str
    stat: str | None = None
    roll: JsonDict | None = None
    outcome: str | None = None
    text: str | None = None
    # Where the move starts among the operation's events (what it did before its roll comes
    # after its name when the operation is told in order); not part of the JSON.
    first_event: int | None = field(default=None, compare=False)
    assets: list[str] = field(default_factory=list)  # the asset abilities that acted

    def to_json(self) -> JsonDict:
        out: JsonDict = {
            "move": self.move,
            "name": self.name,
            "character": self.character,
            "stat": self.stat,
            "roll": self.roll,
            "outcome": self.outcome,
            "text": self.text,
        }
        if self.assets:
            out["assets"] = list(self.assets)
        return out


@dataclass
class OperationResult:
    """What one call did: the moves made, the events, and what is pending now."""

    kind: str
    character: str | None
    events: list[JsonDict] = field(default_factory=list)
    moves: list[MoveRecord] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    pending: JsonDict | None = None
    # The campaign's state once the operation is applied (set by the commit path): what a
    # surface names things by (a companion's given name, a track's words). Not in the JSON.
    after: Any = field(default=None, repr=False, compare=False)
    # The log line, worked out when first read (most results in play are never logged), from
    # the operation's own events: those the call returned (a caller may add its own after).
    _summary: str | None = field(default=None, repr=False, compare=False)
    _event_count: int | None = field(default=None, repr=False, compare=False)

    @property
    def summary(self) -> str:
        """One line for the log: the moves made, else the choice, else the first effects;
        else the operation's kind."""
        found = self._summary
        if found is None:
            events, count = self.events, self._event_count
            if count is not None and len(events) != count:
                events = events[:count]
            found = self._summary = summary_line(self.moves, events) or self.kind
        return found

    @property
    def effects(self) -> list[JsonDict]:
        return [e for e in (effect_of(ev) for ev in self.events) if e is not None]

    def to_json(self) -> JsonDict:
        main = self.moves[0] if self.moves else None
        # The main move's fields as a chain entry words them (its name, the stat it rolled:
        # a roll's value alone does not say which stat, "progress" for a progress roll).
        return {
            "move": main.move if main else None,
            "name": main.name if main else None,
            "character": self.character,
            "stat": main.stat if main else None,
            "roll": main.roll if main else None,
            "outcome": main.outcome if main else None,
            "text": main.text if main else None,
            "assets": list(main.assets) if main else [],
            "effects": self.effects,
            "pending": [public_pending(self.pending)] if self.pending else [],
            "chain": [m.to_json() for m in self.moves[1:]],
            "notes": list(self.notes),
        }


def public_pending(pending: JsonDict) -> JsonDict:
    """The pending decision as shown to the player (without the engine's resume data)."""
    return {k: v for k, v in pending.items() if k not in ("resume", "step", "asked_at")}


# How each state event is shown as an effect: a function from the event to its target name.
_TARGETS: dict[str, Callable[[JsonDict], str]] = {
    "meter": lambda e: {"experience_earned": "experience", "bond_ticks": "bonds"}.get(
        str(e["meter"]), str(e["meter"])
    ),
    "debility": lambda e: f"debility:{e['debility']}",
    "stat": lambda e: str(e["stat"]),
    "asset_reskin": lambda e: f"{e['asset']}:card",
    "impact": lambda e: f"impact:{e['impact']}",
    "legacy": lambda e: f"legacy:{e['track']}",
    "vehicle_meter": lambda e: "vehicle:integrity",
    "vehicle_impact": lambda e: f"vehicle:{e['impact']}",
    "vehicle_mark": lambda e: f"vehicle:{e['mark']}",
    "asset_mark": lambda e: f"{e['asset']}:{e['mark']}",
    "track_field": lambda e: f"{e['track']}:{e['field']}",
    "initiative": lambda e: "initiative",
    "status": lambda e: "status",
    "asset_meter": lambda e: f"{e['asset']}:{e.get('meter', 'health')}",
    "asset_ability": lambda e: f"{e['asset']}:ability{int(e['ability']) + 1}",
    "asset_track": lambda e: (
        f"{e['asset']}:{e['track']}" + ("_max" if e.get("field") == "max" else "")
    ),
    "progress": lambda e: f"{e['track']}:ticks",
    "rank": lambda e: f"{e['track']}:rank",
    "countdown": lambda e: f"{e['track']}:countdown",
    "track_closed": lambda e: f"{e['track']}:status",
}
# Events that add or remove something: shown as a from/to of its presence.
_PRESENCE: dict[str, tuple[bool, Callable[[JsonDict], str]]] = {
    "bond_added": (True, lambda e: f"bond:{e['bond']}"),
    "bond_removed": (False, lambda e: f"bond:{e['bond']}"),
    "asset_added": (True, lambda e: str(e["asset"]["id"])),
    "asset_removed": (False, lambda e: str(e["asset"])),
    "lasting_added": (True, lambda e: f"lasting:{e['lasting']['id']}"),
    "lasting_ended": (False, lambda e: f"lasting:{e['lasting']['id']}"),
}


def _card_words(card: Any) -> str:
    if not isinstance(card, Mapping):
        return str(card)
    requirement = card.get("requirement")
    return str(card.get("name")) + (f" ({requirement})" if requirement else "")


def position_words(in_control: bool) -> str:
    """A Starforged position: the initiative of classic, in its own words."""
    return "in control" if in_control else "in a bad spot"


def effect_of(event: JsonDict) -> JsonDict | None:
    """The player-facing effect of a state event, or None for records and internal flags."""
    kind = str(event.get("type"))
    effect: JsonDict
    if kind == "legacy":
        before, after = event["from"], event["to"]
        effect = {
            "target": _TARGETS[kind](event),
            "from": int(before["ticks"]) + (40 if before.get("completed") else 0),
            "to": int(after["ticks"]) + (40 if after.get("completed") else 0),
        }
    elif kind == "initiative" and event.get("position"):
        # Starforged's words: "in control" or "in a bad spot" (its position in a fight).
        effect = {
            "target": "position",
            "from": position_words(bool(event["from"])),
            "to": position_words(bool(event["to"])),
        }
    elif kind == "asset_reskin":
        # A reskin's {name, requirement}, in words: "Riot Shield (if you wield a shield)".
        effect = {
            "target": _TARGETS[kind](event),
            "from": _card_words(event["from"]),
            "to": _card_words(event["to"]),
        }
    elif kind == "asset_mark" and str(event["mark"]).startswith("rarity:"):
        # Delve's rarity on an asset (a mark whose name is the rarity's id): told by its name.
        name = event.get("name", event["mark"])
        effect = {
            "target": f"{event['asset']}:rarity",
            "from": name if event["from"] else None,
            "to": name if event["to"] else None,
        }
    elif kind == "track_field" and event["field"] == "denizens" and "slot" in event:
        # Delve: one slot of a site's denizen table filled, told by its words.
        effect = {
            "target": f"{event['track']}:denizen{event['slot']}",
            "from": event.get("was"),
            "to": event.get("denizen"),
        }
    elif kind == "track_characters":
        # Who shares a track (an ally joining a fight): the names, in words.
        effect = {
            "target": f"{event['track']}:shared_by",
            "from": ", ".join(event["from"]),
            "to": ", ".join(event["to"]),
        }
    elif kind in _TARGETS:
        effect = {"target": _TARGETS[kind](event), "from": event["from"], "to": event["to"]}
        if kind == "initiative" and event.get("fight_over"):
            effect["fight_over"] = True  # no fight goes on: told so, not as a loss
    elif kind in _PRESENCE:
        added, target = _PRESENCE[kind]
        effect = {"target": target(event), "from": not added, "to": added}
    elif kind == "track_created":
        track = event["track"]
        return {"target": track["id"], "from": None, "to": track["name"]}
    elif kind == "incidental_vehicle":
        before, after = event["from"], event["to"]
        if before is not None and after is not None:
            if before["integrity"] == after["integrity"]:
                return {
                    "target": f"vehicle:{event['vehicle']}:marks",
                    "from": before.get("marks") or [],
                    "to": after.get("marks") or [],
                }
            return {
                "target": f"vehicle:{event['vehicle']}:integrity",
                "from": before["integrity"],
                "to": after["integrity"],
            }
        return {
            "target": f"vehicle:{event['vehicle']}",
            "from": before["name"] if before else None,
            "to": after["name"] if after else None,
        }
    elif kind == "vehicle":
        before, after = event["from"], event["to"]
        return {
            "target": "vehicle",
            "from": before["name"] if before else None,
            "to": after["name"] if after else None,
        }
    elif kind == "truth":
        before, after = event["from"], event["to"]
        return {
            "target": str(event["truth"]),
            "from": before["key"] if before else None,
            "to": after["key"] if after else None,
        }
    else:
        return None
    if "character" in event:
        effect["character"] = event["character"]
    return effect


def summary_line(records: list[MoveRecord], events: list[JsonDict]) -> str:
    """One line for the log: the moves made, else the choice, else the first effects."""
    parts = [r.name + (f" ({r.outcome.replace('_', ' ')})" if r.outcome else "") for r in records]
    chosen = [e for e in events if e.get("type") == "choice"]
    if chosen:
        keys, declined = chosen[0]["keys"], chosen[0].get("declined")
        # A decision declined chose nothing: said so (it read "chose "), in the move's words
        # where it has some ("press on").
        parts.insert(
            0,
            "chose " + ", ".join(k.replace("_", " ") for k in keys)
            if keys
            else (f"{declined} (declined)" if declined else "declined"),
        )
    if not parts:
        effects = [e for e in (effect_of(ev) for ev in events) if e is not None]
        parts = [
            f"{e['target']}: {e['to']}"
            if e["from"] is None
            else f"{e['target']} {e['from']} -> {e['to']}"
            for e in effects[:3]
        ]
    return ", ".join(parts)
