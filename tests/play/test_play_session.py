"""Play mode in-process: the walkthrough, moves and answers, commands, errors, Ctrl-C, --json.

Each test runs a whole session on a campaign file in tmp_path with scripted input (see
conftest.py) and then reads the campaign back through the store.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from play_support import WALKTHROUGH, make_kai, operations, run_script

from ironsworn.campaign.state import CampaignState
from ironsworn.campaign.store import CampaignStore
from ironsworn.cli.main import main

FACE_DANGER_WEAK_HIT = "/move face danger --stat edge --dice 4,5,9"  # 4 + 3 = 7 vs 5 | 9


def state_of(path: Path) -> CampaignState:
    with CampaignStore.open(path) as store:
        state: CampaignState = store.state()
        return state


def kinds(path: Path) -> list[str]:
    return [kind for kind, _events in operations(path)]


# ------------------------------------------------------------------------------ walkthrough


def test_walkthrough_makes_the_character_vows_and_truths(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    run = run_script(path, WALKTHROUGH)
    assert run.code == 0
    assert run.err == ""
    assert kinds(path) == ["character", "vow", "vow", "journal", "truth"]
    state = state_of(path)
    kai = state.character("Kai")
    assert kai.stats == {"edge": 3, "heart": 2, "iron": 2, "shadow": 1, "wits": 1}
    assert kai.bonds == ["Mother", "The village of Thornhold"]
    tracks = {t.name: t.rank for t in state.tracks.values()}
    assert tracks == {"Avenge my father": "epic", "Find the raiders' camp": "dangerous"}
    truths = operations(path)[3][1][0]["text"]
    assert isinstance(truths, str)
    lines = truths.splitlines()[1:]
    assert len(lines) == 10  # 11 categories, Communities left open
    assert lines[0].startswith("- The Old World (chosen): The savage clans called the Skulde")
    assert lines[1].startswith("- Iron (rolled ")
    assert not any("Communities" in line for line in lines)
    # The truths are state too: ten set, Communities left open.
    assert len(state.truths) == 10 and "truth:classic/communities" not in state.truths
    assert state.truths["truth:classic/old_world"]["key"] == "1"
    assert state.truths["truth:classic/iron"]["roll"] is not None
    assert "Kai is made" in run.out and "momentum +2" in run.out


def test_walkthrough_asks_again_after_each_bad_answer(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    answers = [
        "",  # no name
        "Kai",
        "3 3 2 1 1",  # not 3-2-2-1-1
        "edge=3,heart=2",  # missing stats
        "wits=3,edge=2,heart=2,iron=1,shadow=1",
        "",  # no bonds
        "nosuch",  # not an asset card
        "hound",
        "4",  # the hound has three abilities
        "1",
        "",  # a companion needs its name: the card is asked again
        "hound",
        "1",
        "Fang",
        "",  # no more assets
        "Avenge my father",
        "dangerous",  # a background vow is extreme or epic
        "extreme",
        "",  # no inciting incident
        "/move face danger",  # a command is not an answer here
        "/skip",  # leave the truths open
    ]
    run = run_script(path, answers)
    assert run.code == 0
    assert len(run.err_lines) == 8, run.err_lines
    assert all(line.startswith("error: ") for line in run.err_lines)
    assert "3, 2, 2, 1, 1" in run.err_lines[1]
    assert "'nosuch'" in run.err_lines[3] and "'4'" in run.err_lines[4]
    assert "hound=NAME" in run.err_lines[5]
    assert "extreme, epic" in run.err_lines[6]
    assert kinds(path) == ["character", "vow"]
    kai = state_of(path).character("Kai")
    assert kai.stats["wits"] == 3 and kai.bonds == []
    assert [(a["name"], a["input"], a["abilities"]) for a in kai.assets] == [
        ("Hound", "Fang", [True, False, False])
    ]


def test_walkthrough_can_swear_an_iron_vow_on_the_inciting_incident(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    # Kai has bonds: whether the vow is sworn to one of them is asked (Mother: +1).
    run = run_script(path, [*WALKTHROUGH[:-1], "y", "Mother", "/decline", "/decline"])
    assert run.code == 0
    assert "is this vow to a person or community you share a bond with? (+1)" in run.out
    move = next(events for kind, events in operations(path) if kind == "move")
    made = [e for e in move if e["type"] in ("roll", "move")]
    assert made[0]["move"] == "move:classic/quest/swear_an_iron_vow"
    assert "Swear an Iron Vow (+heart)" in run.out
    assert "+1 you share a bond with Mother" in run.out
    # The story begins before the vow is sworn: a decision the move leaves (a miss's press on
    # or give up) is the last thing shown before its prompt, not "type what happens".
    assert run.out.index("Your story begins") < run.out.index("Swear an Iron Vow (+heart)")


def test_the_story_begins_once_the_offer_to_swear_is_answered(tmp_path: Path) -> None:
    """ "Your story begins: type what happens" came above the offer to swear ("[Y/n]"): a new
    player typed their first scene to it and was refused. It follows the answer now, swearing
    or not."""
    for answer in ("y", "n"):
        path = tmp_path / f"{answer}.sqlite"
        run = run_script(path, [*WALKTHROUGH[:-1], answer, "Mother", "/decline", "/decline"])
        assert run.code == 0
        offer = run.out.index("Swear an Iron Vow on ")
        assert offer < run.out.index("Your story begins"), run.out
        assert run.out.count("Your story begins") == 1


def test_leaving_the_walkthroughs_bond_question_swears_nothing(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    run = run_script(path, [*WALKTHROUGH[:-1], "y", "", "The story begins."])
    assert run.code == 0
    assert "(left the question: nothing was made)" in run.out
    assert "move" not in [kind for kind, _ in operations(path)]


def test_a_command_at_the_name_question_skips_the_walkthrough_and_runs(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    run = run_script(path, ["/oracle action --value 37", "The wind rises."])
    assert run.code == 0
    assert "Action (37): " in run.out
    assert kinds(path) == ["oracle", "journal"]
    assert state_of(path).characters == {}


def test_quit_during_the_walkthrough_keeps_what_was_made(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    run = run_script(path, ["Kai", "3 2 2 1 1", "", "", "/quit", "never read"])
    assert run.code == 0
    assert run.reader.lines == ["never read"]
    assert kinds(path) == ["character"]


def test_ctrl_c_during_the_walkthrough_asks_the_question_again(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    script: list[str | BaseException] = [KeyboardInterrupt(), "Kai", "3 2 2 1 1"]
    script += [KeyboardInterrupt(), "", "", "", "", "/skip"]
    run = run_script(path, script)
    assert run.code == 0 and run.err == ""
    assert run.out.count("Name:") == 2 and run.out.count("Bond 1 of up to 3") == 2
    assert kinds(path) == ["character"]


def test_end_of_input_during_the_walkthrough_leaves_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    run = run_script(path, ["Kai"])
    assert run.code == 0
    assert kinds(path) == []


# ------------------------------------------------------------------------- moves, decisions


@pytest.mark.parametrize(
    ("answer", "meter", "value"),
    [
        ("1", "momentum", 1),
        ("suffer_momentum", "momentum", 1),
        ("4", "supply", 4),
        ("suffer_s", "supply", 4),  # a unique prefix of the key
        ("/choose suffer_supply", "supply", 4),
        ("/choose 4", "supply", 4),
    ],
)
def test_a_pending_choice_is_answered_at_the_prompt(
    tmp_path: Path, answer: str, meter: str, value: int
) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, [FACE_DANGER_WEAK_HIT, answer])
    assert run.code == 0, run.err
    assert run.err == ""
    assert "WEAK HIT" in run.out
    assert "Kai decides — Face Danger: choose one" in run.out
    assert "   1. suffer_momentum" in run.out
    assert kinds(path) == ["character", "move", "choice"]
    kai = state_of(path).character("Kai")
    assert getattr(kai, meter) == value
    assert state_of(path).pending is None
    # The status line after the answer shows the change.
    assert f"Kai: health 5  spirit 5  supply {kai.supply}  momentum {kai.momentum:+d}" in run.out


def test_a_line_that_answers_nothing_is_refused_and_never_journal(tmp_path: Path) -> None:
    # Issue 18: "A decision answered with something that is not one of its options is refused
    # and asked again; it never becomes a journal entry."
    path = tmp_path / "c.sqlite"
    make_kai(path)
    script = [FACE_DANGER_WEAK_HIT, "suffer_x", "maybe the second one", "9", "/journal I wait."]
    run = run_script(path, script)
    assert run.code == 0
    assert len(run.err_lines) == 3
    assert "'suffer_x' is not an option" in run.err_lines[0]
    assert "accepted: 1-4" in run.err_lines[0]
    assert "'maybe the second one' does not answer the decision" in run.err_lines[1]
    assert "nothing was written" in run.err_lines[1]
    assert "'9' is not an option" in run.err_lines[2]
    assert kinds(path) == ["character", "move", "journal"]  # /journal only
    assert state_of(path).pending is not None


def test_a_burn_offer_is_answered_with_y(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    # Momentum +6 beats both challenge dice of a 1 + 3 = 4 vs 4 | 5 miss: a strong hit.
    script = ["/adjust momentum +4", "/move face danger --stat edge --dice 1,4,5", "y"]
    run = run_script(path, script)
    assert run.code == 0, run.err
    assert "burn momentum +6" in run.out and "y = burn" in run.out
    assert kinds(path) == ["character", "adjust", "move", "burn"]
    burn = operations(path)[3][1]
    assert any(e["type"] == "burn" for e in burn)
    kai = state_of(path).character("Kai")
    assert kai.momentum == 3  # reset to +2, then Face Danger's strong hit: +1


def test_a_move_blocked_by_a_pending_decision_says_so(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, [FACE_DANGER_WEAK_HIT, "/move face danger --stat wits"])
    assert run.err_lines == [
        "error: Kai's decision comes first: answer it (its number or key), then "
        "'/move face danger --stat wits' again"
    ]
    # The decision is shown again below the line, to be answered by its number or key.
    assert run.out.count("Kai decides — Face Danger") == 2
    assert kinds(path) == ["character", "move"]


def test_a_move_blocked_by_a_decision_asks_nothing_first(tmp_path: Path) -> None:
    """Swear an Iron Vow asks whom the vow serves; with a decision waiting, the move is
    refused before that question (its answer would be thrown away)."""
    path = tmp_path / "c.sqlite"
    make_kai(path)
    lines = ["/vow Find the wolf --rank dangerous", FACE_DANGER_WEAK_HIT]
    lines += ["/move swear an iron vow", "1"]
    run = run_script(path, lines, interactive=True)
    assert run.err_lines[0].startswith("error: Kai's decision comes first")
    assert "Swear an Iron Vow: whom does this vow serve" not in run.out
    assert kinds(path) == ["character", "vow", "move", "choice"]  # "1" answered Face Danger


# ------------------------------------------------------------------------------- commands


def test_prose_becomes_journal_text_for_the_only_character(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run_script(path, ["The raiders' tracks lead north.", "", "//slashes/are fine", "/note ok"])
    ops = operations(path)[1:]
    assert [events[0]["text"] for _kind, events in ops] == [
        "The raiders' tracks lead north.",
        "/slashes/are fine",
        "ok",
    ]
    with CampaignStore.open(path) as store:
        assert {op.character for op in store.operations()[1:]} == {"Kai"}


def test_oracle_and_ask_are_rolled_and_recorded(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(
        path,
        ["/oracle action --value 37", "/ask likely Is the gate open? --value 30", "/ask 50/50"],
    )
    assert run.err == ""
    assert "Action (37): " in run.out
    assert "Is the gate open?\nLikely (26+): rolled 30 — YES" in run.out
    ops = operations(path)
    assert [kind for kind, _ in ops] == ["character", "oracle", "ask", "ask"]
    oracle = ops[1][1][0]
    assert oracle["oracle"] == "oracle_rollable:classic/action_and_theme/action"
    assert oracle["roll"] == 37 and oracle["character"] == "Kai"
    ask = ops[2][1][0]
    assert (ask["odds"], ask["roll"], ask["answer"], ask["question"]) == (
        "likely",
        30,
        "yes",
        "Is the gate open?",
    )
    assert ops[3][1][0]["odds"] == "fifty_fifty"


def test_tracks_are_made_listed_and_progress_marked(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(
        path,
        [
            "/vow Avenge my brother's death --rank dangerous",
            '/journey "To the Veiled Mountains" --rank troublesome',
            "/fight --foe bear",
            "/progress mark vow-1",
            "/tracks",
        ],
    )
    assert run.err == ""
    assert "Avenge my brother's death (dangerous vow; Kai)" in run.out
    assert not any(line.startswith("vow-1: ") for line in run.out.splitlines())  # an id
    tracks = {t.id: t for t in state_of(path).tracks.values()}
    assert tracks["vow-1"].ticks == 8
    assert tracks["journey-2"].name == "To the Veiled Mountains"
    assert tracks["fight-3"].foe == "npc:classic/animals/bear"
    assert "fight-3" in run.out and "8 ticks" in run.out


def test_sheet_adjust_debility_undo_redo(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(
        path,
        ["/adjust health -2", "/debility mark shaken", "/undo", "/undo", "/redo", "/sheet"],
    )
    assert run.err == ""
    kai = state_of(path).character("Kai")
    assert kai.health == 3 and kai.debilities == []
    assert "undid #3 debility" in run.out and "redid #2 adjust" in run.out
    assert "health 3  spirit 5  supply 5  momentum +2 (max +10, reset +2)" in run.out


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("/bogus", "/bogus is not a command"),
        ("/mvoe face danger", "did you mean /move"),
        # No guess unlike what was typed ("/roll": "/redo" or "/log" misled).
        ("/roll action", "/roll is not a command (/help lists them)"),
        ("/", "a lone '/'"),
        ("/move", "/move: the following arguments are required"),
        ("/move face danger --bogus", "/move: unrecognized arguments: --bogus"),
        ("/move face danger --stat nonsense --dice 4,5,9", "--stat 'nonsense' is not allowed"),
        # A name like none: the listing that shows what is accepted.
        ("/move no such move", "unknown move 'no such move' (accepted: a name /move list shows)"),
        ("/npc dragonn", "unknown NPC 'dragonn' (accepted: a name /npc list shows)"),
        ("/asset zzz", "unknown asset 'zzz' (accepted: a name /asset list shows)"),
        ("/oracle roll zzz", "unknown oracle table 'zzz' (accepted: a name /oracle list shows)"),
        ("/move face danger --stat edge --dice 4", "dice"),
        ("/adjust health x", "'x' is not a whole number"),
        ("/adjust sanity -1", "meter 'sanity' is unknown"),
        ("/oracle", "/oracle needs a table"),
        ("/oracle no such table", "no such table"),
        ("/ask", "/ask needs the odds"),
        ("/ask maybe", "odds 'maybe' is unknown"),
        ("/vow Find her", "give it with --rank"),  # asked at a terminal; a script: the line
        ('/vow "Find her --rank epic', "unbalanced double quote"),
        ("/choose 1", "there is no pending decision"),
        ("/burn", "there is no pending decision"),
        ("/undo now", "takes no arguments"),
        ("/sheet --campaign other", "--campaign cannot change"),
    ],
)
def test_a_bad_command_prints_one_line_and_the_session_goes_on(
    tmp_path: Path, line: str, says: str
) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    before = kinds(path)
    run = run_script(path, [line, "still here"])
    assert run.code == 0
    assert len(run.err_lines) == 1, run.err
    assert run.err_lines[0].startswith("error: ")
    assert says in run.err_lines[0]
    assert kinds(path) == [*before, "journal"]  # nothing written by the bad line


def test_ctrl_c_cancels_the_line_and_the_session_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["first", KeyboardInterrupt(), "second"])
    assert run.code == 0
    assert [events[0]["text"] for kind, events in operations(path)[1:]] == ["first", "second"]


def test_at_a_terminal_the_prompt_names_the_character_and_the_pending_decision(
    tmp_path: Path,
) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, [FACE_DANGER_WEAK_HIT, "1"], interactive=True)
    assert run.reader.prompts == ["Kai> ", "Kai [1-4]> ", "Kai> "]
    # The greeting names the campaign, then the status line; leaving says where it is saved.
    assert run.out.startswith("ironsworn play — campaign 'c'")
    assert "Kai: health 5  spirit 5  supply 5  momentum +2 (max +10)" in run.out
    assert run.out.rstrip().endswith(f"saved in {path}")
    assert "journal #" not in run.out  # at a terminal, prose is not echoed back


def test_quit_leaves_and_reads_no_further(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["/quit", "never read"])
    assert run.code == 0
    assert run.reader.lines == ["never read"]


def test_help_lists_commands_and_shows_one_commands_options(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["/help", "/help move", "/move --help", "after help"])
    assert run.err == ""
    for usage in ("/move NAME", "/oracle TABLE", "/ask ODDS", "/undo", "/quit"):
        assert usage in run.out
    assert "--stat" in run.out and "--dice" in run.out
    assert "usage:" in run.out  # argparse's own --help
    assert kinds(path)[-1] == "journal"


def test_help_and_completion_leave_out_what_the_session_fixed(tmp_path: Path) -> None:
    # Where the campaign is kept cannot change in play mode: not offered, refused when typed.
    from ironsworn.cli.play.completion import CommandShape

    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["/help vow", "/vow X --rank dangerous --database postgresql://x/y"])
    options = run.out.split("options:", 1)[1]
    assert "--rank" in options and "--character" in options
    assert "--database" not in options and "--campaign" not in options
    assert "--database cannot change in play mode" in run.err
    import io

    from ironsworn.cli.play.session import PlaySession
    from ironsworn.cli.play.terminal import Output
    from ironsworn.dice import RandomDice

    with CampaignStore.open(path) as store:
        out = Output(False, io.StringIO(), io.StringIO())
        vow = PlaySession(store, out, RandomDice(1)).parsers()["vow"]
    shape = CommandShape.from_parser(vow)
    assert "--rank" in shape.options
    assert "--database" not in shape.options and "--campaign" not in shape.options


def test_json_mode_prints_one_json_object_per_result_on_stdout(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(
        path, [FACE_DANGER_WEAK_HIT, "1", "Onward.", "/oracle action --value 37"], json_mode=True
    )
    results = [json.loads(line) for line in run.out.splitlines()]
    assert [r.get("move") or r.get("kind") or r.get("id") for r in results] == [
        "move:classic/adventure/face_danger",
        None,
        "journal",
        "oracle_rollable:classic/action_and_theme/action",
    ]
    assert results[0]["pending"][0]["kind"] == "choose"
    assert "Kai decides" in run.err  # the human lines go to stderr


def test_walkthrough_chooses_assets_from_the_deck(tmp_path: Path) -> None:
    """Three cards: listed by type (or words), shown whole, named and their choices made."""
    path = tmp_path / "c.sqlite"
    answers = [
        "Kai",
        "3 2 2 1 1",
        "",  # no bonds
        "list companion",
        "list spear",
        "show cave lion",
        "cave lion",
        "2",  # its starting ability (the card marks none)
        "Ember",
        "devotant",
        "Ulla",  # the god's name
        "luck",  # not a stat
        "heart",
        "devotant",  # already chosen
        "skirmisher",
        "",
        "",
        "/skip",
    ]
    run = run_script(path, answers)
    assert run.code == 0, run.err
    assert "companion:\n  Cave Lion:" in run.out and "Skirmisher:" in run.out
    assert "Inescapable" in run.out  # the whole card shown
    assert len(run.err_lines) == 2 and "'luck'" in run.err_lines[0]
    assert "already chosen" in run.err_lines[1]
    kai = state_of(path).character("Kai")
    cards = {a["name"]: a for a in kai.assets}
    assert list(cards) == ["Cave Lion", "Devotant", "Skirmisher"]
    assert cards["Cave Lion"]["input"] == "Ember" and cards["Cave Lion"]["abilities"][1]
    assert cards["Cave Lion"]["meter"] == {"name": "health", "value": 4, "max": 4}
    fields = cards["Devotant"]["fields"]
    assert fields == {"god's name": "Ulla", "stat": "heart", "stat_stat": "heart"}


def test_an_undo_tells_a_companion_by_its_name(tmp_path: Path) -> None:
    """The undone operation is told as the log tells it: the hound by the name it was given."""
    path = tmp_path / "c.sqlite"
    made = ["character", "new", "Asha", "--stats", "3,2,2,1,1", "--asset", "hound:1=Fenn"]
    assert main([*made, "--campaign", str(path)]) == 0
    run = run_script(
        path, ["/move companion endure harm --amount 1 --dice 6,1,2", "/undo", "/redo"]
    )
    assert run.err == ""
    assert "undid #2 move: " in run.out and "redid #2 move: " in run.out
    for line in run.out.splitlines():
        if line.startswith(("undid", "redid")):
            assert "Asha's hound “Fenn”: health 4 → 3" in line, line
            assert "action 6 + companion health 3 = 9" in line, line  # (its words, no id)


def test_help_fits_the_terminal_and_lists_the_campaigns_own_commands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/help wraps each summary in its column at the terminal's width, and leaves out the
    commands of the other ruleset (a classic campaign has no /expedition, a Starforged one no
    /journey)."""
    monkeypatch.setenv("COLUMNS", "80")
    path = tmp_path / "c.sqlite"
    make_kai(path)
    classic = run_script(path, ["/help"]).out
    lines = classic.splitlines()
    assert lines and all(len(line) <= 80 for line in lines), max(lines, key=len)
    assert "  /journey TEXT --rank R" in classic and "/site new NAME" in classic
    assert "/expedition" not in classic and "/vehicle" not in classic
    # A summary goes on in its own column, under the first line of it.
    at = next(i for i, line in enumerate(lines) if line.startswith("  /move NAME"))
    column = lines[at].index("make a move")
    assert lines[at + 1].startswith(" " * column) and lines[at + 1].strip()
    assert main(["campaign", "new", "forge", "--ruleset", "starforged"]) == 0
    forge = tmp_path / "home" / "campaigns" / "forge.sqlite"  # (the private home's)
    starforged = run_script(forge, ["/skip", "/help"]).out
    assert "/expedition TEXT --rank R" in starforged and "/vehicle" in starforged
    assert "/journey" not in starforged and "/site" not in starforged
    assert "/debility" not in starforged and "/debility mark|clear NAME" in classic


