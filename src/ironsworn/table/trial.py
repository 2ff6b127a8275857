"""A campaign for a trial run: an operation tried on a state held in memory, keeping nothing.

The table runs its operations on a store (:class:`~ironsworn.table.operation.Table`); a trial
run wants the same code on a state no store holds: a campaign not made yet (the command line
tries an operation before it creates the file), or a copy of one (the questions a move will
ask, found before anything is rolled). :class:`TrialStore` is that store: its state is the
engine's to change, and what it appends goes nowhere.
"""

from __future__ import annotations

from contextlib import nullcontext
from types import SimpleNamespace
from typing import Any


class TrialStore:
    """A store of ``state`` alone, named ``name``, whose writes are kept nowhere."""

    def __init__(self, name: str, state: Any) -> None:
        self.name = name
        self._state = state

    def state(self) -> Any:
        return self._state

    def write(self) -> Any:
        return nullcontext(
            SimpleNamespace(state=self._state, append=lambda *a, **k: None, head=None)
        )
