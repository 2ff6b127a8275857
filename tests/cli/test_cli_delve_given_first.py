"""A new site (and a new threat) checks what it was given before it asks what it left out:
a theme, domain or rank (a threat's vow or category) mistyped is refused at once (one line
naming it and what is accepted), not after the player has answered the questions of the
others. Before, ``site new X --theme nope`` asked the domain (and the rank) first and only then
refused the theme, and ``threat new X --vow nope`` asked the category."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import STATS, fingerprint, run

from shared_files import shared_file


@pytest.fixture
def delving(home: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    delve = str(shared_file("reference/datasworn/delve.json"))
    for argv in (
        ["content", "import", delve],
        ["campaign", "new", "depths"],
        ["character", "new", "Edda", "--stats", STATS],
        ["vow", "new", "Break the curse", "--rank", "dangerous"],
    ):
        code, _out, err = run(capsys, *argv)
        assert code == 0, (argv, err)
    return home


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        ("site new X --theme nope", "theme 'nope' is unknown (accepted: Ancient, "),
        ("site new X --domain nope", "domain 'nope' is unknown (accepted: Barrow, "),
        ("site new X --theme ancient --rank huge", "rank 'huge' is unknown (accepted: "),
        # A new threat: its vow mistyped was refused only once the category was answered.
        ("threat new X --vow nope", "vow 'nope' is unknown; closest: vow-1 (Break the curse)"),
        ("threat new X --category nope", "threat category 'nope' is unknown (accepted: "),
    ],
)
def test_a_bad_value_is_refused_before_what_was_left_out_is_asked(
    delving: Path, capsys: pytest.CaptureFixture[str], argv: str, named: str
) -> None:
    before = fingerprint(delving)
    code, out, err = run(capsys, *argv.split())
    assert (code, out) == (2, "")
    assert err.startswith("ironsworn: error: ") and err.count("\n") == 1, err
    assert named in err, err
    assert fingerprint(delving) == before


def test_roll_is_not_rolled_before_the_questions(
    delving: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # (a theme to roll is rolled once every question is answered: with none left, it is)
    code, _out, err = run(capsys, "site", "new", "X", "--theme", "roll", "--rank", "dangerous")
    assert code == 2 and "--domain" in err
    code, _out, err = run(
        capsys, "site", "new", "X", "--theme", "roll", "--domain", "barrow", "--rank",
        "dangerous", "--dice", "1",
    )  # fmt: skip
    assert code == 0, err
