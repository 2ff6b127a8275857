"""Starforged campaigns on the command line: the ruleset is fixed at 'campaign new', the sheet
shows impacts and legacy tracks, and bad input (a move or an impact of the other ruleset, a
vehicle move with no vehicle) is one line, exit 2, with no stored file changed."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from ironsworn.cli.main import main

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "home"
    monkeypatch.setenv("IRONSWORN_HOME", str(path))
    monkeypatch.delenv("IRONSWORN_CAMPAIGN", raising=False)
    return path


def fingerprint(home: Path) -> dict[str, str]:
    return {
        str(p): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(home.rglob("*"))
        if p.is_file()
    }


def starforged(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (
        ["campaign", "new", "forge", "--ruleset", "starforged"],
        ["character", "new", "Kira", "--stats", STATS],
        ["vow", "new", "Find", "my", "sister", "--rank", "formidable"],
    ):
        code, _, err = run(capsys, *argv)
        assert code == 0, (argv, err)


def classic(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (
        ["campaign", "new", "iron"],
        ["character", "new", "Asha", "--stats", STATS],
    ):
        assert run(capsys, *argv)[0] == 0


def test_a_starforged_campaign_has_its_own_sheet(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    starforged(capsys)
    code, out, _ = run(capsys, "sheet", "--json")
    assert code == 0
    sheet = json.loads(out)
    assert sheet["ruleset"] == "starforged"
    assert sheet["impacts"] == []
    assert sheet["legacy"] == {
        t: {"ticks": 0, "score": 0, "completed": False} for t in ("quests", "bonds", "discoveries")
    }
    assert "debilities" not in sheet and "bonds" not in sheet
    # Face Danger is the Starforged move here: its weak hit asks for a suffer move.
    code, out, _ = run(capsys, "move", "face", "danger", "--stat", "edge", "--dice", "6,1,10")
    assert code == 0
    assert "make a suffer move (-1)" in out
    code, out, _ = run(capsys, "choose", "sacrifice_resources")
    assert code == 0 and "supply 5 -> 4" in out
    code, out, _ = run(capsys, "undo")
    assert code == 0
    assert json.loads(run(capsys, "sheet", "--json")[1])["supply"] == 5


def test_impacts_lower_momentum_and_legacy_earns_experience(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    starforged(capsys)
    assert run(capsys, "impact", "mark", "permanently", "harmed")[0] == 0
    assert run(capsys, "vehicle", "new", "Firebird")[0] == 0
    assert run(capsys, "impact", "mark", "battered")[0] == 0
    assert run(capsys, "legacy", "mark", "quests", "--ticks", "5")[0] == 0
    sheet = json.loads(run(capsys, "sheet", "--json")[1])
    assert sheet["impacts"] == ["permanently_harmed"]
    assert sheet["vehicle"]["impacts"] == ["battered"]
    assert (sheet["momentum_max"], sheet["momentum_reset"]) == (8, 0)
    assert sheet["experience"]["earned"] == 2
    code, _, err = run(capsys, "impact", "clear", "permanently_harmed")
    assert code == 2 and "permanent" in err


@pytest.mark.parametrize(
    ("ruleset", "argv", "named"),
    [
        ("starforged", ["move", "undertake", "a", "journey", "--stat", "wits"], "classic move"),
        ("starforged", ["move", "classic/adventure/face_danger", "--stat", "edge"], "classic"),
        ("starforged", ["impact", "mark", "maimed"], "'maimed'"),
        ("starforged", ["debility", "mark", "encumbered"], "'encumbered'"),
        ("starforged", ["move", "withstand", "damage", "--amount", "2"], "command vehicle"),
        ("starforged", ["move", "repair", "--stat", "wits", "--amount", "1"], "--amount"),
        ("starforged", ["journey", "new", "Far", "--rank", "dangerous"], "journey"),
        ("starforged", ["character", "new", "Bo", "--stats", STATS, "--bond", "Ed"], "--bond"),
        ("starforged", ["move", "gain", "ground", "--stat", "edge"], "fight"),
        ("starforged", ["move", "lose", "momentum"], "--amount"),
        ("classic", ["move", "starforged/suffer/withstand_damage"], "starforged"),
        ("classic", ["move", "gain", "ground", "--stat", "edge"], "starforged move"),
        ("classic", ["debility", "mark", "permanently_harmed"], "Starforged impact"),
        ("classic", ["impact", "mark", "wounded"], "classic"),
        ("classic", ["vehicle", "new", "Firebird"], "classic"),
        ("classic", ["campaign", "new", "x", "--ruleset", "delve"], "--ruleset 'delve'"),
        # Lookups by name are the campaign's: "a classic campaign never shows a Starforged
        # move and the reverse" (issue 11).
        ("classic", ["move", "show", "withstand", "damage"], "a starforged move"),
        ("classic", ["move", "show", "starforged/suffer/withstand_damage"], "a starforged"),
        ("classic", ["asset", "fits", "withstand", "damage"], "a starforged move"),
        ("starforged", ["move", "show", "undertake", "a", "journey"], "a classic move"),
        ("starforged", ["oracle", "roll", "settlement", "name"], "a classic oracle table"),
        ("starforged", ["oracle", "show", "settlement", "name"], "a classic oracle table"),
        ("starforged", ["asset", "show", "hawk"], "a classic asset"),
        ("starforged", ["npc", "show", "bear"], "a classic NPC"),
        ("starforged", ["truth", "roll", "the", "old", "world"], "a classic truth"),
        ("starforged", ["region", "show", "havens"], "a classic region"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_changes_nothing(
    home: Path,
    capsys: pytest.CaptureFixture[str],
    ruleset: str,
    argv: list[str],
    named: str,
) -> None:
    (starforged if ruleset == "starforged" else classic)(capsys)
    before = fingerprint(home)
    code, out, err = run(capsys, *argv)
    assert code == 2, (out, err)
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert named in err
    assert fingerprint(home) == before


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
    assert "import a starforged pack" in err
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
    starforged(capsys)
    code, out, _ = run(capsys, "asset", "show", "ace", "--json")
    assert code == 0 and json.loads(out)["id"] == "asset:starforged/path/ace"


def test_an_incidental_vehicle_on_the_command_line_and_undo(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Withstand Damage on a named incidental vehicle: "Incidental vehicle: Roll on the table
    below" (seed 003); row 56-70 leaves it crippled; undo takes the whole answer back."""
    starforged(capsys)
    assert run(capsys, "vehicle", "new", "Skiff", "--incidental", "--integrity", "2")[0] == 0
    code, out, _ = run(capsys, "vehicle", "list", "--json")
    assert json.loads(out)["vehicles"] == [
        {
            "name": "Skiff",
            "kind": "incidental",
            "key": "skiff",
            "integrity": 2,
            "max": 2,
            "troubles": [],
            "marks": [],
        }
    ]
    argv = ["move", "withstand", "damage", "--vehicle", "skiff", "--amount", "2"]
    assert run(capsys, *argv, "--dice", "1,9,10")[0] == 0
    code, out, _ = run(capsys, "choose", "momentum", "--dice", "60")
    assert code == 0 and "crippled" in out
    listed = json.loads(run(capsys, "vehicle", "list", "--json")[1])["vehicles"][0]
    assert (listed["integrity"], listed["marks"]) == (0, ["crippled"])
    assert run(capsys, "undo")[0] == 0
    listed = json.loads(run(capsys, "vehicle", "list", "--json")[1])["vehicles"][0]
    assert listed["marks"] == []
    assert run(capsys, "vehicle", "mark", "crippled", "--vehicle", "skiff")[0] == 0
    assert run(capsys, "vehicle", "list")[1].startswith("Skiff (incidental): integrity 0/2")
    assert "marks: crippled" in run(capsys, "vehicle", "list")[1]
    assert run(capsys, "vehicle", "clear", "crippled", "--vehicle", "skiff")[0] == 0
    assert run(capsys, "vehicle", "remove", "Skiff", "--incidental")[0] == 0
    assert run(capsys, "vehicle", "list")[1].strip() == "no vehicles"


