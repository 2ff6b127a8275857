"""``campaign new NAME --ruleset starforged`` at a terminal asks for the player's Datasworn
file when none is known (issue 20: "Creating a Starforged campaign ... asks for that file when
none is known, imports it once into IRONSWORN_HOME, and every later Starforged campaign uses
it"), the way the command line asks everything (cli/asking.py); a script keeps the one line
saying what to import and how. A real ``ironsworn`` process on a pseudo-terminal, with the real
``../shared/reference/datasworn/starforged.json``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from cli_support import fingerprint
from test_cli_asking_pty import Terminal, script

from shared_files import STARFORGED_DATASWORN, shared_file

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
QUESTION = "Where is it? (its path, or 'later' to make the campaign without it for now)"
PROMPT = "your answer (empty: give up)> "
NEW = ("campaign", "new", "sf", "--ruleset", "starforged")


def test_the_file_is_asked_imported_once_and_the_campaign_made(home: Path) -> None:
    source = str(shared_file(STARFORGED_DATASWORN))
    term = Terminal(home, *NEW)
    try:
        asked = term.expect(PROMPT)
        assert QUESTION in asked and "own Datasworn file (starforged.json)" in asked
        term.send_line(str(home / "nowhere.json"))  # a path that cannot be used: asked again
        again = term.expect(PROMPT)
        assert "cannot read" in again and "nowhere.json" in again and QUESTION in again
        term.send_line(source)
        done = term.expect("for every starforged campaign")
        assert "created starforged campaign 'sf'" in done
        assert "imported your Ironsworn: Starforged Rulebook (starforged_import)" in done
        assert term.wait() == 0
    finally:
        term.close()
    assert (home / "packs" / "starforged_import" / "oracles.json").is_file()
    # Known now: a later Starforged campaign is made without a question, and uses it.
    later = Terminal(home, "campaign", "new", "sf2", "--ruleset", "starforged")
    try:
        assert later.wait() == 0
        assert QUESTION not in later.screen and "note:" not in later.screen
    finally:
        later.close()
    rolled = script(home, "oracle", "roll", "planet class")
    assert rolled.returncode == 0, rolled.stderr
    assert "Planetary Class" in rolled.stdout


def test_later_makes_the_campaign_without_it(home: Path) -> None:
    term = Terminal(home, *NEW)
    try:
        term.expect(PROMPT)
        term.send_line("later")
        assert term.wait() == 0
        assert "created starforged campaign 'sf'" in term.screen
        assert "note: nothing imported for starforged" in term.screen
    finally:
        term.close()
    assert not (home / "packs").exists()


def test_an_empty_answer_gives_up_and_nothing_is_made(home: Path) -> None:
    before = fingerprint(home) if home.exists() else {}
    term = Terminal(home, *NEW)
    try:
        term.expect(PROMPT)
        term.send_line("")
        assert term.wait() == 2
        last = [line for line in term.screen.splitlines() if line.strip()][-1]
        assert "nothing imported for starforged" in last
        assert "'ironsworn content import starforged.json'" in last and "--datasworn" in last
    finally:
        term.close()
    assert (fingerprint(home) if home.exists() else {}) == before


def test_a_script_is_not_asked(home: Path) -> None:
    """In a pipe: today's note saying what to import and how, nothing asked."""
    done = script(home, *NEW)
    assert done.returncode == 0, done.stderr
    note = done.stdout.splitlines()[-1]
    assert note.startswith("note: nothing imported for starforged")
    assert "'ironsworn content import starforged.json'" in note and "--datasworn FILE" in note
    assert QUESTION not in done.stdout + done.stderr
