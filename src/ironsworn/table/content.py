"""Content and campaigns as every surface reads them: which rulesets a listing accepts, an
oracle table's shape, and a new campaign's ruleset.

The command line's ruleset option and the web's ``ruleset`` query parameter are the same
input here (``ruleset``); each surface words the error its own way.
"""

from __future__ import annotations

from typing import Any

from ironsworn.errors import InvalidValue

JsonDict = dict[str, Any]


def check_ruleset(library: Any, name: str) -> str:
    """``name`` if it is ``all``, a ruleset or a pack id of the library; else InvalidValue."""
    known = list(
        dict.fromkeys(["all", *(p.ruleset for p in library.packs), *(p.id for p in library.packs)])
    )
    if name not in known:
        raise InvalidValue(input="ruleset", value=name, accepted=known, why="is unknown")
    return name


def oracle_json(table: Any) -> JsonDict:
    """An oracle table's shape (the JSON of ``oracle show``): id, name, dice, rows, then."""
    out: JsonDict = {
        "id": table.id,
        "name": table.name,
        "dice": table.dice,
        "rows": [{"min": r.min, "max": r.max, "text": r.text} for r in table.rows],
    }
    if table.then:
        out["then"] = [r.to_json() for r in table.then]
    return out


def campaign_ruleset(value: str | None) -> str:
    """A new campaign's ruleset (``classic`` when none is given); else InvalidValue."""
    from ironsworn.campaign.state import RULESETS

    key = (value or "classic").strip().lower()
    if key not in RULESETS:
        raise InvalidValue(input="ruleset", value=value, accepted=list(RULESETS), why="is unknown")
    return key


def set_ruleset(store: Any, ruleset: str) -> None:
    """Record the ruleset as the campaign's first operation."""
    from ironsworn.content import load_library
    from ironsworn.moves.engine import MoveEngine
    from ironsworn.moves.sheet import SheetOperations

    with store.write() as tx:
        result = SheetOperations(MoveEngine(tx.state, load_library())).set_ruleset(ruleset)
        tx.append(result.kind, result.events, summary=f"ruleset: {ruleset}")
