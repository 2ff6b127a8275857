"""Shared fixtures of the content tests: a private IRONSWORN_HOME and fresh caches."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ironsworn.content import clear_cache

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every content test gets its own empty data home and no cached rulesets."""
    home = tmp_path / "home"
    monkeypatch.setenv("IRONSWORN_HOME", str(home))
    clear_cache()
    yield home
    clear_cache()