def test_the_help_table_puts_a_wide_usage_on_a_line_of_its_own() -> None:
    from ironsworn.cli.play.campaign_commands import USAGE_COLUMN, help_table

    wide = "/w " + "x" * USAGE_COLUMN
    rows = [("/a", "short"), (wide, "one two three " * 6)]
    lines = help_table(rows, 80)
    assert lines[0] == "  " + "/a".ljust(USAGE_COLUMN) + "  short"
    assert lines[1] == "  " + wide
    assert all(line.startswith(" " * (USAGE_COLUMN + 4)) for line in lines[2:])
    assert all(len(line) <= 79 for line in lines) and len(lines) > 3
    # Too narrow for two columns: each summary under its usage.
    narrow = help_table(rows, 50)
    assert narrow[:2] == ["  /a", "    short"]
    assert all(len(line) <= 49 for line in narrow[2:]), narrow


class _Terminal(io.StringIO):
    """Output that says it is a terminal (options and recaps are wrapped to its width)."""

    def isatty(self) -> bool:
        return True


def test_at_a_terminal_the_recap_wraps_entries_and_track_names_under_themselves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from play_support import ScriptReader

    from ironsworn.cli.play.session import PlaySession
    from ironsworn.cli.play.terminal import Output
    from ironsworn.dice import RandomDice

    monkeypatch.setenv("COLUMNS", "110")
    path = tmp_path / "c.sqlite"
    make_kai(path)
    name = "Bring the healer's herbs to Mara before the fever takes her, at last, through snow"
    assert main(["vow", "new", name, "--rank", "dangerous", "--campaign", str(path)]) == 0
    with CampaignStore.open(path) as store:
        for out in (io.StringIO(), _Terminal()):
            session = PlaySession(
                store, Output(False, out, io.StringIO()), RandomDice(1), ScriptReader([])
            )
            text = session.recap(store.state())
            lines = text.splitlines()
            if isinstance(out, _Terminal):
                assert all(len(line) < 110 for line in lines), text
                row = next(i for i, line in enumerate(lines) if "vow-" in line)
                column = lines[row].index("Bring")
                assert lines[row + 1].startswith(" " * column) and lines[row + 1].strip()
                entry = next(i for i, line in enumerate(lines) if line.startswith("  #2 "))
                assert lines[entry + 1].startswith("      ") and lines[entry + 1].strip()
            else:  # a pipe: each on one line, as before
                assert any(line.endswith(name) for line in lines), text


