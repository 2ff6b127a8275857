"""Helpers for the move-engine tests: a small driver around MoveEngine and SheetOperations.

:class:`Game` runs the engine in-process with typed dice. Every helper goes through the real
operations (moves, ``SheetOperations.adjust`` / ``debility`` / ``progress``), so the state a
test starts from is itself a fold of real events. :func:`fx` turns an operation's effects into
``(target, from, to)`` tuples that a table row can spell out in full; effects on a character
other than the game's main one are prefixed with the character's name (``"Bram/momentum"``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ironsworn.campaign.state import CampaignState, CharacterState, TrackState
from ironsworn.dice import FixedDice
from ironsworn.moves import MoveEngine, OperationResult, SheetOperations

ASHA_STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"
BRAM_STATS = "edge=1,heart=3,iron=2,shadow=2,wits=1"

# Typed dice for an action roll: action die, challenge die 1, challenge die 2. The challenge
# dice are chosen so that momentum +2 never offers a burn (no die below 2 is left unbeaten),
# and so the 10 can never be beaten (the action score is capped at 10).
STRONG = (6, 1, 2)
WEAK = (6, 1, 10)
MISS = (1, 9, 10)
PRICE = ("obvious", "ask_oracle", "roll_table")

Effect = tuple[str, Any, Any]


class Game:
    """A campaign state, its engine and sheet operations, with a main character."""

    def __init__(self, main: str = "Asha") -> None:
        self.state = CampaignState()
        self.engine = MoveEngine(self.state, dice=FixedDice([]))
        self.sheet = SheetOperations(self.engine)
        self.main = main
        self.events: list[dict[str, Any]] = []

    # --- dice and operations -----------------------------------------------------------------

    def dice(self, values: Iterable[int]) -> None:
        self.engine.dice = FixedDice(list(values))

    @property
    def dice_left(self) -> int:
        dice = self.engine.dice
        assert isinstance(dice, FixedDice)
        return dice.remaining

    def _keep(self, result: OperationResult) -> OperationResult:
        self.events.extend(result.events)
        return result

    def move(
        self, move: str, dice: Sequence[int] = (), character: str | None = None, **kwargs: Any
    ) -> OperationResult:
        """Make a move with exactly these dice (the test fails if some are left over)."""
        self.dice(dice)
        result = self.engine.make_move(move, character or self.default_character, **kwargs)
        assert self.dice_left == 0, f"{self.dice_left} dice were not used by {move}"
        return self._keep(result)

    def choose(self, keys: Sequence[str], dice: Sequence[int] = ()) -> OperationResult:
        self.dice(dice)
        result = self.engine.choose(list(keys))
        assert self.dice_left == 0, f"{self.dice_left} dice were not used by choose {keys}"
        return self._keep(result)

    def decline(self, dice: Sequence[int] = ()) -> OperationResult:
        self.dice(dice)
        result = self.engine.decline()
        assert self.dice_left == 0, f"{self.dice_left} dice were not used by decline"
        return self._keep(result)

    def burn(self, dice: Sequence[int] = ()) -> OperationResult:
        self.dice(dice)
        result = self.engine.burn()
        assert self.dice_left == 0, f"{self.dice_left} dice were not used by burn"
        return self._keep(result)

    def answer(self, answer: Sequence[str] | str, dice: Sequence[int] = ()) -> OperationResult:
        """Answer what is pending: option keys, ``"burn"`` or ``"decline"``."""
        if answer == "burn":
            return self.burn(dice)
        if answer == "decline":
            return self.decline(dice)
        assert not isinstance(answer, str)
        return self.choose(answer, dice)

    @property
    def default_character(self) -> str | None:
        return self.main if len(self.state.characters) > 1 else None

    # --- building the starting state through real operations ------------------------------

    def character(
        self,
        name: str,
        stats: str = ASHA_STATS,
        bonds: Sequence[str] = (),
        assets: Sequence[str] = (),
    ) -> CharacterState:
        self._keep(self.sheet.new_character(name, stats, bonds=bonds, assets=assets))
        return self.state.character(name)

    def track(
        self,
        kind: str,
        name: str,
        rank: str,
        ticks: int = 0,
        characters: Sequence[str] = (),
        count: int = 1,
    ) -> TrackState:
        result = self._keep(
            self.sheet.new_track(kind, name, rank, characters=characters, count=count)
        )
        track_id = str(result.events[0]["track"]["id"])
        if ticks:
            self._keep(self.sheet.progress(track_id, True, ticks=ticks))
        return self.state.tracks[track_id]

    def set(
        self,
        who: str | None = None,
        *,
        health: int | None = None,
        spirit: int | None = None,
        supply: int | None = None,
        momentum: int | None = None,
        experience: int | None = None,
        debilities: Sequence[str] = (),
    ) -> CharacterState:
        """Bring meters to the given values with ``adjust`` and mark debilities, as events.

        Debilities are marked first, so a momentum value is checked against the lowered max.
        """
        name = who or self.main
        for debility in debilities:
            self._keep(self.sheet.debility(name, debility, True))
        char = self.state.character(name)
        wanted = {
            "health": health,
            "spirit": spirit,
            "supply": supply,
            "momentum": momentum,
            "experience": experience,
        }
        for meter, value in wanted.items():
            if value is None:
                continue
            current = char.experience_earned if meter == "experience" else char.value(meter)
            if value != current:
                self._keep(self.sheet.adjust(name, meter, value - current))
        return char

    def adjust(self, who: str | None, meter: str, delta: int) -> OperationResult:
        """A manual change (``ironsworn adjust``), kept in this game's events."""
        return self._keep(self.sheet.adjust(who, meter, delta))

    def char(self, name: str | None = None) -> CharacterState:
        return self.state.character(name or self.main)

    def snapshot(self) -> dict[str, Any]:
        return self.state.to_dict()

    def refold(self) -> CampaignState:
        """A fresh state rebuilt from every event the operations of this game emitted."""
        fresh = CampaignState()
        for event in self.events:
            fresh.apply(event)
        return fresh


def fx(result: OperationResult, main: str = "Asha") -> list[Effect]:
    """The effects of an operation as (target, from, to), prefixed for other characters."""
    out: list[Effect] = []
    for effect in result.effects:
        target = str(effect["target"])
        who = effect.get("character")
        if who is not None and who != main:
            target = f"{who}/{target}"
        out.append((target, effect["from"], effect["to"]))
    return out


def keys(result: OperationResult) -> tuple[str, ...] | None:
    """What is pending after an operation: its option keys, ``("burn",)``, or None."""
    pending = result.pending
    if pending is None:
        return None
    if pending["kind"] == "burn":
        return ("burn",)
    return tuple(o["key"] for o in pending["options"])


def outcomes(result: OperationResult) -> list[tuple[str, str | None]]:
    """The moves an operation made, main move first, as (name, outcome)."""
    return [(m.name, m.outcome) for m in result.moves]
