"""The campaign options on the command line: ``option``, ``campaign show``, undo, export, and
bad input (one line on stderr, exit 2, no stored file changed)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from ironsworn.cli.main import main

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"
SIX_DECKS = ",".join(["path"] * 6)  # one deck more than the five draws


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def ok(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, ""), (argv, err)
    return out


def fingerprint(home: Path) -> dict[str, str]:
    return {
        str(p): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(home.rglob("*"))
        if p.is_file()
    }


def test_option_list_set_show_undo_and_export(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = json.loads(ok(capsys, "option", "--json"))
    assert [o["name"] for o in listed] == [
        "even_matches",
        "setup_rules",
        "one_shot",
        "assets",
        "semi_random",
        "own_dice",
        "failure_track",
        "sundered_isles",
    ]
    assert all(o["rulebook"].startswith("seed 000 L") for o in listed[:-2])
    assert listed[-2]["rulebook"] == "Delve Failure Moves (optional mechanics)"
    assert "even_matches: on" in ok(capsys, "option", "even_matches", "on")
    ok(capsys, "option", "assets", "roles")
    shown = json.loads(ok(capsys, "campaign", "show", "--json"))
    assert shown["options"]["even_matches"] is True
    assert shown["options"]["assets"] == "roles"
    assert "options: even_matches on, assets roles" in ok(capsys, "campaign", "show")
    assert "option assets: cards → roles" in ok(capsys, "log")
    exported = json.loads(ok(capsys, "export", "json"))
    settings = [e for op in exported["operations"] for e in op["events"] if e["type"] == "setting"]
    assert [(e["setting"], e["to"]) for e in settings] == [
        ("even_matches", True),
        ("assets", "roles"),
    ]
    story = ok(capsys, "export", "markdown")
    assert "## Campaign options" in story and "- assets: roles" in story
    ok(capsys, "undo")
    assert json.loads(ok(capsys, "campaign", "show", "--json"))["options"]["assets"] == "cards"


def test_even_matches_on_the_one_shot_rolls(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = json.loads(ok(capsys, "roll", "action", "--stat", "2", "--dice", "3,5,5", "--json"))
    even = json.loads(
        ok(capsys, "roll", "action", "--stat", "2", "--dice", "3,5,5", "--even-matches", "--json")
    )
    assert (plain["match"], even["match"]) == (True, False)
    asked = json.loads(ok(capsys, "ask", "likely", "--value", "55", "--even-matches", "--json"))
    assert asked["match"] is False


def test_setup_commands(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ok(capsys, "option", "setup_rules", "on")
    ok(
        capsys,
        "character",
        "new",
        "Saskia",
        "--stats",
        STATS,
        "--bond",
        "Cinderhome",
        "--reserve-bonds",
        "2",
    )
    vow = json.loads(
        ok(
            capsys,
            "vow",
            "new",
            "Defeat",
            "the",
            "Red",
            "Moon",
            "--rank",
            "extreme",
            "--background",
            "--json",
        )
    )
    assert vow["rank"] == "extreme"
    ok(capsys, "bond", "background", "the", "overseer")
    sheet = json.loads(ok(capsys, "sheet", "--json"))
    assert sheet["bonds"] == {"ticks": 2, "score": 0, "list": ["Cinderhome", "the overseer"]}
    ok(capsys, "vow", "new", "Cure", "the", "overseer", "--rank", "dangerous")


def test_one_shot_vow_rank_on_the_command_line(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ok(capsys, "option", "one_shot", "long")
    ok(capsys, "character", "new", "Kai", "--stats", STATS)
    out = ok(capsys, "vow", "new", "Stop", "the", "raiders")
    assert "dangerous vow" in out and "one-shot play" in out


BAD = [
    (["option", "odd_option", "on"], "'odd_option' is unknown"),
    (["option", "even_matches", "maybe"], "'maybe' is not accepted (accepted: on or off)"),
    (["option", "assets"], "needs a VALUE (accepted: cards, none, roles)"),
    (["option", "setup_rules", "on"], "already on"),
    (["vow", "new", "Conquer", "--rank", "epic"], "first vow is troublesome"),
    (["vow", "new", "Old", "oath", "--rank", "dangerous", "--background"], "extreme or epic"),
    (["bond", "background", "Rolf"], "holds no background bond in reserve"),
    (["character", "new", "Zed", "--stats", STATS, "--reserve-bonds", "4"], "--reserve-bonds 4"),
]


@pytest.mark.parametrize(
    ("argv", "says"), BAD, ids=lambda a: " ".join(a) if isinstance(a, list) else ""
)
def test_bad_input_is_one_line_exit_2_and_changes_nothing(
    home: Path, capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    ok(capsys, "option", "setup_rules", "on")
    ok(capsys, "character", "new", "Asha", "--stats", STATS)
    before = fingerprint(home)
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("ironsworn: error: "), err
    assert says in err
    assert fingerprint(home) == before


def test_move_oppose_on_the_command_line(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ok(capsys, "character", "new", "Tayla", "--stats", "edge=1,heart=3,iron=2,shadow=2,wits=1")
    ok(capsys, "character", "new", "Ash", "--stats", "edge=2,heart=1,iron=3,shadow=2,wits=1")
    argv = ["move", "oppose", "--character", "Ash", "--stat", "iron", "--against", "Tayla"]
    out = ok(capsys, *argv, "--against-stat", "heart", "--dice", "4,6,8,5,3,6", "--choose", "own")
    assert "Tayla gains control of the outcome" in out
    sheet = json.loads(ok(capsys, "sheet", "--character", "Tayla", "--json"))
    assert sheet["momentum"] == 3
    before = fingerprint(home)
    for bad, says in (
        ([*argv, "--track", "vow-1"], "move oppose takes no --track"),
        (["move", "oppose", "--character", "Ash", "--stat", "iron"], "needs --against NAME"),
        (["move", "face danger", "--stat", "edge", "--against", "Ash"], "is for 'move oppose'"),
    ):
        code, out, err = run(capsys, *bad)
        assert (code, out) == (2, "") and err.count("\n") == 1 and says in err, err
    assert fingerprint(home) == before


def test_roles_and_stats_on_the_command_line(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ok(capsys, "option", "assets", "roles")
    ok(capsys, "character", "new", "Kuno", "--stats", STATS)
    ok(capsys, "adjust", "experience", "+12")
    ok(capsys, "move", "advance", "--new-role", "scout")
    ok(capsys, "move", "advance", "--raise", "edge")
    ok(capsys, "vow", "new", "Find", "a", "home", "--rank", "dangerous")
    out = ok(capsys, "move", "face", "danger", "--stat", "edge", "--as", "scout",
             "--role-bonus", "+2", "--dice", "3,6,8")  # fmt: skip
    assert "action 3 + stat 4 + 2 = 9 vs 6 | 8" in out
    sheet = json.loads(ok(capsys, "sheet", "--json"))
    assert (sheet["stats"]["edge"], sheet["roles"]) == (4, ["scout"])
    before = fingerprint(home)
    for bad, says in (
        (["move", "fulfill", "your", "vow", "--as", "scout", "--role-bonus", "+2"],
         "--as does not apply to Fulfill Your Vow"),
        (["move", "advance", "--raise", "edge"], "no stat can exceed +4"),
        (["move", "face", "danger", "--stat", "edge", "--as", "scout", "--as", "scout"],
         "may not be combined"),
    ):  # fmt: skip
        code, out, err = run(capsys, *bad)
        assert (code, out) == (2, "") and err.count("\n") == 1 and says in err, err
    assert fingerprint(home) == before


def test_semi_random_on_the_command_line(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dice = "60,2,1,1,1,1,59,65,86,73,8"
    out = ok(capsys, "character", "new", "Kai", "--semi-random", "--prefer",
             "iron,wits,heart,edge,shadow", "--decks", "path,path,companion,combat_talent,ritual",
             "--background-rank", "extreme", "--bond-name", "Arna", "--dice", dice)  # fmt: skip
    assert "the +3 stat (d100 60): iron" in out and "Kai's hand: " in out
    sheet = json.loads(ok(capsys, "sheet", "--json"))
    assert sheet["stats"] == {"edge": 1, "heart": 2, "iron": 3, "shadow": 1, "wits": 2}
    assert len(sheet["asset_hand"]) == 5 and sheet["reserved_bonds"] == 2
    text = ok(capsys, "sheet")
    assert "cards drawn: " in text and "background bonds held in reserve: 2" in text
    log = ok(capsys, "log")
    assert "Semi-random setup: your +3 stat: 60 → iron" in log
    before = fingerprint(home)
    for bad, says in (
        (["character", "new", "Bo", "--semi-random", "--stats", STATS], "cannot be combined"),
        (["character", "new", "Bo", "--stats", STATS, "--prefer", "edge"], "--prefer is for"),
        (["character", "keep", "Kai", "a,b"], "keep exactly 3"),
        (["character", "new", "Bo", "--semi-random", "--decks", SIX_DECKS], "one for each"),
    ):
        code, out, err = run(capsys, *bad)
        assert (code, out) == (2, "") and err.count("\n") == 1 and says in err, err
    assert fingerprint(home) == before


def test_homebrew_and_reskin_on_the_command_line(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ok(capsys, "character", "new", "Kai", "--stats", STATS, "--asset", "shield-bearer")
    ok(capsys, "homebrew", "new", "Gunner", "--type", "combat_talent", "--condition",
       "If you wield a cybernetic blaster", "--ability",
       "bonus:secure an advantage:taking a moment to aim")  # fmt: skip
    ok(capsys, "homebrew", "reskin", "shield", "bearer", "--name", "Riot Shield")
    sheet = ok(capsys, "sheet")
    assert "Riot Shield" in sheet and "Gunner" in sheet
    assert "If you wield a cybernetic blaster" in sheet
    exported = json.loads(ok(capsys, "export", "json"))
    events = [e for op in exported["operations"] for e in op["events"]]
    added = next(e for e in events if e["type"] == "asset_added")
    assert added["asset"]["card"]["abilities"][0]["effects"][0]["add"] == 1
    assert any(e["type"] == "asset_reskin" for e in events)
    before = fingerprint(home)
    for bad, says in (
        (["homebrew", "new", "X", "--ability", "dance:strike"], "'dance' is unknown"),
        (["homebrew", "new", "X"], "needs --ability"),
        (["homebrew", "reskin", "Riot", "Shield"], "accepted: --name, --condition, or both"),
        (["homebrew", "reskin", "nothing", "--name", "Y"], "has no asset 'nothing'"),
    ):
        code, out, err = run(capsys, *bad)
        assert (code, out) == (2, "") and err.count("\n") == 1 and says in err, err
    assert fingerprint(home) == before


def test_a_raised_stat_survives_export_and_import(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Import checks each state against live play's bounds: +4 is live play's bound without
    # assets (L5349-5350).
    ok(capsys, "option", "assets", "none")
    ok(capsys, "character", "new", "Kai", "--stats", STATS)
    ok(capsys, "adjust", "experience", "+6")
    ok(capsys, "move", "advance", "--raise", "edge")
    exported = tmp_path / "kai.json"
    ok(capsys, "export", "json", "-o", str(exported))
    ok(capsys, "import", "json", str(exported), "--name", "copy")
    sheet = json.loads(ok(capsys, "sheet", "--campaign", "copy", "--json"))
    assert sheet["stats"]["edge"] == 4
