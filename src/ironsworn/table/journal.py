"""The journal and the world: journal entries, people, places, notes, the world's truths;
and undo / redo of the last operation.

``journal`` answers ``{"added": operation, "campaign"}``; ``undo`` and ``redo`` answer the
operation undone or redone (as ``undo --json`` prints it).
"""

from __future__ import annotations

from typing import Any

from ironsworn.errors import RuleViolation
from ironsworn.table.commit import commit
from ironsworn.table.inputs import Choice, Input
from ironsworn.table.moves import dice_of
from ironsworn.table.operation import JsonDict, Operation, Table
from ironsworn.table.sheet import character_input, sheet_ops


def journal(table: Table, args: JsonDict) -> JsonDict:
    """Write a journal entry, as the seat's character (or the only one)."""
    from ironsworn.campaign.journal import resolve_character

    state = table.state()
    character = table.acting_for(args.get("character"))
    if character is not None:
        character = resolve_character(state, character)
    elif len(state.characters) == 1:
        character = next(iter(state.characters))
    operation = table.store.journal_add(args["text"], character=character)
    return {"added": operation.to_dict(), "campaign": table.campaign}


def world_entry(kind: str) -> Any:
    def run(table: Table, args: JsonDict) -> list[JsonDict]:
        def body(engine: Any) -> Any:
            ops = sheet_ops(engine)
            if kind == "person":
                return ops.add_person(args["name"], args.get("description", ""), args.get("place"))
            if kind == "place":
                return ops.add_place(args["name"], args.get("description", ""), args.get("region"))
            return ops.add_note(args["text"], table.acting_for(args.get("character")))

        result = commit(table.store, table.library(), dice_of(table, {}), body)
        return [e for e in result.events if e["type"] != "packs"]

    return run


def truths(table: Table, args: Any) -> list[Choice]:
    found = table.library().in_ruleset("truths", table.state().ruleset)
    return [Choice(t.name.lower(), t.name) for t in found.values()]


def truth(table: Table, args: JsonDict) -> Any:
    """Set a world truth: an option's key, ``roll`` (rolled on its table) or ``open``."""
    option: str | None = args["option"]
    roll: int | None = None
    if option == "roll":
        from ironsworn.content.oracle_roller import roll_truth
        from ironsworn.dice import RandomDice

        rolled = roll_truth(table.library(), args["truth"], RandomDice(args.get("seed")))
        option, roll = rolled.option.key, rolled.roll
    elif option == "open":
        option = None
    result = commit(
        table.store,
        table.library(),
        dice_of(table, {}),
        lambda e: sheet_ops(e).set_truth(args["truth"], option, roll),
    )
    return result.events[0]["to"]


def undo_redo(undo: bool) -> Any:
    def run(table: Table, args: JsonDict) -> JsonDict:
        verb = "undo" if undo else "redo"
        operation = table.store.undo() if undo else table.store.redo()
        if operation is None:
            raise RuleViolation(f"nothing to {verb} in campaign {table.campaign!r}")
        return {"undone" if undo else "redone": operation.to_dict(), "campaign": table.campaign}

    return run


OPERATIONS = (
    Operation(
        "journal",
        "write a journal entry (Markdown)",
        journal,
        (Input("text", "text", "the entry", True), character_input()),
    ),
    Operation(
        "person",
        "note a person met",
        world_entry("person"),
        (
            Input("name", "text", "their name", True),
            Input("description", "text", "who they are"),
            Input("place", "text", "where they live"),
        ),
    ),
    Operation(
        "place",
        "note a place",
        world_entry("place"),
        (
            Input("name", "text", "its name", True),
            Input("description", "text", "what it is"),
            Input("region", "text", "one of the rulebook's regions"),
        ),
    ),
    Operation(
        "note",
        "a free note",
        world_entry("note"),
        (Input("text", "text", "the note", True), character_input()),
    ),
    Operation(
        "truth",
        "set a world truth",
        truth,
        (
            Input("truth", "text", "the truth category", True, source=truths),
            Input("option", "text", "an option's key, 'roll' or 'open'", True),
            Input("seed", "text", "seed for 'roll'"),
        ),
    ),
    Operation("undo", "undo the last operation", undo_redo(True)),
    Operation("redo", "redo the last undone operation", undo_redo(False)),
)