def test_a_decision_waiting_already_is_one_line_after_an_unrelated_command(
    tmp_path: Path,
) -> None:
    """Play mode shows a decision whole when it is asked and on /sheet; after a command that
    leaves it as it was, one line reminds of it (the whole list came again after each)."""
    path = tmp_path / "c.sqlite"
    make_kai(path)
    # Kai's edge +3: 4 + 3 = 7 against 5 and 8, a weak hit.
    lines = ["/move face danger --stat edge --dice 4,5,8", "/adjust health -1", "/sheet", "/choose"]
    done = run_script(path, lines)
    assert done.code == 0, done.err
    asked, after = done.out.split("Kai: health 5 -> 4", 1)
    assert "   4. suffer_supply" in asked
    reminder, sheet = after.split("\nKai\n", 1)
    assert reminder.splitlines()[-1] == (
        "Kai still decides — Face Danger: choose one (4 options): answer with its number or "
        "key; /choose shows them"
    )
    assert "suffer" not in reminder
    assert "Kai decides — Face Danger: choose one\n" in sheet and "   4. suffer_supply" in sheet
    assert sheet.count("Kai decides — Face Danger: choose one\n") == 2  # and /choose alone
    assert done.err == ""
    assert "ironsworn choose" not in done.out


def test_a_decision_set_aside_comes_back_in_play_words_once(tmp_path: Path) -> None:
    """Co-op: when Bea's decision is answered, Ash's set-aside one waits again: shown once,
    as play mode shows a decision (not also in the command line's words)."""
    path = tmp_path / "c.sqlite"
    for who in ("Ash", "Bea"):
        assert main(["character", "new", who, "--stats", "3,2,2,1,1", "--campaign", str(path)]) == 0
    for who in ("Ash", "Bea"):  # 3 + 3 = 6 against 5 and 8: a weak hit each
        face = ["move", "face", "danger", "--stat", "edge", "--character", who, "--dice", "3,5,8"]
        assert main([*face, "--campaign", str(path)]) == 0
    done = run_script(path, ["1"])
    assert done.code == 0, done.err
    assert done.out.count("Ash decides — Face Danger: choose one") == 1
    assert "PENDING" not in done.out and "ironsworn choose" not in done.out


