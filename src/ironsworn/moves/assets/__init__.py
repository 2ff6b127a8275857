"""Asset cards in play: choosing them, showing them, and their abilities acting in moves.

- :mod:`~ironsworn.moves.assets.cards` -- a character's record of a card, what a player
  types to choose one (``hound:1=Fang``), and the card as a sheet shows it;
- :mod:`~ironsworn.moves.assets.effects` -- which marked abilities act on a roll and what they
  change before it (the structured effects of ``assets.json``, and their vocabulary);
- :mod:`~ironsworn.moves.assets.gains` -- what those abilities give on the move's outcome;
- :mod:`~ironsworn.moves.assets.handlers` -- the effects the data alone cannot say, and the
  moves an asset gives (rituals);
- :mod:`~ironsworn.moves.assets.coverage` -- which abilities are automated and which are
  reminders, and why.
"""

from __future__ import annotations

from ironsworn.moves.assets.cards import (
    choice_record,
    new_asset_record,
    parse_asset_choice,
    record_view,
)

__all__ = ["choice_record", "new_asset_record", "parse_asset_choice", "record_view"]
