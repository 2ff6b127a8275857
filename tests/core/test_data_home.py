"""Where user data lives (issue 24: ``$IRONSWORN_HOME`` is expanded once per value, as the web
table's worker asks on every turn): a changed value, or a changed home folder under ``~``, is
seen at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from ironsworn.paths import data_home


def test_the_home_follows_its_variable_and_the_home_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("IRONSWORN_HOME", str(tmp_path / "one"))
    assert data_home() == tmp_path / "one"
    assert data_home() is data_home()  # expanded once
    monkeypatch.setenv("IRONSWORN_HOME", str(tmp_path / "two"))
    assert data_home() == tmp_path / "two"
    monkeypatch.setenv("IRONSWORN_HOME", "~/games")
    monkeypatch.setenv("HOME", str(tmp_path / "me"))
    assert data_home() == tmp_path / "me" / "games"
    monkeypatch.setenv("HOME", str(tmp_path / "you"))
    assert data_home() == tmp_path / "you" / "games"
