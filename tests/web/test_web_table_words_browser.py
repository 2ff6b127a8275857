"""What the last session's play-through of the web table left, each played in Chromium and
kept fixed (web34):

- A decision whose answers roll nothing (a burn, Endure Harm's strong hit) shows no dice
  field; one that may roll (Pay the Price's table, resisting the harm) keeps it.
- A weak hit's trade declined in the move's words: "Press on", not "Decline".
- Endure Harm's (Withstand Damage's) amount says what it takes.
- An oracle's result names the folders of its table ("Location Theme › Mechanical ›
  Feature"), on a phone too, where the tables' list is out of view.
- A player's page shows an ally's own vow without marking it (its boxes are no button).

Each screen is checked with axe-core (WCAG 2 A and AA), for overflow and for script errors.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect
from web_support import DESKTOP, PHONE, checked, home_server, new_campaign, open_page

expect.set_options(timeout=15_000)
WIDTHS = [(DESKTOP, "desktop"), (PHONE, "phone")]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with home_server(tmp_path_factory, "table-words", starforged=True) as live:
        yield live


def acted(http: Any, name: str, action: str, body: dict[str, Any]) -> Any:
    answer = http.post(f"/api/c/{name}/actions/{action}", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()


@pytest.mark.parametrize(("viewport", "width"), WIDTHS)
def test_the_dice_field_is_only_under_a_decision_that_rolls(
    server: Any, browser: Any, viewport: dict[str, int], width: str
) -> None:
    name = f"dice-{width}"
    http = new_campaign(server, name, None, {"name": "Asha"})
    acted(http, name, "move", {"move": "endure_harm", "amount": 1, "dice": "6,1,2"})
    page = open_page(browser, server, name, viewport, "Asha")
    decision = page.locator("#pending .decision")
    expect(decision.locator("button.choice")).to_have_count(2)  # shake it off, embrace the pain
    expect(decision.locator("input.dice")).to_have_count(0)
    checked(page, f"table-words-no-dice-{width}", columns=True)
    decision.locator("button.choice[data-key=embrace_the_pain]").click()
    expect(page.locator("#pending")).to_be_hidden()
    # A miss with a match: Pay the Price may roll its table, so its dice are asked.
    acted(http, name, "move", {"move": "face_danger", "stat": "edge", "dice": "1,9,9"})
    expect(decision.locator("button.choice[data-key=roll_table]")).to_be_visible()
    expect(decision.locator("input.dice")).to_have_count(1)
    decision.locator("input.dice").fill("37")
    decision.locator("button.choice[data-key=roll_table]").click()
    expect(page.locator("#result .move-result h3")).to_contain_text("Pay the Price")
    expect(page.locator("#result")).to_contain_text("37")
    page.context.close()


@pytest.mark.parametrize(("viewport", "width"), WIDTHS)
def test_a_weak_hits_trade_is_declined_as_the_move_says_it(
    server: Any, browser: Any, viewport: dict[str, int], width: str
) -> None:
    """Starforged Withstand Damage, a weak hit: "Otherwise, press on"."""
    name = f"press-on-{width}"
    new_campaign(server, name, "starforged", {"starship": "Vesper"})
    page = open_page(browser, server, name, viewport, "Kira")
    page.click("button.move[data-move='move:starforged/suffer/withstand_damage']")
    form = page.locator(".move-form")
    amount = form.locator("input[name='read:amount']")
    # The amount says what it takes, in the move's numbers.
    help_text = page.locator(".move-panel [data-option=amount] .help")
    expect(help_text).to_have_text("damage: 1 minor, 2 serious, 3 major")
    assert amount.get_attribute("aria-describedby") == "amount-help"
    checked(page, f"table-words-amount-{width}", columns=True)
    amount.fill("2")
    form.locator("button[type=submit]").click()
    decision = page.locator("#pending .decision")
    expect(decision.locator("input.dice")).to_have_count(1)  # resisting rolls
    decision.locator("input.dice").fill("3,5,9")
    decision.locator("button.choice[data-key=resist]").click()
    expect(decision.locator("button.choice[data-key=trade]")).to_be_visible()
    press_on = decision.locator("button[data-answer=decline]")
    expect(press_on).to_have_text("Press on")
    # Said once: the prompt beside the button read "... (or decline and press on)".
    expect(decision.locator(".prompt")).to_have_text("you may Lose Momentum (-1) for +1 integrity")
    expect(decision.locator("input.dice")).to_have_count(0)
    checked(page, f"table-words-press-on-{width}", columns=True)
    press_on.click()
    expect(page.locator("#result .nothing")).to_have_text("press on: nothing changes")
    page.context.close()


def test_endure_harm_s_amount_says_the_foe_s_rank_and_its_default(
    server: Any, browser: Any
) -> None:
    name = "amount-classic"
    new_campaign(server, name, None, {"name": "Asha"})
    page = open_page(browser, server, name, DESKTOP, "Asha")
    page.click("button.move[data-move='move:classic/suffer/endure_harm']")
    field = page.locator(".move-panel [data-option=amount]")
    expect(field.locator(".help")).to_have_text(
        "-health: the foe's rank (troublesome 1 … epic 5) or as fits"
    )
    expect(field.locator(".default")).to_contain_text("empty: 2")
    amount = page.locator("input[name='read:amount']")
    assert amount.get_attribute("aria-describedby") == "amount-help amount-default"
    checked(page, "table-words-amount-classic", columns=True)
    page.context.close()


@pytest.mark.parametrize(("viewport", "width"), WIDTHS)
def test_an_oracle_result_names_the_folders_of_its_table(
    server: Any, browser: Any, viewport: dict[str, int], width: str
) -> None:
    name = f"oracle-{width}"
    new_campaign(server, name, "starforged", {"starship": "Vesper"})
    page = open_page(browser, server, name, viewport, "Kira")

    value = [5]

    def rolled(route: Any) -> None:
        body = json.loads(route.request.post_data or "{}")
        route.continue_(post_data=json.dumps({**body, "value": value[0]}))

    page.route("**/actions/oracle", rolled)
    page.click("#tabs button[data-tab=oracles]")
    # A question is read whole in its field (it was cut at 'Is the derelict still powere').
    question = page.locator("#tab-oracles input[aria-label=question]")
    question.fill("Is the derelict still powered?")
    assert question.evaluate("(el) => el.scrollWidth <= el.clientWidth")
    page.fill("#tab-oracles input[type=search]", "feature")
    feature = "oracle_rollable:starforged/location_theme/mechanical/feature"
    page.click(f"button.roll-oracle[data-oracle='{feature}']")
    title = page.locator("#result .oracle-result h3")
    expect(title).to_have_text("Location Theme › Mechanical › Feature")
    expect(title.locator(".parents")).to_have_text("Location Theme › Mechanical ›")
    history = page.locator("#roll-history li").first
    expect(history).to_contain_text("Location Theme › Mechanical › Feature: ")
    # Said beside the table's button as well, in view where the player tapped (on a phone
    # the result is far above, out of view).
    here = page.locator(f".oracle:has(button[data-oracle='{feature}']) .rolled-here")
    expect(here).to_contain_text("5: ")
    expect(here).to_be_in_viewport()
    checked(page, f"table-words-oracle-{width}", columns=True)
    # A table rolled from the table says which: a diverse world's three biomes.
    value[0] = 66
    page.fill("#tab-oracles input[type=search]", "diversity")
    page.click(
        "button.roll-oracle[data-oracle='oracle_rollable:starforged/planet/vital/diversity']"
    )
    expect(title).to_have_text("Planet › Vital › Diversity")
    lines = page.locator("#result .oracle-result li")
    expect(lines.first).to_have_text("66 Diverse (three biomes)")
    expect(lines).to_have_count(4)
    assert all(t.startswith("Biomes (") for t in lines.all_inner_texts()[1:])
    checked(page, f"table-words-oracle-nested-{width}", columns=True)
    # A search finds tables by a folder they sit in: no derelict's table is named "derelict".
    page.fill("#tab-oracles input[type=search]", "derelict")
    found = page.locator("#tab-oracles button.roll-oracle")
    expect(found.first).to_be_visible()
    ids = found.evaluate_all("(bs) => bs.map((b) => b.dataset.oracle)")
    assert len(ids) > 5 and all("/derelict" in i for i in ids), ids
    page.context.close()


def test_an_allys_own_vow_is_shown_not_marked_on_a_players_page(server: Any, browser: Any) -> None:
    name = "ally-vow"
    http = new_campaign(server, name, None, {"name": "Asha"})
    acted(http, name, "character", {"name": "Bo", "stats": "edge=1,heart=3,iron=2,shadow=2,wits=1"})
    own = {"kind": "vow", "text": "Avenge my kin", "rank": "dangerous", "characters": ["Asha"]}
    shared = {
        "kind": "vow",
        "text": "Find the ford",
        "rank": "dangerous",
        "characters": ["Asha", "Bo"],
    }
    acted(http, name, "track", own)
    acted(http, name, "track", shared)
    page = open_page(browser, server, name, PHONE, "Bo")
    ashas = page.locator("article.track[data-track=vow-1]")
    ours = page.locator("article.track[data-track=vow-2]")
    expect(ashas.locator(".boxes")).to_be_visible()
    expect(ashas.locator("button")).to_have_count(0)
    expect(ashas.locator(".not-shared")).to_have_text("Asha's vow: marked by Asha")
    ours.locator(".boxes-button").click()
    expect(ours.locator(".boxes")).to_have_attribute("data-ticks", "8")
    # An ally's fight is joined with a move, which the page offers with the fight chosen.
    fray = {"character": "Asha", "move": "enter the fray", "stat": "wits", "foe": "Raider",
            "rank": "dangerous", "dice": [6, 1, 2]}  # fmt: skip
    acted(http, name, "move", fray)
    fight = page.locator("article.track[data-track=fight-3]")
    expect(fight.locator(".not-shared")).to_have_text("Asha's fight: join it with")
    expect(fight.locator(".boxes-button")).to_have_count(0)
    checked(page, "table-words-ally-vow-phone", columns=True)
    fight.locator("button[data-join]", has_text="Enter the Fray").click()
    picker = page.locator(".move-form select[name='read:track']")
    expect(picker).to_have_value("fight-3")
    page.context.close()
