"""The command line asks at a terminal (issue 18: "the CLI prints one line naming its own flag
(for scripts) and, on a terminal, may ask").

A real ``ironsworn`` process on a pseudo-terminal: ``move advance`` without ``--asset`` shows
the assets it can buy as a numbered menu, takes the answer (a number or a name), asks which
ability a card that marks none starts with, and completes; ``move face danger`` asks the
stat. The same commands in a script (no terminal) print the one line naming the flag and exit
2, changing nothing. Waits have a generous deadline only so that a hang fails; nothing is
timed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from cli_support import STATS, fingerprint, run

from ironsworn.cli.asking import Asked, ask, pick
from pty_terminal import Terminal, script

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


@pytest.fixture
def asha(home: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A campaign with Asha and 6 experience to spend."""
    assert run(capsys, "campaign", "new", "asking")[0] == 0
    assert run(capsys, "character", "new", "Asha", "--stats", STATS)[0] == 0
    assert run(capsys, "adjust", "experience", "+6")[0] == 0
    return home


def test_advance_asks_the_asset_then_its_ability_and_completes(asha: Path) -> None:
    term = Terminal(asha, "move", "advance")
    try:
        menu = term.expect("(empty: give up)> ")
        assert "--asset" not in menu  # the question, not the script's line
        assert "new asset: Hawk" in menu and "3 experience" in menu
        number = next(
            line.split(".")[0].strip() for line in menu.splitlines() if "new asset: Hawk" in line
        )
        term.send_line(number)
        abilities = term.expect("choose 1-3 (empty: give up)> ")
        assert "Advance: which ability of Hawk do you start with?" in abilities
        term.send_line("2")
        named = term.expect("your answer (empty: give up)> ")
        assert "Advance: what is the name of your hawk?" in named
        term.send_line("Kestrel")
        decision = term.expect("(empty: answer later)> ")  # the purchase is asked in turn
        term.send_line("")  # left waiting: the script below answers it
        decision += term.expect("ironsworn choose KEY")
        assert "spend 3 experience on the asset Hawk" in decision
        assert term.wait() == 0
    finally:
        term.close()
    assert script(asha, "choose", "new_asset").returncode == 0  # the hawk is bought: 3 left
    term = Terminal(asha, "move", "advance")
    try:
        term.expect("(empty: give up)> ")
        term.send_line("swordmaster")  # a name answers too
        term.expect("Asha decides")
        decision = term.expect("(empty: answer later)> ")
        term.send_line("")
        decision += term.expect("ironsworn choose KEY")
        assert "the asset Swordmaster" in decision
        assert term.wait() == 0
    finally:
        term.close()


def test_face_danger_asks_the_stat(asha: Path) -> None:
    term = Terminal(asha, "move", "face", "danger", "--dice", "6,1,2")
    try:
        menu = term.expect("choose 1-5 (empty: give up)> ")
        assert "+edge 3" in menu
        term.send_line("maybe the second one")  # not a choice: refused and asked again
        term.expect("is not one of the choices")
        term.send_line("1")
        term.expect("STRONG HIT")
        assert term.wait() == 0
    finally:
        term.close()


def test_an_empty_answer_gives_up_with_the_line_and_changes_nothing(asha: Path) -> None:
    before = fingerprint(asha)
    term = Terminal(asha, "move", "face", "danger")
    try:
        term.expect("(empty: give up)> ")
        term.send_line("")
        term.expect("needs --stat")
        assert term.wait() == 2
    finally:
        term.close()
    assert fingerprint(asha) == before


def test_a_script_gets_the_line_naming_the_flag(asha: Path) -> None:
    """Standard input not a terminal: no question, one line, exit 2, nothing changed."""
    before = fingerprint(asha)
    done = script(asha, "move", "advance")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("ironsworn: error: Advance needs --asset (accepted: ")
    assert len(done.stderr.splitlines()) == 1
    assert fingerprint(asha) == before


