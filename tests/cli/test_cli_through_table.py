"""The command line makes its changes through the table's operations (issue 18): no command
module calls the engine's ``SheetOperations``, and each operation it uses keeps the engine's
result of its commit (``Table.results``), which the command prints as it always did."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from cli_support import fingerprint, run

import ironsworn.cli
from ironsworn.campaign.store import CampaignStore
from ironsworn.table import Table, operation
from pty_terminal import Terminal, script
from source_strings import lines_naming

CLI = Path(ironsworn.cli.__file__).parent
STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


def sheet_operations_used(path: Path) -> list[int]:
    """The lines of ``path`` that import or name ``SheetOperations``."""
    return lines_naming(path, "SheetOperations")


def test_no_command_calls_sheet_operations() -> None:
    modules = sorted(CLI.glob("*_cmd.py"))
    assert len(modules) > 10  # the command modules are where they were
    found = {p.name: used for p in modules if (used := sheet_operations_used(p))}
    assert found == {}, "commands must call the table's operations, not SheetOperations"


def test_the_check_finds_a_call(tmp_path: Path) -> None:
    bad = tmp_path / "bad_cmd.py"
    bad.write_text(
        "def run(e):\n    from ironsworn.moves.sheet import SheetOperations\n"
        "    return SheetOperations(e).progress('x', True, None, 1)\n",
        encoding="utf-8",
    )
    assert sheet_operations_used(bad) == [2, 3]


@pytest.fixture
def table(tmp_path: Path) -> Table:
    store = CampaignStore.open(tmp_path / "c.sqlite", create=True)
    made = Table(store, "c", results=[])
    operation("character").call(made, {"name": "Asha", "stats": STATS})
    return made


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("track", {"kind": "vow", "text": "Find the wyvern", "rank": "dangerous"}),
        ("track", {"kind": "fight", "foe": "bear"}),
        ("person", {"name": "Kira"}),
        ("place", {"name": "Hall"}),
        ("note", {"text": "The gate is shut"}),
        ("truth", {"truth": "iron", "option": "1"}),
        ("option", {"name": "even_matches", "value": "on"}),
        ("equipment", {"item": "rope"}),
        ("adjust", {"meter": "health", "delta": -2}),
    ],
)
def test_each_commit_keeps_its_result(table: Table, name: str, args: dict[str, object]) -> None:
    before = len(table.results or [])
    operation(name).call(table, args)
    kept = (table.results or [])[before:]
    assert len(kept) == 1, kept
    assert kept[0].events, "the result kept is the commit's, with its events"


@pytest.fixture
def two(home: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A campaign with Asha and Bo."""
    for name in ("Asha", "Bo"):
        assert run(capsys, "character", "new", name, "--stats", STATS)[0] == 0
    return home


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
@pytest.mark.parametrize(
    ("argv", "prompt", "answer", "line", "done"),
    [
        # the table's track operation asks the vow's rank (the engine's question)
        (
            ("vow", "new", "Find", "the", "wyvern", "--character", "Asha"),
            "What is the vow's rank?",
            "2",
            "give it with --rank",
            "vow-1: Find the wyvern (dangerous vow; Asha)",
        ),
        # several characters, none named: which one is asked
        (
            ("adjust", "health", "-1"),
            "There are several characters: which one?",
            "Bo",
            # (nothing typed: the characters there are, not the "closest")
            "name one (--character): Asha or Bo",
            "Bo: health 5 -> 4",
        ),
        (
            ("debility", "mark", "shaken"),
            "There are several characters: which one?",
            "1",
            "name one (--character)",
            "Asha: shaken marked",
        ),
    ],
)
def test_a_missing_input_is_asked_at_a_terminal_and_one_line_in_a_script(
    two: Path, argv: tuple[str, ...], prompt: str, answer: str, line: str, done: str
) -> None:
    before = fingerprint(two)
    scripted = script(two, *argv)
    assert scripted.returncode == 2 and scripted.stdout == ""
    assert scripted.stderr.count("\n") == 1 and line in scripted.stderr, scripted.stderr
    assert fingerprint(two) == before, "a refused command changed nothing"
    term = Terminal(two, *argv)
    try:
        asked = term.expect("(empty: give up)> ")
        assert prompt in asked and "--" not in asked.split(prompt, 1)[1]
        term.send_line(answer)
        term.expect(done)
        assert term.wait() == 0
    finally:
        term.close()


