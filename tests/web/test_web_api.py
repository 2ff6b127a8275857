"""The web table's JSON API on the real ASGI app: shapes, actions, seats, refusals, downloads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from web_support import CHANGE, STATS


def do(api: Any, action: str, body: dict[str, Any] | None = None, **headers: str) -> Any:
    return api.post(f"/api/c/t/actions/{action}", json=body or {}, headers={**CHANGE, **headers})


def new_character(api: Any, name: str = "Asha", **extra: Any) -> dict[str, Any]:
    response = do(api, "character", {"name": name, "stats": STATS, **extra})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def state(api: Any) -> dict[str, Any]:
    response = api.get("/api/c/t/state")
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def export(api: Any) -> str:
    response = api.get("/api/c/t/export/json")
    assert response.status_code == 200
    text: str = response.text
    return text


def cli_json(home: Path, *argv: str, capsys: pytest.CaptureFixture[str]) -> Any:
    from ironsworn.cli.main import main

    assert main([*argv, "--campaign", "cli", "--json"]) == 0
    return json.loads(capsys.readouterr().out)


# ------------------------------------------------------------------------------- shapes


def test_a_move_answers_what_the_command_line_prints(
    api: Any, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # One set of shapes: the same options and dice give the same JSON on both sides.
    web_sheet = new_character(api, bonds=["Elda"], assets=["hawk:1=Kestrel"])
    cli_sheet = cli_json(
        home,
        "character",
        "new",
        "Asha",
        "--stats",
        STATS,
        "--bond",
        "Elda",
        "--asset",
        "hawk:1=Kestrel",
        capsys=capsys,
    )
    assert web_sheet == cli_sheet
    web = do(api, "move", {"move": "face danger", "stat": "edge", "dice": [3, 5, 8]}).json()
    cli = cli_json(
        home, "move", "face", "danger", "--stat", "edge", "--dice", "3,5,8", capsys=capsys
    )
    assert web == cli
    assert web["outcome"] == "weak_hit" and web["pending"][0]["kind"] == "choose"
    web = do(api, "choose", {"keys": ["endure_harm"], "dice": "4,2,3"}).json()
    cli = cli_json(home, "choose", "endure_harm", "--dice", "4,2,3", capsys=capsys)
    assert web == cli
    assert {"target": "health", "from": 5, "to": 4, "character": "Asha"} in web["effects"]


def test_state_gathers_sheets_tracks_pending_and_world(api: Any) -> None:
    empty = state(api)
    assert empty["characters"] == [] and empty["pending"] is None and empty["head"] is None
    new_character(api)
    do(api, "track", {"kind": "vow", "text": "Avenge my kin", "rank": "extreme"})
    do(api, "person", {"name": "Elda", "description": "the healer"})
    do(api, "move", {"move": "face danger", "stat": "edge", "dice": [3, 5, 8]})
    data = state(api)
    assert [c["name"] for c in data["characters"]] == ["Asha"]
    assert data["characters"][0]["vows"][0]["name"] == "Avenge my kin"
    assert data["tracks"][0]["rank"] == "extreme" and data["tracks"][0]["ticks"] == 0
    assert data["pending"]["character"] == "Asha" and "resume" not in data["pending"]
    assert data["world"]["people"][0]["name"] == "Elda"
    assert data["head"] == 4 and data["version"] > empty["version"]


def test_move_panel_gives_the_characters_values_and_exact_odds(api: Any) -> None:
    from ironsworn.odds import action_odds

    new_character(api)
    panel = api.get("/api/c/t/moves/face danger?character=Asha").json()
    edge = next(s for s in panel["stats"] if s["stat"] == "edge")
    assert edge["value"] == 3
    assert edge["odds"] == action_odds(3, 0, 2, 0).to_json()
    assert panel["trigger"].startswith("When you attempt something risky")
    do(api, "track", {"kind": "vow", "text": "Avenge my kin", "rank": "extreme"})
    do(api, "progress", {"track": "Avenge my kin", "ticks": 12})
    vow = api.get("/api/c/t/moves/fulfill your vow").json()
    assert vow["stats"][0]["tracks"][0]["score"] == 3


def test_odds_and_content_reads(api: Any) -> None:
    assert api.get("/api/odds?stat=2&momentum=5").json()["with_burn"] is not None
    assert api.get("/api/odds?stat=9").status_code == 400
    moves = api.get("/api/moves").json()
    assert any(m["name"] == "Face Danger" for m in moves)
    oracles = api.get("/api/oracles").json()
    assert any(t["name"] == "Action" for t in oracles)
    assert any(n["name"] == "Bear" for n in api.get("/api/content/npcs").json())
    assert api.get("/api/content/passwords").status_code == 400
    actions = {a["name"]: a for a in api.get("/api/actions").json()}
    assert actions["move"]["options"]["move"]["required"] is True


# ------------------------------------------------------------------------------ actions


def test_undo_and_redo(api: Any) -> None:
    new_character(api)
    do(api, "adjust", {"meter": "health", "delta": -2})
    assert state(api)["characters"][0]["health"] == 3
    undone = do(api, "undo").json()
    assert undone["undone"]["kind"] == "adjust" and undone["campaign"] == "t"
    assert state(api)["characters"][0]["health"] == 5
    assert do(api, "redo").json()["redone"]["seq"] == undone["undone"]["seq"]
    assert state(api)["characters"][0]["health"] == 3


def test_oracle_roll_is_kept_with_the_seed_it_showed(api: Any) -> None:
    new_character(api)
    shown = do(api, "oracle", {"oracle": "action"}).json()
    assert state(api)["head"] == 1  # a roll that is not kept writes nothing
    kept = do(api, "oracle", {"oracle": "action", "seed": shown["seed"], "keep": True}).json()
    assert (kept["roll"], kept["text"]) == (shown["roll"], shown["text"])
    entry = api.get("/api/c/t/timeline").json()[-1]
    assert entry["kind"] == "oracle" and shown["text"] in entry["mechanics"]
    answer = do(api, "ask", {"odds": "likely", "value": 30, "keep": True}).json()
    assert answer["answer"] == "yes"


def test_journal_markdown_is_rendered_without_raw_html(api: Any) -> None:
    text = "**brave** <script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=y>"
    added = do(api, "journal", {"text": text}).json()
    assert added["added"]["kind"] == "journal"
    entry = api.get("/api/c/t/timeline").json()[-1]
    assert entry["text"] == text
    assert "<strong>brave</strong>" in entry["html"]
    assert "<script" not in entry["html"] and "<img" not in entry["html"]
    assert 'href="javascript' not in entry["html"]


def test_world_and_a_fight_from_a_foe(api: Any) -> None:
    new_character(api)
    assert do(api, "truth", {"truth": "iron", "option": "1"}).json()["key"] == "1"
    assert do(api, "place", {"name": "Bleakhold"}).status_code == 200
    assert do(api, "note", {"text": "the bridge is out"}).status_code == 200
    fight = do(api, "track", {"kind": "fight", "foe": "bear"}).json()
    assert fight["kind"] == "fight" and fight["name"] == "Bear" and fight["rank"] == "formidable"
    world = state(api)["world"]
    assert world["truths"][0]["truth"].endswith("iron")
    assert world["places"][0]["name"] == "Bleakhold" and world["notes"][0]["text"]


# ---------------------------------------------------------------------------- refusals

REFUSALS = [
    # (action, body, status, words in the one-line error)
    ("move", {"move": "face danger", "stat": "edgy"}, 400, "edgy"),
    ("move", {"move": "face danger", "sta": "edge"}, 400, "unknown option 'sta'"),
    ("move", {"move": "face danger", "add": ["one"]}, 400, "not a whole number"),
    ("move", {"stat": "edge"}, 400, "'move' is required"),
    ("move", {"move": "dance a jig"}, 400, "dance a jig"),
    ("move", {"move": "face danger", "stat": "edge", "dice": [3, 5]}, 400, "dice"),
    ("move", {"move": "face danger", "stat": "edge", "dice": [3, 5, 8, 1]}, 400, "left over"),
    ("move", {"move": "face danger", "stat": "edge", "dice": "x"}, 400, "'x'"),
    ("adjust", {"meter": "health", "delta": "much"}, 400, "'much'"),
    ("adjust", {"meter": "glory", "delta": 1}, 400, "glory"),
    ("choose", {"keys": ["x"]}, 409, "no decision is pending"),
    ("burn", {}, 409, "no decision is pending"),
    ("undo", {"please": True}, 400, "unknown option"),
    ("teleport", {}, 400, "action 'teleport' is unknown"),
    ("journal", {"text": "   "}, 400, "text"),
    ("track", {"kind": "quest", "text": "x"}, 400, "quest"),
    ("character", {"name": "Asha", "stats": STATS}, 400, "already exists"),
    ("character", {"name": "Bo", "stats": "edge=9"}, 400, "stats are missing heart"),
]


@pytest.mark.parametrize(("action", "body", "status", "words"), REFUSALS)
def test_bad_input_is_one_line_and_changes_nothing(
    api: Any, action: str, body: dict[str, Any], status: int, words: str
) -> None:
    new_character(api)
    before = export(api)
    response = do(api, action, body)
    assert response.status_code == status, response.text
    message = response.json()["error"]
    assert words in message and "\n" not in message and "Traceback" not in message
    assert export(api) == before


def test_a_body_that_is_not_json_or_too_large_is_refused(api: Any) -> None:
    new_character(api)
    before = export(api)
    bad = api.post("/api/c/t/actions/move", content=b"{nope", headers=CHANGE)
    assert bad.status_code == 400 and "not JSON" in bad.json()["error"]
    big = api.post("/api/c/t/actions/journal", content=b"x" * 300_000, headers=CHANGE)
    assert big.status_code == 413
    # The size and what is accepted, in a player's words, with the input named (it read
    # "the request body is larger than 256 KiB (the limit)").
    assert big.json() == {
        "error": "this change is 293 KiB (accepted: at most 256 KiB; write a long text as "
        "several journal entries)",
        "input": "body",
        "value": 300_000,
        "accepted": ["at most 262144 bytes"],
    }
    listed = api.post("/api/c/t/actions/journal", json=["text"], headers=CHANGE)
    assert listed.status_code == 400
    assert export(api) == before


def test_unknown_campaigns_and_routes_are_404_json(api: Any) -> None:
    assert api.get("/api/c/nowhere/state").status_code == 404
    assert "error" in api.get("/api/nothing").json()
    assert api.get("/api/c/..%2Fsecret/state").status_code in (400, 404)
    assert api.delete("/api/campaigns", headers=CHANGE).status_code == 405
    # The busy routes come first in the router: another method on them is still a 405.
    wrong = [api.get("/api/c/t/actions/journal"), api.post("/api/c/t/events", headers=CHANGE)]
    assert [a.status_code for a in wrong] == [405, 405]
    assert all("error" in a.json() for a in wrong)


# --------------------------------------------------------------------------------- seats


def test_a_page_acts_only_for_the_character_it_plays(api: Any) -> None:
    new_character(api, "Asha")
    new_character(api, "Bo")
    before = export(api)
    refused = do(
        api,
        "move",
        {"move": "face danger", "stat": "edge", "character": "Asha"},
        **{"X-Ironsworn-Seat": "Bo"},
    )
    assert refused.status_code == 403 and "Bo" in refused.json()["error"]
    assert export(api) == before
    made = do(
        api,
        "move",
        {"move": "face danger", "stat": "edge", "dice": [3, 5, 8]},
        **{"X-Ironsworn-Seat": "Asha"},
    )
    assert made.json()["character"] == "Asha"
    # The decision is Asha's: Bo's page cannot answer it, Asha's and the guide's can.
    other = do(api, "choose", {"keys": ["suffer_momentum"]}, **{"X-Ironsworn-Seat": "Bo"})
    assert other.status_code == 403
    answered = do(api, "choose", {"keys": ["suffer_momentum"]}, **{"X-Ironsworn-Seat": "guide"})
    assert answered.status_code == 200 and state(api)["pending"] is None


def test_people_places_and_notes_are_the_entries_of_whoever_adds_them(api: Any) -> None:
    """A person, a place or a note added from a character's page is that character's entry
    in the timeline, as a journal entry is (a person and a place were no one's); the guide's
    is the one named; a name not in the campaign is refused, nothing added."""
    new_character(api, "Asha")
    new_character(api, "Bo")
    seated = {"X-Ironsworn-Seat": "Bo"}
    assert do(api, "person", {"name": "Elda", "description": "a healer"}, **seated).is_success
    assert do(api, "place", {"name": "Bleakhold"}, **seated).is_success
    assert do(api, "note", {"text": "the bridge is out"}, **seated).is_success
    assert do(api, "person", {"name": "Ketil", "character": "asha"}).is_success
    told = api.get("/api/c/t/timeline?last=4").json()
    assert [(e["character"], e["mechanics"]) for e in told] == [
        ("Bo", "meets Elda — a healer"),
        ("Bo", "new place: Bleakhold"),
        ("Bo", "note: the bridge is out"),
        ("Asha", "meets Ketil"),
    ]
    before = export(api)
    refused = do(api, "place", {"name": "Havens", "character": "Cora"})
    assert refused.status_code == 400 and "Cora" in refused.json()["error"]
    assert export(api) == before


def test_a_solo_player_s_person_is_their_character_s_entry(api: Any) -> None:
    """With one character, the guide's page (a solo player's) adds as that character, as it
    writes the journal."""
    new_character(api, "Asha")
    assert do(api, "person", {"name": "Elda"}).is_success
    assert do(api, "note", {"text": "rain"}).is_success
    told = api.get("/api/c/t/timeline?last=2").json()
    assert [e["character"] for e in told] == ["Asha", "Asha"]


def test_a_mark_of_progress_by_hand_is_the_entry_of_whoever_marks_it(api: Any) -> None:
    """Bo's page marking progress on a vow Bo shares is Bo's entry (it was no one's, which a
    player's page then could not undo); the guide's mark on a track one character holds is
    that character's."""
    new_character(api, "Asha")
    new_character(api, "Bo")
    track = {
        "kind": "vow",
        "text": "Find the ford",
        "rank": "dangerous",
        "characters": ["Asha", "Bo"],
    }
    assert do(api, "track", track).is_success
    assert do(api, "progress", {"track": "vow-1"}, **{"X-Ironsworn-Seat": "Bo"}).is_success
    own = {"kind": "vow", "text": "Avenge my kin", "rank": "dangerous", "characters": ["Asha"]}
    assert do(api, "track", own).is_success
    assert do(api, "progress", {"track": "Avenge my kin"}).is_success
    told = api.get("/api/c/t/timeline?last=3").json()
    assert [(e["character"], e["mechanics"]) for e in told if e["kind"] == "progress"] == [
        ("Bo", "Find the ford: progress 0 → 8 ticks (2 boxes)"),
        ("Asha", "Avenge my kin: progress 0 → 8 ticks (2 boxes)"),
    ]


def test_a_seat_marks_no_progress_on_an_allys_own_vow(api: Any) -> None:
    """Allies mark progress together on a vow they share ("any progress is marked by all
    players"); an ally's own vow is theirs: Bo's page marking Asha's was let through."""
    new_character(api, "Asha")
    new_character(api, "Bo")
    track = {"kind": "vow", "text": "Find the ford", "rank": "dangerous", "characters": ["Asha"]}
    assert do(api, "track", track).is_success
    before = api.get("/api/c/t/state").json()
    for mark in (True, False):
        refused = do(
            api, "progress", {"track": "vow-1", "mark": mark}, **{"X-Ironsworn-Seat": "Bo"}
        )
        assert refused.status_code == 403
        assert refused.json()["error"] == (
            "'Find the ford' is Asha's vow, not Bo's: progress on it is marked by those who "
            "share it (accepted: a track Bo shares, or the guide seat)"
        )
    assert api.get("/api/c/t/state").json()["tracks"] == before["tracks"]
    # Asha's page and the guide's mark it.
    assert do(api, "progress", {"track": "vow-1"}, **{"X-Ironsworn-Seat": "Asha"}).is_success
    assert do(api, "progress", {"track": "vow-1"}).is_success


def test_a_seat_name_may_be_any_unicode(api: Any) -> None:
    new_character(api, "Ærna")
    from urllib.parse import quote

    made = do(
        api, "adjust", {"meter": "health", "delta": -1}, **{"X-Ironsworn-Seat": quote("Ærna")}
    )
    assert made.status_code == 200, made.text


# ---------------------------------------------------------------------- campaigns, files


def test_campaigns_are_created_listed_exported_and_imported(api: Any) -> None:
    new_character(api)
    assert api.post("/api/campaigns", json={"name": "second"}, headers=CHANGE).status_code == 201
    assert api.post("/api/campaigns", json={"name": "../x"}, headers=CHANGE).status_code == 400
    assert api.post("/api/campaigns", json={"name": "second"}, headers=CHANGE).status_code == 400
    listed = api.get("/api/campaigns").json()
    assert [c["name"] for c in listed] == ["second", "t"]
    assert all("path" not in c for c in listed)
    markdown = api.get("/api/c/t/export/markdown")
    assert "attachment" in markdown.headers["content-disposition"] and "Asha" in markdown.text
    document = export(api)
    url = "/api/campaigns/import?name=copy"
    assert api.post(url, content=document.encode(), headers=CHANGE).status_code == 201
    assert api.get("/api/c/copy/state").json()["characters"][0]["name"] == "Asha"
    again = api.post(url, content=document.encode(), headers=CHANGE)
    assert again.status_code == 400 and "already exists" in again.json()["error"]


def test_an_import_goes_through_the_importers_checks(api: Any, home: Path) -> None:
    url = "/api/campaigns/import?name=bad"
    broken = api.post(url, content=b'{"format": "nope"}', headers=CHANGE)
    assert (
        broken.status_code == 400 and "not an ironsworn campaign export" in broken.json()["error"]
    )
    assert str(home) not in broken.json()["error"]  # no path of the server's disk in answers
    huge = api.post(url, content=b" " * (4 * 1024 * 1024 + 1), headers=CHANGE)
    assert huge.status_code == 413
    assert huge.json()["error"] == "this campaign export is 4.1 MiB (accepted: at most 4 MiB)"
    assert not (home / "campaigns" / "bad.sqlite").exists()
    assert (
        api.post("/api/campaigns/import?name=../../etc", content=b"{}", headers=CHANGE).status_code
        == 400
    )


def test_every_route_and_action_is_documented() -> None:
    from ironsworn.web.actions import ACTIONS
    from ironsworn.web.app import create_app

    docs = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text(encoding="utf-8")
    app = create_app("t").app.app  # inside the security headers and the access check
    for route in app.routes:
        assert f"`{route.path.replace(':path', '')}" in docs, route.path
    for name, action in ACTIONS.items():
        row = next((line for line in docs.splitlines() if line.startswith(f"| `{name}` |")), None)
        assert row is not None, name
        for option in action.options:
            assert f"`{option}`" in row, (name, option)


def test_a_starforged_campaign_is_made_and_reads_its_own_moves(api: Any) -> None:
    made = api.post("/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE)
    assert made.status_code == 201 and made.json()["ruleset"] == "starforged"
    assert api.get("/api/c/sf/state").json()["ruleset"] == "starforged"
    assert state(api)["ruleset"] == "classic"
    bad = api.post("/api/campaigns", json={"name": "x", "ruleset": "chess"}, headers=CHANGE)
    assert bad.status_code == 400 and "chess" in bad.json()["error"]
    moves = api.get("/api/moves?ruleset=starforged").json()
    assert moves and all(m["id"].startswith("move:starforged/") for m in moves)


def test_a_starforged_sheet_marks_impacts(api: Any) -> None:
    api.post("/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE)
    made = api.post(
        "/api/c/sf/actions/character", json={"name": "Kira", "stats": STATS}, headers=CHANGE
    )
    assert made.status_code == 200 and "impacts" in made.json()
    marked = api.post("/api/c/sf/actions/debility", json={"name": "wounded"}, headers=CHANGE)
    assert marked.status_code == 200, marked.text
    data = api.get("/api/c/sf/state").json()
    assert data["characters"][0]["impacts"] == ["wounded"]
    assert {"name": "doomed", "kind": "burden", "permanent": False} in data["impacts"]


def test_a_campaign_lists_the_moves_of_its_ruleset(api: Any) -> None:
    api.post("/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE)
    classic = api.get("/api/c/t/moves").json()
    starforged = api.get("/api/c/sf/moves").json()
    assert classic and all(m["id"].startswith("move:classic/") for m in classic)
    assert starforged and all(m["id"].startswith("move:starforged/") for m in starforged)


def test_a_lasting_effect_is_on_the_sheet_and_ended_by_hand(api: Any) -> None:
    new_character(api, assets=["keen"])
    made = do(api, "move", {"move": "keen", "dice": "6,1,2"})
    assert made.status_code == 200, made.text
    assert [e["id"] for e in state(api)["characters"][0]["lasting"]] == ["keen"]
    before = export(api)
    refused = do(api, "lasting_end", {"name": "elixir"})
    assert refused.status_code == 400 and "no lasting effect 'elixir'" in refused.json()["error"]
    assert export(api) == before
    ended = do(api, "lasting_end", {"name": "keen"})
    assert ended.status_code == 200, ended.text
    assert state(api)["characters"][0]["lasting"] == []


def test_asset_abilities_and_tracks_change_by_hand(api: Any) -> None:
    new_character(api, assets=["hawk:1=Kite"])
    marked = do(api, "asset_mark", {"asset": "hawk", "ability": 2})
    assert marked.status_code == 200, marked.text
    assert state(api)["characters"][0]["assets"][0]["abilities"][:2] == [True, True]
    assert do(api, "asset_mark", {"asset": "hawk", "ability": 2}).status_code == 409
    assert do(api, "asset_mark", {"asset": "hawk", "ability": 7}).status_code == 400
    hurt = do(api, "asset_track", {"asset": "hawk", "value": 1})
    assert hurt.status_code == 200, hurt.text
    assert state(api)["characters"][0]["assets"][0]["meter"]["value"] == 1
    assert do(api, "asset_track", {"asset": "hawk", "value": 9}).status_code == 400


def test_an_asset_ability_is_used_outside_a_move(api: Any) -> None:
    new_character(api, assets=["fortune_hunter"])
    assert do(api, "asset_use", {"asset": "fortune_hunter", "ability": 2}).status_code == 409
    assert do(api, "asset_mark", {"asset": "fortune_hunter", "ability": 2}).status_code == 200
    do(api, "asset_track", {"asset": "fortune_hunter", "value": 1})
    do(api, "adjust", {"meter": "supply", "delta": -2})
    used = do(api, "asset_use", {"asset": "fortune_hunter", "ability": 2})
    assert used.status_code == 200, used.text
    assert state(api)["characters"][0]["supply"] == 5
    refused = do(api, "asset_use", {"asset": "fortune_hunter", "ability": 2})
    assert refused.status_code == 409 and "wealth is 0" in refused.json()["error"]


def test_the_campaign_options_are_set_and_shown(api: Any) -> None:
    # The rulebook's options (chapter 7), as 'ironsworn option NAME VALUE'.
    assert state(api)["options"]["even_matches"] is False
    answer = do(api, "option", {"name": "even matches", "value": "on"})
    assert answer.status_code == 200 and answer.json() == {"name": "even_matches", "value": True}
    assert state(api)["options"]["even_matches"] is True
    # Ask the Oracle follows it: 55 is no match with even matches (L5127-5135).
    assert do(api, "ask", {"odds": "likely", "value": 55}).json()["match"] is False
    assert do(api, "ask", {"odds": "likely", "value": 66}).json()["match"] is True
    new_character(api)
    panel = api.get("/api/c/t/moves/face danger?character=Asha").json()
    assert panel["stats"][0]["odds"]["match"] == 0.05  # 1 in 20 with even matches
    before = export(api)
    refused = do(api, "option", {"name": "odd_option", "value": "on"})
    assert refused.status_code == 400 and "odd_option" in refused.json()["error"]
    assert export(api) == before


def test_the_move_panel_offers_the_abilities_that_act_on_it(api: Any) -> None:
    """Issue 9 on the web table: the panel lists the abilities from the cards' effect data, and
    the move action takes those whose fiction fits (a list, as --asset several times)."""
    new_character(api, assets=["shield-bearer", "hawk:1=Kestrel", "archer"])
    panel = api.get("/api/c/t/moves/face danger?character=Asha").json()
    assert [(a["asset"], a["when"], a["effect"]) for a in panel["assets"]] == [
        ("shield_bearer:1", "using your shield as cover", "+1")
    ]
    assert panel["assets"][0]["text"].startswith("When you Face Danger using your shield")
    moved = do(
        api,
        "move",
        {"move": "face danger", "stat": "edge", "dice": "4,4,9", "asset": ["shield_bearer:1"]},
    )
    assert moved.status_code == 200, moved.text
    assert moved.json()["roll"]["adds"] == 1
    # Resupply names no fitting ability of these cards... but the hawk hunts small game.
    resupply = api.get("/api/c/t/moves/resupply?character=Asha").json()
    assert [a["asset"] for a in resupply["assets"]] == ["hawk:1"]


def test_the_timeline_is_read_a_page_at_a_time(api: Any) -> None:
    for n in range(7):
        do(api, "journal", {"text": f"entry {n + 1}"})
    do(api, "undo")  # seq 7 stays in the timeline, marked undone
    latest = api.get("/api/c/t/timeline?last=3").json()
    assert [e["seq"] for e in latest] == [5, 6, 7] and latest[-1]["status"] == "undone"
    earlier = api.get("/api/c/t/timeline?last=3&before=5").json()
    assert [e["seq"] for e in earlier] == [2, 3, 4]
    assert [e["text"] for e in earlier] == ["entry 2", "entry 3", "entry 4"]
    first = api.get("/api/c/t/timeline?last=3&before=2").json()
    assert [e["seq"] for e in first] == [1]
    assert api.get("/api/c/t/timeline?last=3&before=1").json() == []
    # Without last, a page is the default size: everything before seq 4 here.
    assert [e["seq"] for e in api.get("/api/c/t/timeline?before=4").json()] == [1, 2, 3]


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("last=0", "last 0 is out of range (accepted: 1 to 2000)"),
        ("last=2001", "last 2001 is out of range"),
        ("before=0", "before 0 is out of range (accepted: 1 or more)"),
        ("before=x", "before 'x' is not a whole number"),
        ("last=2&before=-4", "before -4 is out of range"),
    ],
)
def test_a_bad_timeline_page_is_refused_in_one_line(api: Any, query: str, words: str) -> None:
    do(api, "journal", {"text": "one"})
    response = api.get(f"/api/c/t/timeline?{query}")
    assert response.status_code == 400
    message = response.json()["error"]
    assert words in message and "\n" not in message


def test_a_decision_says_whether_an_answer_to_it_rolls_dice(api: Any) -> None:
    """The page offers a decision's dice field only where an answer rolls: Pay the Price may
    roll its table; Endure Harm's strong hit picks shake it off or embrace the pain, and a
    burn changes the roll already made, with no dice."""
    new_character(api, "Asha")
    miss = {"move": "face_danger", "stat": "edge", "dice": "1,9,9"}
    assert do(api, "move", miss).is_success
    [price] = api.get("/api/c/t/state").json()["decisions"]
    assert (price["move"].rsplit("/", 1)[-1], price["rolls"]) == ("pay_the_price", True)
    assert do(api, "choose", {"keys": ["obvious"]}).is_success
    strong = {"move": "endure_harm", "amount": 1, "dice": "6,1,2"}
    assert do(api, "move", strong).is_success
    state = api.get("/api/c/t/state").json()
    [endure] = state["decisions"]
    assert endure["rolls"] is False and state["pending"]["rolls"] is False
    assert do(api, "choose", {"keys": ["embrace_the_pain"]}).is_success
    for _ in range(3):  # momentum 2 -> 8, to burn
        assert do(api, "move", {"move": "secure_an_advantage", "stat": "edge", "dice": "6,1,2"})
        assert do(api, "choose", {"keys": ["prepare_to_act"]}).is_success
    assert do(api, "move", {"move": "face_danger", "stat": "shadow", "dice": "1,5,8"})
    [burn] = api.get("/api/c/t/state").json()["decisions"]
    assert (burn["kind"], burn["rolls"]) == ("burn", False)


def test_a_fault_in_trying_a_decisions_answers_leaves_the_table_readable(
    api: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether an answer rolls is worked out by trying it: a fault there only leaves the dice
    field out, never the page's state unread (500)."""
    from ironsworn.moves.engine import MoveEngine

    new_character(api, "Asha")
    assert do(api, "move", {"move": "face_danger", "stat": "edge", "dice": "1,9,9"}).is_success

    def broken(self: Any, operation: Any) -> bool:
        raise KeyError("a fault of the engine")

    monkeypatch.setattr(MoveEngine, "rolls_dice", broken)
    read = api.get("/api/c/t/state")
    assert read.status_code == 200
    assert [d["rolls"] for d in read.json()["decisions"]] == [False]


def test_a_move_on_an_allys_own_vow_is_refused_naming_whose_it_is(api: Any) -> None:
    """Reach a Milestone (Fulfill Your Vow) by Bo on Asha's own vow marked her progress (and
    would have given Bo her vow's experience); a vow they share is either's to move on."""
    new_character(api, "Asha")
    new_character(api, "Bo")
    own = {"kind": "vow", "text": "Find the ford", "rank": "dangerous", "characters": ["Asha"]}
    assert do(api, "track", own).is_success
    before = api.get("/api/c/t/state").json()["tracks"]
    for move in ("reach_a_milestone", "fulfill_your_vow"):
        refused = do(api, "move", {"move": move, "track": "vow-1", "character": "Bo"})
        assert refused.status_code == 409
        assert refused.json()["error"] == (
            "'Find the ford' is Asha's vow, not Bo's: a move on it is made by those who share "
            "it (accepted: a vow Bo shares)"
        )
    assert api.get("/api/c/t/state").json()["tracks"] == before
    shared = {
        "kind": "vow",
        "text": "Hold the pass",
        "rank": "dangerous",
        "characters": ["Asha", "Bo"],
    }
    assert do(api, "track", shared).is_success
    made = do(api, "move", {"move": "reach_a_milestone", "track": "vow-2", "character": "Bo"})
    assert made.status_code == 200, made.text
