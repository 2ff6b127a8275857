"""A button pressed twice at once changes the table once (web32's play-through): a double click
on Roll made the move twice (two random rolls, the second a miss and its Pay the Price), on
Write wrote the entry twice, on Start began two vows, and on a decision's answer said the
decision 'was answered meanwhile (on another page or device)'. A change repeated on purpose
(+1 experience twice) is still made twice."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect
from web_support import DESKTOP, home_server, new_campaign, open_page

expect.set_options(timeout=15_000)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with home_server(tmp_path_factory, "double-click-home") as live:
        yield live


def head(http: Any, name: str) -> int:
    found: int = http.get(f"/api/c/{name}/state").json()["head"]
    return found


def settled(page: Any, http: Any, name: str, seen: int) -> int:
    """The campaign's head once the page has drawn it (every answer of the clicks is in)."""
    page.wait_for_timeout(800)  # a second request, if one were sent, would be in by now
    now = head(http, name)
    page.wait_for_function(f"() => document.querySelector('#timeline [data-seq=\"{now}\"]')")
    return now - seen


def test_a_double_click_changes_the_table_once(server: Any, browser: Any) -> None:
    http = new_campaign(server, "twice", character={"name": "Asha"})
    page = open_page(browser, server, "twice", DESKTOP, "Asha")
    seen = head(http, "twice")
    # Roll: one move (the dice typed: a strong hit, which asks nothing; random ones alike).
    page.click("#tabs button[data-tab=moves]")
    page.click("button.move[data-move='move:classic/adventure/gather_information']")
    page.wait_for_selector(".move-panel .stat-option")
    page.fill(".move-form input[name=dice]", "6,1,2")
    page.dblclick(".move-form button[type=submit]")
    assert settled(page, http, "twice", seen) == 1
    seen = head(http, "twice")
    # Write: one entry.
    page.fill("#journal-text", "The wind turned.")
    page.dblclick("#journal-form button")
    assert settled(page, http, "twice", seen) == 1
    seen = head(http, "twice")
    # Start: one vow.
    page.select_option("#tracks select[name=kind]", "vow")
    page.fill("#tracks input[name=text]", "Find the ford")
    page.select_option("#tracks select[name=rank]", "dangerous")
    page.dblclick("#tracks button[type=submit]")
    assert settled(page, http, "twice", seen) == 1
    vows = [t for t in http.get("/api/c/twice/state").json()["tracks"] if t["kind"] == "vow"]
    assert [t["name"] for t in vows] == ["Find the ford"]
    # A decision's answer: answered once, and no word of another page.
    made = http.post(
        "/api/c/twice/actions/move",
        json={"move": "face danger", "stat": "edge", "dice": "1,9,9"},
        headers={"X-Ironsworn-Seat": "Asha"},
    )
    assert made.status_code == 200, made.text
    answer = page.locator("#pending button.choice[data-key=obvious]")
    expect(answer).to_be_visible()
    seen = head(http, "twice")
    answer.dblclick()
    assert settled(page, http, "twice", seen) == 1
    expect(page.locator("#error")).to_be_hidden()
    # +1 experience twice, on purpose: two changes.
    seen = head(http, "twice")
    plus = page.locator("#sheet .xp button", has_text="+1")
    plus.dblclick()
    for _ in range(100):  # (both on their way: the second may come in after the first)
        if head(http, "twice") == seen + 2:
            break
        page.wait_for_timeout(100)
    assert settled(page, http, "twice", seen) == 2
    assert http.get("/api/c/twice/state").json()["characters"][0]["experience"]["earned"] == 2
    assert page.errors == []
    page.context.close()