def test_a_decision_left_by_a_command_is_asked_at_a_terminal(two: Path) -> None:
    """scene resolve's miss leaves Pay the Price: asked once the result is printed."""
    assert script(two, "scene", "new", "Hold", "--rank", "dangerous", "--character", "Asha")
    term = Terminal(two, "scene", "resolve", "Hold", "--dice", "9,9", "--character", "Asha")
    try:
        term.expect("MISS")
        term.expect("(empty: answer later)> ")
        term.send_line("obvious")
        assert term.wait() == 0
    finally:
        term.close()
    answered = script(two, "choose", "obvious")  # answered at the terminal: nothing waits
    assert answered.returncode == 2 and "no pending decision" in answered.stderr
    journal = script(two, "journal", "--json").stdout
    assert "obvious" in journal, journal


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (("asset", "mark", "nosuch", "1", "--character", "Asha"), "'nosuch'"),
        (("asset", "track", "nosuch", "11", "--character", "Asha"), "VALUE 11"),
        (("adjust", "nosuch", "+1", "--character", "Asha"), "'nosuch'"),
        (("debility", "clear", "wounded", "--character", "Asha"), "not wounded"),
        (("initiative", "sideways", "--character", "Bo"), "'sideways'"),
        (("equipment", "remove", "rope", "--character", "Bo"), "'rope'"),
        (("impact", "mark", "battered", "--character", "Asha"), "classic"),
        (("legacy", "mark", "quests", "--ticks", "4", "--character", "Bo"), "no legacy"),
        (("world", "truth", "iron", "9"), "'9'"),
        (("person", "add", " "), "' '"),
        (("option", "even_matches", "sideways"), "'sideways'"),
        (("lasting", "give", "nosuch", "--to", "Bo", "--character", "Asha"), "'nosuch'"),
        (("homebrew", "new", "Coin", "--ability", "nosuch:x", "--character", "Asha"), "'nosuch'"),
        (("bond", "background", "Elda", "--character", "Asha"), "reserve"),
        (("vow", "new", "Swear", "--rank", "dangerous", "--character", "Nobody"), "'Nobody'"),
        (
            ("scene", "new", "Hold", "--rank", "dangerous", "--dice", "3", "--character", "Bo"),
            "--dice",
        ),
    ],
)
def test_bad_input_through_the_table_is_one_line_and_changes_nothing(
    two: Path, argv: tuple[str, ...], named: str
) -> None:
    before = fingerprint(two)
    done = script(two, *argv)
    assert (done.returncode, done.stdout) == (2, ""), done
    assert done.stderr.startswith("ironsworn: error: ") and done.stderr.count("\n") == 1
    assert named in done.stderr, done.stderr
    assert fingerprint(two) == before, "a refused command changed nothing"


