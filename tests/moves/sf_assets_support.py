"""Helpers for the Starforged asset tests: the player's Datasworn Starforged file imported once
per test module into a data home of its own, and a campaign whose character holds a card.

The effects are checked against the real cards of ``../shared/reference/datasworn/
starforged.json`` (skipped with a reason when the folder is absent, a failure under CI).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from moves_support import ASHA_STATS, Game

from ironsworn.content import clear_cache, import_pack, load_library
from ironsworn.content.model import Asset
from shared_files import STARFORGED_DATASWORN, shared_file


@pytest.fixture(scope="module")
def starforged_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A data home with the Starforged Datasworn file imported (once for the module)."""
    source = shared_file(STARFORGED_DATASWORN)
    home = tmp_path_factory.mktemp("sf-home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("IRONSWORN_HOME", str(home))
        clear_cache()
        import_pack(source)
        clear_cache()
    yield home
    clear_cache()


def sf_asset(key: str) -> Asset:
    """A Starforged card of the imported file by its last id part (``ace``, ``starship``)."""
    library = load_library()
    found = [a for a in library.in_ruleset("assets", "starforged").values()]
    for asset in found:
        if asset.id.rsplit("/", 1)[-1] == key:
            return asset
    raise KeyError(key)


class SfGame(Game):
    """A Starforged campaign with Kira (edge 3, heart 2, iron 2, shadow 1, wits 1), the
    command vehicle Firebird, and the given cards."""

    def __init__(self, assets: Sequence[str] = (), vehicle: bool = True) -> None:
        super().__init__("Kira")
        self.engine.ruleset = load_library()
        self._keep(self.sheet.set_ruleset("starforged"))
        if vehicle:
            self._keep(self.sheet.new_vehicle("Firebird"))
        self.character("Kira", ASHA_STATS, assets=list(assets))

    def ability(self, key: str, number: int) -> None:
        """Mark ability ``number`` (1-3) of the card ``key`` (as Advance would)."""
        self._keep(self.sheet.asset_mark(None, key, number, True))

    def record(self, key: str) -> dict[str, Any]:
        return self.char().asset(key)


__all__ = ["SfGame", "sf_asset", "starforged_home"]
