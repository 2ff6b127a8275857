"""Helpers for the Starforged move tests: a Starforged campaign with Kira (edge 3, heart 2,
iron 2, shadow 1, wits 1) at health, spirit, supply +5 and momentum +2, built with real
operations; :func:`play` runs a move and the answers to what it asks, collecting the effects."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from moves_support import ASHA_STATS, BRAM_STATS, Effect, Game, fx, keys

from ironsworn.content import load_library, load_ruleset
from ironsworn.moves.engine import OperationResult

STRONG = (6, 1, 2)
WEAK = (6, 1, 10)
MISS = (1, 9, 10)


class StarforgedGame(Game):
    """A Starforged campaign (the ruleset is its first operation) with Kira."""

    def __init__(self, main: str = "Kira", vehicle: bool = False) -> None:
        super().__init__(main)
        self.engine.ruleset = load_library()
        self._keep(self.sheet.set_ruleset("starforged"))
        self.character(main, ASHA_STATS)
        if vehicle:
            self._keep(self.sheet.new_vehicle("Firebird"))

    def ally(self, name: str = "Bram") -> None:
        self.character(name, BRAM_STATS)

    def impact(self, name: str, who: str | None = None) -> None:
        self._keep(self.sheet.impact(who or self.main, name, True))

    def connection(self, name: str, rank: str, role: str = "pilot", ticks: int = 0) -> str:
        result = self._keep(self.sheet.new_track("connection", name, rank, role=role))
        track_id = str(result.events[0]["track"]["id"])
        if ticks:
            self._keep(self.sheet.progress(track_id, True, ticks=ticks))
        return track_id

    def event(self, event: dict[str, Any]) -> None:
        """A change with no command of its own (a bond, a companion), as one operation."""
        self._keep(self.engine.operation("edit", None, lambda: self.engine.emit(event)))

    def legacy(self, track: str, ticks: int) -> None:
        self._keep(self.sheet.mark_legacy(self.main, track, ticks))


def move_text(move: str) -> str:
    """The text of a Starforged move (seed 003, as converted into the bundled data)."""
    ruleset = load_ruleset("starforged")
    found = ruleset.moves.get(move) or ruleset.move(move)
    return found.text


def row_keys(move: str) -> tuple[str, ...]:
    """The choice keys of the rows of a move's table (its ranges as printed: "41-52")."""
    import re

    found = re.findall(r"^(\d+)(?:-(\d+))? \|", move_text(move), re.MULTILINE)
    return tuple(f"{low}-{high}" if high else low for low, high in found)


# Pay the Price's "choose one", and the rows of its table (the obvious outcome, as if rolled).
PRICE = ("obvious", "ask_oracle", "roll_table", *row_keys("pay the price"))

Answer = tuple[Sequence[str] | str, Sequence[int]]


@dataclass
class Case:
    """One outcome of one move: the quoted rule, the dice, the answers, what it does."""

    id: str
    move: str
    quote: str  # words of the move's text in seed 003 that this row checks
    dice: Sequence[int] = ()
    options: dict[str, Any] = field(default_factory=dict)
    answers: Sequence[Answer] = ()
    effects: list[Effect] = field(default_factory=list)
    pending: tuple[str, ...] | None = None
    setup: Callable[[StarforgedGame], None] | None = None
    vehicle: bool = False
    check: Callable[[StarforgedGame], None] | None = None
    via: str | None = None  # the move made, when this move is made for you (Earn Experience)


def play(case: Case) -> tuple[StarforgedGame, list[Effect], OperationResult]:
    game = StarforgedGame(vehicle=case.vehicle)
    if case.setup is not None:
        case.setup(game)
    result = game.move(case.via or case.move, case.dice, **case.options)
    effects = fx(result, game.main)
    for answer, dice in case.answers:
        result = game.answer(answer, dice)
        effects += fx(result, game.main)
    return game, effects, result


__all__ = [
    "MISS",
    "PRICE",
    "STRONG",
    "WEAK",
    "Case",
    "StarforgedGame",
    "keys",
    "move_text",
    "play",
    "row_keys",
]