@pytest.mark.parametrize(
    ("ruleset", "argv", "named"),
    [
        (
            "starforged",
            ["move", "withstand", "damage", "--vehicle", "ark", "--amount", "1"],
            "'ark'",
        ),
        ("starforged", ["vehicle", "new", "Skiff", "--incidental"], "--integrity"),
        ("starforged", ["vehicle", "new", "Skiff", "--incidental", "--integrity", "0"], "1 to 10"),
        ("starforged", ["vehicle", "remove", "Skiff", "--incidental"], "'Skiff'"),
        ("starforged", ["vehicle", "remove", "Skiff"], "--incidental"),
        ("starforged", ["vehicle", "mark", "broken"], "no module can break"),
        ("starforged", ["vehicle", "mark", "crippled"], "there is no vehicle"),
        ("starforged", ["vehicle", "mark"], "MARK"),
        ("starforged", ["vehicle", "list", "--module", "x"], "--module"),
        ("starforged", ["move", "face", "danger", "--stat", "edge", "--vehicle", "x"], "--vehicle"),
        ("classic", ["move", "face", "danger", "--stat", "edge", "--vehicle", "x"], "Starforged"),
        ("classic", ["vehicle", "new", "Skiff", "--incidental", "--integrity", "2"], "classic"),
    ],
)
def test_bad_vehicle_input_is_one_line_exit_2_and_changes_nothing(
    home: Path,
    capsys: pytest.CaptureFixture[str],
    ruleset: str,
    argv: list[str],
    named: str,
) -> None:
    (starforged if ruleset == "starforged" else classic)(capsys)
    before = fingerprint(home)
    code, out, err = run(capsys, *argv)
    assert code == 2, (out, err)
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert named in err
    assert fingerprint(home) == before


