"""What an operation's events would tell twice, left out where they are read back: the
journal (:mod:`ironsworn.campaign.journal`), the story (:mod:`ironsworn.campaign.story`) and
the Iron Vault export alike.

- a note that only says again an oracle roll's result, or an ask's answer, that the roll's
  own line tells (:func:`oracle_restated`, :func:`restated`);
- a move told before its roll that the operation tells again as rolled
  (:func:`told_when_rolled`);
- a momentum reset right after the burn that says it (:func:`told_by_burn`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any


def oracle_restated(events: Iterable[Mapping[str, Any]]) -> set[str]:
    """What the notes among ``events`` would only say again of an oracle roll there: a move
    that rolls a table notes each result for the player at the time ("Pay the Price (42): A
    new danger or foe is revealed."), and the roll's own line in the log tells the same; a
    move that asks the oracle notes its answer ("is the likely outcome what happens? 78:
    yes"), as the ask's own line does (kept here as its ending, ``78: yes``: see
    :func:`restated`)."""
    from ironsworn.campaign.journal import odds_label

    said: set[str] = set()
    events = list(events)
    for ask in events:
        if ask.get("type") == "ask" and ask.get("roll") is not None:
            said.add(f"{ask['roll']}: {ask.get('answer')}")
            # The Ask the Oracle move's own note ("Likely: 6 — no"; a match says so too).
            told = f"{odds_label(ask.get('odds'))}: {ask['roll']} — {ask.get('answer')}"
            said.update((told, f"{told} (match: an extreme result or twist)"))
    waiting = [e for e in events if e.get("type") == "oracle"]
    while waiting:
        roll = waiting.pop()
        name = roll.get("name")
        if name and roll.get("roll") is not None:
            dice = [f"{d} rerolled" for d in roll.get("rerolled") or []] + [str(roll["roll"])]
            said.add(f"{name} ({', '.join(dice)}): {roll.get('text', '')}")
        waiting.extend(r for r in roll.get("rolls") or [] if isinstance(r, Mapping))
    return said


def restated(note: str, said: set[str]) -> bool:
    """Whether ``note`` only says again what :func:`oracle_restated` found told: a table's
    result word for word, or a question ending with an ask's roll and answer."""
    if note in said or ("? " in note and note.rsplit("? ", 1)[1] in said):
        return True
    # A note that adds where the row came from ("The Barrow: feature (95, Barrow): ...",
    # "Reveal a Danger (39, the Barrow card): ..."): the roll's line tells the rest.
    found = _NOTED_ROLL.match(note)
    return found is not None and f"{found[1]} ({found[2]}): {found[3]}" in said


# A table's result noted with more in its parentheses: "NAME (ROLL, WHERE): TEXT".
_NOTED_ROLL = re.compile(r"^(.+) \((\d+), [^)]+\): (.*)$", re.S)


def rolled_moves(events: Sequence[Mapping[str, Any]]) -> set[Any]:
    """The moves an operation's events tell with an outcome (rolled, or resolved)."""
    return {e.get("move") for e in events if e.get("type") == "move" and e.get("outcome")}


def told_when_rolled(event: Mapping[str, Any], rolled: set[Any]) -> bool:
    """Whether ``event`` is a move told before its roll, with no outcome, that the operation
    tells again as rolled (``rolled``: :func:`rolled_moves`): Starforged's Withstand Damage
    asks whether to resist, and answered with the dice it is one move, told once ("Withstand
    Damage; Withstand Damage (+vehicle integrity): miss" read as two)."""
    return event.get("type") == "move" and not event.get("outcome") and event.get("move") in rolled


def told_by_burn(event: Mapping[str, Any], previous: Mapping[str, Any]) -> bool:
    """A momentum reset right after the burn that says it ("burns momentum: 6 → 2")."""
    return (
        previous.get("type") == "burn"
        and event.get("type") == "meter"
        and event.get("meter") == "momentum"
        and all(event.get(k) == previous.get(k) for k in ("character", "from", "to"))
    )
