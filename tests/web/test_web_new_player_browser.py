"""What a new player met at the classic table in Chromium (web29): skip links to the main
regions; Endure Harm's panel shows the roll after the harm and the amount's default;
Advance's purchase has a way out; an asset gained reads as a person says it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect
from web_support import (
    DESKTOP,
    PHONE,
    axe_violations,
    checked,
    home_server,
    new_campaign,
    open_page,
    shot,
)

expect.set_options(timeout=15_000)
TOR = {"name": "Tor", "stats": "edge=1,heart=2,iron=3,shadow=1,wits=2"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with home_server(tmp_path_factory, "new-player-home") as live:
        yield live


@pytest.mark.parametrize(("viewport", "label"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_skip_links_reach_the_moves_the_sheet_and_the_journal(
    server: Any, browser: Any, viewport: dict[str, int], label: str
) -> None:
    name = f"skip-{label}"
    new_campaign(server, name, character={})
    page = open_page(browser, server, name, viewport)
    skip = page.locator("#skip a[data-skip=moves]")
    assert skip.bounding_box()["x"] < 0  # out of sight until the keyboard reaches it
    page.keyboard.press("Tab")
    expect(skip).to_be_focused()
    box = skip.bounding_box()
    assert box["x"] >= 0 and box["y"] >= 0  # shown when focused
    shot(page, f"skip-link-{label}")
    assert axe_violations(page) == []
    # From another tab, Enter opens Moves with the keyboard in its search: one press, not 90.
    page.click("#tabs button[data-tab=oracles]")
    page.keyboard.press("Tab")  # (the focus is past the top now: start again from it)
    page.focus("#skip a[data-skip=moves]")
    page.keyboard.press("Enter")
    expect(page.locator("#move-search")).to_be_focused()
    expect(page.locator("#tab-moves")).to_be_visible()
    page.focus("#skip a[href='#journal-text']")
    page.keyboard.press("Enter")
    expect(page.locator("#journal-text")).to_be_focused()
    page.focus("#skip a[href='#sheet-col']")
    page.keyboard.press("Enter")
    expect(page.locator("#sheet-col")).to_be_focused()
    page.keyboard.press("Tab")  # the next stop is inside the sheet
    assert page.evaluate("document.getElementById('sheet-col').contains(document.activeElement)")
    assert page.errors == []
    page.context.close()


def test_endure_harm_shows_the_roll_after_the_harm_and_the_amount_s_default(
    server: Any, browser: Any
) -> None:
    new_campaign(server, "endure", character={})
    page = open_page(browser, server, "endure", DESKTOP)
    page.click("button.move[data-move='move:classic/suffer/endure_harm']")
    health = page.locator(".move-panel .stat-option[data-stat=health]")
    iron = page.locator(".move-panel .stat-option[data-stat=iron]")
    # Health 5, 2 harm by default: Endure Harm rolls +3 (33.2 % strong at momentum +2).
    expect(health).to_contain_text("health 5 → 3")
    expect(health).to_contain_text("strong 33.2%")
    expect(iron).to_contain_text("not rolled")
    amount = page.locator(".move-panel [data-option=amount]")
    expect(amount).to_contain_text("empty: 2")
    shot(page, "endure-harm-panel")
    # 4 harm leaves health 1: +iron 2 is rolled.
    page.fill("input[name='read:amount']", "4")
    page.press("input[name='read:amount']", "Tab")
    expect(health).to_contain_text("health 5 → 1")
    expect(iron).to_contain_text("strong 23.2%")
    expect(page.locator("input[name='read:amount']")).to_have_value("4")
    page.fill(".move-form input[name=dice]", "6,1,1")
    page.click(".move-form button[type=submit]")
    # The roll made is the one shown: + 2 (iron).
    expect(page.locator("#result .roll")).to_contain_text("6 + 2 = 8")
    assert axe_violations(page) == [] and page.errors == []
    page.context.close()


def advance_with_the_horse(page: Any) -> None:
    page.click("button.move[data-move='move:classic/quest/advance']")
    page.select_option(".move-panel select[name='read:asset']", "Horse")
    page.click(".move-form button[type=submit]")
    page.click("#asked button.choice >> nth=0")  # its first ability
    page.fill("#asked input", "Ash")
    page.click("#asked button[data-answer=send]")
    page.wait_for_selector("#pending .decision")


def test_advance_may_be_declined_and_an_asset_gained_reads_as_said(
    server: Any, browser: Any
) -> None:
    http = new_campaign(server, "advance", character={})
    assert http.post("/api/c/advance/actions/character", json=TOR).status_code == 200
    body = {"character": "Kira", "meter": "experience", "delta": 8}
    assert http.post("/api/c/advance/actions/adjust", json=body).status_code == 200
    page = open_page(browser, server, "advance", DESKTOP, seat="Kira")
    other = open_page(browser, server, "advance", DESKTOP, seat="Tor")
    advance_with_the_horse(page)
    decline = page.locator("#pending button[data-answer=decline]")
    expect(decline).to_be_visible()
    shot(page, "advance-decision")
    assert axe_violations(page) == []
    decline.click()
    expect(page.locator("#pending")).to_be_hidden()
    expect(page.locator("#sheet")).to_contain_text("0 spent")
    advance_with_the_horse(page)
    page.click("#pending button.choice")
    effects = page.locator("#result .effects")
    expect(effects).to_contain_text("Kira gains the asset Horse “Ash”")
    assert "no → yes" not in effects.inner_text()
    expect(other.locator("#timeline")).to_contain_text("Ash")
    shot(page, "asset-gained")
    assert page.errors == [] and other.errors == []
    page.context.close()
    other.context.close()


def test_oracle_folders_are_headed_as_the_book_heads_them(server: Any, browser: Any) -> None:
    new_campaign(server, "oracle-heads", character={})
    page = open_page(browser, server, "oracle-heads", DESKTOP)
    page.click("#tabs button[data-tab=oracles]")
    folder = page.locator("#tab-oracles details[data-folder=action_and_theme] > summary")
    expect(folder).to_have_text("Action and Theme")  # was "Action And Theme"
    expect(page.locator("#tab-oracles details[data-folder=turning_point] > summary")).to_have_text(
        "Turning Point"
    )
    # The answer says the question it answers.
    page.fill("#tab-oracles input[aria-label=question]", "Is the bridge guarded?")
    page.click("#tab-oracles button[data-odds=likely]")
    expect(page.locator("#result .question")).to_have_text("“Is the bridge guarded?”")
    # The odds as the button says them (it read "fifty_fifty — rolled 51"), in the answer
    # and in this page's rolls.
    page.click("#tab-oracles button[data-odds=fifty_fifty]")
    expect(page.locator("#result .answer")).to_contain_text("50/50 — rolled ")
    expect(page.locator("#roll-history li").first).to_contain_text("(50/50): ")
    assert "fifty" not in page.inner_text("#center-col")
    assert page.errors == []
    page.context.close()


def test_a_journey_s_decision_and_progress_read_as_said(server: Any, browser: Any) -> None:
    http = new_campaign(server, "journey", character={})
    track = {"kind": "journey", "text": "the Havens", "rank": "troublesome"}
    assert http.post("/api/c/journey/actions/track", json=track).status_code == 200
    page = open_page(browser, server, "journey", DESKTOP)
    page.click("button.move[data-move='move:classic/adventure/undertake_a_journey']")
    page.fill(".move-form input[name=dice]", "6,2,3")
    page.click(".move-form button[type=submit]")
    # The move's own "choose one" (its prompt had no words: it read "· choose").
    expect(page.locator("#pending .decision .prompt")).to_have_text("choose one")
    page.click("#pending button.choice >> nth=0")
    # A troublesome journey's mark: 12 ticks, said as the log says it (was "0 → 12").
    expect(page.locator("#result .effects")).to_contain_text(
        "the Havens progress 0 → 12 ticks (3 boxes)"
    )
    shot(page, "journey-progress")
    assert page.errors == []
    page.context.close()


def test_harm_past_zero_health_says_the_momentum_it_costs_before_the_roll(
    server: Any, browser: Any
) -> None:
    http = new_campaign(server, "past-zero", character={})
    body = {"character": "Kira", "meter": "health", "delta": -4}
    assert http.post("/api/c/past-zero/actions/adjust", json=body).status_code == 200
    page = open_page(browser, server, "past-zero", PHONE)
    page.click("button.move[data-move='move:classic/suffer/endure_harm']")
    # Health 1 and 2 harm: 1 past 0 becomes -1 momentum before the roll (+iron 2 is rolled).
    expect(page.locator(".move-panel .stat-option[data-stat=health]")).to_contain_text("1 → 0")
    expect(page.locator(".move-panel .before-roll")).to_have_text(
        "before the roll: momentum +2 → +1"
    )
    shot(page, "endure-harm-past-zero")
    assert axe_violations(page) == [] and page.errors == []
    page.context.close()


def test_a_vow_fulfilled_reads_as_the_log_says_it(server: Any, browser: Any) -> None:
    http = new_campaign(server, "fulfil", character={})
    track = {"kind": "vow", "text": "Find my sister", "rank": "troublesome"}
    assert http.post("/api/c/fulfil/actions/track", json=track).status_code == 200
    for _ in range(3):
        assert http.post("/api/c/fulfil/actions/progress", json={"track": "vow-1"}).is_success
    page = open_page(browser, server, "fulfil", DESKTOP)
    page.click("button.move[data-move='move:classic/quest/fulfill_your_vow']")
    page.fill(".move-form input[name=dice]", "1,2")
    page.click(".move-form button[type=submit]")
    effects = page.locator("#result .effects")
    expect(effects).to_contain_text("Find my sister: fulfilled")
    assert "active →" not in effects.inner_text()
    page.context.close()


def test_companion_endure_harm_says_its_odds_are_before_the_harm_until_the_amount_is_given(
    server: Any, browser: Any
) -> None:
    new_campaign(server, "companion", character={"assets": ["horse:1=Ember"]})
    page = open_page(browser, server, "companion", DESKTOP)
    page.click("button.move[data-move='move:classic/suffer/companion_endure_harm']")
    # Outside a fight the move asks its amount: the odds are at the values now, and say so.
    unsure = page.locator(".move-panel .before-roll.unsure")
    expect(unsure).to_have_text("odds at your values now: the roll is made after the harm")
    page.fill("input[name='read:amount']", "3")
    page.press("input[name='read:amount']", "Tab")
    expect(page.locator(".move-panel .stat-option[data-stat=companion_health]")).to_contain_text(
        "5 → 2"
    )
    expect(unsure).to_have_count(0)
    assert page.errors == []
    page.context.close()


def test_a_table_without_a_character_leads_to_the_new_character_form(
    server: Any, browser: Any
) -> None:
    """'No character yet: create one' opens the New character tab with its name to type (on a
    phone the tab was a screen away, named in words only)."""
    new_campaign(server, "nobody-yet")
    page = open_page(browser, server, "nobody-yet", PHONE)
    expect(page.locator("#sheet .empty")).to_have_text("No character yet: create one.")
    page.click("#create-first")
    expect(page.locator("#tab-create")).to_be_visible()
    expect(page.locator("form.create input[name=name]")).to_be_focused()
    checked(page, "nobody-yet-create")
    page.context.close()
