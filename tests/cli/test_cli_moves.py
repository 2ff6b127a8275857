"""The character and move commands end to end: JSON shapes, persistence, errors, no writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ironsworn.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def js(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    data: dict[str, object] = json.loads(out)
    return data


def new_asha(capsys: pytest.CaptureFixture[str]) -> None:
    js(
        capsys,
        "character",
        "new",
        "Asha",
        "--stats",
        "edge=3,heart=2,iron=2,shadow=1,wits=1",
        "--bond",
        "Elda",
    )


def campaign_bytes(home: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(home.rglob("*.sqlite*")))


def test_sheet_json_shape(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    new_asha(capsys)
    js(capsys, "vow", "new", "Find", "the", "relic", "--rank", "dangerous")
    sheet = js(capsys, "sheet")
    for key in (
        "name",
        "stats",
        "health",
        "spirit",
        "supply",
        "momentum",
        "momentum_max",
        "momentum_reset",
        "debilities",
        "experience",
        "bonds",
        "vows",
        "assets",
        "initiative",
    ):
        assert key in sheet
    assert sheet["experience"] == {"earned": 0, "spent": 0, "available": 0}
    assert sheet["vows"] == [
        {"id": "vow-1", "name": "Find the relic", "rank": "dangerous", "ticks": 0, "score": 0}
    ]
    assert (sheet["momentum"], sheet["momentum_max"], sheet["momentum_reset"]) == (2, 10, 2)


def test_move_chain_and_answers(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    new_asha(capsys)
    result = js(capsys, "move", "face_danger", "--stat", "edge", "--dice", "3,5,8")
    assert result["move"] == "move:classic/adventure/face_danger"
    assert result["outcome"] == "weak_hit"
    assert isinstance(result["roll"], dict) and result["roll"]["score"] == 6
    pending = result["pending"]
    assert isinstance(pending, list) and pending[0]["kind"] == "choose"
    # A second move is refused while the decision is pending, and nothing is written.
    before = campaign_bytes(home)
    code, _, err = run(capsys, "move", "face_danger", "--stat", "edge", "--dice", "3,5,8")
    assert code == 2 and "pending" in err and err.count("\n") == 1
    assert campaign_bytes(home) == before
    answer = js(capsys, "choose", "endure_harm", "--dice", "1,9,9")
    assert {"target": "health", "character": "Asha", "from": 5, "to": 4} in answer["effects"]
    assert answer["move"] == "move:classic/suffer/endure_harm"
    assert js(capsys, "sheet")["health"] == 4


def test_a_moves_json_names_the_stat_rolled_as_its_chain_does(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The result's own move carries its name and the stat rolled, as each chained move
    does (the top level had the roll's value alone, no stat name)."""
    new_asha(capsys)
    js(capsys, "vow", "new", "Find", "the", "relic", "--rank", "troublesome")
    js(capsys, "progress", "mark", "vow-1", "--ticks", "40")
    fulfil = js(capsys, "move", "fulfill_your_vow", "--track", "vow-1", "--dice", "9,9")
    assert (fulfil["name"], fulfil["stat"]) == ("Fulfill Your Vow", "progress")
    # A miss: Face Danger rolled +wits, and Pay the Price follows it in the chain; the main
    # move and its follow-on read with the same fields.
    result = js(capsys, "move", "face_danger", "--stat", "wits", "--dice", "3,5,8")
    assert (result["name"], result["stat"]) == ("Face Danger", "wits")
    follow_on = result["chain"]
    assert isinstance(follow_on, list) and follow_on[0]["name"] == "Pay the Price"
    assert set(follow_on[0]) <= set(result)


