"""Which of a dry run's notes the move panel lists as the adds it counted (issue 19: "The odds
shown before a roll count the automatic adds ... and list them")."""

from __future__ import annotations

import pytest

from ironsworn.web.roll_odds import _ADD_NOTE


@pytest.mark.parametrize(
    ("note", "names_an_add"),
    [
        ("Hawk “Kestrel” 1 · Far-seeing: +1", True),
        ("Elixir (lasting): +1", True),
        ("+1 from your last move", True),  # Starforged and classic "+1 on your next move"
        ("+1 from Make Camp (prepare)", True),
        ("+1 you share a bond with Kai", True),
        ("Wayfinder 1: +1 momentum on a strong hit, +1 momentum if you burn momentum", False),
        ("Swordmaster 1: +2 harm", False),
        ("Kira: momentum 2 → 4", False),
        ("action 6 + edge 3 = 9 vs 1 | 2 → strong hit", False),
    ],
)
def test_a_note_names_an_add_or_not(note: str, names_an_add: bool) -> None:
    assert bool(_ADD_NOTE.search(note)) is names_an_add
