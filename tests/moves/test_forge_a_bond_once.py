"""A bond is on the sheet once: Forge a Bond with someone you already share a bond with
marks the tick (seed 000 L1970-1971: "make note of the bond, mark a tick on your bond progress
track") but does not write the bond twice, which made every later bond question ambiguous
("bond 'Ivar' is ambiguous; closest: Ivar, Ivar")."""

from __future__ import annotations

from moves_support import STRONG, Game


def test_forging_a_bond_already_held_keeps_it_once(game: Game) -> None:
    ticks = game.char().bond_ticks
    game.move("forge a bond", STRONG, **{"with": "Ivar"}, choose=["spirit"])
    assert game.char().bonds.count("Ivar") == 1 and game.char().bond_ticks == ticks + 1
    result = game.move("forge a bond", STRONG, **{"with": "ivar"}, choose=["spirit"])
    assert game.char().bonds.count("Ivar") == 1 and "ivar" not in game.char().bonds
    assert game.char().bond_ticks == ticks + 2
    assert not [e for e in result.events if e["type"] == "bond_added"]
    # Sojourn's "if you share a bond, add +1" then finds Ivar, once.
    sojourn = game.move("sojourn", STRONG, bond="Ivar")
    roll = sojourn.moves[0].roll
    assert roll is not None and roll["adds"] == 1