def test_burn_and_decline(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    new_asha(capsys)
    js(capsys, "adjust", "momentum", "+4")  # momentum 6
    result = js(capsys, "move", "face danger", "--stat", "shadow", "--dice", "1,5,8")
    assert result["outcome"] == "miss" and result["pending"][0]["kind"] == "burn"
    burned = js(capsys, "burn")
    assert {"target": "momentum", "character": "Asha", "from": 6, "to": 2} in burned["effects"]
    # The weak hit's choice is asked after the burn.
    assert burned["pending"][0]["kind"] == "choose"
    js(capsys, "choose", "suffer_supply")
    assert js(capsys, "sheet")["supply"] == 4
    code, _, err = run(capsys, "decline")
    assert code == 2 and "no pending" in err


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["move", "strike", "--stat", "iron"], "fight"),
        (["move", "face_danger", "--stat", "supply", "--dice", "1,2,3"], "'supply'"),
        (["move", "fly", "--stat", "edge"], "fly"),
        (["adjust", "luck", "+1"], "'luck'"),
        (["debility", "mark", "bruised"], "'bruised'"),
        (["vow", "new", "x", "--rank", "deadly"], "'deadly'"),
        (["sheet", "--character", "Nobody"], "'Nobody'"),
        (["character", "new", "Bo", "--stats", "edge=3,heart=3,iron=2,shadow=1,wits=1"], "3, 2, 2"),
    ],
)
def test_errors_leave_campaign_untouched(
    home: Path, capsys: pytest.CaptureFixture[str], argv: list[str], named: str
) -> None:
    new_asha(capsys)
    before = campaign_bytes(home)
    code, out, err = run(capsys, *argv)
    assert code == 2, out
    assert named in err and err.count("\n") == 1 and "Traceback" not in err
    assert campaign_bytes(home) == before


