"""Play mode makes its changes by hand through the table's operations (issue 18): no module
under ``cli/play/`` calls the engine's ``SheetOperations``; a slash command runs the table's
operation of the same change (``/adjust`` is ``adjust``, ``/vow`` is ``track``, ``/impact`` is
``debility``...) and prints what it always printed; what the operation asks is asked as a
numbered menu at a terminal; its errors name the command's own words, never an input's name
the player did not type."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from play_support import KAI_STATS, make_kai, operations, run_script

import ironsworn.cli.play
from ironsworn.campaign.store import CampaignStore
from ironsworn.cli.main import main
from ironsworn.cli.play.session import PlaySession
from ironsworn.table import Question, Table, call
from ironsworn.table.operation import Operation
from source_strings import lines_naming

PLAY = Path(ironsworn.cli.play.__file__).parent


def sheet_operations_named(path: Path) -> list[int]:
    """The lines of ``path`` that import or name ``SheetOperations``."""
    return lines_naming(path, "SheetOperations")


def test_no_play_module_calls_sheet_operations() -> None:
    modules = sorted(PLAY.glob("*.py"))
    assert len(modules) > 10  # play mode's modules are where they were
    found = {p.name: lines for p in modules if (lines := sheet_operations_named(p))}
    assert found == {}, "play mode must call the table's operations, not SheetOperations"


def test_the_check_finds_an_import_and_a_call(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "def run(e):\n    from ironsworn.moves.sheet import SheetOperations\n"
        "    return SheetOperations(e).adjust('Kai', 'health', -1)\n",
        encoding="utf-8",
    )
    assert sheet_operations_named(bad) == [2, 3]


@pytest.fixture
def called(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The names of the table's operations called, in order."""
    names: list[str] = []
    real = Operation.call

    def spy(self: Operation, table: Any, args: Any = None) -> Any:
        names.append(self.name)
        return real(self, table, args)

    monkeypatch.setattr(Operation, "call", spy)
    yield names


def test_each_change_by_hand_is_the_table_s_operation(tmp_path: Path, called: list[str]) -> None:
    path = tmp_path / "c.sqlite"
    assert main(["character", "new", "Kai", "--stats", KAI_STATS, "--asset", "hawk:1=Skye",
                 "--campaign", str(path)]) == 0  # fmt: skip
    called.clear()  # (the command line makes the character through the table too)
    script = [
        "/adjust health -2",
        "/debility mark shaken",
        "/initiative have",
        "/vow Find the wolf --rank dangerous",
        "/journey To Ironhome --rank troublesome",
        "/fight --foe bear",
        "/progress mark Find the wolf",
        "/asset mark hawk 2",
        "/asset unmark hawk 2",
        '/person add Elda --description "the healer"',
        "/place add Ironhome",
    ]
    run = run_script(path, script)
    assert run.err == "", run.err
    assert called == [
        *("adjust", "debility", "initiative", "track", "track", "track", "progress"),
        *("asset_mark", "asset_mark", "person", "place"),
    ]
    # What play mode printed, as it did when it called the engine itself.
    for told in (
        "Kai: health 5 -> 3",
        "Find the wolf (dangerous vow; Kai)",
        "To Ironhome (troublesome journey; Kai)",
        "Bear (formidable fight; Kai)",
        "Find the wolf progress 0 -> 8",
        "person added: Elda",
        "place added: Ironhome",
    ):
        assert told in run.out, (told, run.out)
    kinds = [kind for kind, _ in operations(path)]
    assert kinds[1:] == [
        *("adjust", "debility", "initiative", "vow", "journey", "fight", "progress"),
        *("asset", "asset", "person", "place"),
    ]


