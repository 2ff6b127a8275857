"""Play mode never eats a typo (issue 13), and looks things up without leaving the session."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_support import make_kai, operations, run_script

from ironsworn.cli.play.commands import SLASH_COMMANDS


def kinds(path: Path) -> list[str]:
    return [kind for kind, _events in operations(path)]


@pytest.mark.parametrize(
    ("typed", "nearest"),
    [
        ("notacommand", "note"),
        ("shet", "sheet"),
        ("mvoe", "move"),
        ("trakcs", "tracks"),
        ("oracel", "oracle"),
        ("serach", "search"),
        # Nothing alike: no guess ('/roll' was offered '/redo').
        ("bogus", None),
        ("roll", None),
        ("zz", None),
    ],
)
def test_an_unknown_command_suggests_the_nearest(typed: str, nearest: str | None) -> None:
    assert SLASH_COMMANDS.nearest(typed) == nearest


def test_an_unknown_command_is_an_error_naming_the_nearest(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["/shet"])
    assert run.err_lines == [
        "error: /shet is not a command; did you mean /sheet? (/help lists them)"
    ]
    assert kinds(path) == ["character"]


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("sheet", "/sheet"),
        ("Help", "/help"),
        ("clear/help", "/help"),
        ("move face danger --stat edge", "/move face danger --stat edge"),
        ("tracks", "/tracks"),
    ],
)
def test_a_line_that_reads_like_a_command(line: str, command: str) -> None:
    assert SLASH_COMMANDS.bare(line) == command


@pytest.mark.parametrize(
    "line", ["The sheet of rain hides the path.", "help me", "and/or", "move on", "?"]
)
def test_prose_is_prose(line: str) -> None:
    assert SLASH_COMMANDS.bare(line) is None


def test_a_bare_command_word_asks_and_runs_it(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["sheet", "1"])
    assert "'sheet' reads like the command /sheet: run it, or write it in the journal?" in run.out
    assert "experience 0 earned" in run.out  # the sheet was shown
    assert kinds(path) == ["character"]


def test_a_bare_command_word_can_be_journal_text(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["clear/help", "journal"])
    assert "reads like the command /help" in run.out
    assert operations(path)[-1][1][0]["text"] == "clear/help"


def test_journaled_prose_gets_a_short_echo_at_a_terminal(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["The wind rises."], interactive=True)
    assert "\njournal #2\n" in run.out


def test_journal_alone_lists_the_recent_entries(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    lines = [f"Entry {n}." for n in range(12)]
    run = run_script(path, [*lines, "/journal"])
    listing = run.out.split("journal #13: Entry 11.\n")[1].splitlines()
    assert len(listing) == 10
    assert listing[0].endswith("Kai: Entry 2.") and listing[-1].endswith("Kai: Entry 11.")


@pytest.mark.parametrize(
    ("line", "shows"),
    [
        # (Names, not ids: the ids are in --json.)
        ("/npc iron revenant", "Iron Revenant — extreme horrors"),
        ("/npc show bear", "Bear — formidable animals"),
        ("/asset shield bearer", "Shield-Bearer — combat talent"),
        ("/search wyvern", "npc    Wyvern — "),
        ("/oracle show combat action", "Combat Action — 1d100, p. 188"),
        ("/oracle roll location descriptor --value 14", "Location Descriptor (14): Rough"),
    ],
)
def test_lookups_inside_play(tmp_path: Path, line: str, shows: str) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, [line])
    assert run.err == ""
    assert shows in run.out


def test_people_and_places(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    script = [
        '/person add Elda --description "the healer"',
        '/place add Thornhold --description "a village"',
        "/person",
        "/person eld",
        "/place thorn",
        "/person nobody",
    ]
    run = run_script(path, script)
    assert kinds(path) == ["character", "person", "place"]
    assert "person added: Elda" in run.out or "meets Elda" in run.out
    assert run.out.count("Elda — the healer") == 2  # listed, then shown
    assert "Thornhold — a village" in run.out
    assert run.err_lines == ["error: person 'nobody' is unknown; closest: Elda"]


def test_export_from_play(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    story = tmp_path / "story.md"
    run = run_script(path, ["A cold morning.", f"/export markdown -o {story}"])
    assert run.err == ""
    assert "A cold morning." in story.read_text(encoding="utf-8")


def test_a_command_word_while_a_decision_waits_asks_too(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["/move face danger --stat edge --dice 4,5,9", "sheet", "run", "1"])
    assert run.err == ""
    assert "'sheet' reads like the command /sheet" in run.out
    assert "experience 0 earned" in run.out
    assert kinds(path) == ["character", "move", "choice"]  # then the decision was answered


def test_journal_reads_with_the_journal_commands_options(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["One.", "Two.", "Three.", "/journal --limit 2"])
    listing = run.out.split("journal #4: Three.\n")[1].splitlines()
    assert [line.split("  ", 1)[1] for line in listing] == ["Kai: Two.", "Kai: Three."]
    assert [kind for kind, _ in operations(path)].count("journal") == 3


def test_stats_written_as_names_and_values_make_the_character(tmp_path: Path) -> None:
    """The walkthrough's stats as a player writes them, 'edge 2 heart 3 iron 2 shadow 1
    wits 1' (or 'edge: 2, heart: 3, ...'): it refused them, 'give five values', and asked
    again; the command line's --stats reads them too."""
    from play_support import WALKTHROUGH

    from ironsworn.campaign.store import CampaignStore
    from ironsworn.cli.main import main

    path = tmp_path / "c.sqlite"
    lines = list(WALKTHROUGH)
    lines[1] = "edge 2 heart 3 iron 2 shadow 1 wits 1"
    run = run_script(path, lines)
    assert "give five values" not in run.err
    with CampaignStore.open(path) as store:
        assert store.state().character("Kai").stats == {
            "edge": 2,
            "heart": 3,
            "iron": 2,
            "shadow": 1,
            "wits": 1,
        }
    argv = ["character", "new", "Asha", "--stats", "edge: 3, heart: 2, iron: 2, shadow: 1, wits: 1"]
    assert main([*argv, "--campaign", str(path)]) == 0


def test_a_stat_after_the_moves_name_is_the_stat_rolled(tmp_path: Path) -> None:
    """'/move face danger iron': the stat as a player says it after the move (it was
    "unknown move 'face danger iron'; closest: Face Danger")."""
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["/move face danger iron --dice 6,1,2"])
    assert "Face Danger (+iron)" in run.out and "unknown move" not in run.err
    assert kinds(path)[-1] == "move"
