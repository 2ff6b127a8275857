"""Every action a page can take: the table API's operations (:mod:`ironsworn.table`).

An action is an operation of the table's registry that writes (``always``, or with ``keep``):
its options are the operation's declared inputs, it runs on the campaign's worker thread with
the shared store, and its answer is the operation's result (the command line's JSON for the
same command). So the command line, play mode, the web table and the MCP server cannot
disagree about what an option means.

An input left out that the operation needs comes back as a question, raised here as
:class:`~ironsworn.table.questions.Unanswered` (the app answers 400 with ``input``,
``accepted`` and ``question``); bad input raises an :class:`~ironsworn.errors.IronswornError`
before anything is written (the write transaction rolls back on any error).

Seats: a page plays one character (or the guide seat, which acts for any). An action on behalf
of a character, or an answer to a decision pending for one, from another character's seat is
refused with :class:`~ironsworn.errors.Forbidden`.
"""

from __future__ import annotations

from typing import Any

from ironsworn.errors import InvalidValue
from ironsworn.table import Operation, Question, Table, Unanswered, operations
from ironsworn.table import Table as Context  # app.py builds one per request

ACTIONS: dict[str, Operation] = {op.name: op for op in operations() if op.writes != "never"}

# Actions that change nothing unless asked to keep their result.
READ_ONLY_UNLESS_KEPT = frozenset(op.name for op in ACTIONS.values() if op.writes == "keep")


def asked(question: Question) -> str:
    """A question as the web's one line: the option by its name, what it is, what is accepted."""
    keys = question.keys()
    accepted = f"; accepted: {', '.join(keys[:12])}{', ...' if len(keys) > 12 else ''}"
    what = question.help or question.prompt
    return f"{question.operation}: option {question.input!r} is required ({what}" + (
        f"{accepted})" if keys else ")"
    )


def run_action(ctx: Table, name: str, body: Any) -> Any:
    """Check the options of action ``name`` and run it (on the campaign's worker thread)."""
    if name not in ACTIONS:
        raise InvalidValue(
            f"action {name!r} is unknown (accepted: {', '.join(ACTIONS)})",
            input="action",
            value=name,
            accepted=list(ACTIONS),
        )
    answer = ACTIONS[name].call(ctx, body)
    if isinstance(answer, Question):
        raise Unanswered(answer, asked(answer))
    return answer


__all__ = ["ACTIONS", "READ_ONLY_UNLESS_KEPT", "Context", "run_action"]
