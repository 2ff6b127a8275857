"""What a move or change did, told as short lines in the order it happened.

A move's name heads what it did: a follow-on move's header comes after the line that caused
it, a change that happened before a roll (Endure Harm's health, and "2 harm past 0 health
becomes -2 momentum" before the momentum it costs) comes before that roll, and a burned roll
shows the momentum it used. Each move record knows where it starts among the operation's
events (:attr:`~ironsworn.moves.engine.MoveRecord.first_event`); the events are then told one
by one: rolls, burns, notes and every change as ``who: target from -> to``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ironsworn.campaign.journal import Narrator
    from ironsworn.moves.engine import MoveRecord, OperationResult

# The dice a reroll names, in the game's words (the event keeps the roll's keys).
DIE_WORDS = {
    "action_die": "the action die",
    "challenge_1": "the first challenge die",
    "challenge_2": "the second challenge die",
}


def describe_result(
    result: OperationResult, pending: Callable[[Any], str] | None = None, outcomes: bool = False
) -> str:
    """Short, readable lines for a move or change: dice, outcome, effects, what is pending;
    with ``outcomes``, each move's outcome text after its roll (play mode)."""
    from ironsworn.cli.common import plain
    from ironsworn.moves.engine import effect_of

    lines: list[str] = []
    starts: dict[int, list[MoveRecord]] = {}
    for record in result.moves:
        first = record.first_event
        at = first if first is not None and first < len(result.events) else len(result.events)
        starts.setdefault(at, []).append(record)
    current: MoveRecord | None = None
    burned: dict[str, Any] | None = None  # the momentum change a burn line has told already
    shown: set[int] = set()  # the moves whose outcome text is told
    told: list[str] = []
    narrators: list[Narrator] = []  # (made for the first change told in words, if any)
    for index, event in enumerate([*result.events, None]):
        for record in starts.get(index, []):
            lines.append(_header(record, first=not lines))
            current = record
            if index == len(result.events) and record.roll:
                lines.append("  " + roll_line(record.roll))  # told by no event of its own
                told += _outcome_text(record, outcomes)
        if event is None:
            break
        kind = event.get("type")
        if kind == "roll" and "roll" not in event:
            # Bare dice (a recommit's challenge dice): the move's note tells them and their use.
            continue
        if kind == "roll":
            prefix = ""
            if event.get("reroll"):
                dice = ", ".join(DIE_WORDS.get(str(k), str(k)) for k in event["reroll"])
                prefix = f"reroll {dice}: "
            elif event.get("focus"):
                prefix = f"focus on {event['focus']}: "
            lines.append("  " + prefix + roll_line(event["roll"]))
            if current is not None and id(current) not in shown:
                shown.add(id(current))
                lines += _outcome_text(current, outcomes)
        elif kind == "burn":
            lines.append(
                f"  {event['character']} burns momentum {int(event['from']):+d} -> "
                f"{int(event['to']):+d}"
            )
            if current is not None and current.roll and current.roll.get("burned"):
                lines.append("  " + roll_line(current.roll))
            burned = {"character": event["character"], "from": event["from"], "to": event["to"]}
        elif kind == "note":
            note = plain(str(event["text"]))
            if not lines or lines[-1] != f"  {note}":  # (not the line just told, again)
                lines.append(f"  · {note}")
        elif kind == "meter" and burned is not None and burned == _momentum_change(event):
            burned = None
        elif kind == "track_created":
            track = event["track"]
            lines.append(f"  new {track['kind']}: {track['name']} ({track['rank']})")
        elif kind in ("vehicle", "incidental_vehicle") and None in (event["from"], event["to"]):
            lines.append("  " + _vehicle_line(event))
        else:
            effect = effect_of(event)
            said = _turned(event, effect, result.after, narrators)
            if said is not None:
                lines.append("  " + said)
            elif effect is not None:
                who = f"{effect['character']}: " if effect.get("character") else ""
                target = target_words(event, str(effect["target"]), result.after)
                change = f"{_fmt(effect['from'])} -> {_fmt(effect['to'])}"
                if kind == "progress" and isinstance(effect["to"], int):
                    # Progress is kept in ticks; the track is drawn in boxes of four.
                    from ironsworn.campaign.journal import ticks_words

                    change = f"{_fmt(effect['from'])} -> {ticks_words(effect['to'])}"
                lines.append(f"  {who}{target} {change}")
    lines += told
    if result.pending and pending is not None:
        lines.append(pending(result.pending))
    if not lines:
        return _answered(result) or NOTHING_CHANGED
    return "\n".join(lines)


