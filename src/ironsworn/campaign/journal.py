"""The journal: free text entries and the mechanics, read back in words.

A journal entry is an operation of kind ``journal`` holding one ``{"type": "journal", "text"}``
event. The journal view interleaves those entries with a one-line account of every other
operation, in log order (the order operations were committed, which is their time order).

:class:`Narrator` turns events into short phrases ("Kai: health 5 → 4", "action 4 + 2 + 1 = 7
vs 5 | 8 → weak hit"). It reads operations in order and remembers track names, so a later
``progress`` event can name its vow. Unknown event types are rendered generically from their
fields, never refused: a log written by a newer version still reads.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from ironsworn.campaign.store import Operation
from ironsworn.campaign.told_once import (
    oracle_restated,
    restated,
    rolled_moves,
    told_by_burn,
    told_when_rolled,
)

# Plumbing the story does not need (the decision itself shows up as a choice event; a decision
# set aside while another character acts, ``parked``, comes back as the same decision).
# The operations that answer a decision (choose, burn, decline).
ANSWERS = frozenset({"choice", "burn", "decline"})
HIDDEN = frozenset({"pending", "agenda", "parked", "flag"})
# The content packs a campaign pins (``packs``, recorded with an operation when the installed
# packs change): the command line's move output and the story leave them out, and so does the
# web's log (a classic campaign's first line ended "content packs: classic, starforged").
PINS = frozenset({"packs"})
OUTCOMES = {"strong_hit": "strong hit", "weak_hit": "weak hit", "miss": "miss"}
# A ruleset as players call its game (the ruleset event holds the id).
RULESET_BOOKS = {"classic": "Ironsworn", "starforged": "Starforged"}


def odds_words(value: Any) -> str:
    """The odds in the game's words (``fifty_fifty`` -> ``50/50``, ``small_chance`` ->
    ``small chance``)."""
    from ironsworn.errors import InvalidValue
    from ironsworn.oracle import Odds

    try:
        label = Odds.parse(str(value)).label
    except InvalidValue:
        return words(value)
    return label if label == "50/50" else label.lower()


def odds_label(value: Any) -> str:
    """The odds as their table names them (``likely`` -> ``Likely``), or in words."""
    from ironsworn.errors import InvalidValue
    from ironsworn.oracle import Odds

    try:
        return Odds.parse(str(value)).label
    except InvalidValue:
        return words(value)


def boxes_words(ticks: int) -> str:
    """Progress as the track draws it: ``6 boxes``, ``2 boxes +1`` (four ticks fill a box)."""
    full = ticks // 4
    return f"{full} box{'es' if full != 1 else ''}" + (f" +{ticks % 4}" if ticks % 4 else "")


def ticks_words(ticks: int) -> str:
    """``12 ticks (3 boxes)``; under a box, the ticks alone (``2 ticks``, not ``(0 boxes
    +2)``)."""
    said = f"{ticks} tick{'' if ticks == 1 else 's'}"
    return f"{said} ({boxes_words(ticks)})" if ticks >= 4 else said


def words(value: Any) -> str:
    """``weak_hit`` -> ``weak hit``; other values as text."""
    if isinstance(value, str):
        return OUTCOMES.get(value, value.replace("_", " "))
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    return str(value)


# A rulebook line cited in a note or message ("(seed 000 L457, L2716)", "(L2407-2408)"): for
# the docstrings and the JSON, not for the player's screen.
CITATION = re.compile(
    r"\s*\(seed \d{3}[^)]*\)|;?\s*\bseed \d{3}(?:,? ?L\d+(?:[-–]\d+)?)+"
    r"|\s*\(L\d+(?:[-–]\d+)?(?:,\s*L?\d+(?:[-–]\d+)?)*\)"
)


def uncited(text: str) -> str:
    """``text`` without rulebook line citations (told to a player)."""
    if "seed " not in text and "(L" not in text:
        return text  # every citation has one or the other (most lines have none)
    return CITATION.sub("", text)


def without_name(text: str, name: str | None) -> str:
    """``text`` without ``name: `` before its phrases, nor `` — name`` after a track's (whose
    it is): for a line already headed by the name ("Kai: Kai: Face Danger" reads "Kai: Face
    Danger", "Kai: new vow: Find Oda — Kai" reads "Kai: new vow: Find Oda"); other
    characters' names stay (a track shared with another: "— Kai, Asha"). Once another's
    name heads a phrase, the next of ``name``'s keeps its name, so that it is not read as the
    other's ("Dax: supply 5 → 0; Kira: supply 5 → 0; Dax: unprepared marked", not "...; Kira:
    supply 5 → 0; unprepared marked")."""
    if not name:
        return text
    prefix, suffix = f"{name}: ", f" — {name}"
    out: list[str] = []
    another = False  # the last phrase named was another's
    for part in text.split("; "):
        if part.startswith(prefix):
            part = part if another else part.removeprefix(prefix)
            another = False
        elif _NAMED.match(part):
            another = True
        out.append(part.removesuffix(suffix))
    return "; ".join(out)


# A phrase headed by a name ("Kira: supply 5 → 0"): capitalised words before ": " (not a
# move's "Face Danger (+edge): weak hit", nor "new vow: ...").
_NAMED = re.compile(r"[A-Z][\w'’-]*(?: [A-Z][\w'’-]*)*: ")


def ship_name(state: Any) -> str | None:
    """The name of the command vehicle of ``state`` (its integrity and troubles are told by
    it, in the log as in a command's result: "Wayfarer integrity 5 → 3"); None when there is
    none, or it has no name."""
    vehicle = getattr(state, "vehicle", None)
    if isinstance(vehicle, Mapping) and vehicle.get("name"):
        return str(vehicle["name"])
    return None


class Narrator:
    """Describes events in words, remembering the names of tracks it has seen created."""

    def __init__(self, state: Any = None, *, leave_out: Iterable[str] = ()) -> None:
        """``leave_out``: kinds of event to leave untold beside :data:`HIDDEN` (the web's
        log: :data:`PINS`)."""
        self.hidden = HIDDEN | frozenset(leave_out)
        self.track_names: dict[str, str] = {}
        self.track_kinds: dict[str, str] = {}  # (a threat's progress is its menace)
        # Each character's cards by id: the card's name and the name its player gave it (a
        # companion: the hawk is "Skye"), learnt from the state and from events as they come.
        self._cards: dict[tuple[str, str], tuple[str, str]] = {}
        self.stat_name: str | None = None  # the stat of the move being told, for its roll
        # Starforged characters (their initiative is told as a position), as the log shows.
        self.starforged: set[str] = set()
        # The tracks of the state learnt from, by id (see track_name).
        self._state_tracks: Mapping[Any, Any] = {}
        # The command vehicle's name, learnt from the state and from its events as they come
        # (its integrity and troubles are told by it: "Wayfarer integrity 5 → 3").
        self.ship: str | None = None
        if state is not None:
            self.learn(state)

    def learn(self, state: Any) -> None:
        """Take the track names from a state, for telling part of a log without its start."""
        self.ship = ship_name(state) or self.ship
        for char in getattr(state, "characters", {}).values():
            if getattr(char, "starforged", False):
                self.starforged.add(str(char.name))
            for record in getattr(char, "assets", None) or ():
                self._learn_asset(str(char.name), record)
        tracks = getattr(state, "tracks", None)
        if isinstance(tracks, Mapping):
            # The state's own tracks, each looked up when a line names it (track_name): a
            # long campaign's hundreds of tracks are not walked for the few that a part of
            # its log names (the web table tells each change's entries this way).
            self._state_tracks = dict(tracks)  # as they are now (the state may change)
            return
        tracks = state.to_dict().get("tracks")
        if isinstance(tracks, Mapping):
            for track_id, track in tracks.items():
                if isinstance(track, Mapping) and track.get("name"):
                    self.track_names[str(track_id)] = str(track["name"])

    # --------------------------------------------------------------------- whole operations

    def begin(self, operation: Operation) -> None:
        """Take the context of an operation before telling its events one by one."""
        # The roll holds the stat's value and the move event its name, in either order.
        moves = [e for e in operation.events if e.get("type") == "move" and e.get("stat")]
        self.stat_name = stat_words(moves[0]) if len(moves) == 1 else None

    def ordered(self, operation: Operation) -> list[dict[str, Any]]:
        """The events in telling order: a move before the roll that was made for it.

        (The move layer records the roll, then the move with its outcome.)
        """
        events = list(operation.events)
        i = 0
        while i < len(events) - 1:
            first, second = events[i], events[i + 1]
            if (
                first.get("type") == "roll"
                and first.get("move") is None
                and second.get("type") == "move"
                and second.get("move") == "scene:resolve"
            ):
                # A scene challenge's roll, written without its move before the engine named
                # it: it is the resolution's own (the story and Iron Vault tell it with it).
                first = events[i] = {**first, "move": "scene:resolve"}
            if (
                first.get("type") == "roll"
                and second.get("type") == "move"
                and first.get("move") == second.get("move")
            ):
                events[i], events[i + 1] = second, first
                i += 1  # this roll is placed; do not carry it further
            i += 1
        return events

    def lines(self, operation: Operation) -> list[str]:
        """One phrase per event worth telling; journal text is not included."""
        out: list[str] = []
        self.begin(operation)
        previous: Mapping[str, Any] = {}
        events = self.ordered(operation)
        told = oracle_restated(events)
        burned = any(e.get("type") == "burn" for e in events)
        rolled = rolled_moves(events)
        for event in events:
            if event.get("type") == "journal" or told_by_burn(event, previous):
                continue
            if rolled and told_when_rolled(event, rolled):
                continue
            if event.get("if") == "burned" and not burned and event.get("type") == "note":
                continue  # what an ability gives on a burn, in a move where nobody burned
            if told and event.get("type") == "note" and restated(str(event.get("text", "")), told):
                continue  # the oracle roll's own line says it (Pay the Price's table)
            previous = event
            line = self.event(event)
            if line:
                out.append(line)
        return out

    def headline(self, operation: Operation, lines: list[str] | None = None) -> str:
        """The operation in one line: its journal text, its move and outcome, or its effects;
        ``lines``: the operation's :meth:`lines`, if told already (not told again)."""
        texts = [str(e.get("text", "")) for e in operation.events if e.get("type") == "journal"]
        if texts:
            return " ".join(texts)
        if lines is None:
            lines = self.lines(operation)
        # The move leads the line, whatever order the move layer recorded its events in; an
        # answer to a decision leads its own (the moves it set off follow it: Kira's "chose
        # obvious" came after "Dax: Out of Supply", the move her answer let follow, and read
        # as Dax's).
        if operation.kind not in ANSWERS:
            moves = {self.event(e) for e in operation.events if e.get("type") == "move"}
            lines = [x for x in lines if x in moves] + [x for x in lines if x not in moves]
        told = lines[:6]
        # A sentence that ends before the next part ends at its "; " (not "Mark menace.; ").
        told = [*(part.removesuffix(".") for part in told[:-1]), *told[-1:]]
        text = "; ".join(told) + (" …" if len(lines) > 6 else "")
        return text or operation.summary or operation.kind

    # ------------------------------------------------------------------------- single events

    def event(self, event: Mapping[str, Any]) -> str | None:
        """One phrase for ``event``, or None for plumbing the story leaves out."""
        kind = str(event.get("type"))
        if kind in self.hidden:
            return None
        describe = getattr(self, f"_{kind}", None)
        if describe is not None:
            try:
                text: str | None = describe(event)
                return None if text is None else uncited(text)
            except (KeyError, TypeError, ValueError, AttributeError, IndexError):
                pass  # a malformed or older event: fall back to the generic form
        return self.generic(event)

    def generic(self, event: Mapping[str, Any]) -> str:
        """``type: field value, ...`` with a from/to pair shown as an arrow."""
        fields = {k: v for k, v in event.items() if k != "type"}
        parts: list[str] = []
        if "from" in fields or "to" in fields:
            change = f"{_short(fields.pop('from', None))} → {_short(fields.pop('to', None))}"
        else:
            change = ""
        parts = [f"{k} {_short(v)}" for k, v in fields.items()]
        if change:
            parts.append(change)
        return (
            f"{words(event.get('type'))}: " + ", ".join(parts)
            if parts
            else words(event.get("type"))
        )

    def move_title(self, event: Mapping[str, Any]) -> str:
        name = event.get("name") or event.get("move") or "a move"
        stat = f" (+{stat_words(event)})" if event.get("stat") else ""
        if event.get("stat") == "progress":
            stat = " (progress)"  # a progress roll: no stat is added
        outcome = f": {words(event['outcome'])}" if event.get("outcome") else ""
        return f"{name}{stat}{outcome}"

    def track_name(self, track_id: Any) -> str:
        """A track's name: as the events told so far named it, else as the state learnt
        from does, else its id."""
        key = str(track_id)
        name = self.track_names.get(key)
        if name is not None:
            return name
        track = self._state_tracks.get(key)
        if track is not None:
            name = track.get("name") if isinstance(track, Mapping) else getattr(track, "name", None)
            if name:
                return str(name)
        return key

    def track_kind(self, track_id: Any) -> str:
        """A track's kind (``vow``, ``threat``), as the events or the state told it; else ""."""
        key = str(track_id)
        kind = self.track_kinds.get(key)
        if kind is not None:
            return kind
        track = self._state_tracks.get(key)
        found = track.get("kind") if isinstance(track, Mapping) else getattr(track, "kind", "")
        return str(found or "")

    def _learn_asset(self, character: str, record: Any) -> None:
        if isinstance(record, Mapping) and record.get("id"):
            card = str(record.get("name") or words(str(record["id"]).rsplit("/", 1)[-1]))
            # Only a companion is told by its own name: a vehicle's name is told beside it.
            companion = str(record.get("type") or "").lower() == "companion"
            self._cards[(character, str(record["id"]))] = (
                card,
                str(record.get("input") or "") if companion else "",
            )

    def asset_name(self, character: Any, asset_id: Any) -> str:
        """A character's card as its player knows it: ``Hild's hawk “Skye”`` for a companion
        the player named (the name as the sheet writes it; it read ``Skye (Hild's hawk)``),
        else ``Hild's swordmaster`` (never the card's id)."""
        card, given = self._cards.get(
            (str(character), str(asset_id)), (words(str(asset_id).rsplit("/", 1)[-1]), "")
        )
        if given and given.lower() != card.lower():
            return f"{character}'s {card.lower()} “{given}”"
        return f"{character}'s {card.lower()}"

    def _damaged(self, event: Mapping[str, Any]) -> str:
        return f"DAMAGED event {int(event.get('index', 0)) + 1} ({event.get('problem')})"

    def _character_created(self, event: Mapping[str, Any]) -> str:
        char = event["character"]
        if char.get("ruleset") == "starforged":
            self.starforged.add(str(char["name"]))
        for record in char.get("assets") or ():
            self._learn_asset(str(char["name"]), record)
        stats = ", ".join(f"{k} {v}" for k, v in dict(char.get("stats", {})).items())
        return f"{char['name']} enters the story" + (f" ({stats})" if stats else "")

    def _meter(self, event: Mapping[str, Any]) -> str:
        return f"{event['character']}: {words(event['meter'])} {event['from']} → {event['to']}"

    def _asset_meter(self, event: Mapping[str, Any]) -> str:
        asset = self.asset_name(event["character"], event["asset"])
        meter = event.get("meter", "health")
        return f"{asset}: {meter} {event['from']} → {event['to']}"

    def _debility(self, event: Mapping[str, Any]) -> str:
        change = "marked" if event["to"] else "cleared"
        return f"{event['character']}: {words(event['debility'])} {change}"

    def _impact(self, event: Mapping[str, Any]) -> str:
        change = "marked" if event["to"] else "cleared"
        return f"{event['character']}: {words(event['impact'])} {change}"

    def _legacy(self, event: Mapping[str, Any]) -> str:
        before, after = event["from"], event["to"]
        done = (
            " (the track is completed and cleared)"
            if after["completed"] and not before["completed"]
            else ""
        )
        # Delve's failure track is kept as a legacy track, and is named as its book names it.
        track = "failure track" if event["track"] == "failure" else f"{event['track']} legacy"
        ticks = f"{after['ticks']} tick{'' if after['ticks'] == 1 else 's'}"
        return f"{event['character']}'s {track}: {before['ticks']} → {ticks}{done}"

    def _ruleset(self, event: Mapping[str, Any]) -> str:
        # The game's name, as its book says it (the event keeps the ruleset's id).
        ruleset = str(event["to"])
        return f"the campaign plays {RULESET_BOOKS.get(ruleset, ruleset)}"

    def _vehicle(self, event: Mapping[str, Any]) -> str:
        if event["to"] is None:
            return f"the command vehicle {event['from']['name']} is lost"
        vehicle = event["to"]
        self.ship = str(vehicle["name"])
        return f"the command vehicle {vehicle['name']} (integrity {vehicle['integrity']})"

    def _vehicle_meter(self, event: Mapping[str, Any]) -> str:
        ship = f"{self.ship} integrity" if self.ship else "the vehicle's integrity"
        return f"{ship} {event['from']} → {event['to']}"

    def _vehicle_impact(self, event: Mapping[str, Any]) -> str:
        change = "marked" if event["to"] else "cleared"
        return f"{self.ship or 'the vehicle'}: {words(event['impact'])} {change}"

    def _vehicle_mark(self, event: Mapping[str, Any]) -> str:
        change = "marked" if event["to"] else "cleared"
        return f"{self.ship or 'the command vehicle'}: {words(event['mark'])} {change}"

    def _asset_mark(self, event: Mapping[str, Any]) -> str:
        asset = self.asset_name(event["character"], event["asset"])
        if str(event["mark"]).startswith("rarity:"):
            # Delve: a rarity augmenting the card (its id is the mark; its name is told).
            rarity = event.get("name") or words(str(event["mark"]).rsplit("/", 1)[-1])
            if event["to"]:
                return f"{asset} is augmented by {rarity}"
            return f"{asset}: {rarity} is gone"
        change = "marked" if event["to"] else "cleared"
        return f"{asset}: {words(event['mark'])} {change}"

    def _incidental_vehicle(self, event: Mapping[str, Any]) -> str:
        before, after = event["from"], event["to"]
        if after is None:
            return f"the vehicle {event['vehicle']} is gone"
        if before is None:
            return f"the vehicle {event['vehicle']} (integrity {after['integrity']})"
        if before.get("integrity") != after.get("integrity"):
            return f"{event['vehicle']}'s integrity {before['integrity']} → {after['integrity']}"
        marks = sorted(set(after.get("marks") or []) ^ set(before.get("marks") or []))
        return f"{event['vehicle']}: {', '.join(words(m) for m in marks) or 'changed'}"

    def _track_field(self, event: Mapping[str, Any]) -> str:
        name = self.track_name(event["track"])
        if event["field"] == "bonded":
            return f"{name}: a bond" if event["to"] else f"{name}: no bond"
        if event["field"] == "no_benefit":
            return f"{name}: " + (
                "no benefit until the vow is done" if event["to"] else "trusted again"
            )
        if event["field"] == "denizens" and "slot" in event:
            # Delve: a slot of the site's denizen table filled, in its words.
            frequency = words(event.get("frequency") or "")
            where = f"denizen {event['slot']}" + (f" ({frequency})" if frequency else "")
            return f"{name}: {where}: {event.get('was')} → {event.get('denizen')}"
        return f"{name}: {words(event['field'])} {words(event['from'])} → {words(event['to'])}"

    def _track_characters(self, event: Mapping[str, Any]) -> str:
        """Who shares a track now: an ally joining a fight (Enter the Fray on it), a successor
        taking a connection over (Continue a Legacy)."""
        name = self.track_name(event["track"])
        before, after = list(event["from"]), list(event["to"])
        joined = [c for c in after if c not in before]
        left = [c for c in before if c not in after]
        if joined and not left:
            kind = self.track_kind(event["track"])
            what = f"the {kind}: {name}" if kind else name
            return f"{' and '.join(joined)} {'join' if len(joined) > 1 else 'joins'} {what}"
        return f"{name}: shared by {', '.join(after) or 'no one'} (was {', '.join(before)})"

    def _initiative(self, event: Mapping[str, Any]) -> str:
        who = event["character"]
        if event.get("position") or who in self.starforged:
            # Starforged calls it position: in control, or in a bad spot.
            return f"{who} is {'in control' if event['to'] else 'in a bad spot'}"
        if event.get("fight_over"):
            return f"{who} is out of the fight: no initiative to hold"
        return f"{who} {'has' if event['to'] else 'loses'} initiative"

    def _status(self, event: Mapping[str, Any]) -> str:
        return f"{event['character']}: {words(event['from'])} → {words(event['to'])}"

    def _bond_added(self, event: Mapping[str, Any]) -> str:
        return f"{event['character']} forges a bond: {event['bond']}"

    def _bond_removed(self, event: Mapping[str, Any]) -> str:
        return f"{event['character']} loses a bond: {event['bond']}"

    def _asset_added(self, event: Mapping[str, Any]) -> str:
        asset = event["asset"]
        self._learn_asset(str(event["character"]), asset)
        if isinstance(asset, Mapping):
            name = str(asset.get("name") or words(str(asset.get("id")).rsplit("/", 1)[-1]))
            if asset.get("input") and str(asset["input"]).lower() != name.lower():
                from ironsworn.card_fields import given_words

                name += given_words(asset)  # a companion by the name given, a craft
        else:
            name = words(str(asset).rsplit("/", 1)[-1])
        return f"{event['character']} gains the asset {name}"

    def _asset_removed(self, event: Mapping[str, Any]) -> str:
        asset = event["asset"]
        if isinstance(asset, Mapping):
            asset = asset.get("id")
        record = event.get("record")
        known = (words(str(asset).rsplit("/", 1)[-1]), "")
        if isinstance(record, Mapping) and record.get("name"):
            # The record the event keeps of it (an entry told alone: a recap's last few).
            known = (str(record["name"]), str(record.get("input") or ""))
        card, given = self._cards.get((str(event["character"]), str(asset)), known)
        name = f"{card} “{given}”" if given and given.lower() != card.lower() else card
        return f"{event['character']} loses the asset {name}"

    def _lasting_added(self, event: Mapping[str, Any]) -> str:
        effect = event["lasting"]
        return f"{event['character']} gains the lasting {effect['id']} ({effect['source']})"

    def _lasting_ended(self, event: Mapping[str, Any]) -> str:
        effect = event["lasting"]
        return f"{event['character']}'s {effect['id']} ends: {event.get('why', 'ended')}"

    def _track_created(self, event: Mapping[str, Any]) -> str:
        track = event["track"]
        self.track_names[str(track["id"])] = str(track["name"])
        self.track_kinds[str(track["id"])] = str(track.get("kind") or "")
        who = ", ".join(track.get("characters") or [])
        rank = f" ({words(track['rank'])})" if track.get("rank") else ""
        kind = words(track["kind"])
        if kind == "fight" and set(track.get("characters") or ()) & self.starforged:
            kind = "combat objective"  # Starforged's words (Enter the Fray: "your objective")
        return f"new {kind}{rank}: {track['name']}" + (f" — {who}" if who else "")

    def _progress(self, event: Mapping[str, Any]) -> str:
        if "track" not in event:  # a progress roll recorded on its own
            return self._roll({"roll": event})
        to = int(event["to"])
        name = self.track_name(event["track"])
        # Delve: a threat's track is its menace track ("mark menace").
        part = "menace" if self.track_kind(event["track"]) == "threat" else "progress"
        return f"{name}: {part} {event['from']} → {ticks_words(to)}"

    def _rank(self, event: Mapping[str, Any]) -> str:
        name = self.track_name(event["track"])
        return f"{name}: rank {words(event['from'])} → {words(event['to'])}"

    def _track_closed(self, event: Mapping[str, Any]) -> str:
        status = event.get("to", event.get("status"))
        return f"{self.track_name(event['track'])}: {words(status)}"

    def _roll(self, event: Mapping[str, Any]) -> str:
        if "roll" not in event:
            # Dice rolled outside an action or progress roll (a recommit's challenge dice).
            return "challenge dice " + ", ".join(str(d) for d in event.get("dice") or [])
        roll = event["roll"]
        challenge = " | ".join(str(d) for d in roll["challenge"])
        outcome = words(roll["outcome"]) + (" (match)" if roll.get("match") else "")
        if roll.get("type") == "progress":
            return f"progress roll {roll['score']} vs {challenge} → {outcome}"
        die = f"{roll['action_die']}" + (" (cancelled)" if roll.get("action_die_cancelled") else "")
        adds = f" + {roll['adds']}" if roll.get("adds") else ""
        stat = f"{self.stat_name} {roll['stat']}" if self.stat_name else f"{roll['stat']}"
        burn = ""
        if roll.get("burned"):
            burn = f" (momentum {int(roll['momentum']):+d} burned)" if "momentum" in roll else ""
            burn = burn or " (momentum burned)"
        elif isinstance(roll.get("burn"), Mapping) and roll["burn"].get("outcome"):
            burn = f" (burning momentum would make it a {words(roll['burn']['outcome'])})"
        return f"action {die} + {stat}{adds} = {roll['score']} vs {challenge} → {outcome}{burn}"

    def _move(self, event: Mapping[str, Any]) -> str:
        who = f"{event['character']}: " if event.get("character") else ""
        return who + self.move_title(event)

    def _oracle(self, event: Mapping[str, Any]) -> str:
        # A nested roll ("roll twice more on this table") names its table by name or id;
        # dice set aside before the roll that counts are shown too ("99 rerolled, 42").
        table = str(event.get("oracle") or event.get("id") or "")
        name = event.get("name") or words(table.rsplit("/", 1)[-1])
        dice = [f"{d} rerolled" for d in event.get("rerolled") or []] + [str(event["roll"])]
        head = f"oracle {name}: " if name else ""
        # A row that points at other tables ("[Action](datasworn:oracle_rollable:...) +
        # [Theme](...)") reads as their names; the nested rolls below say what they gave.
        said = re.sub(r"\[([^\]]+)\]\([^)\s]*\)", r"\1", str(event.get("text", "")))
        text = f"{head}{', '.join(dice)} → {said}".rstrip()
        nested = [self._oracle(r) for r in event.get("rolls") or [] if isinstance(r, Mapping)]
        return text + (f" ({'; '.join(nested)})" if nested else "")

    def _ask(self, event: Mapping[str, Any]) -> str:
        match = " (match)" if event.get("match") else ""
        answer = words(event["answer"])
        question = f" “{event['question']}”" if event.get("question") else ""
        return (
            f"ask the oracle{question} ({odds_words(event['odds'])}): {event['roll']} → "
            f"{answer}{match}"
        )

    def _choice(self, event: Mapping[str, Any]) -> str:
        # A key that is a track's id (a decision of which journey, which fight) is told by
        # the track's name: "chose the old gate", not "chose journey-2".
        keys = ", ".join(self._chosen(k) for k in event.get("keys") or [])
        said = f": {event['text']}" if event.get("text") else ""  # the words given with it
        if not keys and not said:
            # (a decision declined: nothing chosen; in the move's words where it has some)
            declined = event.get("declined")
            return f"{declined} (declined)" if declined else "declined"
        return f"chose {keys or 'nothing'}{said}" + (
            f" ({words(event['list'])})" if event.get("list") else ""
        )

    def _chosen(self, key: Any) -> str:
        """One key of a choice in words: a track's name for a track's id, and for the id
        after an action's word ("clear:fight-6" is "clear Iron auger")."""
        name = self.track_name(key)
        if name != str(key):
            return name
        action, _, track = str(key).partition(":")
        if track:
            named = self.track_name(track)
            if named != track:
                return f"{words(action)} {named}"
        return words(key)

    def _burn(self, event: Mapping[str, Any]) -> str:
        return f"{event['character']} burns momentum: {event['from']} → {event['to']}"

    def _note(self, event: Mapping[str, Any]) -> str:
        return f"note: {event['text']}"

    def _person_added(self, event: Mapping[str, Any]) -> str:
        person = event["person"]
        about = f" — {person['description']}" if person.get("description") else ""
        return f"meets {person['name']}{about}"

    def _place_added(self, event: Mapping[str, Any]) -> str:
        place = event["place"]
        about = f" — {place['description']}" if place.get("description") else ""
        return f"new place: {place['name']}{about}"

    def _note_added(self, event: Mapping[str, Any]) -> str:
        return f"note: {event['note']['text']}"

    def _truth(self, event: Mapping[str, Any]) -> str:
        after = event.get("to")
        if not after:
            # Told by its name (the truth it was, else its id's last word): not the id.
            before = event.get("from") or {}
            name = before.get("name") or words(str(event["truth"]).rsplit("/", 1)[-1]).title()
            return f"truth of {name}: left open"
        rolled = f" (rolled {after['roll']})" if after.get("roll") is not None else ""
        return f"truth of {after['name']}{rolled}: {after['summary']}"

    def _packs(self, event: Mapping[str, Any]) -> str:
        return "content packs: " + (", ".join(event["to"]) or "none")

    def _equipment(self, event: Mapping[str, Any]) -> str:
        return f"{event['character']}'s equipment: " + (", ".join(event["to"]) or "none")

    def _stat(self, event: Mapping[str, Any]) -> str:
        return f"{event['character']}'s {event['stat']}: {event['from']} → {event['to']}"

    def _asset_reskin(self, event: Mapping[str, Any]) -> str:
        before, after = event["from"], event["to"]
        text = f"{event['character']}'s {before['name']} is reskinned as {after['name']}"
        if after.get("requirement") != before.get("requirement") and after.get("requirement"):
            text += f" ({after['requirement']})"
        return text

    def _setting(self, event: Mapping[str, Any]) -> str:
        if event.get("setting") == "shared_supply":
            return "the party travels " + ("together" if event["to"] else "apart")
        from ironsworn.campaign.options import OPTIONS, option_words

        if event.get("setting") in OPTIONS:
            before, after = option_words(event["from"]), option_words(event["to"])
            # (by its name as a player types it with spaces: "option even matches: off → on")
            return f"option {words(event['setting'])}: {before} → {after}"
        return f"{words(event.get('setting'))}: {words(event['from'])} → {words(event['to'])}"

    def _countdown(self, event: Mapping[str, Any]) -> str:
        return f"{self.track_name(event['track'])}: countdown {event['from']} → {event['to']}/4"

    def _asset_ability(self, event: Mapping[str, Any]) -> str:
        asset = self.asset_name(event["character"], event["asset"])
        change = "marked" if event["to"] else "cleared"
        return f"{asset}: ability {int(event['ability']) + 1} {change}"

    def _imported(self, event: Mapping[str, Any]) -> str:
        # History brought in from Iron Vault: its mechanics block, told in words.
        lines = [str(line) for line in event.get("lines") or []]
        return "from Iron Vault: " + ("; ".join(lines) or "mechanics")

    def _journal_edited(self, event: Mapping[str, Any]) -> str:
        return f"journal #{event['entry']} edited"

    def _journal_deleted(self, event: Mapping[str, Any]) -> str:
        return f"journal #{event['entry']} deleted"

    def _session(self, event: Mapping[str, Any]) -> str:
        title = event.get("title") or event.get("text")
        return "new session" + (f": {title}" if title else "")


# What a move that rolls a value of its own ("custom") adds, in its words: Develop Your
# Relationship rolls +the connection's rank (seed 003); told "custom", it read "(+custom)".
CUSTOM_ROLLS = {"move:starforged/connection/develop_your_relationship": "rank"}


def stat_words(event: Mapping[str, Any]) -> str:
    """The stat a move event rolled, as a player says it ("vehicle integrity", "rank")."""
    stat = str(event.get("stat"))
    if stat == "custom":
        return CUSTOM_ROLLS.get(str(event.get("move")), "the move's own value")
    return words(stat)


def entries(
    operations: Iterable[Operation],
    narrator: Narrator | None = None,
    texts: Mapping[int, str | None] | None = None,
    *,
    details: bool = False,
) -> list[dict[str, Any]]:
    """The journal view: one entry per operation, journal text (as last edited; a deleted
    entry left out) or a line of mechanics. Edits and deletions are not entries themselves.
    ``texts`` are the entries' current texts when ``operations`` are a page of the log whose
    later edits are not in it (see :func:`ironsworn.campaign.journal_edits.current_texts`).
    ``details``: each entry also carries its operation's :meth:`Narrator.lines` (``[]`` for a
    journal entry), told once for both (the web's timeline shows them one by one)."""
    from ironsworn.campaign.journal_edits import EDIT_KINDS, current_texts

    narrator = narrator or Narrator()
    operations = list(operations)
    if texts is None:
        texts = current_texts(operations)
    out: list[dict[str, Any]] = []
    for operation in operations:
        if operation.kind in EDIT_KINDS:
            continue
        is_text = operation.kind == "journal"
        if is_text and operation.seq in texts and texts[operation.seq] is None:
            continue  # deleted
        told = narrator.lines(operation) if details and not is_text else None
        line = narrator.headline(operation, told)
        if is_text:
            line = texts.get(operation.seq) or line  # an undone entry: as it was written
        entry = {
            "seq": operation.seq,
            "time": operation.time,
            "kind": operation.kind,
            "character": operation.character,
            "text": line if is_text else None,
            "mechanics": None if is_text else line,
        }
        if details:
            entry["details"] = [] if told is None else told
        out.append(entry)
    return out


def resolve_character(state: Any, name: str) -> str:
    """The character's name as the state spells it; NotFound (with candidates) if unknown.

    Works with any state: one with a ``character(name)`` lookup, or one whose ``to_dict()``
    has a ``characters`` mapping. A state that knows no characters accepts any name.
    """
    lookup = getattr(state, "character", None)
    if callable(lookup):
        found = lookup(name)
        return str(getattr(found, "name", name))
    characters = state.to_dict().get("characters")
    if isinstance(characters, Mapping) and characters:
        for known in characters:
            if str(known).lower() == name.strip().lower():
                return str(known)
        from ironsworn.errors import NotFound

        raise NotFound(f"character {name!r} is unknown", tuple(str(k) for k in characters))
    return name


def _short(value: Any) -> str:
    if isinstance(value, Mapping):
        for key in ("name", "id", "kind"):
            if key in value:
                return str(value[key])
        return "{…}"
    if isinstance(value, list):
        return (
            "[" + ", ".join(_short(v) for v in value[:5]) + (", …" if len(value) > 5 else "") + "]"
        )
    return words(value)
