"""Campaign names, the current campaign, and which file a command uses."""

from __future__ import annotations

from pathlib import Path

import pytest
from campaign_support import LedgerState

from ironsworn.campaign import registry
from ironsworn.errors import CampaignError, InvalidValue, NotFound


@pytest.fixture
def home(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shared data home, with the test's own folder as the working directory."""
    monkeypatch.chdir(tmp_path)
    return home


@pytest.mark.parametrize("name", ["default", "Ironlands", "a", "iron-2_b", "x" * 64])
def test_good_names(name: str) -> None:
    assert registry.check_name(name) == name


@pytest.mark.parametrize(
    "name", ["", "-x", "_x", "a/b", "..", ".hidden", "a b", "a.sqlite", "x" * 65, "é", "a\nb"]
)
def test_bad_names_are_refused(name: str) -> None:
    with pytest.raises(InvalidValue, match="is not valid"):
        registry.check_name(name)


def test_resolution_order(home: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    campaigns = home / "campaigns"
    assert registry.resolve_campaign_path(None) == campaigns / "default.sqlite"
    registry.create("second", state_type=LedgerState).close()
    registry.use("second")
    assert registry.resolve_campaign_path(None) == campaigns / "second.sqlite"
    monkeypatch.setenv(registry.ENV_VAR, "third")
    assert registry.resolve_campaign_path(None) == campaigns / "third.sqlite"
    assert registry.resolve_campaign_path("fourth") == campaigns / "fourth.sqlite"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("solo", "home/campaigns/solo.sqlite"),
        ("solo.sqlite", "solo.sqlite"),
        ("dir/solo", "dir/solo"),
        ("./solo", "solo"),
        ("existing", "existing"),  # a file of that name in the current folder wins
    ],
)
def test_a_value_is_a_path_or_a_name(home: Path, tmp_path: Path, value: str, expected: str) -> None:
    (tmp_path / "existing").write_bytes(b"")
    resolved = registry.resolve_campaign_path(value)
    assert resolved.absolute() == (tmp_path / expected).absolute()


def test_a_bad_name_value_is_refused(home: Path) -> None:
    with pytest.raises(InvalidValue, match="'my campaign' is not valid"):
        registry.resolve_campaign_path("my campaign")


def test_open_campaign_creates_only_when_asked(home: Path) -> None:
    with pytest.raises(
        CampaignError, match=r"default\.sqlite: campaign not found \(create a campaign first"
    ):
        registry.open_campaign(None, create=False, state_type=LedgerState)
    assert not (home / "campaigns").exists()
    with registry.open_campaign(None, state_type=LedgerState) as store:
        assert store.name == "default"
    assert (home / "campaigns" / "default.sqlite").is_file()


def test_create_use_list(home: Path) -> None:
    assert registry.names() == []
    with registry.create("ironlands", state_type=LedgerState) as store:
        store.journal_add("First light.")
    registry.create("havens", state_type=LedgerState).close()
    with pytest.raises(InvalidValue, match="already exists"):
        registry.create("havens", state_type=LedgerState)
    (home / "campaigns" / "broken.sqlite").write_text("not a database")
    (home / "campaigns" / "notes.txt").write_text("ignored")
    assert registry.names() == ["broken", "havens", "ironlands"]
    assert registry.current_name() == "default"
    registry.use("ironlands")
    assert registry.current_name() == "ironlands"
    infos = {name: registry.describe(name) for name in registry.names()}
    assert infos["ironlands"].current and infos["ironlands"].operations == 1
    assert infos["ironlands"].last_played is not None
    assert infos["havens"].operations == 0 and not infos["havens"].current
    assert infos["broken"].operations is None and "not an SQLite" in str(infos["broken"].problem)


def test_use_an_unknown_campaign_names_the_close_ones(home: Path) -> None:
    registry.create("ironlands", state_type=LedgerState).close()
    with pytest.raises(NotFound, match="'ironland' does not exist") as caught:
        registry.use("ironland")
    assert caught.value.candidates == ("ironlands",)
    assert registry.current_name() == "default"


def test_a_garbled_current_file_falls_back_to_default(home: Path) -> None:
    home.mkdir(parents=True)
    (home / "current").write_text("../../etc/passwd\n")
    assert registry.current_name() == "default"
