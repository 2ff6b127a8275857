"""Move automation: resolve a move on a campaign state and apply its outcome.

- :class:`MoveEngine` — make moves, answer pending decisions (choose, burn, decline).
- :class:`SheetOperations` — characters, tracks and manual changes.
"""

from __future__ import annotations

from ironsworn.moves.engine import MoveEngine, OperationResult
from ironsworn.moves.sheet import SheetOperations

__all__ = ["MoveEngine", "OperationResult", "SheetOperations"]