@pytest.mark.parametrize(
    ("line", "says", "not_said"),
    [
        ("/adjust health x", "N 'x' is not a whole number (accepted: -50 to 50)", "delta"),
        ("/adjust health 99", "N 99 is out of range (accepted: -50 to 50)", "delta"),
        ("/asset mark hawk x", "N 'x' is not a whole number (accepted: 1 to 3)", "ability"),
        ("/asset track hawk 11", "VALUE 11 is out of range (accepted: 0 to 10)", "value"),
        ("/progress mark vow-9 --ticks 99", "--ticks 99 is out of range", "ticks 99"),
        ("/fight --foe bear --count 0", "--count 0 is out of range (accepted: 1 to 10)", "xx"),
        ("/initiative maybe", "initiative 'maybe' is unknown (accepted: have, lose", "--"),
        (
            "/expedition Derelict --rank dangerous",
            "/expedition: this campaign plays classic, which has no expedition tracks (accepted: "
            "/vow, /journey, /fight",
            "track:",
        ),
        ("/vehicle new Boat", "/vehicle: vehicles are Starforged's, and this campaign", "--"),
        (
            "/impact mark wounded",
            "/impact 'wounded': impacts are Starforged's, and this campaign plays classic",
            "--",
        ),
    ],
)
def test_a_bad_value_is_said_in_play_s_words_and_nothing_is_written(
    tmp_path: Path, line: str, says: str, not_said: str
) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    before = operations(path)
    run = run_script(path, [line])
    assert says in run.err, run.err
    assert not_said not in run.err.replace(says, "")
    assert len(run.err_lines) == 1
    assert operations(path) == before


def test_a_question_is_a_menu_at_a_terminal_and_one_line_in_a_script(tmp_path: Path) -> None:
    """/vow without its rank: the table's question, asked (the rank answered by its number);
    a script gets the question as one line, naming /vow's own option."""
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["/vow Find the wolf", "2"], interactive=True)
    assert "What is the vow's rank?" in run.out
    assert "   2. dangerous" in run.out
    assert "Find the wolf (dangerous vow; Kai)" in run.out
    script = run_script(path, ["/vow Find her"])
    assert script.err_lines == [
        "error: What is the vow's rank? (accepted: troublesome, dangerous, formidable, "
        "extreme, epic); give it with --rank"
    ]


