"""ironsworn: an exact rules engine for the Ironsworn tabletop RPG.

The core (dice, rolls, momentum, character meters, progress tracks, oracle odds) has no I/O and
no global randomness; every roll takes a :class:`~ironsworn.dice.Dice` source.

The names below are the public API. They are imported on first use, so ``import ironsworn``
stays cheap for the one-shot command line.
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False  # importing typing costs a one-shot command ~2 ms: see ironsworn.record

if TYPE_CHECKING:
    from typing import Any

__version__ = "0.1.0"

_EXPORTS: dict[str, str] = {
    "Dice": "ironsworn.dice",
    "RandomDice": "ironsworn.dice",
    "FixedDice": "ironsworn.dice",
    "typed_dice": "ironsworn.dice",
    "ActionRoll": "ironsworn.rolls",
    "ProgressRoll": "ironsworn.rolls",
    "roll_action": "ironsworn.rolls",
    "roll_progress": "ironsworn.rolls",
    "Outcome": "ironsworn.outcomes",
    "Rank": "ironsworn.ranks",
    "ProgressTrack": "ironsworn.progress",
    "LegacyTrack": "ironsworn.progress",
    "Experience": "ironsworn.progress",
    "Odds": "ironsworn.oracle",
    "ask_the_oracle": "ironsworn.oracle",
    "action_odds": "ironsworn.odds",
    "progress_odds": "ironsworn.odds",
    "load_ruleset": "ironsworn.content",
    "load_library": "ironsworn.content",
    "roll_oracle": "ironsworn.content",
    "CampaignState": "ironsworn.campaign.state",
    "CampaignStore": "ironsworn.campaign.store",
    "MoveEngine": "ironsworn.moves.engine",
    "OperationResult": "ironsworn.moves.engine",
    "SheetOperations": "ironsworn.moves.sheet",
    "IronswornError": "ironsworn.errors",
    "InvalidValue": "ironsworn.errors",
    "NotFound": "ironsworn.errors",
    "RuleViolation": "ironsworn.errors",
    "ContentError": "ironsworn.errors",
    "CampaignError": "ironsworn.errors",
}

__all__ = [
    "ActionRoll",
    "CampaignError",
    "CampaignState",
    "CampaignStore",
    "ContentError",
    "Dice",
    "Experience",
    "FixedDice",
    "InvalidValue",
    "IronswornError",
    "LegacyTrack",
    "MoveEngine",
    "NotFound",
    "Odds",
    "OperationResult",
    "Outcome",
    "ProgressRoll",
    "ProgressTrack",
    "RandomDice",
    "Rank",
    "RuleViolation",
    "SheetOperations",
    "__version__",
    "action_odds",
    "ask_the_oracle",
    "load_library",
    "load_ruleset",
    "progress_odds",
    "roll_action",
    "roll_oracle",
    "roll_progress",
    "typed_dice",
]

if TYPE_CHECKING:
    from ironsworn.campaign.state import CampaignState
    from ironsworn.campaign.store import CampaignStore
    from ironsworn.content import load_library, load_ruleset, roll_oracle
    from ironsworn.dice import Dice, FixedDice, RandomDice, typed_dice
    from ironsworn.errors import (
        CampaignError,
        ContentError,
        InvalidValue,
        IronswornError,
        NotFound,
        RuleViolation,
    )
    from ironsworn.moves.engine import MoveEngine, OperationResult
    from ironsworn.moves.sheet import SheetOperations
    from ironsworn.odds import action_odds, progress_odds
    from ironsworn.oracle import Odds, ask_the_oracle
    from ironsworn.outcomes import Outcome
    from ironsworn.progress import Experience, LegacyTrack, ProgressTrack
    from ironsworn.ranks import Rank
    from ironsworn.rolls import ActionRoll, ProgressRoll, roll_action, roll_progress


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'ironsworn' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
