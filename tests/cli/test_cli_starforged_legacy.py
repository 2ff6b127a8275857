"""Issue 11's Starforged gaps on the command line: lookups by name stay in the campaign's
ruleset, a fight is told in Starforged's words, a decision's words come with 'choose --text',
and Continue a Legacy makes the successor (undone with undo). Bad input is one line, exit 2,
with no stored file changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import fingerprint, run
from test_cli_starforged import classic, starforged


def test_lookups_by_name_are_the_campaigns_and_work_without_one(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Outside a campaign the whole library is looked through, as before.
    code, out, _ = run(capsys, "move", "show", "withstand", "damage", "--json")
    assert code == 0 and json.loads(out)["id"] == "move:starforged/suffer/withstand_damage"
    assert run(capsys, "npc", "show", "bear")[0] == 0
    # A name both rulesets use is the campaign's own move.
    starforged(capsys)
    code, out, _ = run(capsys, "move", "show", "face", "danger", "--json")
    assert code == 0 and json.loads(out)["id"] == "move:starforged/adventure/face_danger"
    code, out, _ = run(capsys, "move", "show", "undertake a journey", "--ruleset", "classic")
    assert code == 0 and "Undertake a Journey" in out
    code, _, err = run(capsys, "oracle", "roll", "settlement", "name")
    assert "until your own Datasworn file (starforged.json) is imported" in err
    assert err.rstrip().endswith("(ironsworn content import starforged.json)")
    # A classic campaign reads its own.
    assert run(capsys, "campaign", "new", "iron")[0] == 0
    code, out, _ = run(capsys, "move", "show", "face", "danger", "--json")
    assert code == 0 and json.loads(out)["id"] == "move:classic/adventure/face_danger"
    code, out, _ = run(capsys, "truth", "roll", "--seed", "1", "--json")
    assert code == 0 and {t["id"].split("/")[0] for t in json.loads(out)} == {"truth:classic"}
    # Search too: Withstand Damage's "integrity" is not found in a classic campaign.
    code, out, _ = run(capsys, "search", "integrity", "--json")
    assert code == 0 and not [h for h in json.loads(out) if "starforged" in h["id"]]


def test_an_imported_starforged_pack_stays_out_of_a_classic_campaign(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from shared_files import STARFORGED_DATASWORN, shared_file

    path = shared_file(STARFORGED_DATASWORN)
    assert run(capsys, "content", "import", str(path))[0] == 0
    classic(capsys)
    before = fingerprint(home)
    for argv, named in (
        (["asset", "show", "ace"], "Ace is a starforged asset"),
        (["oracle", "roll", "first", "look"], "'first look' names 3 starforged oracle tables"),
    ):
        code, out, err = run(capsys, *argv)
        assert (code, out) == (2, ""), err
        assert named in err and len(err.strip().splitlines()) == 1
    assert fingerprint(home) == before
    starforged(capsys, "--starship", "Vesper")
    code, out, _ = run(capsys, "asset", "show", "ace", "--json")
    assert code == 0 and json.loads(out)["id"] == "asset:starforged/path/ace"


def test_a_starforged_fight_is_told_in_starforged_words(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Enter the Fray: "envision your objective and give it a rank ... roll to see if you are
    in control" (seed 003); the result, the sheet and the journal say so."""
    starforged(capsys)
    assert run(capsys, "fight", "new", "--foe", "Raiders", "--rank", "dangerous")[0] == 0
    code, out, _ = run(capsys, "move", "enter", "the", "fray", "--stat", "edge", "--dice", "6,1,2")
    assert code == 0 and "Kira is in control" in out
    code, out, _ = run(capsys, "sheet")
    assert "combat objectives:" in out and "position: in control" in out
    assert "initiative" not in out and "fights:" not in out
    code, out, _ = run(capsys, "journal")
    assert "new combat objective (dangerous): Raiders" in out and "Kira is in control" in out
    code, out, _ = run(capsys, "move", "strike", "--stat", "edge", "--dice", "1,9,10")
    assert "Kira is in a bad spot" in out
    assert "Kira is in a bad spot" in run(capsys, "log")[1]
    assert "initiative" not in run(capsys, "log")[1]


