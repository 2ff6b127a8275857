"""What the last play-through at the web table left, each played in Chromium and kept fixed
(web33):

- Starforged's Withstand Damage (Endure Harm, Endure Stress) offers its strong hit's choices in
  the move's own words ("Bypass: ...", "Ride it out: ..."), not "+1 integrity".
- Naming in Enter the Fray the foe an ally fights joins that fight (it began a second fight of
  the same name).
- A move's result names an ability that gives only on a burn (Swordmaster 1) once momentum is
  burned, not as "applied" to every Strike.
- A person added on the World tab is the seat's character's entry in the timeline.
- A journal entry too large to send says how large it is and what is accepted.
- On a phone the seat picker's words fit it, and the floating decision badge never covers the
  end of the page.

Each screen is checked with axe-core (WCAG 2 A and AA), for overflow and for script errors.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect
from web_support import (
    DESKTOP,
    NARROW_PHONE,
    PHONE,
    checked,
    home_server,
    new_campaign,
    open_page,
)

expect.set_options(timeout=15_000)
STRIKE = "move:classic/combat/strike"
FRAY = "move:classic/combat/enter_the_fray"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with home_server(tmp_path_factory, "play-words", starforged=True) as live:
        yield live


def acted(http: Any, name: str, action: str, body: dict[str, Any]) -> Any:
    answer = http.post(f"/api/c/{name}/actions/{action}", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()


@pytest.mark.parametrize(("viewport", "width"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_withstand_damage_offers_its_choices_in_the_move_s_words(
    server: Any, browser: Any, viewport: dict[str, int], width: str
) -> None:
    """ "On a strong hit, choose one. Bypass: If your vehicle is not battered, take +1
    integrity. Ride it out: Take +1 momentum" (seed 003): the buttons read so (they read
    "+1 integrity" and "+1 momentum")."""
    name = f"bypass-{width}"
    http = new_campaign(server, name, "starforged", {"starship": "Vesper"})
    acted(http, name, "move", {"move": "withstand damage", "amount": 2})
    acted(http, name, "choose", {"keys": ["resist"], "dice": [6, 1, 2]})  # a strong hit
    page = open_page(browser, server, name, viewport, "Kira")
    choices = page.locator("#pending button.choice")
    expect(choices).to_have_text(
        [
            "Bypass: If your vehicle is not battered, take +1 integrity",
            "Ride it out: Take +1 momentum",
        ]
    )
    checked(page, f"play-words-bypass-{width}", columns=True)
    choices.first.click()
    expect(page.locator("#timeline li").first).to_contain_text(
        "chose bypass; Vesper integrity 3 → 4"
    )
    assert http.get(f"/api/c/{name}/state").json()["vehicle"]["integrity"] == 4
    page.context.close()


def test_naming_the_foe_an_ally_fights_joins_that_fight(server: Any, browser: Any) -> None:
    """Bo types the foe Asha fights: he enters her fight (it began a second 'Broken raider',
    which every fight's picker then offered twice)."""
    http = new_campaign(server, "raider", character={"name": "Asha"})
    acted(
        http,
        "raider",
        "character",
        {"name": "Bo", "stats": "edge=3,heart=2,iron=2,shadow=1,wits=1"},
    )
    acted(
        http,
        "raider",
        "move",
        {"character": "Asha", "move": "enter the fray", "stat": "wits", "foe": "Broken raider",
         "rank": "dangerous", "dice": [6, 1, 2]},
    )  # fmt: skip
    page = open_page(browser, server, "raider", DESKTOP, "Bo")
    page.click(f"button.move[data-move='{FRAY}']")
    form = page.locator(".move-form")
    form.locator("input[name='read:foe']").fill("broken raider")
    form.locator("input[name=dice]").fill("6,1,2")
    form.locator("button[type=submit]").click()
    result = page.locator("#result .move-result")
    expect(result.locator(".effects li").first).to_have_text("Bo joins the fight: Broken raider")
    fights = [t for t in http.get("/api/c/raider/state").json()["tracks"] if t["kind"] == "fight"]
    assert [(t["name"], t["characters"]) for t in fights] == [("Broken raider", ["Asha", "Bo"])]
    checked(page, "play-words-joined-fight", columns=True)
    page.context.close()


def test_a_burn_only_ability_is_named_once_momentum_is_burned(server: Any, browser: Any) -> None:
    """Swordmaster 1 gives only if you burn momentum: a Strike nobody burned does not say it
    "applied"; the burn that improves the next one does."""
    http = new_campaign(server, "blade", character={"name": "Asha", "assets": ["swordmaster"]})
    acted(http, "blade", "move", {"move": "enter the fray", "stat": "wits", "foe": "Raider",
                                   "rank": "dangerous", "dice": [6, 1, 2]})  # fmt: skip
    page = open_page(browser, server, "blade", DESKTOP, "Asha")
    page.click(f"button.move[data-move='{STRIKE}']")
    form = page.locator(".move-form")
    form.locator("input[name=dice]").fill("6,1,2")  # a strong hit: no burn
    form.locator("button[type=submit]").click()
    result = page.locator("#result .move-result")
    expect(result).to_contain_text("STRONG HIT")
    expect(result.locator(".applied")).to_have_count(0)
    acted(http, "blade", "adjust", {"meter": "momentum", "delta": 6})  # +8: a burn would hit
    page.click(f"button.move[data-move='{STRIKE}']")
    form.locator("input[name=dice]").fill("2,5,8")  # 2 + 2 = 4: a miss; burning 8 beats both
    form.locator("button[type=submit]").click()
    expect(result.locator(".applied")).to_have_count(0)
    page.locator("#pending button[data-answer=burn]").click()
    expect(result.locator(".applied")).to_have_text("applied: Swordmaster 1")
    checked(page, "play-words-burned", columns=True)
    page.context.close()


def test_a_person_added_on_the_world_tab_is_the_seat_s_entry(server: Any, browser: Any) -> None:
    http = new_campaign(server, "healer", character={"name": "Asha"})
    acted(
        http,
        "healer",
        "character",
        {"name": "Bo", "stats": "edge=3,heart=2,iron=2,shadow=1,wits=1"},
    )
    page = open_page(browser, server, "healer", DESKTOP, "Bo")
    page.click("#tabs button[data-tab=world]")
    form = page.locator("#tab-world form", has=page.locator("button", has_text="Add person"))
    form.locator("input[name=name]").fill("Elda")
    form.locator("input[name=description]").fill("a healer")
    form.locator("button").click()
    entry = page.locator("#timeline li").first
    expect(entry).to_contain_text("meets Elda — a healer")
    expect(entry.locator(".who")).to_have_text("Bo")
    checked(page, "play-words-person", columns=True)
    page.context.close()


def test_a_journal_entry_too_large_says_how_large(server: Any, browser: Any) -> None:
    http = new_campaign(server, "saga", character={"name": "Asha"})
    before = http.get("/api/c/saga/state").json()["head"]
    page = open_page(browser, server, "saga", PHONE, "Asha")
    page.fill("#journal-text", "word " * 60_000)  # 300,000 bytes with its JSON: 293 KiB
    page.click("#journal-form button[type=submit]")
    expect(page.locator("#error")).to_have_text(
        "this change is 293 KiB (accepted: at most 256 KiB; write a long text as several "
        "journal entries)"
    )
    assert http.get("/api/c/saga/state").json()["head"] == before
    checked(page, "play-words-too-large")
    page.context.close()


# Whether the seat picker's chosen words fit inside it (its own font; room for its arrow).
SEAT_FITS = """() => {
  const el = document.getElementById('seat');
  const style = getComputedStyle(el);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = style.font;
  const text = el.options[el.selectedIndex].text;
  const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 18;
  return [text, pen.measureText(text).width <= room];
}"""


@pytest.mark.parametrize(("viewport", "width"), [(PHONE, "390"), (NARROW_PHONE, "360")])
def test_on_a_phone_the_seat_s_words_fit_and_the_badge_covers_no_end(
    server: Any, browser: Any, viewport: dict[str, int], width: str
) -> None:
    """The guide's seat read "the guide (any" on a phone; a character's name longer than a
    few letters was cut too. The decision badge floating at the bottom covered the last entry
    of the journal, which no scrolling brought out from under it."""
    name = f"badge-{width}"
    http = new_campaign(server, name, character={"name": "Asha"})
    acted(
        http,
        name,
        "character",
        {"name": "Bartholomew", "stats": "edge=3,heart=2,iron=2,shadow=1,wits=1"},
    )
    acted(
        http,
        name,
        "move",
        {"character": "Asha", "move": "face danger", "stat": "edge", "dice": [1, 9, 9]},
    )  # fmt: skip  (a miss: Asha must decide)
    guide = open_page(browser, server, name, viewport)
    assert guide.evaluate(SEAT_FITS) == ["the guide", True]
    player = open_page(browser, server, name, viewport, "Bartholomew")
    assert player.evaluate(SEAT_FITS) == ["Bartholomew", True]
    badge = guide.locator("#waiting")
    expect(badge).to_have_text("Asha must decide")
    guide.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    guide.wait_for_timeout(300)
    last = guide.locator("#log-col").bounding_box()
    top = badge.bounding_box()
    assert last["y"] + last["height"] <= top["y"], (last, top)
    checked(guide, f"play-words-badge-{width}")
    guide.context.close()
    player.context.close()


# Each shown picker whose chosen words are cut (its own font; room for its arrow).
CUT_PICKERS = """() => [...document.querySelectorAll('select')].filter((el) => el.offsetParent)
  .filter((el) => {
    const style = getComputedStyle(el);
    const pen = document.createElement('canvas').getContext('2d');
    pen.font = style.font;
    const text = el.selectedIndex < 0 ? '' : el.options[el.selectedIndex].text;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return pen.measureText(text).width > room - 18;
  }).map((el) => `${el.name || el.getAttribute('aria-label')}: ${el.value}`)"""


def test_on_a_phone_enter_the_fray_and_a_truth_say_their_words_whole(
    server: Any, browser: Any
) -> None:
    """Enter the Fray's fight picker read "the fight under way, or a new on" on a phone (it
    says "a new fight" for one with no fight of their own); a truth's option, longer than any
    phone's picker, is told whole below it ("1. The savage clans called the Sk")."""
    http = new_campaign(server, "picker", character={"name": "Asha"})
    acted(
        http,
        "picker",
        "character",
        {"name": "Bo", "stats": "edge=1,heart=3,iron=2,shadow=2,wits=1"},
    )
    fray = {"character": "Asha", "move": "enter the fray", "stat": "wits", "foe": "Raider",
            "rank": "dangerous", "dice": [6, 1, 2]}  # fmt: skip
    acted(http, "picker", "move", fray)
    page = open_page(browser, server, "picker", NARROW_PHONE, "Bo")
    page.click(f"button.move[data-move='{FRAY}']")
    track = page.locator(".move-form select[name='read:track']")
    expect(track.locator("option")).to_have_text(["a new fight", "Raider (fight of Asha)"])
    assert page.evaluate(CUT_PICKERS) == []
    checked(page, "play-words-fray-picker-phone", columns=True)
    page.click("#tabs button[data-tab=world]")
    form = page.locator("#tab-world form", has=page.locator("select[aria-label=truth]"))
    form.locator("select[aria-label=truth]").select_option(label="The Old World")
    expect(form.locator(".truth-text")).to_have_text(
        "The savage clans called the Skulde invaded the kingdoms of the Old World."
    )
    form.locator("select[aria-label=option]").select_option("roll")
    expect(form.locator(".truth-text")).to_have_text("Set rolls one on the table")
    checked(page, "play-words-truth-phone", columns=True)
    page.context.close()


def test_a_starforged_position_and_a_declined_trade_read_in_words(
    server: Any, browser: Any
) -> None:
    """The result said "Kira: position in a bad spot → in control" (the log: "Kira is in
    control"); a weak hit's trade declined showed a card with the move's name alone."""
    name = "position"
    new_campaign(server, name, "starforged", {"starship": "Vesper"})
    page = open_page(browser, server, name, PHONE, "Kira")
    page.click("button.move[data-move='move:starforged/combat/enter_the_fray']")
    form = page.locator(".move-form")
    form.locator("input[name='read:foe']").fill("Iron Dawn cutter")
    form.locator("input[name=dice]").fill("6,1,2")
    form.locator("button[type=submit]").click()
    page.locator("#asked button", has_text="formidable").click()
    result = page.locator("#result .move-result")
    expect(result.locator(".effects li").last).to_have_text("Kira is in control")
    page.click("button.move[data-move='move:starforged/suffer/endure_harm']")
    form.locator("input[name='read:amount']").fill("2")
    form.locator("button[type=submit]").click()
    page.locator("#pending input.dice").fill("6,1,10")  # a weak hit: the trade is offered
    page.locator("#pending button.choice[data-key=resist]").click()
    # Declined in the move's words ("Otherwise, press on"; the button read "Decline").
    page.locator("#pending button", has_text="Press on").click()
    expect(result.locator(".nothing")).to_have_text("press on: nothing changes")
    checked(page, "play-words-declined-phone", columns=True)
    page.context.close()


def test_a_starforged_card_s_kind_reads_as_a_classic_one(server: Any, browser: Any) -> None:
    """ "Ace (path)" and "Starship · command vehicle", as the classic "Swordmaster (combat
    talent)": a Starforged card's kind read "Ace (Path)", "Command Vehicle"."""
    new_campaign(server, "kinds", "starforged", {"starship": "Vesper"})
    page = open_page(browser, server, "kinds", DESKTOP, "Kira")
    expect(page.locator("#sheet .asset h4 .type").first).to_have_text(" command vehicle")
    page.click("#tabs button[data-tab=create]")
    ace = page.locator("form.create select[name=asset0] option[value='asset:starforged/path/ace']")
    expect(ace).to_have_text("Ace (path)")
    checked(page, "play-words-card-kinds")
    page.context.close()


def test_a_choice_that_is_the_story_s_alone_says_what_was_chosen(server: Any, browser: Any) -> None:
    """End the Fight's weak hit: "You suffer collateral damage" changes nothing on a sheet.
    The card said only "nothing changes"; it says the choice, then that."""
    name = "collateral"
    http = new_campaign(server, name, character={})
    track = {"kind": "fight", "text": "a raider", "rank": "troublesome"}
    assert http.post(f"/api/c/{name}/actions/track", json=track).status_code == 200
    assert (
        http.post(
            f"/api/c/{name}/actions/progress", json={"track": "fight-1", "ticks": 36}
        ).status_code
        == 200
    )
    assert http.post(f"/api/c/{name}/actions/initiative", json={"value": "have"}).is_success
    strike = {"move": "strike", "stat": "iron", "dice": [6, 1, 2]}
    assert http.post(f"/api/c/{name}/actions/move", json=strike).status_code == 200
    page = open_page(browser, server, name, PHONE, "Kira")
    page.click("button.move[data-move='move:classic/combat/end_the_fight']")
    form = page.locator(".move-form")
    form.locator("input[name=dice]").fill("2,10")
    form.locator("button[type=submit]").click()
    page.locator("#pending button.choice", has_text="collateral damage").click()
    result = page.locator("#result .move-result")
    expect(result.locator(".chose")).to_have_text(
        "You suffer collateral damage: Something of value is lost or broken, or someone "
        "important must pay the cost."
    )
    expect(result.locator(".nothing")).to_have_text("nothing changes")
    checked(page, "play-words-chose-phone", columns=True)
    page.context.close()
