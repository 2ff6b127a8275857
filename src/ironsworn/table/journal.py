"""The journal and the world: journal entries (written, edited, deleted), people, places,
notes, the world's truths; and undo / redo of the last operation.

``journal`` answers ``{"added": operation, "campaign"}``, ``journal_edit`` and
``journal_delete`` ``{"edited" | "deleted": operation, "campaign"}`` (each an operation of its
own, which undo takes back); ``undo`` and ``redo`` answer the operation undone or redone (as
``undo`` prints it as JSON).
"""

from __future__ import annotations

from typing import Any

from ironsworn.errors import Forbidden, RuleViolation
from ironsworn.table import choices
from ironsworn.table.inputs import Choice, Input
from ironsworn.table.moves import commit_at
from ironsworn.table.operation import JsonDict, Operation, Table
from ironsworn.table.sheet import character_input, sheet_ops


def journal(table: Table, args: JsonDict) -> JsonDict:
    """Write a journal entry, as the seat's character (or the only one)."""
    operation = table.store.journal_add(args["text"], character=writer(table, args))
    return {"added": operation.to_dict(), "campaign": table.campaign}


def writer(table: Table, args: JsonDict) -> str | None:
    """Whose entry (a journal entry, a person, place or note added): the character named,
    else the seat's, else the only one; as the sheet spells the name."""
    from ironsworn.campaign.journal import resolve_character

    state = table.state()
    character = table.acting_for(args.get("character"))
    if character is not None:
        return resolve_character(state, character)
    if len(state.characters) == 1:
        return str(next(iter(state.characters)))
    return None


def entries(table: Table, args: Any) -> list[Choice]:
    """The journal entries there are now (deleted ones left out), by the number the journal
    shows, with their first words."""
    from ironsworn.campaign.journal_edits import current_texts

    listed = getattr(table.store, "operations", None)
    if listed is None:  # a store that only hands out a state (the MCP server's listing)
        return []
    texts = current_texts(listed())
    return [
        Choice(str(seq), f"#{seq}", " ".join(text.split())[:60])
        for seq, text in texts.items()
        if text is not None
    ]


def _own_entry(table: Table, seq: int) -> None:
    """A character's seat changes only its character's entries (the guide seat any)."""
    from ironsworn.campaign.journal_edits import entry_text, writer

    entry_text(table.store, seq)  # NotFound for an entry that is not there
    if table.seat is None:
        return
    wrote = writer(table.store, seq)
    if wrote is not None and wrote.lower() != table.seat.lower():
        raise Forbidden(
            f"journal entry #{seq} is {wrote}'s: this seat plays {table.seat} (accepted: "
            f"{table.seat}'s entries, or the guide seat)"
        )


def journal_edit(table: Table, args: JsonDict) -> JsonDict:
    """Replace an entry's text (undo restores it)."""
    from ironsworn.campaign.journal_edits import edit_entry

    _own_entry(table, args["entry"])
    operation = edit_entry(table.store, args["entry"], args["text"])
    return {"edited": operation.to_dict(), "campaign": table.campaign}


def journal_delete(table: Table, args: JsonDict) -> JsonDict:
    """Delete an entry (undo brings it back)."""
    from ironsworn.campaign.journal_edits import delete_entry

    _own_entry(table, args["entry"])
    operation = delete_entry(table.store, args["entry"])
    return {"deleted": operation.to_dict(), "campaign": table.campaign}


def world_entry(kind: str) -> Any:
    def run(table: Table, args: JsonDict) -> list[JsonDict]:
        who = writer(table, args)

        def body(engine: Any) -> Any:
            ops = sheet_ops(engine)
            if kind == "person":
                place = args.get("place")
                return ops.add_person(args["name"], args.get("description", ""), place, who)
            if kind == "place":
                region = args.get("region")
                return ops.add_place(args["name"], args.get("description", ""), region, who)
            return ops.add_note(args["text"], who)

        result = commit_at(table, body)
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
        from ironsworn.table.commit import check_dice_used, dice_from

        library = table.library()
        category = library.find_in("truths", args["truth"], table.state().ruleset)
        # The table's own dice (the MCP server's, seeded at its start; a play session's), as
        # an oracle's roll takes them; else a seed given, or new random dice.
        dice = dice_from(None, args.get("seed"), table.dice_default)
        rolled = roll_truth(library, category, dice)
        if dice is table.dice_default and table.dice_once:
            check_dice_used(dice)  # (typed dice meant for this roll are all rolled)
        option, roll = rolled.option.key, rolled.roll
    elif option == "open":
        option = None
    result = commit_at(table, lambda e: sheet_ops(e).set_truth(args["truth"], option, roll))
    return result.events[0]["to"]


def undo_redo(undo: bool) -> Any:
    def run(table: Table, args: JsonDict) -> JsonDict:
        verb = "undo" if undo else "redo"
        operation = table.store.undo() if undo else table.store.redo()
        if operation is None:
            raise RuleViolation(f"nothing to {verb} in campaign {table.campaign!r}")
        return {"undone" if undo else "redone": operation.to_dict(), "campaign": table.campaign}

    return run


# A journal entry, by the number the journal shows (the entries there are as its choices).
ENTRY = Input(
    "entry",
    "int",
    "the entry's number as the journal shows it (its seq, #15: not its place in the list)",
    True,
    low=1,
    source=entries,
)

OPERATIONS = (
    Operation(
        "journal",
        "write a journal entry (Markdown)",
        journal,
        (Input("text", "text", "the entry", True), character_input()),
    ),
    Operation(
        "journal_edit",
        "rewrite a journal entry",
        journal_edit,
        (
            ENTRY,
            Input("text", "text", "its new text", True),
        ),
    ),
    Operation(
        "journal_delete",
        "delete a journal entry",
        journal_delete,
        (ENTRY,),
    ),
    Operation(
        "person",
        "note a person met",
        world_entry("person"),
        (
            Input("name", "text", "their name", True),
            Input("description", "text", "who they are"),
            Input("place", "text", "where they live"),
            character_input("who met them (default: the seat's character)"),
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
            character_input(),
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
            Input(
                "option",
                "text",
                "an option's key, 'roll' or 'open'",
                True,
                source=choices.truth_options,
            ),
            Input("seed", "text", "seed for 'roll'"),
        ),
    ),
    Operation("undo", "undo the last operation", undo_redo(True)),
    Operation("redo", "redo the last undone operation", undo_redo(False)),
)
