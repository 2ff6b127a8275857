"""Play mode shows the game (issue 13): tracks drawn, a recap on resuming, what Advance buys."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from play_support import KAI_STATS, make_kai, run_script

from ironsworn.cli.common import fit
from ironsworn.cli.main import main
from ironsworn.cli.play.terminal import Output


def test_tracks_are_drawn_in_play(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(
        path, ["/vow Avenge my kin --rank dangerous", "/progress mark vow-1", "/tracks"]
    )
    assert run.err == ""
    assert (
        "vow-1      vow       dangerous    [#][#][ ][ ][ ][ ][ ][ ][ ][ ]   8 ticks, score  2  "
        "Avenge my kin"
    ) in run.out


def test_resuming_shows_a_recap(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    script = ["/vow Avenge my kin --rank dangerous", "/progress mark vow-1"]
    script += ["/move face danger --stat edge --dice 6,1,2", "The wind rises.", "Onward."]
    run_script(path, script)
    run = run_script(path, [], interactive=True)
    recap = run.out.split("Last time:\n")[1].split("Kai: health")[0].splitlines()
    # The last five entries (#1, the character, is left out), then the open tracks drawn.
    assert recap == [
        "  #2 new vow (dangerous): Avenge my kin — Kai",
        "  #3 Kai: Avenge my kin: progress 0 → 8 ticks (2 boxes)",  # (Kai's mark: his vow)
        "  #4 Kai: Face Danger (+edge): strong hit; action 6 + edge 3 = 9 vs 1 | 2 → strong hit; "
        "momentum 2 → 3",
        "  #5 Kai: The wind rises.",
        "  #6 Kai: Onward.",
        "Open tracks:",
        "  vow-1      vow       dangerous    [#][#][ ][ ][ ][ ][ ][ ][ ][ ]   8 ticks, score  2  "
        "Avenge my kin",
    ]


def test_a_new_campaign_has_no_recap(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    run = run_script(path, ["/quit"], interactive=True)
    assert "Last time:" not in run.out


def test_the_advance_prompt_says_which_ability_an_upgrade_marks(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    made = ["character", "new", "Kai", "--stats", KAI_STATS, "--asset", "hawk:1=Kestrel"]
    assert main([*made, "--campaign", str(path)]) == 0
    assert main(["adjust", "experience", "+5", "--campaign", str(path)]) == 0
    run = run_script(path, ["/move advance --asset hawk"])
    assert (
        "Kai decides — Advance: spend 2 experience to upgrade Hawk, marking ability 2: Fierce:"
    ) in run.out
    run = run_script(path, ["/undo", "/move advance --asset hawk --ability 3"])
    assert "marking ability 3: " in run.out
    run = run_script(path, ["/undo", '/move advance --asset "shield bearer"'])
    assert "spend 3 experience on the asset Shield-Bearer (ability 1 marked)" in run.out


def test_the_recap_leaves_out_the_content_packs_pinned(tmp_path: Path) -> None:
    # The packs a campaign pins are plumbing: the recap's first entry ended "content packs:
    # classic, ..." (the web's log and the story leave them out).
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run_script(path, ["The wind rises."])
    run = run_script(path, [], interactive=True)
    recap = run.out.split("Last time:\n")[1].split("Kai: health")[0]
    assert recap.startswith("  #1 Kai enters the story")
    assert "content packs" not in recap


class _Screen(io.StringIO):
    """What a terminal would show (a stream that says it is one)."""

    def isatty(self) -> bool:
        return True


ABILITY = (
    "  2. Secure an Advantage +edge with your hawk harrying your foes: add +1 and take +1 "
    "momentum on a hit."
)


def test_a_terminal_s_long_lines_wrap_at_words_under_their_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At a terminal 60 columns wide a card's ability (as character creation lists them)
    wraps at its words, each next line under the ability's text; a short line, a pipe's
    output and a JSON result are left as they are."""
    monkeypatch.setenv("COLUMNS", "60")
    screen = _Screen()
    Output(out=screen).say(f"Hawk\n{ABILITY}")
    assert screen.getvalue() == (
        "Hawk\n"
        "  2. Secure an Advantage +edge with your hawk harrying your\n"
        "     foes: add +1 and take +1 momentum on a hit.\n"
    )
    piped = io.StringIO()
    Output(out=piped).say(ABILITY)
    assert piped.getvalue() == ABILITY + "\n"
    screen = _Screen()
    Output(out=screen).result({"text": ABILITY}, ABILITY, as_json=True)
    assert screen.getvalue() == json.dumps({"text": ABILITY}) + "\n"
    assert fit("· a note: " + "word " * 20, 40).split("\n")[1].startswith("  ")
    status = (
        "Asha: health 5  spirit 5  supply 4  momentum +9 (max +10)  debilities: none  initiative"
    )
    assert fit(status, 80).split("\n") == [status[:75], "      initiative"]
    row = "  vow-1      vow       extreme      ○○○○○○○○○○   0 ticks, score  0  Avenge my father"
    assert fit(row, 60).split("\n")[1:] == ["    score  0  Avenge my father"]  # (stands in)
