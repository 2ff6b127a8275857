"""How the MCP server words an error: its one line, and the data it carries as JSON.

The table API's errors carry data (``InvalidValue``: the input, the value and what is
accepted; ``NotFound``: the kind, the name and the closest candidates); a model gets both the
sentence and the fields, so it can correct its call without parsing prose.
"""

from __future__ import annotations

from typing import Any

from ironsworn.errors import IronswornError


def error_data(exc: IronswornError) -> dict[str, Any]:
    """``{"error": the one line, ...the error's own data}`` (JSON-able)."""
    data: dict[str, Any] = {"error": str(exc)}
    own = getattr(exc, "data", None)
    if callable(own):
        data.update(own())
    else:
        candidates = getattr(exc, "candidates", None)
        if candidates:
            data["candidates"] = list(candidates)
    return data