def test_a_new_campaign_is_made_only_when_the_operation_succeeds(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The operation first runs on an empty campaign in memory: refused or asked, no file."""
    for argv in (
        ("vow", "new", "Find", "it"),  # no character yet
        ("adjust", "health", "-1"),
        ("world", "truth", "iron", "9"),  # no such option
        ("option", "even_matches", "sideways"),
        ("place", "add", "Keep", "--region", "nosuch"),
    ):
        code, out, err = run(capsys, *argv)
        assert (code, out) == (2, "") and err.count("\n") == 1, (argv, err)
        assert not (home / "campaigns").exists(), argv
    code, out, _err = run(capsys, "person", "add", "Kira", "--json")
    assert code == 0 and json.loads(out)[0]["person"]["name"] == "Kira"
    assert (home / "campaigns" / "default.sqlite").is_file()


# The same session as command lines and as the table's operations (the web's, the MCP
# server's): each step (argv, operation, arguments).
SESSION: list[tuple[tuple[str, ...], str, dict[str, object]]] = [
    (
        ("character", "new", "Asha", "--stats", STATS, "--bond", "Elda", "--reserve-bonds", "1"),
        "character",
        {"name": "Asha", "stats": STATS, "bonds": ["Elda"], "reserve_bonds": 1},
    ),
    (("vow", "new", "Find", "the", "wyvern", "--rank", "dangerous"), "track", {
        "kind": "vow", "text": "Find the wyvern", "rank": "dangerous"}),
    (("fight", "new", "--foe", "wolf", "--count", "2"), "track", {
        "kind": "fight", "foe": "wolf", "count": 2}),
    (("progress", "mark", "vow-1", "--times", "2"), "progress", {"track": "vow-1", "times": 2}),
    (("adjust", "health", "-2"), "adjust", {"meter": "health", "delta": -2}),
    (("debility", "mark", "shaken"), "debility", {"name": "shaken"}),
    (("initiative", "have"), "initiative", {"value": "have"}),
    (("equipment", "add", "rope"), "equipment", {"item": "rope"}),
    (("person", "add", "Kira", "--description", "a scout"), "person", {
        "name": "Kira", "description": "a scout"}),
    (("place", "add", "Hall"), "place", {"name": "Hall"}),
    (("note", "add", "The", "gate"), "note", {"text": "The gate"}),
    (("world", "truth", "iron", "2"), "truth", {"truth": "iron", "option": "2"}),
    (("option", "even_matches", "on"), "option", {"name": "even_matches", "value": "on"}),
    (("bond", "background", "Rolf"), "background_bond", {"bond": "Rolf"}),
    (("scene", "new", "Hold", "--rank", "dangerous"), "track", {
        "kind": "scene", "text": "Hold", "rank": "dangerous"}),
    (("scene", "resolve", "Hold", "--dice", "9,9"), "scene_resolve", {"track": "Hold"}),
    (("choose", "obvious"), "choose", {"keys": ["obvious"]}),
    (("move", "face", "danger", "--stat", "edge", "--dice", "6,1,2"), "move", {
        "move": "face danger", "stat": "edge", "bond": False}),
]  # fmt: skip


def test_the_command_line_writes_what_the_table_writes(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from ironsworn.dice import typed_dice

    for argv, _name, _args in SESSION:
        code, _out, err = run(capsys, *argv)
        assert code == 0, (argv, err)
    store = CampaignStore.open(tmp_path / "table.sqlite", create=True)
    for argv, name, args in SESSION:
        dice = argv[argv.index("--dice") + 1] if "--dice" in argv else None
        made = Table(store, "table", dice_default=dice and typed_dice(dice), dice_once=True)
        answer = operation(name).call(made, args)
        assert isinstance(answer, (dict, list)), (name, answer)
    with CampaignStore.open(home / "campaigns" / "default.sqlite") as cli:
        by_cli = [(o.kind, o.events) for o in cli.operations()]
    by_table = [(o.kind, o.events) for o in store.operations()]
    store.close()
    assert by_cli == by_table


def test_sheet_with_several_characters_names_them_not_the_closest(
    two: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``sheet`` with no character named in a campaign of several: the characters there are
    and how to name one; it said "closest: Asha, Bo" though nothing was typed."""
    code, out, err = run(capsys, "sheet")
    assert (code, out) == (2, "")
    assert err == (
        "ironsworn: error: there are several characters; name one (--character): Asha or Bo\n"
    )
    code, _out, err = run(capsys, "sheet", "--character", "Bo")
    assert code == 0, err