def test_choose_takes_the_words_a_decision_asks_for(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Fulfill Your Vow's weak hit: "If you Swear an Iron Vow to set things right, take your
    full legacy reward" — the new vow's rank is chosen and its name given with --text."""
    starforged(capsys)
    assert run(capsys, "progress", "mark", "vow-1", "--ticks", "40")[0] == 0
    code, out, _ = run(
        capsys, "move", "fulfill", "your", "vow", "--track", "vow-1", "--dice", "9,10"
    )
    assert code == 0
    code, out, _ = run(capsys, "choose", "swear")
    assert code == 0 and "name the vow: --text WORDS; default: Set right: Find my sister" in out
    before = fingerprint(home)
    for argv, named in (
        (["choose", "extreme", "--text", "x" * 81], "1-80 characters"),
        (["choose", "legendary", "--text", "Burn the Hollow"], "'legendary' is not offered"),
    ):
        code, out, err = run(capsys, *argv)
        assert (code, out) == (2, ""), err
        assert named in err and len(err.strip().splitlines()) == 1
    assert fingerprint(home) == before
    code, out, _ = run(
        capsys, "choose", "extreme", "--text", "Burn the Hollow", "--dice", "6,1,2", "--json"
    )
    assert code == 0
    tracks = {t["id"]: t for t in json.loads(run(capsys, "track", "list", "--json")[1])}
    assert (tracks["vow-2"]["name"], tracks["vow-2"]["rank"]) == ("Burn the Hollow", "extreme")
    assert "chose extreme: Burn the Hollow" in run(capsys, "journal")[1]
    assert run(capsys, "undo")[0] == 0
    tracks = {t["id"]: t for t in json.loads(run(capsys, "track", "list", "--json")[1])}
    assert "vow-2" not in tracks


def test_continue_a_legacy_on_the_command_line_and_its_undo(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Continue a Legacy: "you may create a new character in your established setting" — made
    with --successor and --stats, in the same campaign, and taken back by undo."""
    starforged(capsys)
    assert run(capsys, "legacy", "mark", "quests", "--ticks", "12")[0] == 0
    before = fingerprint(home)
    for argv, named in (
        (["move", "continue", "a", "legacy", "--dice", "1,1,5,5,5,5"], "needs --successor"),
        (["move", "face", "danger", "--stat", "edge", "--successor", "Nova"], "--successor"),
    ):
        code, out, err = run(capsys, *argv)
        assert (code, out) == (2, ""), err
        assert named in err and len(err.strip().splitlines()) == 1
    assert fingerprint(home) == before
    legacy = ["move", "continue", "a", "legacy", "--successor", "Nova", "--stats", "1,1,2,2,3"]
    code, out, _ = run(capsys, *legacy, "--dice", "1,1,5,5,5,5")
    assert code == 0 and "quests: score 3 vs 1, 1: strong hit" in out
    code, out, _ = run(capsys, "choose", "explore_familiar_ground", "--text", "Bleakhold")
    assert code == 0
    assert run(capsys, "choose", "switch_loyalties")[0] == 0
    assert run(capsys, "choose", "open_pandoras_box")[0] == 0
    sheet = json.loads(run(capsys, "sheet", "--character", "Nova", "--json")[1])
    assert (sheet["name"], sheet["ruleset"], sheet["stats"]["wits"]) == ("Nova", "starforged", 3)
    assert "retired" in run(capsys, "sheet", "--character", "Kira")[1]
    for _ in range(4):
        assert run(capsys, "undo")[0] == 0
    code, _, err = run(capsys, "sheet", "--character", "Nova")
    assert code == 2 and "'Nova' is unknown" in err


def test_after_continue_a_legacy_the_successor_plays_without_being_named(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Kira retired, Nova is the one character still in the story: the sheet, a move and a
    change by hand are hers without --character (each was refused: 'there are several
    characters; name one'); Kira's sheet is still there by name."""
    starforged(capsys)
    legacy = ["move", "continue", "a", "legacy", "--successor", "Nova", "--stats", "1,1,2,2,3"]
    assert run(capsys, *legacy, "--dice", "1,1,5,5,5,5")[0] == 0
    for key in ("deal_with_the_aftermath",) * 3:
        assert run(capsys, "choose", key)[0] == 0
    code, out, err = run(capsys, "sheet", "--json")
    assert code == 0, err
    assert json.loads(out)["name"] == "Nova"
    code, out, err = run(capsys, "move", "face", "danger", "--stat", "wits", "--dice", "6,1,1")
    assert code == 0, err
    assert "Nova: momentum 2 -> 3" in out
    assert run(capsys, "adjust", "health", "-1")[1] == "  Nova: health 5 -> 4\n"
    assert "retired" in run(capsys, "sheet", "--character", "Kira")[1]
