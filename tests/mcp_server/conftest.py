"""Fixtures of the MCP server's tests: a data home of the test's own."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data home of the test's own (IRONSWORN_HOME), with no campaign chosen by environment."""
    path = tmp_path / "home"
    monkeypatch.setenv("IRONSWORN_HOME", str(path))
    monkeypatch.delenv("IRONSWORN_CAMPAIGN", raising=False)
    return path
