"""The effects of the 56 Starforged moves (seed 003), one module per category of the data:
session, adventure, quest, connection, exploration, combat, suffer, recover, threshold, legacy,
fate and scene challenge. Importing the package registers every handler with the engine."""

from __future__ import annotations

from ironsworn.moves.starforged import (  # noqa: F401
    _common,
    adventure,
    combat,
    connection,
    exploration,
    fate,
    inheritance,
    legacy,
    quest,
    recover,
    scene_challenge,
    session,
    suffer,
    tables,
    threshold,
    vehicles,
)
