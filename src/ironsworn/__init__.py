"""ironsworn: an exact rules engine for the Ironsworn tabletop RPG.

The core (dice, rolls, momentum, character meters, progress tracks, oracle odds) has no I/O and
no global randomness; every roll takes a :class:`~ironsworn.dice.Dice` source.
"""

from __future__ import annotations

__version__ = "0.1.0"
