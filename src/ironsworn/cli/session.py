"""Running a command against the campaign: open it, make the change, commit, print.

A writing command runs inside ``store.write()``: the state is read under the write lock, the
engine changes a working copy and produces events, and the events are appended as one
operation. Any error rolls the transaction back, so nothing is written.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ironsworn.dice import Dice, RandomDice, typed_dice

if TYPE_CHECKING:
    from ironsworn.campaign.state import CampaignState
    from ironsworn.moves.engine import MoveEngine, OperationResult


def dice_from(args: argparse.Namespace) -> Dice:
    """Typed dice from ``--dice`` (any count, used in order), else random (``--seed``)."""
    text = getattr(args, "dice", None)
    if text:
        return typed_dice(text, source="--dice")
    return RandomDice(getattr(args, "seed", None))


def write(
    args: argparse.Namespace, body: Callable[[MoveEngine], OperationResult]
) -> OperationResult:
    """Run ``body`` with an engine on the campaign and commit what it produced."""
    from ironsworn.campaign.registry import open_campaign
    from ironsworn.content import load_library
    from ironsworn.moves.engine import MoveEngine

    store = open_campaign(getattr(args, "campaign", None), create=True)
    with store, store.write() as tx:
        library = load_library()
        engine = MoveEngine(tx.state, library, dice_from(args))
        result = body(engine)
        if result.events:
            # The campaign remembers the content packs it was played with.
            packs = [p.id for p in library.packs]
            if packs != tx.state.packs:
                event = {"type": "packs", "from": list(tx.state.packs), "to": packs}
                tx.state.apply(event)  # the store trusts that tx.state saw every event
                result.events.append(event)
            tx.append(
                result.kind, result.events, character=result.character, summary=result.summary
            )
    return result


def read_state(args: argparse.Namespace) -> CampaignState:
    """The campaign's current state, for commands that only read."""
    from ironsworn.campaign.registry import open_campaign

    store = open_campaign(getattr(args, "campaign", None), create=False)
    with store:
        state: CampaignState = store.state()
    return state


def describe_result(result: OperationResult) -> str:
    """Short, readable lines for a move or change: dice, outcome, effects, what is pending."""
    from ironsworn.cli.roll_cmd import describe_action, describe_progress
    from ironsworn.rolls import ActionRoll, ProgressRoll

    lines: list[str] = []
    for i, record in enumerate(result.moves):
        head = ("" if i == 0 else "→ ") + record.name
        if record.stat:
            head += " (progress)" if record.stat == "progress" else f" (+{record.stat})"
        lines.append(head)
        if record.roll:
            if record.roll["type"] == "action":
                roll = ActionRoll.from_json(record.roll)
                lines.append("  " + describe_action(roll).split("\n")[0])
            else:
                lines.append("  " + describe_progress(ProgressRoll.from_json(record.roll)))
    for effect in result.effects:
        who = f"{effect['character']}: " if effect.get("character") else ""
        lines.append(f"  {who}{effect['target']} {_fmt(effect['from'])} -> {_fmt(effect['to'])}")
    for note in result.notes:
        lines.append(f"  · {note}")
    if result.pending:
        lines.append(pending_text(result.pending))
    return "\n".join(lines) if lines else "done"


def pending_text(pending: dict[str, Any]) -> str:
    """How a pending decision is shown, with the commands that answer it."""
    if pending["kind"] == "burn":
        return f"PENDING ({pending['character']}): {pending['prompt']}"
    options = "\n".join(f"    {o['key']:<24} {o['text']}" for o in pending["options"])
    how = "ironsworn choose KEY" + (" (or decline)" if int(pending.get("min", 1)) == 0 else "")
    return f"PENDING ({pending['character']}): {pending['prompt']} — {how}\n{options}"


def _fmt(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "-"
    return str(value)


def record(args: argparse.Namespace, kind: str, event: dict[str, Any], summary: str) -> None:
    """With ``--record``: keep a one-shot roll (oracle, ask) in the campaign's log."""
    if not getattr(args, "record", False):
        return
    from ironsworn.campaign.registry import open_campaign

    store = open_campaign(getattr(args, "campaign", None), create=True)
    with store, store.write() as tx:
        characters = list(tx.state.characters)
        who = characters[0] if len(characters) == 1 else None
        tx.append(kind, [{**event, "character": who}], character=who, summary=summary)


def record_options(parser: argparse.ArgumentParser) -> None:
    """``--record`` (and ``--campaign``) for one-shot rolls that can be kept in the log."""
    parser.add_argument(
        "--record", action="store_true", help="keep this roll in the campaign's log and journal"
    )
    parser.add_argument("--campaign", metavar="PATH", help="campaign file (with --record)")
