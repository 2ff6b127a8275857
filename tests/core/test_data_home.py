"""Where user data lives (issue 24: ``$IRONSWORN_HOME`` is expanded once per value, as the web
table's worker asks on every turn): a changed value, or a changed home folder under ``~``, is
seen at once, and so is the packs folder in it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ironsworn.content.loader import packs_dir
from ironsworn.paths import data_home


def test_the_home_follows_its_variable_and_the_home_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("IRONSWORN_HOME", str(tmp_path / "one"))
    assert data_home() == tmp_path / "one"
    assert data_home() is data_home()  # expanded once
    assert packs_dir() == tmp_path / "one" / "packs"
    monkeypatch.setenv("IRONSWORN_HOME", str(tmp_path / "two"))
    assert data_home() == tmp_path / "two"
    assert packs_dir() == tmp_path / "two" / "packs"
    monkeypatch.setenv("IRONSWORN_HOME", "~/games")
    monkeypatch.setenv("HOME", str(tmp_path / "me"))
    assert data_home() == tmp_path / "me" / "games"
    monkeypatch.setenv("HOME", str(tmp_path / "you"))
    assert data_home() == tmp_path / "you" / "games"
