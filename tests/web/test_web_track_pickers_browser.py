"""Track pickers by kind in Chromium (issue 19): a progress move offers only the tracks it
rolls (journeys for Reach Your Destination, fights for End the Fight, vows for Fulfill Your
Vow), a move that acts on a track offers only its kind (a scene challenge's for Face Danger,
and no track select at all without one), never a literal ``null`` on the page; a track's
progress move button names the move. At desktop and phone width."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from web_support import (
    CHANGE,
    DESKTOP,
    PHONE,
    SCREENSHOTS,
    home_server,
    open_page,
)

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"
expect.set_options(timeout=15_000)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with home_server(tmp_path_factory, "pickers-home") as live:
        yield live


def campaign(server: Any, name: str, scene: bool) -> dict[str, str]:
    """Asha with a vow, a journey and a fight (and a scene challenge): the ids by kind."""
    http = httpx.Client(base_url=server.url, headers=CHANGE, timeout=10)
    assert http.post("/api/campaigns", json={"name": name}).status_code == 201
    made = http.post(f"/api/c/{name}/actions/character", json={"name": "Asha", "stats": STATS})
    assert made.status_code == 200, made.text
    bodies = [
        {"kind": "vow", "text": "Avenge my kin", "rank": "dangerous"},
        {"kind": "journey", "text": "to Ironhome", "rank": "troublesome"},
        {"kind": "fight", "foe": "bear"},
    ]
    if scene:
        bodies.append({"kind": "scene", "text": "the flood", "rank": "dangerous"})
    ids = {}
    for body in bodies:
        answer = http.post(f"/api/c/{name}/actions/track", json=body)
        assert answer.status_code == 200, answer.text
        ids[body["kind"]] = answer.json()["id"]
    return ids


def open_move(page: Any, move: str) -> None:
    page.click("#tabs button[data-tab=moves]")
    page.click(f"button.move[data-move='{move}']")
    page.wait_for_selector(f".move-panel[data-move='{move}']")


def offered(page: Any) -> list[str]:
    """The tracks the open panel offers: a progress move's radios, or the track select."""
    radios = page.locator(".move-panel input[name=track]")
    values: list[str] = [radios.nth(i).get_attribute("value") for i in range(radios.count())]
    select = page.locator(".move-panel select[name='read:track'] option")
    values += [v for v in select.evaluate_all("(os) => os.map((o) => o.value)") if v]
    return values


@pytest.mark.parametrize(("viewport", "label"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_pickers_offer_only_the_kinds_that_apply(
    server: Any, browser: Any, viewport: dict[str, int], label: str
) -> None:
    ids = campaign(server, f"pickers-{label}", scene=False)
    page = open_page(browser, server, f"pickers-{label}", viewport)
    for move, kind in (
        ("move:classic/adventure/reach_your_destination", "journey"),
        ("move:classic/combat/end_the_fight", "fight"),
        ("move:classic/quest/fulfill_your_vow", "vow"),
        ("move:classic/adventure/undertake_a_journey", "journey"),
        ("move:classic/combat/strike", "fight"),
    ):
        open_move(page, move)
        expect(page.locator(".move-panel")).to_have_attribute("data-move", move)
        assert offered(page) == [ids[kind]], move
    # Face Danger with no scene challenge: no track select at all.
    open_move(page, "move:classic/adventure/face_danger")
    assert page.locator(".move-panel select[name='read:track']").count() == 0
    assert offered(page) == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"pickers-face-danger-{label}.png"))
    assert "null" not in page.inner_text("body")
    # A track's own button opens its progress move by name, with the track chosen.
    fight = page.locator(f".track[data-track='{ids['fight']}'] button[data-progress-move]")
    expect(fight).to_have_text("End the Fight")
    fight.click()
    expect(page.locator(".move-panel")).to_have_attribute(
        "data-move", "move:classic/combat/end_the_fight"
    )
    assert page.is_checked(f".move-panel input[name=track][value='{ids['fight']}']")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert page.errors == []


def test_face_danger_offers_a_scene_challenge_when_there_is_one(server: Any, browser: Any) -> None:
    ids = campaign(server, "pickers-scene", scene=True)
    page = open_page(browser, server, "pickers-scene", DESKTOP)
    open_move(page, "move:classic/adventure/face_danger")
    options = page.locator(".move-panel select[name='read:track'] option")
    expect(options).to_have_count(2)
    assert options.all_inner_texts() == ["none", "the flood (scene)"]
    assert offered(page) == [ids["scene"]]
    assert "null" not in page.inner_text("body")
    assert page.errors == []
