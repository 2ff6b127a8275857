"""``ironsworn play`` at a terminal: a real process on a pseudo-terminal, driven by keystrokes.

prompt_toolkit runs with line editing and tab completion; the terminal itself is
:mod:`pty_terminal`'s, shared with the one-shot commands' tests.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from play_support import make_kai, operations

import pty_terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


class Terminal(pty_terminal.Terminal):
    """``ironsworn play`` on a pty, with a terminal type prompt_toolkit edits lines on."""

    def __init__(self, home: Path, columns: int | None = None) -> None:
        super().__init__(home, "play", term="xterm", columns=columns)

    def quit(self) -> None:
        """Type ``/quit``: play mode ends with exit code 0 (everything is already saved)."""
        self.send("/quit\r")
        assert self.wait() == 0


@pytest.fixture
def terminal(private_home: Path) -> Iterator[Terminal]:
    term = Terminal(private_home)
    yield term
    term.close()


def default_campaign(home: Path) -> Path:
    return home / "campaigns" / "default.sqlite"


def test_typing_a_move_completing_answering_and_ctrl_d(private_home: Path) -> None:
    make_kai(default_campaign(private_home))
    term = Terminal(private_home)
    try:
        term.expect("Kai: health 5  spirit 5  supply 5  momentum +2")
        term.expect("Kai>")
        # Tab completes the command with the space after it, then the move's name.
        # (The screen is read without the cursor's moves, which may draw the space: the
        # move made below is what shows it was typed.)
        term.send("/mo\t")
        term.expect("/move")
        term.send("face_dan\t")
        term.expect("face_danger")
        term.send(" --stat edge --dice 4,5,9\r")
        term.expect("action 4 + stat 3 = 7 vs 5 | 9: WEAK HIT")
        term.expect("answer with a number or a key")
        term.expect("Kai [1-4]>")
        term.send("1\r")
        term.expect("Kai: health 5  spirit 5  supply 5  momentum +1")
        term.expect("Kai>")
        term.send("a line I take back\x03")  # Ctrl-C: the line goes, the session stays
        term.expect("(line cancelled")
        term.expect("Kai>")
        term.send("/bogus\r")
        term.expect("\nerror: ")
        # One line, then the prompt again.
        line = term.expect("\n")
        assert line == "/bogus is not a command (/help lists them)\n"
        assert "error" not in term.expect("Kai>")
        term.send("/sheet\r")
        term.expect("experience 0 earned, 0 spent")
        term.expect("Kai>")
        term.send("\x04")  # Ctrl-D leaves
        assert term.wait() == 0
        term.expect("saved in")
    finally:
        term.close()
    ops = operations(default_campaign(private_home))
    assert [kind for kind, _ in ops] == ["character", "move", "choice"]
    choice = next(e for e in ops[2][1] if e["type"] == "choice")
    assert choice["keys"] == ["suffer_momentum"]


def test_sigint_at_the_prompt_cancels_the_line_and_the_session_goes_on(
    private_home: Path,
) -> None:
    make_kai(default_campaign(private_home))
    term = Terminal(private_home)
    try:
        term.expect("Kai>")
        term.send("half a thought")
        term.expect("half a thought")
        term.process.send_signal(signal.SIGINT)
        term.expect("(line cancelled")
        term.expect("Kai>")
        term.send("The storm breaks.\r")
        term.expect("Kai>")
        term.quit()
    finally:
        term.close()
    ops = operations(default_campaign(private_home))
    assert [(kind, events[0].get("text")) for kind, events in ops[1:]] == [
        ("journal", "The storm breaks.")
    ]


def test_the_walkthrough_at_a_terminal(terminal: Terminal, private_home: Path) -> None:
    terminal.expect("Name:")
    terminal.send("Ash\r")
    terminal.expect("Stats:")
    terminal.send("2 3 1 2 1\r")
    terminal.expect("Bond 1 of up to 3")
    terminal.send("\r")
    terminal.expect("Asset 1 of 3")
    terminal.send("\r")
    terminal.expect("Background vow")
    terminal.send("Restore my honour\r")
    terminal.expect("Rank: extreme, epic [epic]")
    terminal.send("ext\t")  # Tab completes the answer
    terminal.expect("extreme")
    terminal.send("\r")
    terminal.expect("sworn: Restore my honour (extreme vow; Ash)")
    terminal.expect("Inciting incident")
    terminal.send("\r")
    terminal.expect("The Old World: 1, 2, 3, r or s [r]")
    terminal.send("/skip\r")
    terminal.expect("Your story begins")
    terminal.expect("Ash>")
    terminal.send("\x04")
    assert terminal.wait() == 0
    ops = operations(default_campaign(private_home))
    assert [kind for kind, _ in ops] == ["character", "vow"]
    created = ops[0][1][0]["character"]
    assert isinstance(created, dict)
    assert created["stats"] == {"edge": 2, "heart": 3, "iron": 1, "shadow": 2, "wits": 1}


def test_a_recap_with_unicode_tracks_and_a_menu_at_the_terminal(
    private_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ironsworn.cli.main import main

    path = default_campaign(private_home)
    make_kai(path)
    where = ["--campaign", str(path)]
    assert main(["vow", "new", "Avenge", "my", "kin", "--rank", "dangerous", *where]) == 0
    assert main(["progress", "mark", "vow-1", "--ticks", "9", *where]) == 0
    assert main(["fight", "new", "--foe", "bear", *where]) == 0
    monkeypatch.setenv("PYTHONIOENCODING", "utf-8")  # a terminal that shows Unicode
    term = Terminal(private_home)
    try:
        term.expect("Last time:")
        term.expect("Open tracks:")
        term.expect(
            "vow-1      vow       dangerous    ●●◔○○○○○○○   9 ticks, score  2  Avenge my kin"
        )
        term.expect("Kai>")
        term.send("/move enter the fray --dice 6,1,2\r")
        term.expect("Kai — Enter the Fray: which stat do you roll?")
        term.expect("Kai [1-3]>")
        term.send("sha\t")  # the menu's answers complete too
        term.expect("shadow")
        term.send("\r")
        term.expect("Enter the Fray (+shadow)")
        term.expect("Kai>")
        term.send("\x04")
        assert term.wait() == 0
    finally:
        term.close()
    assert [kind for kind, _ in operations(path)][-1] == "move"


def test_long_lines_wrap_at_words_to_the_terminal_s_width(private_home: Path) -> None:
    """At an 80-column terminal the sheet's asset texts (and the ability list of a card chosen
    at character creation) wrap at their words, under the ability's text, not mid-word at
    the terminal's edge."""
    path = default_campaign(private_home)
    from ironsworn.cli.main import main

    assert main(["character", "new", "Kai", "--stats", "3,2,2,1,1", "--asset", "ironclad",
                 "--campaign", str(path)]) == 0  # fmt: skip
    term = Terminal(private_home, columns=80)
    try:
        term.expect("Kai>")
        term.send("/sheet\r")
        shown = term.expect("assets:") + term.expect("Kai>")
        term.quit()
    finally:
        term.close()
    lines = shown.split("\n")
    assert all(len(line) < 80 for line in lines), [line for line in lines if len(line) >= 80]
    at = next(i for i, line in enumerate(lines) if line.startswith("      1. Pick your armor"))
    assert lines[at + 1].startswith("         ")  # under the ability's text
    said = " ".join(line.strip() for line in lines[at : at + 3])
    assert "heavy armor (you become encumbered) gives +2 instead" in said
