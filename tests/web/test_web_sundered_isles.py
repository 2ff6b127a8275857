"""The web table follows the campaign option ``sundered_isles``: a Starforged campaign in a home
that imported the Sundered Isles pack lists, opens and makes the Starforged moves until it
chooses the Sundered Isles; then their eight moves take the place of the ones they replace,
as the engine and the command line have it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import CHANGE

from ironsworn.content import clear_cache, import_pack
from shared_files import STARFORGED_DATASWORN, shared_file

SET_A_COURSE = "set_a_course"
SI_COURSE = "move:sundered_isles/exploration/set_a_course"
SF_COURSE = "move:starforged/exploration/set_a_course"


@pytest.fixture
def packs(home: Path) -> Iterator[None]:
    """Starforged's and the Sundered Isles' Datasworn files imported into the test's home."""
    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    import_pack(shared_file("reference/datasworn/sundered_isles.json"))
    clear_cache()
    yield
    clear_cache()


def option(api: Any, value: str) -> None:
    body = {"name": "sundered_isles", "value": value}
    answer = api.post("/api/c/sf/actions/option", json=body, headers=CHANGE)
    assert answer.status_code == 200, answer.text


def course_ids(moves: list[dict[str, Any]]) -> list[str]:
    return [m["id"] for m in moves if m["id"].endswith(SET_A_COURSE)]


