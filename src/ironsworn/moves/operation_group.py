"""A group of operations run through the engine that are not moves (the sheet's, the setup's).

Each group holds the engine and reads its state; its methods each return the engine's
``operation``, so they are verified, recorded and undone like a move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ironsworn.campaign.state import CampaignState
    from ironsworn.moves.engine import MoveEngine


class EngineOperations:
    """Operations run through ``engine`` (see the module docstring)."""

    def __init__(self, engine: MoveEngine) -> None:
        self.engine = engine

    @property
    def state(self) -> CampaignState:
        return self.engine.state
