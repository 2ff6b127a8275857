"""A Starforged table in a real browser (issue 11): Debian's Chromium driven by Playwright
against a live server whose data home has the Datasworn Starforged file imported.

The page creates a Starforged character (stats, assets from the pack, the starship named, a
background vow), draws its sheet (impacts by category, legacy tracks with their ticks, the
command vehicle's integrity and troubles, its position in a fight), lists only the campaign's
own oracles and assets, and offers Make a Connection's rank and role. Screenshots are saved
under ``tests/web/screenshots/`` for a reviewer to look at.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from web_support import (
    CHANGE,
    SCREENSHOTS,
    STATS,
    home_server,
    shot,
)

DESKTOP = {"width": 1400, "height": 1000}
PHONE = {"width": 390, "height": 844}
expect.set_options(timeout=15_000)  # a loaded machine (as test_web_browser.py)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with home_server(tmp_path_factory, "web-sf-home", starforged=True) as live:
        yield live


class Table:
    def __init__(self, server: Any, name: str, ruleset: str) -> None:
        self.server = server
        self.name = name
        self.http = httpx.Client(base_url=server.url, headers=CHANGE, timeout=10)
        made = self.http.post("/api/campaigns", json={"name": name, "ruleset": ruleset})
        assert made.status_code == 201, made.text

    def do(self, action: str, body: dict[str, Any]) -> Any:
        response = self.http.post(f"/api/c/{self.name}/actions/{action}", json=body)
        assert response.status_code == 200, response.text
        return response.json()

    def state(self) -> dict[str, Any]:
        data: dict[str, Any] = self.http.get(f"/api/c/{self.name}/state").json()
        return data

    def open(self, browser: Any) -> Any:
        context = browser.new_context(viewport=DESKTOP)
        context.set_default_timeout(20_000)  # a loaded CI machine is slow
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.goto(f"{self.server.url}/c/{self.name}")
        page.wait_for_selector("body[data-ready=yes]")
        return page


def option_values(page: Any, selector: str) -> list[str]:
    values: list[str] = page.eval_on_selector_all(
        f"{selector} option", "options => options.map(o => o.value).filter(v => v)"
    )
    return values


def test_create_a_starforged_character_and_play_its_sheet(server: Any, browser: Any) -> None:
    table = Table(server, "forge", "starforged")
    page = table.open(browser)
    page.click("#tabs button[data-tab=create]")
    expect(page.locator("form.create h3")).to_have_text("A new Starforged character")
    assert page.locator("form.create input[name=bond0]").count() == 0  # connections, not bonds
    # The pack's cards as the rules offer them: two paths, then a final asset of any deck but
    # deeds (the STARSHIP is given, named in its own field).
    deck = option_values(page, "form.create select[name=asset0]")
    assert len(deck) == 46 and all(v.startswith("asset:starforged/path/") for v in deck)
    final = option_values(page, "form.create select[name=asset2]")
    assert len(final) == 79 and {v.split("/")[1] for v in final} == {
        "path",
        "companion",
        "module",
        "support_vehicle",
    }
    page.fill("form.create input[name=name]", "Kira")
    page.select_option("form.create select[name=asset0]", "asset:starforged/path/ace")
    page.fill("form.create input[name=ship]", "Vesper")  # the STARSHIP card takes its name
    page.fill("form.create input[name=vow]", "Find my sister")
    page.select_option("form.create select[name=vowRank]", "epic")
    page.fill("form.create input[name=incident]", "Escape the derelict")
    assert option_values(page, "form.create select[name=vowRank]") == ["extreme", "epic"]
    page.click("form.create button[type=submit]")
    expect(page.locator(".track[data-track]")).to_have_count(2)  # both vows made
    kira = table.state()["characters"][0]
    assert kira["vehicle"]["name"] == "Vesper" and kira["vehicle"]["asset"].endswith("/starship")
    assert [a["name"] for a in kira["assets"]] == ["Starship", "Ace"]
    assert kira["vows"][0]["rank"] == "epic" and kira["background_vow"] == kira["vows"][0]["id"]
    assert (kira["vows"][1]["name"], kira["vows"][1]["rank"]) == (
        "Escape the derelict",
        "dangerous",
    )
    # A fresh form: the party has its starship now, so the question is gone.
    expect(page.locator("form.create input[name=ship]")).to_have_count(0)
    # The cards read as text: a move linked in Datasworn's words shows by its name.
    assert "Withstand Damage" in page.inner_text(".asset[data-asset$='/starship']")
    assert "(move:" not in page.inner_text("#sheet")

    # The sheet: impacts by category, legacy tracks with their ticks, the vehicle.
    legends = page.eval_on_selector_all(
        "#sheet .debilities legend", "ls => ls.map(l => l.textContent)"
    )
    assert legends == [
        "misfortune",
        "lasting effect",
        "burden",
        "vehicle troubles",
        "left by damage",  # Withstand Damage's table marks, by hand (vehicle mark)
    ]
    expect(page.locator("[data-meter=integrity] .label")).to_contain_text("Vesper · integrity 5/5")
    page.click("[data-legacy=quests] button")
    expect(page.locator("[data-legacy=quests] small")).to_have_text("1 tick")
    assert page.locator("[data-legacy=quests] svg").first.locator("line").count() == 1
    page.click("[data-meter=integrity] .pip[data-value='3']")
    expect(page.locator("[data-meter=integrity] .label b")).to_have_text("3")
    # The log says which meter, by the ship's name; the crew's card follows the ship.
    expect(page.locator("#timeline")).to_contain_text("Vesper integrity 5 → 3")
    # Undo asks about it in the same words (it showed the stored "vehicle:integrity 5 -> 3").
    page.click("#undo")
    expect(page.locator("#confirm .what")).to_have_text(re.compile(r"#\d+ Vesper integrity 5 → 3"))
    page.locator("#confirm button", has_text="Keep it").click()
    expect(page.locator("#confirm-undo")).to_have_count(0)
    ship = table.state()["characters"][0]["assets"][0]
    assert (ship["name"], ship["meter"]["value"], ship["crew"]) == ("Starship", 3, True)
    page.check("#sheet .vehicle input[name=battered]")
    page.check("#sheet input[name=wounded]")
    expect(page.locator("#timeline")).to_contain_text("wounded")
    data = table.state()
    assert data["vehicle"]["integrity"] == 3 and data["vehicle"]["impacts"] == ["battered"]
    assert data["characters"][0]["impacts"] == ["wounded"]
    assert data["characters"][0]["legacy"]["quests"]["ticks"] == 1

    # In a fight, the position: in control after a strong hit on Enter the Fray.
    assert page.locator(".char-name .badge").count() == 0
    table.do("track", {"kind": "fight", "text": "Pirates", "rank": "dangerous"})
    table.do("move", {"move": "enter the fray", "stat": "edge", "dice": [6, 1, 2]})
    expect(page.locator(".char-name .badge.position")).to_have_text("in control")
    shot(page, "starforged-sheet", full_page=True)
    page.set_viewport_size(PHONE)
    page.locator("#sheet-col").screenshot(path=str(SCREENSHOTS / "starforged-sheet-phone.png"))
    page.locator("#sheet-col").screenshot(path=str(SCREENSHOTS / "starforged-sheet-col.png"))
    assert page.errors == []
    page.context.close()


def test_make_a_connection_with_its_rank_and_role(server: Any, browser: Any) -> None:
    table = Table(server, "bonds", "starforged")
    table.do("character", {"name": "Kira", "stats": STATS, "starship": "Vesper"})
    page = table.open(browser)
    page.click("button[data-move='move:starforged/connection/make_a_connection']")
    page.wait_for_selector(".move-panel fieldset.reads")
    assert option_values(page, ".move-panel select[name='read:rank']") == [
        "troublesome",
        "dangerous",
        "formidable",
        "extreme",
        "epic",
    ]
    page.fill(".move-panel input[name='read:with']", "Dax")
    page.select_option(".move-panel select[name='read:rank']", "dangerous")
    page.fill(".move-panel input[name='read:role']", "navigator")
    page.fill(".move-form input[name=dice]", "6,1,2")
    page.locator("#center-col").screenshot(path=str(SCREENSHOTS / "starforged-connection.png"))
    page.click(".move-form button[type=submit]")
    expect(page.locator("#result .roll")).to_contain_text("STRONG HIT")
    expect(page.locator("#tracks")).to_contain_text("connection (navigator) · dangerous")
    dax = next(t for t in table.state()["tracks"] if t["kind"] == "connection")
    assert (dax["name"], dax["rank"], dax["role"]) == ("Dax", "dangerous", "navigator")
    # The new-track form offers the Starforged kinds, with a role for a connection.
    kinds = option_values(page, "#tracks select[name=kind]")
    assert kinds == ["vow", "expedition", "fight", "connection", "scene"]
    page.select_option("#tracks select[name=kind]", "connection")
    page.fill("#tracks input[name=text]", "Mara")
    page.fill("#tracks input[name=role]", "engineer")
    page.select_option("#tracks select[name=rank]", "troublesome")
    page.click("#tracks form.new-track button[type=submit]")
    expect(page.locator("#tracks")).to_contain_text("connection (engineer)")
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("ruleset", ["starforged", "classic"])
def test_a_campaign_shows_only_its_own_oracles_and_assets(
    server: Any, browser: Any, ruleset: str
) -> None:
    table = Table(server, f"own-{ruleset}", ruleset)
    page = table.open(browser)
    page.click("#tabs button[data-tab=oracles]")
    page.wait_for_selector("button.roll-oracle", state="attached")  # in closed folds
    oracles = page.eval_on_selector_all(
        "button.roll-oracle", "buttons => buttons.map(b => b.dataset.oracle)"
    )
    assert oracles and all(o.startswith(f"oracle_rollable:{ruleset}/") for o in oracles)
    assert len(oracles) == (249 if ruleset == "starforged" else len(oracles))
    page.click("#tabs button[data-tab=create]")
    # The tab is drawn once its module and the deck are read (on its first opening).
    expect(page.locator("form.create select[name=asset0] option").nth(1)).to_be_attached()
    deck = option_values(page, "form.create select[name=asset0]")
    assert deck and all(a.startswith(f"asset:{ruleset}/") for a in deck)
    moves = page.eval_on_selector_all("button.move", "buttons => buttons.map(b => b.dataset.move)")
    assert moves and all(m.startswith(f"move:{ruleset}/") for m in moves)
    page.click("#tabs button[data-tab=world]")
    # The tab is drawn once its module and the truths are read (on its first opening).
    expect(page.locator("#tab-world select[aria-label=truth] option").first).to_be_attached()
    truths = option_values(page, "select[aria-label=truth]")
    foes = option_values(page, "select[aria-label=foe]")
    assert truths and all(t.startswith(f"truth:{ruleset}/") for t in truths)
    assert foes and all(f.split(":", 1)[1].startswith(f"{ruleset}/") for f in foes)
    if ruleset == "starforged":
        page.click("#tabs button[data-tab=oracles]")
        page.locator("#center-col").screenshot(path=str(SCREENSHOTS / "starforged-oracles.png"))
    assert page.errors == []
    page.context.close()


def test_every_vehicle_the_swear_offer_and_the_position_on_the_page(
    server: Any, browser: Any
) -> None:
    """Every vehicle on the sheet with the command line's controls (vehicle new --incidental,
    remove, mark, clear), the offer to Swear an Iron Vow on the inciting incident right after
    creation (as the play wizard makes it), and the position changed by hand in a fight."""
    table = Table(server, "fleet", "starforged")
    page = table.open(browser)
    page.click("#tabs button[data-tab=create]")
    page.fill("form.create input[name=name]", "Kira")
    page.select_option("form.create select[name=asset0]", "asset:starforged/path/ace")
    page.select_option("form.create select[name=asset1]", "asset:starforged/path/navigator")
    page.select_option("form.create select[name=asset2]", "asset:starforged/module/engine_upgrade")
    page.fill("form.create input[name=ship]", "Vesper")
    page.fill("form.create input[name=incident]", "Escape the derelict")
    page.click("form.create button[type=submit]")
    # The offer, on the create tab and on the new vow's track.
    expect(page.locator(".swear-offer")).to_contain_text("Escape the derelict")
    vow = table.state()["tracks"][0]
    expect(page.locator(f".track[data-track='{vow['id']}'] button.swear")).to_be_visible()
    shot(page, "starforged-swear-offer", full_page=True)
    # A reload keeps the offer (the server keeps the vow unsworn until it is sworn).
    page.reload()
    expect(page.locator(f".track[data-track='{vow['id']}'] button.swear")).to_be_visible()
    page.click("#tabs button[data-tab=create]")
    expect(page.locator(".swear-offer")).to_contain_text("Escape the derelict")
    page.click(".swear-offer button.swear")
    expect(page.locator(".move-panel h3")).to_contain_text("Swear an Iron Vow")
    expect(page.locator(".move-panel select[name='read:track']")).to_have_value(vow["id"])
    page.fill(".move-form input[name=dice]", "6,1,2")
    page.click(".move-form button[type=submit]")
    expect(page.locator("#result .roll")).to_contain_text("STRONG HIT")
    expect(page.locator("#tracks button.swear")).to_have_count(0)  # sworn: no more offer
    page.reload()  # nor after a reload
    expect(page.locator(f".track[data-track='{vow['id']}']")).to_be_visible()
    expect(page.locator("#tracks button.swear")).to_have_count(0)

    # A support vehicle bought with Advance (the rules start a character with one final asset).
    table.do("adjust", {"meter": "experience", "delta": 3})
    table.do("move", {"move": "advance", "asset": ["shuttle"]})
    # Every vehicle: the shuttle (support) and its battered box, the module's broken flip.
    shuttle = page.locator("#sheet .vehicle[data-vehicle=shuttle]")
    expect(shuttle).to_contain_text("Shuttle support vehicle · integrity 4/4")
    # The crew's cards say so, and who earned a module or a support vehicle (issue 20: the
    # sheet JSON's crew and owner, in the ruleset's words); a path is Kira's own.
    card = "#sheet .asset[data-asset='asset:starforged/{}'] .crew"
    expect(page.locator(card.format("module/engine_upgrade"))).to_have_text("crew · Kira's")
    expect(page.locator(card.format("support_vehicle/shuttle"))).to_have_text("crew · Kira's")
    expect(page.locator(card.format("command_vehicle/starship"))).to_have_text("crew")
    expect(page.locator(card.format("path/ace"))).to_have_count(0)
    # A card's text is its Markdown rendered: Navigator's "choose one" is a list of two, and
    # the move it names links to the move (it read "choose one. * Follow the fastest path").
    text = page.locator(
        "#sheet .asset[data-asset='asset:starforged/path/navigator'] .ability-text"
    ).first
    expect(text.locator("li")).to_have_count(2)
    expect(text.locator("a[href='#move:starforged/exploration/set_a_course']")).to_have_count(1)
    assert "*" not in text.inner_text()
    shuttle.locator("input[name=battered]").check()
    expect(page.locator("#timeline")).to_contain_text("battered")
    page.locator("#sheet [data-module=engine_upgrade] input").check()
    expect(page.locator("#sheet [data-module=engine_upgrade]")).to_contain_text("[broken]")
    # An incidental vehicle joins, is marked crippled, and is left behind.
    page.fill("#sheet input[name=incidental]", "Skiff")
    page.fill("#sheet input[name=incidental-integrity]", "2")
    page.click("#sheet form.new-vehicle button[type=submit]")
    skiff = page.locator("#sheet .vehicle[data-vehicle=skiff]")
    expect(skiff).to_contain_text("Skiff incidental vehicle · integrity 2/2")
    skiff.locator("input[name=crippled]").check()
    expect(skiff.locator("input[name=crippled]")).to_be_checked()
    # The box is checked before the server has the mark: wait for the log to tell it.
    expect(page.locator("#timeline")).to_contain_text("crippled")
    listing = table.state()["vehicles"]
    kinds = {v["name"]: (v["troubles"], v["marks"]) for v in listing["vehicles"]}
    assert kinds == {
        "Vesper": ([], []),
        "Shuttle": (["battered"], []),
        "Skiff": ([], ["crippled"]),
    }
    assert listing["modules"][0]["broken"] is True

    # In a fight: the position, by hand (an event in the log).
    table.do("track", {"kind": "fight", "text": "Pirates", "rank": "dangerous"})
    expect(page.locator(".position-control")).to_be_visible()
    expect(page.locator(".char-name .badge.position")).to_have_text("in a bad spot")
    page.click(".position-control button[data-initiative='in control']")
    expect(page.locator(".char-name .badge.position")).to_have_text("in control")
    expect(page.locator("#timeline")).to_contain_text("Kira is in control")
    shot(page, "starforged-vehicles", full_page=True)
    page.locator("#sheet-col").screenshot(path=str(SCREENSHOTS / "starforged-vehicles-col.png"))
    page.locator("#sheet .vehicles").screenshot(
        path=str(SCREENSHOTS / "starforged-vehicles-block.png")
    )
    skiff.locator("button.remove").click()
    expect(page.locator("#sheet .vehicle[data-vehicle=skiff]")).to_have_count(0)
    page.locator("#sheet [data-module=engine_upgrade] input").uncheck()
    expect(page.locator("#sheet [data-module=engine_upgrade]")).not_to_contain_text("[broken]")
    assert [v["name"] for v in table.state()["vehicles"]["vehicles"]] == ["Vesper", "Shuttle"]
    assert page.errors == []
    page.context.close()


def test_a_classic_sheet_takes_the_initiative_by_hand(server: Any, browser: Any) -> None:
    table = Table(server, "iron", "classic")
    table.do("character", {"name": "Asha", "stats": STATS})
    page = table.open(browser)
    expect(page.locator(".position-control")).to_have_count(0)  # only in a fight
    table.do("track", {"kind": "fight", "text": "Raiders", "rank": "dangerous"})
    page.click(".position-control button[data-initiative=have]")
    expect(page.locator(".char-name .badge")).to_have_text("initiative")
    expect(page.locator("#timeline")).to_contain_text("Asha has initiative")
    assert table.state()["characters"][0]["initiative"] is True
    assert page.errors == []
    page.context.close()
