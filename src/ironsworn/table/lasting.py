"""Lasting effects of asset abilities changed by hand, outside a move: an effect the fiction
triggers (the ward's momentum when a foe first crosses it, its trap), an effect handed to
another character (the elixir's drinker, the pelt's wearer), Slayer's trophy taken. Ending
one by hand is the sheet's ``lasting_end``.

Each is an :class:`~ironsworn.table.operation.Operation` whose result is what the command
line prints as JSON for ``lasting use|give|take``.
"""

from __future__ import annotations

from typing import Any

from ironsworn.table import choices
from ironsworn.table.inputs import Input
from ironsworn.table.moves import DICE, committed
from ironsworn.table.operation import JsonDict, Operation, Table
from ironsworn.table.sheet import character_input


def _lasting(engine: Any) -> Any:
    from ironsworn.moves.assets.lasting import LastingOperations

    return LastingOperations(engine)


def use(table: Table, args: JsonDict) -> JsonDict:
    who = table.acting_for(args.get("character"))
    return committed(table, lambda e: _lasting(e).use(who, str(args["name"])), args)


def give(table: Table, args: JsonDict) -> JsonDict:
    who = table.acting_for(args.get("character"))
    return committed(table, lambda e: _lasting(e).give(who, str(args["name"]), str(args["to"])))


def trophy(table: Table, args: JsonDict) -> JsonDict:
    who = table.acting_for(args.get("character"))
    return committed(table, lambda e: _lasting(e).take_trophy(who, str(args["choice"])))


EFFECT = Input("name", "text", "the effect's id (or name)", True, source=choices.lasting_effects)

OPERATIONS = (
    Operation(
        "lasting_use",
        "use a lasting effect the fiction triggers outside a move (the ward's)",
        use,
        (EFFECT, character_input(), *DICE),
    ),
    Operation(
        "lasting_give",
        "hand a lasting effect to another character (an elixir, a pelt, a keened weapon)",
        give,
        (
            EFFECT,
            Input("to", "text", "the character who takes it", True, source=choices.others),
            character_input(),
        ),
    ),
    Operation(
        "lasting_trophy",
        "take a trophy of a slain beast or horror (Slayer 3)",
        trophy,
        (
            Input("choice", "text", "ritual or sojourn", True, fixed=("ritual", "sojourn")),
            character_input(),
        ),
    ),
)