def _answered(result: OperationResult) -> str | None:
    """An answer to a decision that changed nothing else and left its character no next
    decision, told as what it did ("Withstand Damage: Kira chose press on (no roll); the
    decision is answered, nothing else changes"), not as "nothing changed", which reads as an
    answer lost; None for any other result."""
    answered = next(
        (e["from"] for e in result.events if e.get("type") == "pending" and e.get("from")), None
    )
    if not isinstance(answered, dict):
        return None
    who = answered.get("character")
    now = getattr(result.after, "pending", None)
    if isinstance(now, dict) and now.get("character") == who:
        return None  # it led to their next decision, which is what is shown
    choice = next((e for e in result.events if e.get("type") == "choice"), None)
    if choice is not None and choice.get("options"):
        did = "chose " + ", ".join(str(o) for o in choice["options"])
    elif choice is not None and choice.get("keys"):
        did = "chose " + ", ".join(str(k).replace("_", " ") for k in choice["keys"])
    elif answered.get("kind") == "burn":
        did = "did not burn momentum"
    else:
        did = "declined"
    from ironsworn.content import load_library

    move = load_library().moves.get(str(answered.get("move")))
    where = f"{move.name}: " if move is not None else ""
    person = f"{who} " if who else ""
    return f"{where}{person}{did}; the decision is answered, nothing else changes"


def _turned(
    event: dict[str, Any], effect: dict[str, Any] | None, state: Any, narrators: list[Narrator]
) -> str | None:
    """A change from no to yes or back told as the log tells it ('Kai: wounded marked', 'Kai
    gains the asset Hawk', 'Kira is in control', the command vehicle by its name: 'Wayfarer:
    battered marked'), not 'debility wounded no -> yes'; None for any other change."""
    if effect is None:
        return None
    before, after = effect["from"], effect["to"]
    position = effect["target"] == "position"  # Starforged's: in control, in a bad spot
    if not position and (not isinstance(before, bool) or not isinstance(after, bool)):
        return None
    if before == after:
        return None
    if not narrators:
        from ironsworn.campaign.journal import Narrator

        narrators.append(Narrator(state))
    narrator = narrators[0]
    return narrator.event(event)


# What a result that changed nothing says.
NOTHING_CHANGED = "nothing changed"
# Meters told in the game's words.
METER_WORDS = {
    "experience_earned": "experience",
    "experience_spent": "experience spent",
    "bond_ticks": "bonds",
}
# What an event changes on a track or an asset, after its name.
TRACK_PARTS = {
    "progress": "progress",
    "rank": "rank",
    "countdown": "countdown",
    "track_closed": "status",
}


def target_words(event: dict[str, Any], target: str, state: Any = None) -> str:
    """What an effect changed, as a player names it: a companion by the name given
    (``Hound “Brann” health``), a track by its words (``journey: Ironhome progress``), a meter
    in the game's words; ids stay in ``--json``. ``target`` (the JSON's) when nothing fits."""
    kind = event.get("type")
    if kind == "meter":
        meter = str(event.get("meter"))
        return METER_WORDS.get(meter, meter.replace("_", " "))
    if kind in TRACK_PARTS or kind in ("track_field", "track_characters"):
        part = TRACK_PARTS.get(str(kind)) or str(event.get("field", "")).replace("_", " ")
        if kind == "track_characters":
            part = "shared by"
        if event.get("field") == "denizens" and "slot" in event:
            part = f"denizen {event['slot']}"  # Delve: a slot of the site's denizen table
        words = track_words(str(event.get("track")), state)
        if kind == "progress" and words.startswith("threat: "):
            part = "menace"  # Delve: a threat's track is its menace track ("mark menace")
        return f"{words} {part}"
    if str(kind).startswith("asset_") and isinstance(event.get("asset"), str):
        name = asset_words(str(event["asset"]), event.get("character"), state)
        if kind == "asset_meter":
            return f"{name} {event.get('meter', 'health')}"
        if kind == "asset_ability":
            return f"{name} ability {int(event['ability']) + 1}"
        if kind == "asset_track":
            extra = " max" if event.get("field") == "max" else ""
            return f"{name} {str(event['track']).replace('_', ' ')}{extra}"
        if kind == "asset_mark" and str(event["mark"]).startswith("rarity:"):
            return f"{name} rarity"  # Delve: the rarity augmenting the card
        if kind == "asset_mark":
            return f"{name} {str(event['mark']).replace('_', ' ')}"
        if kind == "asset_reskin":
            return f"{name} card"
        if kind == "asset_removed":
            record = event.get("record")
            if isinstance(record, dict) and record.get("name"):
                # Gone from the sheet: named as the sheet named it (a companion's name too).
                from ironsworn.card_fields import given_words

                name = str(record["name"]) + given_words(record)
            return f"asset {name}"
    if kind == "asset_added":
        record = event["asset"]
        from ironsworn.card_fields import given_words

        given = given_words(record)  # a companion's name, a craft by its label
        return f"asset {record.get('name') or record['id']}{given}"
    if target.startswith("vehicle:"):
        # An incidental vehicle by its name ("Skiff:integrity"); the command vehicle by the
        # name the sheet gives it ("Wayfarer integrity"), "vehicle" when it has none now.
        name, _, part = target[len("vehicle:") :].rpartition(":")
        if not name:
            from ironsworn.campaign.journal import ship_name

            name = ship_name(state) or "vehicle"  # (named as the log names it)
        return f"{name} {part.replace('_', ' ')}"
    for prefix in ("debility:", "impact:", "bond:", "legacy:"):
        if target.startswith(prefix):
            rest = target[len(prefix) :].replace("_", " ")
            if prefix == "legacy:":
                # Delve's failure track is kept as a legacy track, named as its book names it.
                return "failure track" if rest == "failure" else f"{rest} legacy"
            return f"{prefix[:-1]} {rest}"
    return target.replace("_", " ") if target.isidentifier() else target