def test_a_starforged_fight_is_told_in_starforged_words(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Enter the Fray: "envision your objective and give it a rank ... roll to see if you are
    in control" (seed 003); the result, the sheet and the journal say so."""
    starforged(capsys)
    assert run(capsys, "fight", "new", "--foe", "Raiders", "--rank", "dangerous")[0] == 0
    code, out, _ = run(capsys, "move", "enter", "the", "fray", "--stat", "edge", "--dice", "6,1,2")
    assert code == 0 and "Kira: position in a bad spot -> in control" in out
    code, out, _ = run(capsys, "sheet")
    assert "combat objectives:" in out and "position: in control" in out
    assert "initiative" not in out and "fights:" not in out
    code, out, _ = run(capsys, "journal")
    assert "new combat objective (dangerous): Raiders" in out and "Kira is in control" in out
    code, out, _ = run(capsys, "move", "strike", "--stat", "edge", "--dice", "1,9,10")
    assert "Kira: position in control -> in a bad spot" in out
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
    assert run(capsys, "undo")[0] == 0
    tracks = {t["id"]: t for t in json.loads(run(capsys, "track", "list", "--json")[1])}
    assert "vow-2" not in tracks


def test_recommit_tells_its_challenge_dice(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    """Fulfill Your Vow's miss, recommit: "Roll both challenge dice, take the lowest value, and
    clear that number of progress boxes. Then, raise the vow's rank by one (if not already
    epic)" (seed 003). The bare dice are told in the result and the log (they once broke the
    result's text)."""
    starforged(capsys)  # a formidable vow: a milestone marks a box
    for _ in range(2):
        assert run(capsys, "move", "reach a milestone")[0] == 0
    code, out, err = run(capsys, "move", "fulfill your vow", "--dice", "3,5")
    assert code == 0 and "MISS" in out, err
    code, out, err = run(capsys, "choose", "recommit", "--dice", "2,6")
    assert (code, err) == (0, "")
    assert "challenge dice 2, 6: clear 2 progress box(es)" in out
    assert "rank formidable -> extreme" in out, out
    code, out, err = run(capsys, "log")
    assert code == 0 and "challenge dice 2, 6" in out, out


def test_continue_a_legacy_on_the_command_line_and_its_undo(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Continue a Legacy: "you may create a new character in your established setting" — made
    with --successor and --stats, in the same campaign, and taken back by undo."""
    starforged(capsys)
    assert run(capsys, "legacy", "mark", "quests", "--ticks", "12")[0] == 0
    before = fingerprint(home)
    for argv, named in (
        (["move", "continue", "a", "legacy", "--dice", "1,1,5,5,5,5"], "--successor NAME"),
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
