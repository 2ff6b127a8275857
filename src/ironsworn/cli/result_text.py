"""What a move or change did, told as short lines in the order it happened.

A move's name heads what it did: a follow-on move's header comes after the line that caused
it, a change that happened before a roll (Endure Harm's health, and "2 harm past 0 health
becomes -2 momentum" before the momentum it costs) comes before that roll, and a burned roll
shows the momentum it used. Each move record knows where it starts among the operation's
events (:attr:`~ironsworn.moves.engine.MoveRecord.first_event`); the events are then told one
by one: rolls, burns, notes and every change as ``who: target from -> to``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ironsworn.moves.engine import MoveRecord, OperationResult


def describe_result(result: OperationResult, pending: Callable[[Any], str] | None = None) -> str:
    """Short, readable lines for a move or change: dice, outcome, effects, what is pending."""
    from ironsworn.moves.engine import effect_of

    lines: list[str] = []
    starts: dict[int, list[MoveRecord]] = {}
    for record in result.moves:
        first = record.first_event
        at = first if first is not None and first < len(result.events) else len(result.events)
        starts.setdefault(at, []).append(record)
    current: MoveRecord | None = None
    burned: dict[str, Any] | None = None  # the momentum change a burn line has told already
    for index, event in enumerate([*result.events, None]):
        for record in starts.get(index, []):
            lines.append(_header(record, first=not lines))
            current = record
            if index == len(result.events) and record.roll:
                lines.append("  " + roll_line(record.roll))  # told by no event of its own
        if event is None:
            break
        kind = event.get("type")
        if kind == "roll" and "roll" not in event:
            # Bare dice (a recommit's challenge dice): the move's note tells them and their use.
            continue
        if kind == "roll":
            prefix = ""
            if event.get("reroll"):
                prefix = "reroll " + ", ".join(str(k) for k in event["reroll"]) + ": "
            elif event.get("focus"):
                prefix = f"focus on {event['focus']}: "
            lines.append("  " + prefix + roll_line(event["roll"]))
        elif kind == "burn":
            lines.append(
                f"  {event['character']} burns momentum {int(event['from']):+d} -> "
                f"{int(event['to']):+d}"
            )
            if current is not None and current.roll and current.roll.get("burned"):
                lines.append("  " + roll_line(current.roll))
            burned = {"character": event["character"], "from": event["from"], "to": event["to"]}
        elif kind == "note":
            lines.append(f"  · {event['text']}")
        elif kind == "meter" and burned is not None and burned == _momentum_change(event):
            burned = None
        else:
            effect = effect_of(event)
            if effect is not None:
                who = f"{effect['character']}: " if effect.get("character") else ""
                lines.append(
                    f"  {who}{effect['target']} {_fmt(effect['from'])} -> {_fmt(effect['to'])}"
                )
    if result.pending and pending is not None:
        lines.append(pending(result.pending))
    return "\n".join(lines) if lines else "nothing changed"


def _momentum_change(event: dict[str, Any]) -> dict[str, Any] | None:
    if event.get("meter") != "momentum":
        return None
    return {"character": event.get("character"), "from": event["from"], "to": event["to"]}


def _header(record: MoveRecord, first: bool) -> str:
    head = ("" if first else "→ ") + record.name
    if record.stat:
        head += " (progress)" if record.stat == "progress" else f" (+{record.stat})"
    return head


def roll_line(roll: dict[str, Any]) -> str:
    """One line for a roll's JSON: the dice, the score and the outcome."""
    from ironsworn.cli.roll_cmd import describe_action, describe_progress
    from ironsworn.rolls import ActionRoll, ProgressRoll

    if roll.get("type") == "action":
        return describe_action(ActionRoll.from_json(roll)).split("\n")[0]
    return describe_progress(ProgressRoll.from_json(roll))


def _fmt(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "-"
    return str(value)
