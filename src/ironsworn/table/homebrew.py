"""Homebrew assets (rulebook p. 238-239) and background bonds: give a character an asset
made from the rulebook's ability patterns, reskin an asset (a new name and condition, its
abilities kept), and bring a background bond held in reserve into the story.

Each is an :class:`~ironsworn.table.operation.Operation` whose result is what the command
line prints as JSON for ``homebrew new|reskin`` and ``bond background``.
"""

from __future__ import annotations

from typing import Any

from ironsworn.table.inputs import Input
from ironsworn.table.moves import committed
from ironsworn.table.operation import JsonDict, Operation, Table
from ironsworn.table.sheet import character_input


def _homebrew(engine: Any) -> Any:
    from ironsworn.moves.homebrew import HomebrewOperations

    return HomebrewOperations(engine)


def create(table: Table, args: JsonDict) -> JsonDict:
    who = table.acting_for(args.get("character"))

    def body(engine: Any) -> Any:
        return _homebrew(engine).create(
            who,
            args["name"],
            args.get("type") or "path",
            args.get("condition") or "",
            args["abilities"],
        )

    return committed(table, body)


def reskin(table: Table, args: JsonDict) -> JsonDict:
    who = table.acting_for(args.get("character"))
    return committed(
        table,
        lambda e: _homebrew(e).reskin(who, args["asset"], args.get("name"), args.get("condition")),
    )


def background_bond(table: Table, args: JsonDict) -> JsonDict:
    from ironsworn.moves.setup import SetupOperations

    who = table.acting_for(args.get("character"))
    return committed(table, lambda e: SetupOperations(e).background_bond(who, args["bond"]))


OPERATIONS = (
    Operation(
        "homebrew_new",
        "give a character a homebrew asset made from the rulebook's ability patterns",
        create,
        (
            Input("name", "text", "the asset's name", True),
            Input(
                "abilities",
                "texts",
                "1 to 3 abilities, PATTERN:MOVES:DETAIL (patterns: bonus, reroll, exchange, "
                "stat, permission)",
                True,
            ),
            Input(
                "type",
                "text",
                "path, companion, combat_talent or ritual (default: path)",
                fixed=("path", "companion", "combat_talent", "ritual"),
            ),
            Input("condition", "text", "the card's condition (requirement)"),
            character_input(),
        ),
    ),
    Operation(
        "homebrew_reskin",
        "rename an asset and change its condition (its abilities stay)",
        reskin,
        (
            Input("asset", "text", "the asset", True),
            Input("name", "text", "its new name"),
            Input("condition", "text", "its new condition"),
            character_input(),
        ),
    ),
    Operation(
        "background_bond",
        "bring a background bond held in reserve into the story (mark it)",
        background_bond,
        (Input("bond", "text", "the person or community", True), character_input()),
    ),
)
