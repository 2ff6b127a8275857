"""The effects of the 35 classic moves (rulebook chapter 3), registered with the engine.

Content is data, effects are code: the move text, outcomes and choice lists come from
``content/data/classic/moves.json``; these modules say what each outcome does to the sheet.
Where the rulebook leaves a point open, the ENGINE CHOICE is written beside the code.

One module per rulebook move category; importing this package registers every handler.
"""

from __future__ import annotations

from ironsworn.moves.classic import (  # noqa: F401  (registration on import)
    adventure,
    combat,
    fate,
    quest,
    relationship,
    suffer,
)
