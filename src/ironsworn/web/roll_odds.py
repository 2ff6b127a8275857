"""The odds a move panel shows before a roll, with the adds the roll will get by itself.

An asset's bonus (the Hawk's +1 when you Undertake a Journey), a lasting "+1 on your next
move", a role's add: the engine adds them while it makes the move, so odds computed at +0 are
wrong (Undertake a Journey with the Hawk showed strong 23.2 % where 33.2 % is right). Rather
than a second list of what adds when, the panel asks the engine: it makes the move on a copy
of the state, with dice that are then thrown away, and reads the adds of the roll it made and
the notes that named them. Nothing is written and the copy is dropped.
"""

from __future__ import annotations

import re
from typing import Any

from ironsworn.errors import IronswornError

JsonDict = dict[str, Any]
# "Hawk (Kestrel) 1 · Far-seeing: +1", "Elixir (lasting): +1", "+1 from your last move" (a
# strong hit's "add +1 on your next move"), "+1 you share a bond with Kai": a note naming an
# add; not one that promises harm or momentum ("Wayfinder 1: +1 momentum on a strong hit").
_ADD_NOTE = re.compile(r"(?::\s*|^)\+\d+(?!\d)(?!\s*(?:harm|momentum))(?:\s|$|,)")
_SEED = "odds-preview"  # any seed: the roll's adds do not depend on its dice


def automatic_adds(state: Any, library: Any, move: str, character: str, stat: str) -> JsonDict:
    """``{"adds": N, "from": [notes]}`` for ``move`` rolled with ``stat`` by ``character``:
    what the engine adds by itself. ``adds`` is None when the move cannot be made now without
    more answers (its odds are then at +0)."""
    from ironsworn.dice import RandomDice
    from ironsworn.moves.engine import MoveEngine

    engine = MoveEngine(state.copy(), library, RandomDice(_SEED))
    try:
        result = engine.make_move(move, character, stat=stat, burn=False)
    except IronswornError:
        return {"adds": None, "from": []}
    data = result.to_json()
    roll = data.get("roll") or {}
    if roll.get("type") != "action":
        return {"adds": None, "from": []}
    notes = [str(n) for n in data.get("notes") or [] if _ADD_NOTE.search(str(n))]
    return {"adds": int(roll.get("adds") or 0), "from": notes}


def with_automatic_adds(panel: JsonDict, state: Any, library: Any) -> JsonDict:
    """The move panel with each action stat's odds counting the automatic adds."""
    from ironsworn.odds import action_odds

    character = panel.get("character")
    if not character or panel.get("roll_type") != "action_roll":
        return panel
    char = state.character(character)
    even = bool(state.option("even_matches"))
    for entry in panel.get("stats") or []:
        if "value" not in entry:
            continue
        auto = automatic_adds(state, library, panel["id"], character, entry["stat"])
        entry["automatic"] = auto
        if auto["adds"]:
            entry["odds"] = action_odds(
                max(0, min(int(entry["value"]), 5)),
                min(auto["adds"], 10),
                char.momentum,
                len(char.debilities),
                even,
            ).to_json()
    return panel
