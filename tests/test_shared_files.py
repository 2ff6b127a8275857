"""The `../shared/` gate: a missing file skips on a fresh clone and fails where CI requires it."""

from __future__ import annotations

from pathlib import Path

import pytest

import shared_files
from shared_files import REQUIRE_ENV, shared_file


def test_a_missing_file_skips_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(REQUIRE_ENV, raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"no-such-file\.txt"):
        shared_file("no-such-file.txt")


def test_a_missing_file_fails_when_required(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(REQUIRE_ENV, "1")
    with pytest.raises(pytest.fail.Exception, match=r"no-such-file\.txt"):
        shared_file("no-such-file.txt")


def test_a_missing_folder_is_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(REQUIRE_ENV, raising=False)
    monkeypatch.setattr(shared_files, "SHARED", tmp_path / "shared")
    with pytest.raises(pytest.skip.Exception, match="folder beside the clone is missing"):
        shared_file("seeds/x.txt")