def test_fight_strike_and_end(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    new_asha(capsys)
    fight = js(capsys, "fight", "new", "--foe", "bear")
    assert fight["rank"] == "formidable" and fight["foe"] == "npc:classic/animals/bear"
    pack = js(capsys, "fight", "new", "--foe", "raider", "--count", "4")
    assert pack["rank"] == "formidable"  # dangerous raiders, a pack of 4: +1 rank
    js(capsys, "move", "enter the fray", "--stat", "heart", "--track", "fight-1", "--dice", "6,1,2")
    strike = js(capsys, "move", "strike", "--stat", "iron", "--track", "fight-1", "--dice", "6,1,2")
    # 2 harm +1 on a strong hit, 4 ticks each against a formidable foe
    assert {"target": "fight-1:ticks", "from": 0, "to": 12} in strike["effects"]
    end = js(capsys, "move", "end the fight", "--track", "fight-1", "--dice", "1,2")
    assert end["outcome"] == "strong_hit"
    tracks = js(capsys, "track", "list")
    assert [t["id"] for t in tracks] == ["fight-2"]  # type: ignore[attr-defined]


def test_wounded_blocks_manual_health(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    new_asha(capsys)
    js(capsys, "adjust", "health", "-3")
    js(capsys, "debility", "mark", "wounded")
    before = campaign_bytes(home)
    code, out, err = run(capsys, "adjust", "health", "+2")
    assert (code, out) == (2, "")
    assert "health +2: Asha is wounded, and health cannot increase while wounded" in err
    assert campaign_bytes(home) == before  # refused: no change of nothing kept in the log
    sheet = js(capsys, "sheet")
    assert sheet["health"] == 2 and sheet["momentum_max"] == 9
    code, _, err = run(capsys, "debility", "clear", "maimed")
    assert code == 2 and "bane" in err


def test_shaken_refuses_spirit_by_hand_and_says_why(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """While shaken, "you cannot increase spirit": a hand gain is refused in one line that
    says what the rule did and why, and how a correction gets past it (it was kept as an
    operation that changed nothing, its note easy to miss). Then the correction works."""
    new_asha(capsys)
    js(capsys, "adjust", "spirit", "-3")
    js(capsys, "debility", "mark", "shaken")
    before = campaign_bytes(home)
    code, out, err = run(capsys, "adjust", "spirit", "+2")
    assert (code, out) == (2, "")
    assert err.strip() == (
        "ironsworn: error: spirit +2: Asha is shaken, and spirit cannot increase while shaken; "
        "nothing was changed (accepted: a loss of spirit; to correct it by hand, clear shaken "
        "first)"
    )
    assert campaign_bytes(home) == before
    assert js(capsys, "adjust", "spirit", "-1")["effects"] == [
        {"target": "spirit", "from": 2, "to": 1, "character": "Asha"}
    ]
    js(capsys, "debility", "clear", "shaken")
    assert js(capsys, "adjust", "spirit", "+2")["effects"] == [
        {"target": "spirit", "from": 1, "to": 3, "character": "Asha"}
    ]


def test_a_change_by_hand_that_changes_nothing_is_refused(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """+1 health at full health (or -1 at 0) changed nothing and was kept as a line of the
    log, which undo then took back instead of the change before it: refused in one line."""
    new_asha(capsys)
    before = campaign_bytes(home)
    code, out, err = run(capsys, "adjust", "health", "+1")
    assert (code, out) == (2, "")
    assert err.strip() == (
        "ironsworn: error: health +1 changes nothing: Asha's health is at its maximum, +5; "
        "nothing was changed (accepted: a loss of health)"
    )
    assert campaign_bytes(home) == before
    js(capsys, "adjust", "spirit", "-5")
    before = campaign_bytes(home)
    code, _out, err = run(capsys, "adjust", "spirit", "-1")
    assert code == 2 and "Asha's spirit is at its minimum, +0" in err
    assert campaign_bytes(home) == before
    # Momentum lost at -6 is Face a Setback, and supply lost at 0 Out of Supply: not refused.
    js(capsys, "adjust", "supply", "-5")
    code, out, err = run(capsys, "adjust", "supply", "-1")
    assert code == 0 and "Out of Supply" in out, err
    js(capsys, "choose", "suffer_momentum")
    js(capsys, "adjust", "momentum", "-8")
    code, out, err = run(capsys, "adjust", "momentum", "-1")
    assert code == 0 and "Face a Setback for 1" in out, err


def test_a_shared_supply_change_is_told_with_whose_it_is(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Supply is the party's: Bo's -2 is told "Bo: supply 5 → 3; Ann: supply 5 → 3" (it was
    "Bo: Ann: supply 5 → 3; supply 5 → 3", which read as Ann's change twice)."""
    for name in ("Ann", "Bo"):
        js(capsys, "character", "new", name, "--stats", "3,2,2,1,1")
    code, out, err = run(capsys, "adjust", "supply", "-2", "--character", "Bo")
    assert code == 0, err
    assert out.splitlines() == ["  Bo: supply 5 -> 3", "  Ann: supply 5 -> 3"]
    code, out, _err = run(capsys, "log")
    assert out.splitlines()[-1].endswith("adjust  Bo: supply 5 → 3; Ann: supply 5 → 3")


def test_campaign_env_var(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = home / "elsewhere.sqlite"
    monkeypatch.setenv("IRONSWORN_CAMPAIGN", str(path))
    new_asha(capsys)
    assert path.exists()
    monkeypatch.delenv("IRONSWORN_CAMPAIGN")
    code, _, _ = run(capsys, "sheet", "--campaign", str(path))
    assert code == 0


def test_people_places_notes_and_packs(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    new_asha(capsys)
    js(capsys, "person", "add", "Elda", "--description", "the healer")
    js(capsys, "place", "add", "Firstmeet", "--region", "hinterlands")
    js(capsys, "note", "add", "The wyvern nests north")
    js(capsys, "move", "forge a bond", "--with", "Elda", "--dice", "6,1,2", "--choose", "momentum")
    people = js(capsys, "person", "list")
    assert people == [
        {"name": "Elda", "description": "the healer", "place": None, "bonds": ["Asha"]}
    ]
    places = js(capsys, "place", "list")
    assert places == [
        {"name": "Firstmeet", "description": "", "region": "region:classic/hinterlands"}
    ]
    # A solo campaign's note is its one character's, as its journal entries are.
    assert js(capsys, "note", "list") == [{"text": "The wyvern nests north", "character": "Asha"}]
    code, _, err = run(capsys, "place", "add", "Firstmeet")
    assert code == 2 and "already" in err
    code, _, err = run(capsys, "place", "add", "Nowhere", "--region", "moon")
    assert code == 2 and "moon" in err
    from ironsworn.campaign.registry import open_campaign

    with open_campaign(None, create=False) as store:
        # The packs of the campaign's own ruleset (the bundled Starforged moves are no part
        # of a classic campaign: issue 18, "content packs: classic, starforged").
        assert store.state().packs == ["classic"]


def test_equipment_and_party(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    new_asha(capsys)
    js(capsys, "character", "new", "Kai", "--stats", "edge=1,heart=2,iron=3,shadow=2,wits=1")
    assert js(capsys, "equipment", "add", "a", "long", "spear", "--character", "Asha") == [
        "a long spear"
    ]
    code, _, err = run(capsys, "equipment", "remove", "axe", "--character", "Asha")
    assert code == 2 and "'axe'" in err
    assert js(capsys, "sheet", "--character", "Asha")["equipment"] == ["a long spear"]
    # Together (the default), a -1 supply reaches both; apart, only the one who moved.
    js(capsys, "adjust", "supply", "-1", "--character", "Asha")
    assert js(capsys, "sheet", "--character", "Kai")["supply"] == 4
    assert js(capsys, "party", "apart") == {"shared_supply": False}
    js(capsys, "adjust", "supply", "-1", "--character", "Asha")
    assert js(capsys, "sheet", "--character", "Kai")["supply"] == 4
    assert js(capsys, "sheet", "--character", "Asha")["supply"] == 3
    code, _, err = run(capsys, "party", "apart")
    assert code == 2 and "already" in err


def test_one_shot_rolls_recorded_on_request(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    new_asha(capsys)
    js(capsys, "oracle", "roll", "action", "--value", "1")  # not recorded
    js(capsys, "oracle", "roll", "action", "--value", "1", "--record")
    js(capsys, "ask", "likely", "--value", "30", "--question", "Is it guarded?", "--record")
    from ironsworn.campaign.registry import open_campaign

    with open_campaign(None, create=False) as store:
        ops = store.operations()
    assert [op.kind for op in ops] == ["character", "oracle", "ask"]
    oracle = ops[1].events[0]
    assert (oracle["type"], oracle["roll"], oracle["text"], oracle["character"]) == (
        "oracle",
        1,
        "Scheme",
        "Asha",
    )
    assert ops[2].events[0]["question"] == "Is it guarded?"
    assert ops[2].events[0]["answer"] == "yes"


def test_world_truths(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert js(capsys, "world", "truth", "iron", "2")["key"] == "2"
    rolled = js(capsys, "world", "truth", "old world", "roll", "--seed", "3")
    assert rolled["roll"] is not None and rolled["key"] in ("1", "2", "3")
    listed = js(capsys, "world", "truths")
    assert [t["truth"] for t in listed] == ["truth:classic/iron", "truth:classic/old_world"]
    code, _, err = run(capsys, "world", "truth", "iron", "2")
    assert code == 2 and "already" in err
    code, _, err = run(capsys, "world", "truth", "iron", "7")
    assert code == 2 and "'7'" in err
    assert js(capsys, "world", "truth", "iron", "open") is None
    assert [t["truth"] for t in js(capsys, "world", "truths")] == ["truth:classic/old_world"]


def test_a_person_or_place_added_is_named(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """'person added: Elda', as play mode says it (it said only 'person added')."""
    new_asha(capsys)
    assert run(capsys, "person", "add", "Elda", "--description", "the healer")[:2] == (
        0,
        "person added: Elda\n",
    )
    assert run(capsys, "place", "add", "Firstmeet")[:2] == (0, "place added: Firstmeet\n")
    assert run(capsys, "note", "add", "The wyvern nests north")[:2] == (0, "note added\n")


def test_a_stat_after_the_moves_name_is_the_stat_rolled(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'move face danger wits' (or '+wits'), as a player says it: it was refused, "unknown
    move 'face danger wits'"; the stat is --stat now. A name that is no move is still
    refused with the words typed."""
    new_asha(capsys)
    result = js(capsys, "move", "face", "danger", "wits", "--dice", "6,1,2")
    assert (result["name"], result["stat"]) == ("Face Danger", "wits")
    result = js(capsys, "move", "secure an advantage", "+iron", "--dice", "6,1,2")
    assert (result["name"], result["stat"]) == ("Secure an Advantage", "iron")
    code, _, err = run(capsys, "move", "face", "dangr", "wits")
    assert code == 2 and "unknown move 'face dangr wits'" in err
