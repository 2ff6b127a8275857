"""A vow sworn from a bond's move is sworn to that person: Forge a Bond's weak hit ("Envision
what it is they ask of you ..., do it (or Swear an Iron Vow), and mark the bond") and Test Your
Bond's ("Envision what they ask of you ..., and do it (or Swear an Iron Vow)"). The bond is on
the sheet when the vow is sworn, so "If you make this vow to a person or community with whom
you share a bond, add +1" (seed 000, Swear an Iron Vow) applies, and the vow is kept as theirs
for Forge a Bond's reroll once it is fulfilled."""

from __future__ import annotations

import pytest
from moves_support import STRONG, WEAK, Game

from shared_files import RULEBOOK_SEED, shared_file


def rulebook() -> str:
    return " ".join(shared_file(RULEBOOK_SEED).read_text(encoding="utf-8").split())


@pytest.mark.parametrize(
    ("move", "options", "answer", "quote"),
    [
        ("forge a bond", {"with": "Bjorn"}, "swear", "do it (or Swear an Iron Vow), and mark"),
        ("test your bond", {"with": "Elda"}, "swear", "Envision what they ask of you"),
    ],
)
def test_the_vow_is_sworn_to_the_bond(
    game: Game, move: str, options: dict[str, str], answer: str, quote: str
) -> None:
    assert quote in rulebook()
    assert "person or community with whom you share a bond, add +1." in rulebook()
    game.move(move, WEAK, **options)
    game.choose([answer])
    sworn = game.choose(["dangerous"], STRONG)
    roll = sworn.moves[-1].roll
    assert roll is not None and roll["adds"] == 1  # the bond's +1
    vow = next(t for t in game.state.tracks.values() if t.kind == "vow")
    assert game.char().flags["vows_for"] == {vow.id: options["with"]}
