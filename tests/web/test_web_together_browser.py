"""Co-op in Chromium (issue 19): three browser contexts on one campaign, a guide and two
players (their invite links' tokens). A pending decision belongs to its character: the other
player acts meanwhile; each page shows whose decision waits; a player undoes only their own
last operation (the confirmation says what); the party and the foes are in view."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from web_support import (
    CHANGE,
    STATS,
    chromium_browser,
    hosted_server,
    shot,
)

DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}
expect.set_options(timeout=15_000)


@pytest.fixture(scope="module")
def hosted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with hosted_server(tmp_path_factory, "together-home") as live:
        yield live


@pytest.fixture(scope="module")
def browser(hosted: Any) -> Iterator[Any]:
    with chromium_browser() as chromium:
        yield chromium


# The seat picker's chosen words and whether they fit inside it (its own font; room for its
# arrow).
SEAT_FITS = """() => {
  const el = document.getElementById('seat');
  const style = getComputedStyle(el);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = style.font;
  const text = el.options[el.selectedIndex].text;
  const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return [text, pen.measureText(text).width <= room - 18];
}"""


def guide_api(hosted: Any) -> httpx.Client:
    headers = {**CHANGE, "X-Ironsworn-Token": hosted.tokens["guide"]}
    return httpx.Client(base_url=hosted.url, headers=headers, timeout=10)


def join(browser: Any, hosted: Any, role: str, seat: str = "", viewport: Any = DESKTOP) -> Any:
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(f"{hosted.url}/c/t?token={hosted.tokens[role]}")
    page.wait_for_selector("body[data-ready=yes]")
    if seat:
        page.select_option("#seat", seat)
    return page


def face_danger(page: Any, dice: str) -> None:
    page.click("#tabs button[data-tab=moves]")
    page.click("button.move[data-move='move:classic/adventure/face_danger']")
    page.wait_for_selector(".move-panel[data-move='move:classic/adventure/face_danger']")
    page.check(".stat-choice input[value=edge]")
    page.fill(".move-form input[name=dice]", dice)
    page.click(".move-form button[type=submit]")


def test_three_pages_play_on_while_a_decision_waits(hosted: Any, browser: Any) -> None:
    api = guide_api(hosted)
    for name in ("Asha", "Kai"):
        made = api.post("/api/c/t/actions/character", json={"name": name, "stats": STATS})
        assert made.status_code == 200, made.text
    fight = {
        "kind": "fight",
        "text": "raiders",
        "foe": "npc:classic/ironlanders/raider",
        "characters": ["Asha", "Kai"],
    }
    assert api.post("/api/c/t/actions/track", json=fight).status_code == 200
    guide = join(browser, hosted, "guide")
    asha = join(browser, hosted, "player", "Asha")
    kai = join(browser, hosted, "player", "Kai", PHONE)

    face_danger(asha, "1,9,9")  # a miss with a match: Asha must decide
    expect(asha.locator("#pending .decision[data-character=Asha] button.choice")).to_have_count(3)
    expect(asha.locator("#waiting")).to_have_text("Your decision waits")
    # Kai's page sees who waits, has no buttons for it, and plays on.
    expect(kai.locator("#waiting")).to_have_text("Asha must decide")
    expect(kai.locator("#pending .others")).to_contain_text("waiting for Asha's decision")
    assert kai.locator("#pending button.choice").count() == 0
    face_danger(kai, "6,1,2")  # a strong hit
    expect(kai.locator("#result .move-result")).to_contain_text("STRONG HIT")
    assert kai.inner_text("#error") == ""
    shot(kai, "together-kai-plays-on-phone")
    # The guide sees the party, who decides, and the foes of the fight.
    expect(guide.locator("#party .member[data-character=Asha] .decides")).to_be_visible()
    expect(guide.locator("#pending .decision[data-character=Asha]")).to_be_visible()
    expect(guide.locator(".foes")).to_contain_text("tactics")
    # ... each of the raider's features, drives and tactics, as the content gives them.
    raider = next(
        n
        for n in api.get("/api/c/t/content/npcs").json()
        if n["id"] == "npc:classic/ironlanders/raider"
    )
    foes = guide.locator(".track .foes[data-foe='npc:classic/ironlanders/raider']")
    for part in ("features", "drives", "tactics"):
        assert raider[part], part
        expect(foes.locator(f"dt:text-is('{part}') + dd")).to_have_text("; ".join(raider[part]))
    for page in (asha, kai):  # every page sees them
        expect(page.locator(".foes dt")).to_have_count(3)
    shot(guide, "together-guide")

    # Asha's Undo: the last operation is Kai's, which her page may not take back.
    asha.click("#undo")
    expect(asha.locator("#confirm")).to_contain_text("only Kai's page or the guide")
    assert asha.locator("#confirm-undo").count() == 0
    shot(asha, "together-asha-undo-refused")
    asha.click("#confirm button")
    # Kai's Undo says what it undoes, and does it once confirmed.
    kai.click("#undo")
    expect(kai.locator("#confirm")).to_contain_text("Undo Kai's last operation?")
    expect(kai.locator("#confirm .what")).to_contain_text("Face Danger")
    kai.click("#confirm-undo")
    expect(kai.locator("#timeline li.undone")).to_have_count(1)

    # Asha answers: no decision waits on any page.
    asha.locator("#pending button.choice[data-key=obvious]").click()
    for page in (guide, asha, kai):
        expect(page.locator("#waiting")).to_be_hidden()
        assert page.errors == []
    # The guide may undo any player's operation: Asha's answer, so her decision waits again.
    guide.click("#undo")
    expect(guide.locator("#confirm")).to_contain_text("Undo Asha's last operation?")
    shot(guide, "together-guide-undoes-asha")
    guide.click("#confirm-undo")
    expect(asha.locator("#waiting")).to_have_text("Your decision waits")
    expect(asha.locator("#pending .decision[data-character=Asha] button.choice")).to_have_count(3)
    expect(kai.locator("#waiting")).to_have_text("Asha must decide")
    asha.locator("#pending button.choice[data-key=obvious]").click()
    for page in (guide, asha, kai):
        expect(page.locator("#waiting")).to_be_hidden()
        assert page.errors == []
    for page in (guide, asha, kai):
        page.context.close()


def test_a_players_undo_of_anothers_operation_is_refused(hosted: Any) -> None:
    player = httpx.Client(
        base_url=hosted.url,
        headers={**CHANGE, "X-Ironsworn-Token": hosted.tokens["player"]},
        timeout=10,
    )
    move = {"move": "face danger", "stat": "edge", "dice": [6, 1, 2]}
    kai = {"X-Ironsworn-Seat": "Kai"}
    assert player.post("/api/c/t/actions/move", json=move, headers=kai).status_code == 200
    refused = player.post("/api/c/t/actions/undo", json={}, headers={"X-Ironsworn-Seat": "Asha"})
    assert refused.status_code == 403 and "Kai's" in refused.json()["error"]
    assert player.post("/api/c/t/actions/undo", json={}, headers=kai).status_code == 200
    redo = player.post("/api/c/t/actions/redo", json={}, headers={"X-Ironsworn-Seat": "Asha"})
    assert redo.status_code == 403
    assert guide_api(hosted).post("/api/c/t/actions/redo", json={}).status_code == 200


def test_a_player_s_phone_picks_its_seat_and_undoes_its_own_mark_of_progress(
    hosted: Any, browser: Any
) -> None:
    """On a phone the player's seat picker reads whole ("pick your character" was cut at
    9em); a mark of progress made by hand on Kai's page is Kai's, which Kai's page undoes (it
    was no one's: "only its page or the guide can undo it")."""
    api = guide_api(hosted)
    names = [c["name"] for c in api.get("/api/c/t/state").json()["characters"]]
    for name in ("Asha", "Kai"):
        if name not in names:
            made = api.post("/api/c/t/actions/character", json={"name": name, "stats": STATS})
            assert made.status_code == 200, made.text
    vow = {"kind": "vow", "text": "Mend the wall", "rank": "troublesome", "characters": ["Kai"]}
    made = api.post("/api/c/t/actions/track", json=vow)
    assert made.status_code == 200, made.text
    kai = join(browser, hosted, "player", viewport=PHONE)
    assert kai.evaluate(SEAT_FITS) == ["pick your character", True]
    kai.select_option("#seat", "Kai")
    track = kai.locator("#tracks .track", has_text="Mend the wall")
    track.locator("button", has_text="mark progress").click()
    expect(kai.locator("#timeline li").first).to_contain_text("Mend the wall: progress 0 → 12")
    expect(kai.locator("#timeline li .who").first).to_have_text("Kai")
    kai.click("#undo")
    kai.click("#confirm-undo")
    expect(kai.locator("#timeline li").first).to_contain_text("undone")
    kai.context.close()
