"""Fixtures of the move-engine tests: a fresh campaign with one character, or two.

Asha (edge 3, heart 2, iron 2, shadow 1, wits 1) has a bond with Elda and a Hawk companion
(health +3 of +3); she starts at health, spirit and supply +5 and momentum +2. Bram (edge 1,
heart 3, iron 2, shadow 2, wits 1) is the ally of the co-op tests.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from moves_support import ASHA_STATS, BRAM_STATS, Game


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """No test reads or writes the user's data home (installed packs, campaigns)."""
    home = tmp_path / "home"
    monkeypatch.setenv("IRONSWORN_HOME", str(home))
    monkeypatch.delenv("IRONSWORN_CAMPAIGN", raising=False)
    yield home


@pytest.fixture
def game() -> Game:
    """A campaign with Asha alone."""
    g = Game()
    g.character("Asha", ASHA_STATS, bonds=["Elda"], assets=["hawk:3=Kestrel"])
    return g


@pytest.fixture
def duo(game: Game) -> Game:
    """Asha and Bram travelling together (supply shared)."""
    game.character("Bram", BRAM_STATS)
    return game