def test_a_decision_set_aside_is_named_once_after_each_command_in_play(tmp_path: Path) -> None:
    """Co-op: while Bea's decision waits, Ash's is set aside; each command's output names it
    in one line (none did), after what waits now, and not once it is back."""
    path = tmp_path / "c.sqlite"
    for who in ("Ash", "Bea"):
        assert main(["character", "new", who, "--stats", "3,2,2,1,1", "--campaign", str(path)]) == 0
    for who in ("Ash", "Bea"):  # 3 + 3 = 6 against 5 and 8: a weak hit each
        face = ["move", "face", "danger", "--stat", "edge", "--character", who, "--dice", "3,5,8"]
        assert main([*face, "--campaign", str(path)]) == 0
    done = run_script(path, ["/as Bea", "/adjust health -1", "1", "/adjust supply -1"])
    assert done.code == 0, done.err
    line = (
        "also waiting: Ash's decision (Face Danger: choose one), set aside until Bea's is answered"
    )
    assert done.out.count(line) == 1
    reminder = "Bea still decides — Face Danger: choose one (4 options)"
    assert done.out.index(reminder) < done.out.index(line) < done.out.index("Bea: momentum 2 -> 1")
    assert "ironsworn choose" not in done.out


def test_one_truth_written_is_said_in_the_singular(tmp_path: Path) -> None:
    """The first truth chosen, the rest left with /skip: '1 truth written' (was '1 truths')."""
    path = tmp_path / "c.sqlite"
    at_truths = WALKTHROUGH.index("1")  # The Old World's first option
    run = run_script(path, [*WALKTHROUGH[: at_truths + 1], "/skip", "n"])
    assert run.code == 0, run.err
    assert "1 truth written in the journal (#" in run.out
    assert "10 truths written" in run_script(tmp_path / "d.sqlite", WALKTHROUGH).out