def test_the_menu_reads_numbers_keys_names_and_own_words() -> None:
    import io

    choices = [("edge", "edge: +3"), ("heart", "heart: +2")]
    assert pick("2", choices) == "heart" and pick("EDGE", choices) == "edge"
    assert pick("heart: +2", choices) == "heart" and pick("3", choices) is None
    out = io.StringIO()
    asked = Asked("foe", "Enter the Fray: which foe?", [("bear", "Bear")], True)
    assert ask(asked, False, io.StringIO("a wild boar\n"), out) == "a wild boar"
    assert "1. Bear" in out.getvalue()
    closed = Asked("stat", "which stat?", choices, False)
    assert ask(closed, False, io.StringIO("wits\n1\n"), io.StringIO()) == "edge"
    assert ask(closed, False, io.StringIO(""), io.StringIO()) is None  # end of input
    switch = Asked("bond", "Is the vow to someone you share a bond with?", [], False)
    assert ask(switch, True, io.StringIO("y\n"), io.StringIO()) == "yes"


def test_a_character_left_unnamed_among_several_is_asked(
    asha: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "character", "new", "Kai", "--stats", STATS)[0] == 0
    term = Terminal(asha, "move", "face", "danger", "--dice", "6,1,2")
    try:
        menu = term.expect("(empty: give up)> ")
        assert "There are several characters: which one?" in menu and "--character" not in menu
        assert "1. Asha" in menu and "2. Kai" in menu
        term.send_line("Kai")
        assert "Face Danger: which stat" in term.expect("(empty: give up)> ")
        term.send_line("1")
        term.expect("STRONG HIT")
        assert term.wait() == 0
    finally:
        term.close()
    done = script(asha, "move", "face", "danger", "--stat", "edge")
    assert done.returncode == 2 and "name one (--character)" in done.stderr


def test_what_a_command_leaves_out_is_asked_at_a_terminal(asha: Path) -> None:
    """``asset show`` with no card, and ``vow`` with no words and no rank: each asked at a
    real terminal, and the command completes; a script gets argparse's line naming it."""
    term = Terminal(asha, "asset", "show")
    try:
        term.expect("asset show: full id, id without type, or name")
        term.send_line("hound")
        term.expect("Hound — companion")
        assert term.wait() == 0
    finally:
        term.close()
    term = Terminal(asha, "vow")
    try:
        term.expect("vow: the vow, in your words")  # 'new', its only action, is not asked
        term.send_line("Find the wolf")
        term.expect("What is the vow's rank?")
        term.send_line("2")
        term.expect("Find the wolf (dangerous vow; Asha)")
        assert term.wait() == 0
    finally:
        term.close()
    done = script(asha, "asset", "show")
    assert done.returncode == 2
    assert (
        done.stderr
        == "ironsworn: error: ironsworn asset show: the following arguments are required: ID\n"
    )


def test_swear_asks_whom_the_vow_is_to_at_a_terminal(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``move "swear an iron vow"`` asks what play mode and the web ask before the roll: one
    of the bonds (+1), or none; a script is not asked (the move is made without the +1)."""
    assert run(capsys, "campaign", "new", "vows")[0] == 0
    made = ["character", "new", "Asha", "--stats", STATS, "--bond", "Ironhome"]
    assert run(capsys, *made)[0] == 0
    assert run(capsys, "vow", "new", "Find", "the", "wolf", "--rank", "dangerous")[0] == 0
    term = Terminal(home, "move", "swear an iron vow", "--dice", "3,4,9")
    try:
        menu = term.expect("(empty: give up)> ")
        assert "is this vow to a person or community you share a bond with? (+1)" in menu
        assert "--with" not in menu
        term.send_line("Ironhome")
        result = term.expect("Swear an Iron Vow")
        result += term.expect("WEAK HIT")  # 3 + heart 2 + 1 = 6 vs 4 and 9
        assert term.wait() == 0
    finally:
        term.close()
    done = script(home, "move", "swear an iron vow", "--dice", "3,4,9", "--json")
    assert done.returncode == 0, done.stderr  # a script: no question, no bond
    assert json.loads(done.stdout)["roll"]["adds"] == 0
