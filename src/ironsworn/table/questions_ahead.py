"""The questions a move asks after the first, found before anything is rolled or written.

A move missing inputs answers with one question at a time (:mod:`ironsworn.table.questions`):
a person answers it and is asked the next. A script cannot answer: it is told of one missing
input, gives it, runs again and is told of the next. :func:`questions_ahead` finds the others
at once, so a script is told every input it will need: each question is answered with a
stand-in (the first choice, or words of the player's own where those answer it, since they
ask the most: a foe of one's own words has no rank of its own) and the move is tried again on
a copy of the campaign, with dice that stop it at its roll. What it asks next is the next
question; it stops at the roll (what a roll's outcome asks is a decision, not an input), at a
refusal, or at a question asked already. Nothing is written, and no die is rolled.
"""

from __future__ import annotations

from typing import Any

from ironsworn.errors import IronswornError
from ironsworn.table.operation import Table
from ironsworn.table.questions import Question
from ironsworn.table.trial import TrialStore

# How many questions one move is tried for (each try runs the move on a copy of the state).
MOST = 8
# What a stand-in answer in the player's own words reads (never shown to the player).
OWN_WORDS = "a stand-in of the player's own words"


def questions_ahead(table: Table, question: Question) -> list[Question]:
    """The questions the ``move`` operation would ask after ``question`` and before its roll
    (none for any other operation). Each names the input it asks for, as ``question`` does."""
    from ironsworn.moves.engine import StopAtRoll, StopAtRollDice
    from ironsworn.table.moves import MOVE

    if question.operation != MOVE.name:
        return []
    args = {k: v for k, v in question.args.items() if k not in ("dice", "seed")}
    asked = {question.input}
    found: list[Question] = []
    current = question
    for _ in range(MOST):
        args[current.input] = _stand_in(current)
        # (a fresh copy each try: a body that ran may have changed the last one)
        trial = Table(
            TrialStore(table.campaign, table.state().copy()),
            table.campaign,
            seat=table.seat,
            dice_default=StopAtRollDice(),
            _library=table.library(),
        )
        try:
            answer = MOVE.call(trial, args)
        except (StopAtRoll, IronswornError):
            break
        if not isinstance(answer, Question) or answer.input in asked:
            break
        asked.add(answer.input)
        found.append(answer)
        current = answer
    return found


def _stand_in(question: Question) -> Any:
    """An answer of the kind ``question`` takes: words of the player's own where those
    answer it (or nothing is offered), else its first choice; a switch, off."""
    if question.kind == "bool":
        return False
    keys = question.keys()
    if question.kind in ("int", "ints"):
        number = int(keys[0]) if keys and keys[0].lstrip("-").isdigit() else question.low or 1
        return [number] if question.kind == "ints" else number
    word = OWN_WORDS if question.open or not keys else keys[0]
    return [word] if question.kind == "texts" else word
