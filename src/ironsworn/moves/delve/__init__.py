"""Ironsworn: Delve at the table: perilous sites and the delve moves, applied.

Delve is an expansion of the classic game that a player imports from their own Datasworn file
(``ironsworn content import delve.json``); its facts (the themes' and domains' feature and
danger tables, the tables printed in the move texts) come from that pack, read through
:mod:`ironsworn.content.sites`. This package holds the rules, as code:

- :mod:`.sites`: a site is a progress track of kind ``site`` with a theme, a domain and an
  objective (Discover a Site: troublesome 3 boxes an area ... epic 1 tick, the ranks' usual
  marks); creating one, its features and dangers.
- :mod:`.delving`: the delve moves (Discover a Site, Delve the Depths, Find an Opportunity,
  Reveal a Danger, Locate Your Objective, Escape the Depths, Check Your Gear), registered
  with the engine under the ``delve`` ruleset of their ids (``move:delve/delve/...``).
- :mod:`.threats`: threats to a vow and their menace (Advance a Threat, Take a Hiatus).
- :mod:`.failure`: the failure track (Mark Your Failure on every miss, Learn from Your
  Failures).
- :mod:`.rarities`: rarities bought for an asset with experience, and Wield a Rarity (the
  rarity die in place of the action die of a move the augmented asset aids).

Importing the package registers the handlers.
"""

from __future__ import annotations

from ironsworn.moves.delve import delving, failure, rarities, threats  # noqa: F401  (registration)
