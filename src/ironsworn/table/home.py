"""The operations on the player's campaigns and content packs rather than one campaign.

Starting a campaign, importing one, listing and importing content packs: each is an
:class:`~ironsworn.table.operation.Operation` like the campaign table's own (declared inputs,
a question for a required input left out, errors carrying data), run at a
:class:`~ironsworn.table.operation.Table` without a store: its ``database`` says where the
campaigns are kept (None: campaign files in the data home). They are listed apart from the
campaign table's operations (:func:`ironsworn.table.registry.operations`), which a page or an
AI game master playing one campaign is offered: those never create campaigns or install packs.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ironsworn.errors import InvalidValue
from ironsworn.table.operation import Operation, Table


@cache
def home_registry() -> dict[str, Operation]:
    """Every operation on the campaigns and packs, by name (built once, on first use)."""
    from ironsworn.table import campaigns, packs

    return {op.name: op for op in (*campaigns.HOME_OPERATIONS, *packs.HOME_OPERATIONS)}


def home_operations() -> list[Operation]:
    return list(home_registry().values())


def home_table(database: str | None = None) -> Table:
    """The table these operations run at (no campaign)."""
    return Table(None, "", database=database)


def home_call(name: str, args: Any = None, database: str | None = None) -> Any:
    """Run operation ``name``: its result, or a question."""
    found = home_registry().get(name)
    if found is None:
        names = list(home_registry())
        raise InvalidValue(input="operation", value=name, accepted=names, why="is unknown")
    return found.call(home_table(database), args)
