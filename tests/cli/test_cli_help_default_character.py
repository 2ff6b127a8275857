"""The help of --character says who is meant when it is left out: the only character, or the
only one still playing (a campaign whose first character died or retired goes on with the
next, unnamed); it said "the only character", which a player with two could not square with a
sheet shown for one of them."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import STATS, run


def test_the_help_says_who_is_meant_and_the_command_does_so(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in (["sheet"], ["move"], ["adjust"]):
        code, out, _err = run(capsys, *command, "--help")
        assert code == 0
        assert "the only character, or the only one still playing" in " ".join(out.split())
    for name in ("Asha", "Bo"):
        assert run(capsys, "character", "new", name, "--stats", STATS)[0] == 0
    assert run(capsys, "move", "write", "your", "epilogue", "--character", "Asha",
               "--dice", "1,2")[0] == 0  # fmt: skip
    code, out, _err = run(capsys, "sheet")
    assert code == 0 and out.startswith("Bo\n")
