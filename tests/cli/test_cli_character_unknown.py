"""A character's name that is none of the campaign's: a near one is offered as the closest
('Kria': closest Kira); with nothing near, the characters there are are named as what is
accepted. It said 'character 'nob' is unknown; closest: Kira, Dax', every character called
closest to a name like none of them."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import run


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("Kria", "character 'Kria' is unknown; closest: Kira"),
        ("nob", "character 'nob' is unknown (accepted: Kira, Dax)"),
    ],
)
def test_an_unknown_character_is_told_with_what_there_is(
    home: Path, capsys: pytest.CaptureFixture[str], typed: str, said: str
) -> None:
    for name in ("Kira", "Dax"):
        assert run(capsys, "character", "new", name, "--stats", "3,2,2,1,1")[0] == 0
    code, _out, err = run(capsys, "sheet", "--character", typed)
    assert code == 2
    assert err.strip() == f"ironsworn: error: {said}"
