"""A new player's first minutes on a 360 px phone and at desktop width, in Chromium (issue 19):
what tripped a player when the table was walked through, each kept fixed.

- Creation asks, at the field and in view, for what the server would refuse: a companion's
  starting ability when the card marks none, and its name (not a banner far above).
- A refusal's banner stays on screen wherever the page is scrolled.
- The World tab's "Start a fight" asks for a foe (it fought the list's first foe at once).
- A move's result renders its Markdown without blank gaps between paragraphs and list items,
  with names, not ids; the decision it raises is in view after the roll, its options not
  covered by the phone's floating "must decide" badge.

Each screen is checked with axe-core (WCAG 2 A and AA) and for horizontal overflow.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from web_support import (
    DESKTOP,
    NARROW_PHONE,
    PHONE,
    PLACEHOLDER_FITS,
    checked,
    home_server,
    new_campaign,
    open_table,
)

expect.set_options(timeout=15_000)
WIDTHS = [(DESKTOP, "desktop"), (NARROW_PHONE, "phone")]
ASHA = {
    "name": "Asha",
    "stats": "edge=1,heart=2,iron=2,shadow=3,wits=1",
    "assets": ["hawk:1=Kestrel", "swordmaster", "wayfinder"],
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with home_server(tmp_path_factory, "phone-play") as live:
        yield live


def do(http: httpx.Client, name: str, action: str, body: dict[str, Any]) -> Any:
    answer = http.post(f"/api/c/{name}/actions/{action}", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()


def rect(page: Any, selector: str) -> dict[str, float]:
    box: dict[str, float] = page.evaluate(
        """(s) => { const r = document.querySelector(s).getBoundingClientRect();
            return { top: r.top, bottom: r.bottom, height: innerHeight }; }""",
        selector,
    )
    return box


@pytest.mark.parametrize(("viewport", "width"), WIDTHS)
def test_creation_asks_at_the_field_for_what_the_card_needs(
    server: Any, browser: Any, viewport: dict[str, int], width: str
) -> None:
    http = new_campaign(server, f"make-{width}")
    page = open_table(browser, f"{server.url}/c/make-{width}", viewport)
    page.click("#tabs button[data-tab=create]")
    form = page.locator("form.create")
    form.locator("input[name=name]").fill("Asha")
    form.locator("select[name=asset0]").select_option("asset:classic/companion/hawk")
    form.locator("select[name=asset1]").select_option("asset:classic/combat_talent/swordmaster")
    form.locator("select[name=asset2]").select_option("asset:classic/path/wayfinder")
    # The hawk marks no ability and must be named: the browser asks at each field in turn.
    ability = form.locator("select[name=ability0]")
    named = form.locator("input[name=assetname0]")
    assert ability.evaluate("(s) => s.required") and named.evaluate("(i) => i.required")
    expect(named).to_have_attribute("placeholder", "your hawk's name")  # (it read "name on Hawk")
    # Swordmaster starts with its first ability marked and needs no name: neither is asked.
    expect(form.locator("select[name=ability1]")).to_be_hidden()
    assert not form.locator("input[name=assetname1]").evaluate("(i) => i.required")
    form.locator("button[type=submit]").click()
    assert ability.evaluate("(s) => s.validationMessage") != ""
    assert http.get(f"/api/c/make-{width}/state").json()["characters"] == []
    ability.select_option("2")
    form.locator("button[type=submit]").click()
    assert named.evaluate("(i) => i.validationMessage") != ""
    assert http.get(f"/api/c/make-{width}/state").json()["characters"] == []
    checked(page, f"phone-play-create-{width}")
    named.fill("Kestrel")
    form.locator("button[type=submit]").click()
    expect(page.locator(".char-name")).to_contain_text("Asha")
    hawk = http.get(f"/api/c/make-{width}/state").json()["characters"][0]["assets"][0]
    assert (hawk["input"], hawk["abilities"]) == ("Kestrel", [False, True, False])
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(
    ("viewport", "width"), [*WIDTHS, (PHONE, "phone-390")], ids=["desktop", "phone", "phone-390"]
)
def test_every_field_of_creation_shows_its_whole_hint(
    server: Any, browser: Any, viewport: dict[str, int], width: str
) -> None:
    new_campaign(server, f"hints-{width}").close()
    page = open_table(browser, f"{server.url}/c/hints-{width}", viewport)
    page.click("#tabs button[data-tab=create]")
    form = page.locator("form.create")
    form.locator("select[name=asset0]").select_option("asset:classic/companion/horse")
    # "background vow (your long-te" was all a phone showed of what the field is for.
    fields = form.locator("input[placeholder]:visible")
    assert fields.count() >= 7  # name, three bonds, the horse's name, two vows
    cut = [f.get_attribute("placeholder") for f in fields.all() if not f.evaluate(PLACEHOLDER_FITS)]
    assert cut == []
    checked(page, f"phone-play-create-hints-{width}")
    page.context.close()


@pytest.mark.parametrize(("viewport", "width"), WIDTHS)
def test_a_refusal_stays_in_view_wherever_the_page_is_scrolled(
    server: Any, browser: Any, viewport: dict[str, int], width: str
) -> None:
    http = new_campaign(server, f"refused-{width}")
    do(http, f"refused-{width}", "character", ASHA)
    page = open_table(browser, f"{server.url}/c/refused-{width}", viewport)
    # A vow started with no words is asked for them (not refused), the question in view.
    page.evaluate("document.querySelector('#tracks form.new-track').requestSubmit()")
    expect(page.locator("#asked")).to_contain_text("What do you vow?")
    page.fill("#asked input", "Find the lost ferry")
    page.locator("#asked button[data-answer=send]").click()
    page.locator("#asked button[data-key=dangerous]").click()  # then its rank, left out too
    expect(page.locator("#tracks")).to_contain_text("Find the lost ferry")
    # Scrolled to the page's end (the journal, on a phone far below the forms), the page
    # sends a rank the table does not know: it refuses, and the refusal is in view.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.evaluate(
        """async () => (await import('/static/core.js')).act('track',
            { kind: 'vow', text: 'Guard the ford', rank: 'legendary' })"""
    )
    expect(page.locator("#error")).to_contain_text("legendary")
    box = rect(page, "#error")
    assert box["top"] >= 0 and box["bottom"] <= box["height"], box
    checked(page, f"phone-play-refused-{width}")
    page.context.close()


@pytest.mark.parametrize(("viewport", "width"), WIDTHS)
def test_a_result_reads_well_and_its_decision_is_in_view(
    server: Any, browser: Any, viewport: dict[str, int], width: str
) -> None:
    name = f"journey-{width}"
    http = new_campaign(server, name)
    do(http, name, "character", ASHA)
    do(http, name, "track", {"kind": "journey", "text": "to Ironhome", "rank": "troublesome"})
    page = open_table(browser, f"{server.url}/c/{name}", viewport)
    page.click("button.move[data-move='move:classic/adventure/undertake_a_journey']")
    page.wait_for_selector(".move-panel .stat-choice")
    # The panel's outcomes are rendered Markdown: the newlines between its tags are not
    # drawn as blank lines.
    strong = page.locator(".move-panel .outcomes dd").first
    assert strong.evaluate("(d) => getComputedStyle(d).whiteSpace") == "normal"
    page.fill(".move-form input[name=dice]", "6,1,2")
    page.click(".move-form button[type=submit]")
    expect(page.locator("#result .roll")).to_contain_text("STRONG HIT")
    expect(page.locator("#pending")).to_contain_text("Asha decides")
    text = page.locator("#result .outcome-text").first
    assert text.evaluate("(d) => getComputedStyle(d).whiteSpace") == "normal"
    assert text.locator("li").count() == 2  # "choose one": two options, as a list
    shown = page.inner_text("#result")
    assert "*" not in shown and "](" not in shown and "journey-" not in shown
    # The decision after the roll: in view with its options (the result above may fill a
    # phone's screen), and the floating badge steps aside from it.
    page.wait_for_timeout(300)  # the scroll settles
    box = rect(page, "#pending")
    assert box["top"] >= 0 and box["bottom"] <= box["height"], box
    badge = page.locator("#waiting").bounding_box()
    expect(page.locator("#waiting")).to_be_visible()
    for option in page.locator("#pending button.choice").all():
        box = option.bounding_box()
        overlap = box["y"] < badge["y"] + badge["height"] and badge["y"] < box["y"] + box["height"]
        assert not (overlap and box["x"] + box["width"] > badge["x"]), (box, badge)
    checked(page, f"phone-play-decision-{width}")
    page.context.close()


@pytest.mark.parametrize(("viewport", "width"), WIDTHS)
def test_a_long_list_of_choices_spells_out_the_one_picked(
    server: Any, browser: Any, viewport: dict[str, int], width: str
) -> None:
    """Advance asks what to buy from a list too long for buttons: a phone cuts the closed list
    to one line, so the choice picked is spelled out in full below it, with its cost."""
    name = f"advance-{width}"
    http = new_campaign(server, name)
    do(http, name, "character", ASHA)
    do(http, name, "adjust", {"meter": "experience", "delta": 3, "character": "Asha"})
    page = open_table(browser, f"{server.url}/c/{name}", viewport)
    page.click("button.move[data-move='move:classic/quest/advance']")
    page.wait_for_selector(".move-panel[data-move='move:classic/quest/advance']")
    assert page.locator(".move-form input[name=dice]").count() == 0  # Advance does not roll
    page.click(".move-form button[type=submit]")
    asked = page.locator("#asked")
    expect(asked.locator("select")).to_be_visible()
    chosen = asked.locator(".chosen")
    first = asked.locator("select option").first.inner_text()
    expect(chosen).to_have_text(first.split(". ", 1)[1])
    upgrade = next(o for o in asked.locator("select option").all_inner_texts() if "Fierce" in o)
    asked.locator("select").select_option(label=upgrade)
    expect(chosen).to_contain_text("Hawk")
    expect(chosen).to_contain_text("2 experience")
    # In full: nothing of it cut at the screen's edge.
    assert chosen.evaluate("(p) => p.scrollWidth <= p.clientWidth")
    box = chosen.bounding_box()
    assert box["x"] + box["width"] <= viewport["width"]
    checked(page, f"phone-play-advance-{width}")
    page.context.close()


@pytest.mark.parametrize(("viewport", "width"), WIDTHS)
def test_start_a_fight_asks_which_foe(
    server: Any, browser: Any, viewport: dict[str, int], width: str
) -> None:
    name = f"fight-{width}"
    http = new_campaign(server, name)
    do(http, name, "character", ASHA)
    page = open_table(browser, f"{server.url}/c/{name}", viewport)
    page.click("#tabs button[data-tab=world]")
    foe = page.locator("#tab-world select[aria-label=foe]")
    expect(foe).to_have_value("")
    page.click("#tab-world button:has-text('Start a fight')")
    assert foe.evaluate("(s) => s.validationMessage") != ""
    assert http.get(f"/api/c/{name}/state").json()["tracks"] == []
    foe.select_option("npc:classic/animals/wolf")
    page.click("#tab-world button:has-text('Start a fight')")
    expect(page.locator("#tracks article.track")).to_contain_text("Wolf")
    checked(page, f"phone-play-fight-{width}")
    page.context.close()
