"""cli.session.state_if_any: the campaign's state for a command that only looks at it when it
is there (ask's ruleset, a homebrew card, the content lists' ruleset): None with no campaign,
or a campaign that cannot be read, and nothing made."""

from __future__ import annotations

import argparse
from pathlib import Path

from ironsworn.cli.main import main
from ironsworn.cli.session import state_if_any


def test_none_without_a_campaign_and_none_made(home: Path) -> None:
    assert state_if_any(None) is None
    assert state_if_any(argparse.Namespace(campaign="nowhere")) is None
    assert not list(home.rglob("nowhere*"))  # (nothing made of the name)


def test_the_named_or_current_campaigns_state(home: Path) -> None:
    assert main(["campaign", "new", "table", "--ruleset", "starforged"]) == 0
    assert main(["campaign", "new", "home"]) == 0  # the current one now
    named = state_if_any(argparse.Namespace(campaign="table"))
    current = state_if_any(None)
    assert named is not None and named.ruleset == "starforged"
    assert current is not None and current.ruleset == "classic"


def test_none_for_a_campaign_file_that_cannot_be_read(home: Path) -> None:
    assert main(["campaign", "new", "home"]) == 0
    (file,) = home.rglob("home.*")
    file.write_bytes(b"not a campaign")
    assert state_if_any(None) is None
