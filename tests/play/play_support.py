"""Helpers of the play-mode tests: a scripted session runner and campaign readers.

:class:`ScriptReader` feeds a session lines as a pipe would; an item may be an exception
instance (``KeyboardInterrupt()``) to stand for Ctrl-C at that point. :func:`run_script` runs a
whole session in-process and returns its exit code, stdout and stderr.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ironsworn.campaign.store import CampaignStore
from ironsworn.cli.play.session import PlaySession
from ironsworn.cli.play.terminal import Output
from ironsworn.dice import RandomDice

# The walkthrough answers that make Kai: name, stats, two bonds, no assets, a background vow, an
# inciting incident, the 11 truths (chosen, rolled, left open), and no Swear an Iron Vow now.
WALKTHROUGH = [
    "Kai",
    "3 2 2 1 1",
    "Mother",
    "The village of Thornhold",
    "",
    "",  # no asset cards
    "Avenge my father",
    "epic",
    "Find the raiders' camp",
    "dangerous",
    "1",
    "r",
    "2",
    "s",
    "3",
    "",
    "r",
    "r",
    "1",
    "2",
    "3",
    "n",
]
KAI_STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


class ScriptReader:
    """Lines as from a pipe; an exception in the script is raised at its turn."""

    interactive = False

    def __init__(self, lines: Sequence[str | BaseException], interactive: bool = False) -> None:
        self.lines = list(lines)
        self.interactive = interactive  # as at a terminal: prompts are shown (and kept here)
        self.prompts: list[str] = []

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        item = self.lines.pop(0)
        if isinstance(item, BaseException):
            raise item
        return item


@dataclass
class Run:
    code: int
    out: str
    err: str
    reader: ScriptReader

    @property
    def err_lines(self) -> list[str]:
        return self.err.splitlines()


def run_script(
    path: Path,
    lines: Sequence[str | BaseException],
    *,
    json_mode: bool = False,
    seed: int = 7,
    interactive: bool = False,
) -> Run:
    """Run a play session on the campaign file ``path`` with ``lines`` as its input."""
    out, err = io.StringIO(), io.StringIO()
    reader = ScriptReader(lines, interactive)
    with CampaignStore.open(path, create=True) as store:
        session = PlaySession(store, Output(json_mode, out, err), RandomDice(seed), reader)
        code = session.run()
    return Run(code, out.getvalue(), err.getvalue(), reader)


def operations(path: Path) -> list[tuple[str, list[dict[str, Any]]]]:
    """The live operations of a campaign file: (kind, events)."""
    with CampaignStore.open(path) as store:
        return [(op.kind, [dict(e) for e in op.events]) for op in store.operations()]


def make_kai(path: Path) -> None:
    """A campaign holding the character Kai (made without play mode)."""
    from ironsworn.cli.main import main

    assert main(["character", "new", "Kai", "--stats", KAI_STATS, "--campaign", str(path)]) == 0
