"""The table API: every operation a player or guide can do, for every surface.

The layer between the game (:mod:`ironsworn.moves`, :mod:`ironsworn.campaign`) and its
surfaces (the command line and play mode in :mod:`ironsworn.cli`, the web table in
:mod:`ironsworn.web`, the MCP server in :mod:`ironsworn.mcp`). Surfaces call these
operations and nothing below them; operations never see a surface's types.

The contract, for a surface:

- :func:`~ironsworn.table.registry.operations` lists every
  :class:`~ironsworn.table.operation.Operation`: ``name``, ``summary`` (the game's words),
  ``inputs`` (each an :class:`~ironsworn.table.inputs.Input`: ``name``, ``kind`` — text,
  int, bool, texts, ints, dice —, ``help``, ``required``, ``low``/``high``, and
  ``choices(table, args)``: the :class:`~ironsworn.table.inputs.Choice` s accepted now, with
  ``key``, ``label``, ``detail``, ``cost``), ``schema()`` (the arguments' JSON schema) and
  ``writes`` (``always``, ``never``, or ``keep``: only when the ``keep`` input is true).
- A :class:`~ironsworn.table.operation.Table` is what an operation runs at: the campaign's
  store, its name, the seat acting (a character's name, or None for the guide) and, for play
  mode, the session's default dice.
- :func:`~ironsworn.table.registry.call` (or ``operation(name).call(table, args)``) checks the
  arguments, verifies them and runs the operation. It returns either the result (JSON: what
  the command line prints as JSON for the same command) or a
  :class:`~ironsworn.table.questions.Question` when an input it needs was left out (its
  ``input``, ``prompt`` and ``choices``; answer by calling again with that input added).
  Bad values raise errors that carry data (:mod:`ironsworn.errors`: ``InvalidValue`` with
  ``input``/``value``/``accepted``, ``NotFound`` with candidates, ``RuleViolation``/``Refused``,
  ``Forbidden`` for a seat acting for another); :meth:`~ironsworn.errors.IronswornError.data`
  is that data as JSON. Nothing is changed by an error or a question.
- The commit path every surface uses is :func:`ironsworn.table.commit.commit` (open the
  store, run the engine in one write transaction, append, answer).

Example::

    from ironsworn.table import Table, call, Question
    table = Table(store, "mine", seat="Asha")
    answer = call(table, "move", {"move": "face danger"})
    if isinstance(answer, Question):
        print(answer.prompt, [c.key for c in answer.choices])   # which stat?
        answer = call(table, "move", {"move": "face danger", "stat": answer.choices[0].key})
"""

from __future__ import annotations

from ironsworn.table.inputs import Choice, Input
from ironsworn.table.operation import Operation, Table
from ironsworn.table.questions import Question, Unanswered
from ironsworn.table.registry import call, operation, operations

__all__ = [
    "Choice",
    "Input",
    "Operation",
    "Question",
    "Table",
    "Unanswered",
    "call",
    "operation",
    "operations",
]