def _vehicle_line(event: dict[str, Any]) -> str:
    """A vehicle boarded or left: ``new command vehicle: Vesper (integrity 5)``."""
    kind = "incidental vehicle" if event["type"] == "incidental_vehicle" else "command vehicle"
    if event["to"] is None:
        return f"{kind} gone: {event['from']['name']}"
    return f"new {kind}: {event['to']['name']} (integrity {event['to']['integrity']})"


def track_words(track_id: str, state: Any = None) -> str:
    """A track by its words and kind (``journey: Ironhome``), its id without a state."""
    track = getattr(state, "tracks", {}).get(track_id) if state is not None else None
    return f"{track.kind}: {track.name}" if track is not None else track_id


def asset_words(asset_id: str, character: Any, state: Any = None) -> str:
    """An asset by its card's name with the name its player gave it, as the sheet words it
    (``Hound “Brann”``; it read ``Brann (hound)``), else its card's name."""
    card = asset_id.rsplit("/", 1)[-1].replace("_", " ")
    char = getattr(state, "characters", {}).get(character) if state is not None else None
    record = next((a for a in getattr(char, "assets", ()) if a.get("id") == asset_id), None)
    if record is None:
        return card
    from ironsworn.card_fields import given_words

    given = str(record.get("input") or "")
    name = str(record.get("name") or card)
    if given and given.lower() != name.lower():
        return name + given_words(record)
    return name


def _momentum_change(event: dict[str, Any]) -> dict[str, Any] | None:
    if event.get("meter") != "momentum":
        return None
    return {"character": event.get("character"), "from": event["from"], "to": event["to"]}


def _header(record: MoveRecord, first: bool) -> str:
    head = ("" if first else "→ ") + record.name
    if record.stat:
        from ironsworn.campaign.journal import stat_words

        stat = stat_words({"stat": record.stat, "move": record.move})
        head += " (progress)" if record.stat == "progress" else f" (+{stat})"
    return head


# The width a move's outcome text is wrapped to (narrower at a narrower terminal).
OUTCOME_WIDTH = 96


def _outcome_text(record: MoveRecord, wanted: bool) -> list[str]:
    """The move's outcome text (its strong hit, weak hit or miss), wrapped and indented, each
    of its list items on lines of its own ("choose one." then "* Shake it off: ...")."""
    if not wanted or not record.text:
        return []
    import textwrap

    from ironsworn.cli.common import is_terminal, terminal_columns
    from ironsworn.cli.move_text import move_words

    # The words before a table (Endure Harm's miss rolls on one): the table is the engine's,
    # as is a table a pack's text embeds. Its links and emphasis: a terminal shows the words.
    text = move_words(str(record.text)).split("Roll | Result", 1)[0]
    lines: list[str] = []
    width = OUTCOME_WIDTH
    if is_terminal(sys.stdout):  # at a terminal narrower than that, to its width
        width = min(width, terminal_columns() - 1)
    for part in (" ".join(line.split()) for line in text.splitlines()):
        if not part:
            continue
        item = part.startswith("* ")
        lines += textwrap.wrap(
            part,
            width=width,
            initial_indent="    ",
            subsequent_indent="      " if item else "    ",
        )
    return lines


def roll_line(roll: dict[str, Any]) -> str:
    """One line for a roll's JSON: the dice, the score and the outcome."""
    from ironsworn.cli.roll_cmd import describe_action, describe_progress
    from ironsworn.rolls import ActionRoll, ProgressRoll

    if roll.get("type") == "action":
        line = describe_action(ActionRoll.from_json(roll)).split("\n")[0]
        if roll.get("rarity"):
            # Delve's Wield a Rarity: the action die was the rarity die; a 6 is a strong hit.
            line = line.replace("action ", "rarity die ", 1)
            if roll.get("action_die") == 6:
                line += " → an automatic STRONG HIT (the rarity die's 6)"
        return line
    return describe_progress(ProgressRoll.from_json(roll))


def _fmt(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "-"
    if isinstance(value, list):  # marks, a track's characters: their words
        return ", ".join(str(v).replace("_", " ") for v in value) or "none"
    return str(value)
