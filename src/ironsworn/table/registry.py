"""The registry of every operation of the table, in the order surfaces list them.

:func:`operations` lists them; :func:`operation` finds one by name (an unknown name is
:class:`~ironsworn.errors.NotFound` with the names accepted); :func:`call` checks, verifies
and runs one. The MCP server makes a tool of each (:meth:`Operation.schema` is its JSON
schema), the web's ``/api/actions`` lists them (:meth:`Operation.to_json`).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ironsworn.errors import InvalidValue
from ironsworn.table.operation import Operation, Table


@cache
def registry() -> dict[str, Operation]:
    """Every operation by name (built once, on first use)."""
    from ironsworn.table import campaigns, journal, moves, oracles, sheet, starforged, world

    found: dict[str, Operation] = {}
    from ironsworn.table import setup  # the semi-random setup's steps

    for group in (
        moves.OPERATIONS,
        sheet.OPERATIONS[:6],  # character ... track: as the web's action table lists them
        setup.OPERATIONS,  # the semi-random setup and its steps
        starforged.OPERATIONS,
        sheet.OPERATIONS[6:7],  # scene_resolve
        journal.OPERATIONS[:7],  # journal, its edit and delete, person, place, note, truth
        world.OPERATIONS,  # the ruleset, the truths set together
        sheet.OPERATIONS[7:],
        _delve(),
        oracles.OPERATIONS,
        _by_hand(),  # lasting effects used, given, a trophy; homebrew; background bonds
        journal.OPERATIONS[7:],  # undo, redo
        sheet.READS,
        campaigns.OPERATIONS,  # export
    ):
        for op in group:
            assert op.name not in found, op.name
            found[op.name] = op
    return found


def operations() -> list[Operation]:
    """Every operation, in the order surfaces list them."""
    return list(registry().values())


def operation(name: str) -> Operation:
    """The operation called ``name``; an unknown name is refused with those accepted."""
    found = registry().get(name)
    if found is None:
        names = list(registry())
        raise InvalidValue(
            f"action {name!r} is unknown (accepted: {', '.join(names)})",
            input="operation",
            value=name,
            accepted=names,
        )
    return found


def call(table: Table, name: str, args: Any = None) -> Any:
    """Run operation ``name`` with ``args`` at ``table``: its result, or a question."""
    return operation(name).call(table, args)


def _delve() -> tuple[Operation, ...]:
    """Delve's operations (a site, rarities), listed after the sheet's."""
    from ironsworn.table.delve import OPERATIONS

    return OPERATIONS


def _by_hand() -> tuple[Operation, ...]:
    """Changes by hand outside a move: lasting effects (used, given, Slayer's trophy),
    homebrew assets and reskins, background bonds."""
    from ironsworn.table import homebrew, lasting

    return lasting.OPERATIONS + homebrew.OPERATIONS
