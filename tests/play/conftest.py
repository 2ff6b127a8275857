"""Fixtures of the play-mode tests: a private data home for every test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ironsworn.content import clear_cache


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every play test gets its own empty data home (and so its own default campaign)."""
    home = tmp_path / "home"
    monkeypatch.setenv("IRONSWORN_HOME", str(home))
    monkeypatch.delenv("IRONSWORN_CAMPAIGN", raising=False)
    clear_cache()
    yield home
    clear_cache()