def test_the_prompt_names_whose_decision_it_is_when_another_acts(tmp_path: Path) -> None:
    """Co-op: acting as Ash while Bea's decision waits (Ash's set aside), the prompt says the
    options are Bea's ('Ash [Bea: 1-4]> '; it read 'Ash [1-4]> ', as if they were Ash's)."""
    path = tmp_path / "c.sqlite"
    for who in ("Ash", "Bea"):
        assert main(["character", "new", who, "--stats", "3,2,2,1,1", "--campaign", str(path)]) == 0
    for who in ("Ash", "Bea"):  # 3 + 3 = 6 against 5 and 8: a weak hit each
        face = ["move", "face", "danger", "--stat", "edge", "--character", who, "--dice", "3,5,8"]
        assert main([*face, "--campaign", str(path)]) == 0
    done = run_script(path, ["/as Ash", "/as Bea", "/quit"], interactive=True)
    assert done.code == 0, done.err
    assert done.reader.prompts[1:3] == ["Ash [Bea: 1-4]> ", "Bea [1-4]> "]


def test_undo_of_a_decline_says_whose_answer_to_which_move(tmp_path: Path) -> None:
    """Play mode's /undo of an answer: "undid #4: Kai's answer to Resupply: declined" (it read
    "undid #4 decline: declined")."""
    path = tmp_path / "c.sqlite"
    make_kai(path)
    lines = ["/adjust supply -2", "/move resupply --dice 6,6,9", "/decline", "/undo", "/redo"]
    run = run_script(path, lines)
    assert run.err == ""
    assert "undid #4: Kai's answer to Resupply: declined\n" in run.out
    assert "redid #4: Kai's answer to Resupply: declined\n" in run.out
    assert "decline: declined" not in run.out


def test_a_question_asked_without_its_odds_asks_them(tmp_path: Path) -> None:
    """``/ask is the village burning?``: the odds are asked, and the question kept (it was
    refused "odds 'is' is unknown"); odds typed after the question are taken too; a script
    gets the one line naming the odds accepted."""
    path = tmp_path / "c.sqlite"
    make_kai(path)
    lines = [
        "/ask is the village burning? --value 30",
        "2",
        "/ask will it rain? unlikely --value 90",
    ]
    run = run_script(path, lines, interactive=True)
    assert run.err == ""
    assert "is the village burning?\nLikely (26+): rolled 30 — YES" in run.out
    assert "will it rain?\nUnlikely (76+): rolled 90 — YES" in run.out
    scripted = run_script(path, ["/ask is the village burning?"])
    assert "/ask needs the odds: almost_certain, likely" in scripted.err
