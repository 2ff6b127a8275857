"""``character list``: the campaign's characters, one line each with their meters and whether
their story ended, so a player with several knows the names ``--character`` takes (there was no
way to list them: ``sheet`` refused with "there are several characters")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import STATS, fingerprint, run


def test_the_characters_are_listed_with_their_meters_and_fates(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "campaign", "new", "saga")[0] == 0
    assert run(capsys, "character", "list")[1] == "no characters yet\n"
    for name in ("Asha", "Bo"):
        assert run(capsys, "character", "new", name, "--stats", STATS)[0] == 0
    assert run(capsys, "adjust", "health", "-2", "--character", "Bo")[0] == 0
    assert run(capsys, "move", "write", "your", "epilogue", "--character", "Asha",
               "--dice", "1,2")[0] == 0  # fmt: skip
    code, out, err = run(capsys, "character", "list")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Asha  health 5  spirit 5  supply 5  momentum +2  (retired)",
        "Bo    health 3  spirit 5  supply 5  momentum +2",
    ]
    code, out, _err = run(capsys, "character", "list", "--json")
    assert code == 0
    assert json.loads(out)[1] == {
        "name": "Bo", "status": "active", "health": 3, "spirit": 5, "supply": 5, "momentum": 2,
    }  # fmt: skip


def test_a_name_given_to_list_is_refused_in_one_line(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "character", "new", "Asha", "--stats", STATS)[0] == 0
    before = fingerprint(home)
    code, out, err = run(capsys, "character", "list", "Asha")
    assert (code, out) == (2, "")
    assert err == (
        "ironsworn: error: character list takes no NAME (got 'Asha'); 'sheet --character NAME'\n"
    )
    assert fingerprint(home) == before