def test_the_move_list_and_panel_follow_the_option(api: Any, packs: None) -> None:
    made = api.post("/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE)
    assert made.status_code == 201, made.text
    # Off (the default): Starforged's moves only, in the list, the brief list and the first
    # read; a Sundered Isles move's id is refused, naming the option.
    for moves in (
        api.get("/api/c/sf/moves").json(),
        api.get("/api/c/sf/moves?brief=1").json(),
        api.get("/api/c/sf/first?last=5").json()["moves"],
    ):
        assert course_ids(moves) == [SF_COURSE]
        assert not any(m["id"].startswith("move:sundered_isles") for m in moves)
    assert api.get(f"/api/c/sf/moves/{SF_COURSE}").json()["id"] == SF_COURSE
    assert api.get("/api/c/sf/moves/set a course").json()["id"] == SF_COURSE
    refused = api.get(f"/api/c/sf/moves/{SI_COURSE}")
    assert refused.status_code == 400
    assert "campaign option sundered_isles on" in refused.json()["error"]
    described = api.get("/api/c/sf/ruleset").json()
    assert described["joined_by"]["fight"] == "move:starforged/combat/enter_the_fray"
    # The options a page offers: the campaign's ruleset's (Delve's failure track is classic's).
    offered = {o["name"]: o for o in described["options"]}
    assert offered["sundered_isles"]["accepted"] == ["off", "on"]
    assert "failure_track" not in offered and "even_matches" in offered
    classic = {o["name"] for o in api.get("/api/c/t/ruleset").json()["options"]}
    assert "failure_track" in classic and "sundered_isles" not in classic

    # On: the Sundered Isles' moves in place of the eight they replace, wherever they are named.
    option(api, "on")
    for moves in (
        api.get("/api/c/sf/moves").json(),
        api.get("/api/c/sf/moves?brief=1").json(),
        api.get("/api/c/sf/first?last=5").json()["moves"],
    ):
        assert course_ids(moves) == [SI_COURSE]
        assert sum(m["id"].startswith("move:sundered_isles") for m in moves) == 8
    for asked in (SI_COURSE, SF_COURSE, "set a course"):
        assert api.get(f"/api/c/sf/moves/{asked}").json()["id"] == SI_COURSE, asked
    described = api.get("/api/c/sf/ruleset").json()
    assert described["joined_by"]["fight"] == "move:sundered_isles/combat/enter_the_fray"

    # Off again (or undone): back to Starforged's.
    assert api.post("/api/c/sf/actions/undo", json={}, headers=CHANGE).status_code == 200
    assert course_ids(api.get("/api/c/sf/moves?brief=1").json()) == [SF_COURSE]
    assert api.get("/api/c/sf/moves/set a course").json()["id"] == SF_COURSE


# ------------------------------------------------------------------------------ in Chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from web_support import home_server

    si = ["reference/datasworn/sundered_isles.json"]
    with home_server(tmp_path_factory, "sundered-browser", starforged=True, packs=si) as live:
        yield live


def test_an_open_page_follows_the_option_set_elsewhere(server: Any, browser: Any) -> None:
    """The option set by another page (or the command line) redraws the open page's moves:
    it kept Starforged's Set a Course, which the engine no longer makes."""
    from playwright.sync_api import expect
    from web_support import DESKTOP, checked, new_campaign, open_table

    http = new_campaign(server, "isles", "starforged", {"starship": "Wake"})
    page = open_table(browser, f"{server.url}/c/isles", DESKTOP)
    course = page.locator("#tab-moves button.move", has_text="Set a Course")
    expect(course).to_have_attribute("data-move", SF_COURSE)
    body = {"name": "sundered_isles", "value": "on"}
    assert http.post("/api/c/isles/actions/option", json=body).status_code == 200
    expect(course).to_have_attribute("data-move", SI_COURSE, timeout=10_000)
    course.click()
    expect(page.locator("#panel h3").first).to_contain_text("Set a Course")
    # Under the ruleset's heading, as the list has it (it read "EXPLORATION MOVES").
    expect(page.locator("#panel h3 small").first).to_have_text(re.compile(r"^\s*exploration$"))
    checked(page, "sundered-isles-on")


def test_the_guide_chooses_the_sundered_isles_on_the_campaigns_tab(
    server: Any, browser: Any
) -> None:
    """The campaign options on the Campaigns tab (a table played in the browser alone could
    not set them): chosen there, sent once, and the moves follow."""
    from playwright.sync_api import expect
    from web_support import NARROW_PHONE, checked, new_campaign, open_table

    http = new_campaign(server, "tab", "starforged", {"starship": "Wake"})
    page = open_table(browser, f"{server.url}/c/tab", NARROW_PHONE)
    page.click("#tabs button[data-tab=campaigns]")
    pick = page.locator("#option-sundered_isles")
    expect(pick).to_have_value("off")
    assert page.locator("#option-failure_track").count() == 0  # (classic's, with Delve)
    checked(page, "sundered-isles-options-phone")
    pick.select_option("on")
    expect(pick).to_have_value("on")
    page.click("#tabs button[data-tab=moves]")
    course = page.locator("#tab-moves button.move", has_text="Set a Course")
    expect(course).to_have_attribute("data-move", SI_COURSE)
    timeline = http.get("/api/c/tab/timeline?last=5").json()
    settings = [e for e in timeline if e["kind"] == "setting"]
    assert len(settings) == 1, timeline
    # A redraw of the tab once sent the choice again: refused ('already on'), said in the
    # banner, and the select turned back to off.
    expect(page.locator("#error")).to_have_text("")
    page.click("#tabs button[data-tab=campaigns]")
    expect(pick).to_have_value("on")
    assert http.get("/api/c/tab/state").json()["options"]["sundered_isles"] is True
    assert page.errors == []


def test_the_sundered_isles_set_a_course_rolls_supply(api: Any, packs: None) -> None:
    """Their Set a Course rolls +supply (or an asset's supply: one roll option using either):
    the panel offered supply and the move refused it, "stat 'supply' is not allowed for Set
    a Course" (the command line alike), so it could not be made at all."""
    made = api.post("/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE)
    assert made.status_code == 201, made.text
    option(api, "on")
    mira = {"name": "Mira", "stats": "3,2,2,1,1", "starship": "Saltwind"}
    assert api.post("/api/c/sf/actions/character", json=mira, headers=CHANGE).status_code == 200
    panel = api.get("/api/c/sf/moves/set a course?character=Mira").json()
    assert panel["id"] == SI_COURSE and [s["stat"] for s in panel["stats"]] == ["supply"]
    move = {"move": "set a course", "stat": "supply", "dice": [3, 7, 9]}
    answer = api.post("/api/c/sf/actions/move", json=move, headers=CHANGE)
    assert answer.status_code == 200, answer.text
    made = answer.json()
    assert made["move"] in (SI_COURSE, "Set a Course"), made["move"]
    assert (made["roll"]["stat"], made["outcome"]) == (5, "weak_hit")  # supply 5
    # Left out, the one stat it may roll is taken.
    assert api.post("/api/c/sf/actions/undo", json={}, headers=CHANGE).status_code == 200
    move = {"move": "set a course", "dice": [3, 7, 9]}
    answer = api.post("/api/c/sf/actions/move", json=move, headers=CHANGE)
    assert answer.status_code == 200, answer.text
