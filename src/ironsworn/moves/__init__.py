"""Move automation: resolve a move on a campaign state and apply its outcome.

- :class:`MoveEngine` — make moves, answer pending decisions (choose, burn, decline).
- :class:`SheetOperations` — characters, tracks and manual changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ironsworn.moves.engine import MoveEngine, OperationResult
    from ironsworn.moves.sheet import SheetOperations

__all__ = ["MoveEngine", "OperationResult", "SheetOperations"]


def __getattr__(name: str) -> Any:
    # Imported on first use: a one-shot command that only shows a sheet's cards
    # (ironsworn.moves.assets.cards) does not load the engine and every rules module.
    if name in ("MoveEngine", "OperationResult"):
        from ironsworn.moves import engine

        return getattr(engine, name)
    if name == "SheetOperations":
        from ironsworn.moves.sheet import SheetOperations

        return SheetOperations
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
