"""The world set before play begins: the campaign's ruleset (chosen before its first
character) and the world's truths chosen together (play mode's walkthrough asks every
category, then records them as one operation, which one undo takes back).

Each is an :class:`~ironsworn.table.operation.Operation`; ``ruleset`` answers
``{"ruleset": ...}``, ``truths`` the truths set (as ``world truths`` lists them as JSON).
"""

from __future__ import annotations

from ironsworn.errors import InvalidValue
from ironsworn.table.campaigns import RULESETS
from ironsworn.table.inputs import Input
from ironsworn.table.moves import commit_at
from ironsworn.table.operation import JsonDict, Operation, Table
from ironsworn.table.sheet import sheet_ops


def ruleset(table: Table, args: JsonDict) -> JsonDict:
    """Choose the game the campaign plays, before anything is in it."""
    commit_at(table, lambda e: sheet_ops(e).set_ruleset(args["ruleset"]))
    return {"ruleset": table.state().ruleset}


# One truth chosen: its category, the option's key, and the roll when it was rolled.
Chosen = tuple[str, str, int | None]


def parse_truth(text: str) -> Chosen:
    """``iron=2`` (an option chosen) or ``iron=2@57`` (rolled: 57 on the d100)."""
    category, equals, option = text.rpartition("=")
    key, at, rolled = option.partition("@")
    roll: int | None = None
    if at:
        roll = int(rolled) if rolled.strip().isdigit() else 0
    if (
        not equals
        or not category.strip()
        or not key.strip()
        or (at and not 1 <= (roll or 0) <= 100)
    ):
        raise InvalidValue(
            input="truths",
            value=text,
            accepted=("CATEGORY=KEY, or CATEGORY=KEY@ROLL for an option rolled (1-100)",),
            why="is not a truth and its option",
        )
    return category.strip(), key.strip(), roll


def truths(table: Table, args: JsonDict) -> list[JsonDict]:
    """Set several world truths as one operation."""
    chosen = [parse_truth(text) for text in args["truths"]]
    result = commit_at(table, lambda e: sheet_ops(e).set_truths(chosen))
    return [
        {"truth": e["truth"], **e["to"]}
        for e in result.events
        if e["type"] == "truth" and e["to"] is not None
    ]


OPERATIONS = (
    Operation(
        "ruleset",
        "choose the game the campaign plays (classic or Starforged), before its first character",
        ruleset,
        (Input("ruleset", "text", "classic or starforged", True, fixed=RULESETS),),
    ),
    Operation(
        "truths",
        "set several world truths at once (one change: undo takes them back together)",
        truths,
        (
            Input(
                "truths",
                "texts",
                "each CATEGORY=KEY (an option's key), or CATEGORY=KEY@ROLL for an option rolled",
                True,
            ),
        ),
    ),
)
