"""A row of a Starforged move's table chosen on the command line ('choose 79-86' for Make a
Discovery's "roll on the table below or choose one"), undone; a key that is no row, or more
aspects than Confront Chaos was given, is one line, exit 2, nothing stored changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import fingerprint, run
from test_cli_starforged import starforged


def _discoveries(capsys: pytest.CaptureFixture[str]) -> int:
    sheet = json.loads(run(capsys, "sheet", "--json")[1])
    return int(sheet["legacy"]["discoveries"]["ticks"])


@pytest.mark.parametrize("row", ["79-86", "80"])  # the row, or a roll it holds
def test_a_chosen_row_is_applied_and_undone(
    home: Path, capsys: pytest.CaptureFixture[str], row: str
) -> None:
    starforged(capsys)
    code, out, err = run(capsys, "move", "make", "a", "discovery")
    assert code == 0, err
    assert "79-86: Rare and valuable resource" in out
    code, out, err = run(capsys, "choose", row)
    assert code == 0, err
    assert "Rare and valuable resource" in out
    assert _discoveries(capsys) == 2
    assert run(capsys, "undo")[0] == 0
    assert _discoveries(capsys) == 0


@pytest.mark.parametrize(
    ("argv", "answer", "named"),
    [
        # (a roll of 1-100 names the row that holds it: "80" is 79-86; 101 is no row's)
        (["move", "make", "a", "discovery"], ["choose", "101"], "'101'"),
        (["move", "confront", "chaos", "--amount", "1"], ["choose", "1-4", "5-9"], "at most 1"),
    ],
)
def test_a_bad_row_is_one_line_exit_2_and_changes_nothing(
    home: Path, capsys: pytest.CaptureFixture[str], argv: list[str], answer: list[str], named: str
) -> None:
    starforged(capsys)
    assert run(capsys, *argv)[0] == 0
    before = fingerprint(home)
    code, out, err = run(capsys, *answer)
    assert code == 2, (out, err)
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert named in err
    assert fingerprint(home) == before


def test_a_rolled_row_shows_the_move_it_names_in_words(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Endure Stress's 11-25 row links Forsake Your Vow: a terminal shows the move's name, not
    the Markdown link (as the move's own outcome text is shown)."""
    starforged(capsys)
    assert run(capsys, "move", "endure", "stress", "--amount", "5", "--dice", "1,9,9")[0] == 0
    assert run(capsys, "choose", "momentum")[0] == 0
    code, out, err = run(capsys, "choose", "roll_table", "--dice", "15")
    assert code == 0, err
    assert "Endure Stress (15): You give up. Forsake Your Vow." in out
    assert "](" not in out