def test_with_two_characters_the_table_s_question_asks_who_acts(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    assert main(["character", "new", "Bo", "--stats", KAI_STATS, "--campaign", str(path)]) == 0
    run = run_script(path, ["/adjust health -1", "2"])
    assert "There are several characters: who acts?" in run.out
    assert "now acting as Bo" in run.out and "Bo: health 5 -> 4" in run.out
    assert run.err == ""


# A Starforged campaign without its Datasworn file: Kira, and no starship yet.
KIRA_NO_SHIP = ["starforged", "", "Kira", "3 2 2 1 1", "", "", ""]


def test_vehicles_in_play_mode_are_the_table_s(tmp_path: Path, called: list[str]) -> None:
    """/vehicle names the starship when the walkthrough left it (an impact on the vehicle
    needs one), an incidental vehicle, leaves it behind, marks a trouble asked by a menu
    said of /vehicle, not of the operation."""
    path = tmp_path / "c.sqlite"
    script = [
        *KIRA_NO_SHIP,
        "/vehicle",
        "/impact mark battered",
        "/vehicle new",
        "Firebird",
        "/vehicle new Rover --incidental",
        "4",
        "/vehicle remove",  # the one incidental vehicle: Rover (no --incidental to type)
        "/vehicle remove",  # none left: one line, not a flag to type
        "/vehicle mark",
        "2",
        "/vehicle",
    ]
    run = run_script(path, script, interactive=True)
    assert "no command vehicle yet: /vehicle new NAME names your starship" in run.out
    assert run.err_lines == [
        "error: there is no command vehicle yet: the party's starship is named first "
        "(accepted: a campaign with a command vehicle)",
        "error: /vehicle remove: the party has no incidental vehicle to leave behind",
    ]
    assert "/vehicle: the vehicle's name" in run.out
    assert "What is Rover's integrity (1 to 10)?" in run.out
    assert "Rover (incidental): integrity 4/4  marks: none" in run.out
    assert "Rover: left behind" in run.out
    assert "/vehicle: battered, cursed, broken" in run.out and "vehicle_mark" not in run.out
    assert "Firebird: integrity 5/5  impacts: cursed" in run.out
    # (an operation that asked is called again with the answer)
    runs = [name for i, name in enumerate(called) if not i or called[i - 1] != name]
    assert runs == ["ruleset", "character", "debility", "vehicle", "vehicle_mark"]


def test_a_word_left_out_is_asked_from_the_operation_s_choices(tmp_path: Path) -> None:
    """/legacy with no track: the legacy tracks as a menu (not the campaign's vows)."""
    path = tmp_path / "c.sqlite"
    script = [*KIRA_NO_SHIP, "/vow Find the fleet --rank epic", "/legacy --ticks 3", "2"]
    run = run_script(path, script, interactive=True)
    assert run.err == "", run.err
    menu = run.out.split("/legacy: quests, bonds or discoveries\n")[1].split("Kira: bonds")[0]
    assert menu.startswith("   1. quests\n   2. bonds\n   3. discoveries\n"), menu
    assert "Find the fleet" not in menu
    assert "Kira: bonds legacy 0 -> 3" in run.out


def test_the_walkthrough_is_the_table_s_operations(tmp_path: Path, called: list[str]) -> None:
    """The character, the background vow and the first vow (the table's track), the truths
    written in the journal (the table's journal) and set (one operation, the rolled ones with
    their roll); a word that is no rank, where the background vow's is asked, is refused with
    the ranks that question takes."""
    from play_support import WALKTHROUGH

    path = tmp_path / "c.sqlite"
    script = [*WALKTHROUGH[:7], "bogus", *WALKTHROUGH[7:]]
    run = run_script(path, script)
    assert run.err_lines == ["error: rank 'bogus' is not allowed here (accepted: extreme, epic)"]
    assert called == ["character", "track", "track", "journal", "truths"]
    truths = [events for kind, events in operations(path) if kind == "truth"]
    assert len(truths) == 1
    rolled = [e["to"]["roll"] for e in truths[0]]
    assert len(rolled) == 10 and all(r is None or 1 <= r <= 100 for r in rolled)
    assert any(r is not None for r in rolled) and None in rolled  # rolled and chosen
    # The truths' entry is the journal operation's own: the same events as the table writes.
    (entry,) = [events for kind, events in operations(path) if kind == "journal"]
    twin = tmp_path / "twin.sqlite"
    make_kai(twin)
    with CampaignStore.open(twin) as store:
        call(Table(store, store.name), "journal", {"text": entry[0]["text"]})
    assert operations(twin)[-1] == ("journal", entry)


# ----------------------------------------------------------------- moves, Delve, homebrew, lasting

# The command line's functions play mode called for these paths, gone with it (issue 18).
GONE = {
    "ironsworn.cli.move_cmd": "move_call",
    "ironsworn.cli.setup_cmd": "homebrew_call",
    "ironsworn.cli.lasting_cmd": "operation",
    "ironsworn.cli.delve_cmd": ("site_operation", "threat_operation", "denizen_operation"),
}
# What play mode must not name: the session's own commit path (the table's operations are
# the one path), the engine's lasting changes and the store's journal entry by hand.
NOT_CALLED = (
    "commit",
    "journal_add",
    "LastingOperations",
    "HomebrewOperations",
    "move_call",
    "homebrew_call",
    "site_operation",
    "threat_operation",
    "denizen_operation",
)


def test_no_play_module_commits_by_itself_or_calls_the_cli_s_bodies() -> None:
    import importlib

    found = {
        f"{p.name}: {name}": lines
        for p in sorted(PLAY.glob("*.py"))
        for name in NOT_CALLED
        if (lines := lines_naming(p, name))
    }
    assert found == {}, "play mode makes its changes through the table's operations"
    assert not hasattr(PlaySession, "commit")
    for module, names in GONE.items():
        for name in (names,) if isinstance(names, str) else names:
            assert not hasattr(importlib.import_module(module), name), (module, name)


def test_the_scan_finds_a_session_commit(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "def run(session, args):\n    from ironsworn.cli.move_cmd import move_call\n"
        "    return session.commit(move_call(args))\n",
        encoding="utf-8",
    )
    assert lines_naming(bad, "commit") == [3]
    assert lines_naming(bad, "move_call") == [2, 3]


def twins(tmp_path: Path, *setup: list[str]) -> tuple[Path, Path]:
    """Two campaigns made alike by the command line ``setup``: one for play mode, one for
    the table's operation called directly."""
    made = (tmp_path / "play.sqlite", tmp_path / "table.sqlite")
    for path in made:
        for argv in setup:
            assert main([*argv, "--campaign", str(path)]) == 0, argv
    return made


def at_table(path: Path, name: str, args: dict[str, Any]) -> Any:
    """The table's operation ``name`` called directly on the campaign (the guide's seat)."""
    with CampaignStore.open(path) as store:
        answer = call(Table(store, store.name), name, args)
    assert not isinstance(answer, Question), answer
    return answer


def new_ops(path: Path, before: int) -> list[tuple[str, list[dict[str, Any]]]]:
    return operations(path)[before:]


KAI = ["character", "new", "Kai", "--stats", KAI_STATS]
# (line in play mode, what is typed after it, the table's operation and its arguments)
SAME_EVENTS = [
    pytest.param(
        [KAI],
        ["/move face danger --stat edge --dice 5,3,7"],
        "move",
        {"move": "face danger", "stat": "edge", "dice": "5,3,7"},
        id="move-with-stat",
    ),
    pytest.param(
        [KAI],
        ["/move face danger --dice 5,3,7", "2"],  # the stat asked: heart
        "move",
        {"move": "face danger", "stat": "heart", "dice": "5,3,7"},
        id="move-stat-asked",
    ),
    pytest.param(
        [KAI],
        ["/move enter the fray --foe bear --dice 6,2,9", "3"],  # wits
        "move",
        {"move": "enter the fray", "foe": "bear", "stat": "wits", "dice": "6,2,9"},
        id="move-enter-the-fray",
    ),
    pytest.param(
        [KAI, ["adjust", "experience", "3"]],
        ["/move advance --asset alchemist"],
        "move",
        {"move": "advance", "asset": ["alchemist"]},
        id="move-advance",
    ),
    pytest.param(
        [KAI],
        ['/homebrew new Lucky Charm --ability "bonus:face_danger:when luck holds"'],
        "homebrew_new",
        {"name": "Lucky Charm", "abilities": ["bonus:face_danger:when luck holds"]},
        id="homebrew-new",
    ),
    pytest.param(
        [["character", "new", "Kai", "--stats", KAI_STATS, "--asset", "hawk:1=Skye"]],
        ['/homebrew reskin hawk --name Owl --condition "a night bird"'],
        "homebrew_reskin",
        {"asset": "hawk", "name": "Owl", "condition": "a night bird"},
        id="homebrew-reskin",
    ),
    pytest.param(
        [
            ["character", "new", "Asha", "--stats", KAI_STATS, "--asset", "ward"],
            ["move", "ward", "--dice", "6,1,2"],
            ["choose", "momentum", "trap"],
        ],
        ["/lasting use ward_momentum"],
        "lasting_use",
        {"name": "ward_momentum"},
        id="lasting-use",
    ),
    pytest.param(
        [
            ["character", "new", "Asha", "--stats", KAI_STATS, "--asset", "ward"],
            ["move", "ward", "--dice", "6,1,2"],
            ["choose", "momentum", "trap"],
        ],
        ["/lasting use ward_trap --dice 30"],
        "lasting_use",
        {"name": "ward_trap", "dice": "30"},
        id="lasting-use-rolls",
    ),
    pytest.param(
        [
            ["character", "new", "Asha", "--stats", KAI_STATS, "--asset", "keen"],
            ["character", "new", "Bram", "--stats", KAI_STATS],
            ["move", "keen", "--character", "Asha", "--dice", "6,1,2"],
        ],
        ["/lasting give keen --to Bram --character Asha"],
        "lasting_give",
        {"name": "keen", "to": "Bram", "character": "Asha"},
        id="lasting-give",
    ),
    pytest.param(
        [
            ["character", "new", "Asha", "--stats", KAI_STATS, "--asset", "slayer"],
            ["asset", "mark", "slayer", "3"],
        ],
        ["/lasting take trophy ritual"],
        "lasting_trophy",
        {"choice": "ritual"},
        id="lasting-trophy",
    ),
]


@pytest.mark.parametrize(("setup", "lines", "name", "args"), SAME_EVENTS)
def test_play_writes_the_events_the_table_s_operation_writes(
    tmp_path: Path,
    called: list[str],
    setup: list[list[str]],
    lines: list[str],
    name: str,
    args: dict[str, Any],
) -> None:
    played, direct = twins(tmp_path, *setup)
    before = len(operations(played))
    called.clear()
    run = run_script(played, lines)
    assert run.err == "", run.err
    assert called[-1] == name and set(called) == {name}  # (called again with an answer)
    at_table(direct, name, args)
    written = new_ops(played, before)
    assert len(written) == 1
    assert written == new_ops(direct, before)


@pytest.fixture
def delve(private_home: Path) -> Iterator[None]:
    """The Delve pack imported in the test's own data home."""
    from ironsworn.content import clear_cache, import_pack
    from shared_files import shared_file

    import_pack(shared_file("reference/datasworn/delve.json"))
    clear_cache()
    yield


DELVE_EVENTS = [
    pytest.param(
        [],
        ["/site new The Barrow --theme ancient --domain barrow --rank dangerous"],
        "site",
        {"name": "The Barrow", "theme": "ancient", "domain": "barrow", "rank": "dangerous"},
        id="site-new",
    ),
    pytest.param(
        [],
        ["/site new The Barrow --theme roll --domain roll --rank dangerous --dice 3,5"],
        "site",
        {
            "name": "The Barrow",
            "theme": "roll",
            "domain": "roll",
            "rank": "dangerous",
            "dice": "3,5",
        },
        id="site-new-rolled",
    ),
    pytest.param(
        [["site", "new", "--sample", "alva's rest"]],
        ["/site denizen --dice 95"],
        "denizen",
        {"dice": "95"},
        id="site-denizen",
    ),
    pytest.param(
        [["site", "new", "--sample", "alva's rest"]],
        ["/site feature --dice 15"],
        "feature",
        {"dice": "15"},
        id="site-feature",
    ),
    pytest.param(
        [["site", "new", "--sample", "alva's rest"]],
        ["/site fill 12 the Hollow King"],
        "denizen_fill",
        {"slot": 12, "denizen": "the Hollow King"},
        id="site-fill",
    ),
    pytest.param([], ["/failure 24"], "failure", {"ticks": 24}, id="failure"),
    pytest.param(
        [["vow", "new", "Break the curse", "--rank", "dangerous"]],
        ["/threat The Hollow King --vow curse --category roll --dice 3"],
        "threat",
        {"name": "The Hollow King", "vow": "curse", "category": "roll", "dice": "3"},
        id="threat",
    ),
]


@pytest.mark.parametrize(("setup", "lines", "name", "args"), DELVE_EVENTS)
def test_delve_in_play_writes_the_events_the_table_s_operation_writes(
    tmp_path: Path,
    called: list[str],
    delve: None,
    setup: list[list[str]],
    lines: list[str],
    name: str,
    args: dict[str, Any],
) -> None:
    played, direct = twins(tmp_path, KAI, *setup)
    before = len(operations(played))
    called.clear()
    run = run_script(played, lines)
    assert run.err == "", run.err
    assert called == [name]
    at_table(direct, name, args)
    written = new_ops(played, before)
    assert len(written) == 1
    assert written == new_ops(direct, before)


def test_a_move_s_input_left_out_is_asked_at_a_terminal_and_said_in_a_script(
    tmp_path: Path, called: list[str]
) -> None:
    """Make a Connection with no one named: at a terminal the move's question is asked and
    the move made with the answer, as the table's ``move`` makes it with that input; a
    script is told the question in one line, naming no option and never "needs"."""
    played, direct, scripted = (tmp_path / f"{n}.sqlite" for n in ("p", "t", "s"))
    for path in (played, direct, scripted):
        assert run_script(path, KIRA_NO_SHIP).err == ""
    before = len(operations(played))
    line = "/move make a connection --dice 1,9,10"
    called.clear()
    run = run_script(played, [line, "Sola"], interactive=True)
    assert run.err == "", run.err
    assert "Make a Connection: whom do you seek out? (a name, in your words)" in run.out
    assert set(called) == {"move"}
    at_table(direct, "move", {"move": "make a connection", "with": "Sola", "dice": "1,9,10"})
    assert new_ops(played, before) == new_ops(direct, before)
    assert [kind for kind, _ in new_ops(played, before)] == ["move"]
    script = run_script(scripted, [line])
    assert script.err_lines == [
        "error: Make a Connection: whom do you seek out? (a name, in your words)"
    ]
    assert "--" not in script.err and "needs" not in script.err
    assert len(operations(scripted)) == before  # nothing was made


def test_lasting_asks_the_effect_and_whom_from_the_table_s_choices(
    tmp_path: Path, called: list[str]
) -> None:
    """/lasting give with nothing named, at a terminal: the acting character's effects as a
    menu, then the others who may take it (not the giver: here one, so nothing is asked);
    the events are lasting_give's. The table asks the same: its question's choices are the
    effects, by id, and whom, the others."""
    setup = [
        ["character", "new", "Asha", "--stats", KAI_STATS, "--asset", "keen"],
        ["character", "new", "Bram", "--stats", KAI_STATS],
        ["move", "keen", "--character", "Asha", "--dice", "6,1,2"],
    ]
    played, direct = twins(tmp_path, *setup)
    with CampaignStore.open(direct) as store:
        asked = call(Table(store, store.name), "lasting_use", {"character": "Asha"})
    assert isinstance(asked, Question) and asked.input == "name"
    keen = "Keen 1: keened weapon: +1 harm when you Strike or Clash, until a 1 on the action die"
    assert [(c.key, c.detail) for c in asked.choices] == [("keen", keen)]
    with CampaignStore.open(direct) as store:
        whom = call(Table(store, store.name), "lasting_give", {"character": "Asha", "name": "keen"})
    assert isinstance(whom, Question) and whom.input == "to" and whom.keys() == ["Bram"]
    before = len(operations(played))
    called.clear()
    run = run_script(played, ["/as Asha", "/lasting give", "1"], interactive=True)
    assert run.err == "", run.err
    effects = run.out.split("lasting give: the effect's id or name\n")[1]
    assert effects.startswith(f"   1. keen  {keen}\n"), effects
    # Whom: the others, Bram alone here (Asha cannot take her own): nothing to ask.
    assert "the character who takes it" not in run.out
    assert "Bram gains a lasting effect (keen)" in run.out
    assert set(called) == {"lasting_give"}
    at_table(direct, "lasting_give", {"name": "keen", "to": "Bram", "character": "Asha"})
    assert new_ops(played, before) == new_ops(direct, before)


def test_threat_s_category_is_asked_from_the_table_s_choices(
    tmp_path: Path, called: list[str], delve: None
) -> None:
    """The table's threat asks its vow and then its category with the pack's threat
    categories (or roll); /threat with its category left out, at a terminal, is asked and
    writes the events the table's threat writes with the answer."""
    played, direct = twins(tmp_path, KAI, ["vow", "new", "Break the curse", "--rank", "dangerous"])
    with CampaignStore.open(direct) as store:
        table = Table(store, store.name)
        category = call(table, "threat", {"name": "The Hollow King", "vow": "Break the curse"})
    assert isinstance(category, Question) and category.input == "category"
    keys = category.keys()
    assert len(keys) == 10 and keys[-1] == "roll" and "Zealous Cult" in keys
    before = len(operations(played))
    called.clear()
    run = run_script(
        played, ["/threat The Hollow King --vow curse", "Zealous Cult"], interactive=True
    )
    assert run.err == "", run.err
    # (asked now with the table's words and its choices numbered: the pack's categories, or roll)
    assert "/threat: a threat category of the Delve pack, or roll" in run.out
    assert "   9. Zealous Cult" in run.out
    assert set(called) == {"threat"}
    args = {"name": "The Hollow King", "vow": "curse", "category": "Zealous Cult"}
    at_table(direct, "threat", args)
    assert new_ops(played, before) == new_ops(direct, before)
