"""The table in a real browser: Debian's Chromium driven by Playwright against a live server.

One server and one browser for the module (each test plays its own campaign), so the suite
stays fast. Screenshots of the main screens are saved under ``tests/web/screenshots/``
(ignored by git) for a reviewer to look at.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from web_support import (
    CHANGE,
    SCREENSHOTS,
    STATS,
    data_home,
    live_server,
    require_chromium,
    shot,
)

DESKTOP = {"width": 1400, "height": 1000}
PHONE = {"width": 390, "height": 844}
SCRIPT_PAYLOAD = "<script>window.__xss=1</script>"
IMG_PAYLOAD = "<img src=x onerror=window.__xss=2>"
LINK_PAYLOAD = "[click me](javascript:window.__xss=3)"
RAW_LINK_PAYLOAD = "javascript:window.__xss=4"

# Waits without a time of their own (the live-update checks give theirs) allow for a loaded
# machine: the assertion is what the page shows, not how fast a busy CI machine draws it.
expect.set_options(timeout=15_000)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    require_chromium()
    home = tmp_path_factory.mktemp("web-home")
    with data_home(home), live_server("home") as live:
        live.home = home
        yield live


class Table:
    """A campaign of the live server, set up through the API."""

    def __init__(self, server: Any, name: str, ruleset: str = "classic") -> None:
        self.server = server
        self.name = name
        self.http = httpx.Client(base_url=server.url, headers=CHANGE, timeout=10)
        made = self.http.post("/api/campaigns", json={"name": name, "ruleset": ruleset})
        assert made.status_code == 201, made.text

    def do(self, action: str, body: dict[str, Any], seat: str | None = None) -> Any:
        headers = {"X-Ironsworn-Seat": seat} if seat else {}
        response = self.http.post(
            f"/api/c/{self.name}/actions/{action}", json=body, headers=headers
        )
        assert response.status_code == 200, response.text
        return response.json()

    def state(self) -> dict[str, Any]:
        data: dict[str, Any] = self.http.get(f"/api/c/{self.name}/state").json()
        return data

    def open(self, browser: Any, viewport: dict[str, int] = DESKTOP, seat: str = "") -> Any:
        context = browser.new_context(viewport=viewport)
        context.set_default_timeout(20_000)  # a loaded CI machine is slow
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.on("dialog", lambda dialog: page.errors.append(f"dialog: {dialog.message}"))
        page.goto(f"{self.server.url}/c/{self.name}")
        page.wait_for_selector("body[data-ready=yes]")
        if seat:
            page.select_option("#seat", seat)
        return page


def momentum_shown(page: Any) -> str:
    text: str = page.inner_text("[data-meter=momentum] .label b")
    return text


def test_create_a_character_in_the_browser(server: Any, browser: Any) -> None:
    table = Table(server, "create")
    page = table.open(browser)
    page.click("#tabs button[data-tab=create]")
    page.fill("form.create input[name=name]", "Asha")
    page.select_option("form.create select[name=edge]", "3")
    page.select_option("form.create select[name=heart]", "2")
    page.select_option("form.create select[name=iron]", "1")
    page.select_option("form.create select[name=shadow]", "2")
    page.select_option("form.create select[name=wits]", "1")
    page.fill("form.create input[name=bond0]", "Elda")
    page.select_option("form.create select[name=asset0]", "asset:classic/companion/hawk")
    page.select_option("form.create select[name=ability0]", "1")
    page.fill("form.create input[name=assetname0]", "Kestrel")  # a companion is named
    page.fill("form.create input[name=vow]", "Avenge my kin")
    page.click("form.create button[type=submit]")
    page.wait_for_selector(".track[data-track]")
    assert page.inner_text(".char-name").startswith("Asha")
    assert page.input_value("#seat") == "Asha"
    sheet = table.state()["characters"][0]
    assert sheet["stats"] == {"edge": 3, "heart": 2, "iron": 1, "shadow": 2, "wits": 1}
    assert sheet["bonds"]["list"] == ["Elda"] and sheet["assets"][0]["name"] == "Hawk"
    assert sheet["vows"][0]["name"] == "Avenge my kin" and sheet["vows"][0]["rank"] == "extreme"
    assert "Far-seeing" in page.inner_text(".asset")
    # An asset's ability and its companion's health are changed on the card itself.
    page.click(".asset button.dot[data-ability='2']")
    expect(page.locator(".asset button.dot[data-ability='2']")).to_have_attribute(
        "aria-pressed", "true"
    )
    page.click(".asset .asset-meter .pip[data-value='1']")
    expect(page.locator(".asset .asset-meter .label b")).to_have_text("1")
    hawk = table.state()["characters"][0]["assets"][0]
    assert hawk["abilities"][:2] == [True, True] and hawk["meter"]["value"] == 1
    # A stat corrected by hand (iron +1 -> +2); past +3 the server refuses, nothing changes.
    page.click(".stats button[data-stat=iron][data-step='1']")
    expect(page.locator(".stats li:has(button[data-stat=iron]) .stat-value")).to_have_text("2")
    page.click(".stats button[data-stat=edge][data-step='1']")
    expect(page.locator("#error")).to_contain_text("would be +4")
    assert table.state()["characters"][0]["stats"]["edge"] == 3
    assert page.errors == []
    page.context.close()


def test_a_stat_picked_swaps_with_the_stat_that_held_it(server: Any, browser: Any) -> None:
    """The stats take 3, 2, 2, 1, 1 one each: picking edge 1 (it had 3) gives the 3 to the
    first stat that had a 1, so the form never holds a set the server refuses (a new player
    picked 1,2,3,1,1 and read the refusal only once the form was sent)."""
    table = Table(server, "stat-swap")
    page = table.open(browser)
    page.click("#tabs button[data-tab=create]")
    stats = ("edge", "heart", "iron", "shadow", "wits")

    def picked() -> list[str]:
        return [page.input_value(f"form.create select[name={s}]") for s in stats]

    assert picked() == ["3", "2", "2", "1", "1"]
    page.select_option("form.create select[name=edge]", "1")
    assert picked() == ["1", "2", "2", "3", "1"]
    page.select_option("form.create select[name=wits]", "2")
    assert picked() == ["1", "1", "2", "3", "2"]
    page.select_option("form.create select[name=iron]", "2")  # no change: nothing moves
    assert picked() == ["1", "1", "2", "3", "2"]
    page.fill("form.create input[name=name]", "Bryn")
    page.click("form.create button[type=submit]")
    page.wait_for_selector(".char-name")
    assert table.state()["characters"][0]["stats"] == {
        "edge": 1,
        "heart": 1,
        "iron": 2,
        "shadow": 3,
        "wits": 2,
    }
    assert page.errors == []
    page.context.close()


def test_face_danger_a_decision_a_burn_and_undo(server: Any, browser: Any) -> None:
    table = Table(server, "play")
    table.do("character", {"name": "Asha", "stats": STATS})
    page = table.open(browser)
    assert momentum_shown(page) == "+2"
    page.click("button[data-move$='/face_danger']")
    page.wait_for_selector(".move-panel .stat-option")
    assert "strong 33.2%" in page.inner_text(".stat-option")  # edge 3 at momentum +2
    page.fill(".move-form input[name=dice]", "3,5,8")
    page.click(".move-form button[type=submit]")
    page.wait_for_selector("#pending button[data-key=suffer_momentum]")
    expect(page.locator("#result")).to_contain_text("WEAK HIT")
    page.click("#pending button[data-key=suffer_momentum]")
    page.wait_for_selector("#pending", state="hidden")
    expect(page.locator("[data-meter=momentum] .label b")).to_have_text("+1")
    expect(page.locator("#result")).to_contain_text("momentum 2 → 1")

    # A miss that a burn turns into a strong hit: momentum +8 beats both challenge dice.
    # The change redraws the open panel (its odds follow momentum): the dice are typed once
    # it is read again, not into a form about to be redrawn.
    with page.expect_response(lambda response: "/moves/" in response.url):
        table.do("adjust", {"meter": "momentum", "delta": 7})
    expect(page.locator("[data-meter=momentum] .label b")).to_have_text("+8")
    page.fill(".move-form input[name=dice]", "1,5,7")
    page.click(".move-form button[type=submit]")
    page.wait_for_selector("#pending button[data-answer=burn]")
    expect(page.locator("#result")).to_contain_text("MISS")
    # The offer says once what the buttons say (it ended "? burn or decline" above them).
    expect(page.locator("#pending .prompt")).to_have_text(
        "burn momentum +8 to turn the miss into a strong hit (momentum goes to +2)?"
    )
    page.click("#pending button[data-answer=burn]")
    page.wait_for_selector("#pending", state="hidden")
    expect(page.locator("#result")).to_contain_text("STRONG HIT")
    expect(page.locator("[data-meter=momentum] .label b")).to_have_text("+3")

    # Undo takes back the burn: the decision is pending again and momentum is +8.
    page.click("#undo")
    page.click("#confirm-undo")  # Undo asks first, saying what it takes back
    page.wait_for_selector("#pending button[data-answer=burn]")
    expect(page.locator("[data-meter=momentum] .label b")).to_have_text("+8")
    assert table.state()["pending"]["kind"] == "burn"
    assert page.errors == []
    page.context.close()


def test_two_players_see_each_others_moves_without_reloading(server: Any, browser: Any) -> None:
    table = Table(server, "together")
    table.do("character", {"name": "Asha", "stats": STATS})
    table.do("character", {"name": "Bo", "stats": STATS})
    asha = table.open(browser, seat="Asha")
    bo = table.open(browser, seat="Bo")
    asha.click("button[data-move$='/face_danger']")
    asha.wait_for_selector(".move-panel .stat-option")
    asha.fill(".move-form input[name=dice]", "6,1,2")
    asha.click(".move-form button[type=submit]")
    expect(bo.locator("#timeline")).to_contain_text("Asha: Face Danger", timeout=3000)
    bo.click("button[data-move$='/face_danger']")
    bo.wait_for_selector(".move-panel .stat-option")
    bo.fill(".move-form input[name=dice]", "6,1,2")
    bo.click(".move-form button[type=submit]")
    expect(asha.locator("#timeline")).to_contain_text("Bo: Face Danger", timeout=3000)
    # Each page plays its own character: Bo's page shows Bo's sheet, Asha's shows Asha's.
    assert asha.inner_text(".char-name").startswith("Asha")
    assert bo.inner_text(".char-name").startswith("Bo")
    assert [c["momentum"] for c in table.state()["characters"]] == [3, 3]

    # Asha's decision: every page sees it, only Asha's page (or the guide) answers it.
    asha.fill(".move-form input[name=dice]", "3,5,8")
    asha.click(".move-form button[type=submit]")
    expect(bo.locator("#pending")).to_contain_text("waiting for Asha", timeout=3000)
    assert bo.locator("#pending button").count() == 0
    asha.click("#pending button[data-key=suffer_momentum]")
    bo.wait_for_selector("#pending", state="hidden", timeout=3000)

    # A page that lost its connection catches up by itself when it is back.
    bo.context.set_offline(True)
    table.do("journal", {"text": "Written while Bo was away"})
    bo.wait_for_timeout(300)
    bo.context.set_offline(False)
    expect(bo.locator("#timeline")).to_contain_text("Written while Bo was away", timeout=5000)
    assert asha.errors == [] and bo.errors == []
    asha.context.close()
    bo.context.close()


def test_a_command_line_write_appears_in_an_open_page(server: Any, browser: Any) -> None:
    table = Table(server, "cli")
    table.do("character", {"name": "Asha", "stats": STATS})
    page = table.open(browser)
    env = {**os.environ, "IRONSWORN_HOME": str(server.home)}
    subprocess.run(
        [
            sys.executable,
            "-m",
            "ironsworn",
            "journal",
            "add",
            "Written at the terminal",
            "--campaign",
            "cli",
        ],
        check=True,
        env=env,
        capture_output=True,
    )
    expect(page.locator("#timeline")).to_contain_text("Written at the terminal", timeout=3000)
    subprocess.run(
        [sys.executable, "-m", "ironsworn", "adjust", "health", "-2", "--campaign", "cli"],
        check=True,
        env=env,
        capture_output=True,
    )
    expect(page.locator("[data-meter=health] .label b")).to_have_text("3", timeout=3000)
    page.context.close()


def test_text_a_player_typed_never_runs(server: Any, browser: Any) -> None:
    table = Table(server, "xss")
    name = IMG_PAYLOAD
    table.do(
        "character",
        {"name": name, "stats": STATS, "bonds": [SCRIPT_PAYLOAD, RAW_LINK_PAYLOAD]},
    )
    table.do("track", {"kind": "vow", "text": IMG_PAYLOAD + SCRIPT_PAYLOAD, "rank": "dangerous"})
    table.do(
        "journal", {"text": f"{SCRIPT_PAYLOAD} {IMG_PAYLOAD} {LINK_PAYLOAD} <{RAW_LINK_PAYLOAD}>"}
    )
    table.do("person", {"name": IMG_PAYLOAD, "description": SCRIPT_PAYLOAD})
    table.do("place", {"name": SCRIPT_PAYLOAD, "description": IMG_PAYLOAD})
    table.do("note", {"text": LINK_PAYLOAD + IMG_PAYLOAD})
    table.do("equipment", {"item": IMG_PAYLOAD, "character": name})
    table.do("ask", {"odds": "likely", "question": IMG_PAYLOAD, "keep": True})
    table.do("track", {"kind": "fight", "text": SCRIPT_PAYLOAD, "rank": "troublesome"})
    page = table.open(browser)
    for tab in ("moves", "world", "campaigns", "create", "oracles"):
        page.click(f"#tabs button[data-tab={tab}]")
        page.wait_for_timeout(150)
    page.click("#tabs button[data-tab=moves]")
    page.click("button[data-move$='/face_danger']")
    page.wait_for_selector(".move-panel .stat-option")
    page.select_option("#seat", name)
    page.wait_for_timeout(300)
    assert page.evaluate("window.__xss") is None
    assert page.errors == []
    assert page.evaluate("document.querySelectorAll('script').length") == 1  # app.js only
    assert page.evaluate("document.querySelectorAll('img, [onerror]').length") == 0
    assert page.evaluate("document.querySelectorAll('a[href^=\"javascript\" i]').length") == 0
    text = page.inner_text("body")
    assert IMG_PAYLOAD in text and SCRIPT_PAYLOAD in text  # shown as the text it is
    page.context.close()


def test_a_starforged_table_shows_its_own_sheet_and_moves(server: Any, browser: Any) -> None:
    table = Table(server, "sf", ruleset="starforged")
    table.do("character", {"name": "Kira", "stats": STATS})
    page = table.open(browser)
    page.check("#sheet input[name=wounded]")
    expect(page.locator("#timeline")).to_contain_text("wounded")  # the server has it
    assert table.state()["characters"][0]["impacts"] == ["wounded"]
    expect(page.locator("#sheet .legacy")).to_contain_text("quests legacy")
    page.wait_for_selector("button[data-move^='move:starforged/']")
    assert page.locator("button[data-move^='move:classic/']").count() == 0
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(("viewport", "size"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_screens(server: Any, browser: Any, viewport: dict[str, int], size: str) -> None:
    table = Table(server, f"screens-{size}")
    table.do(
        "character",
        {
            "name": "Asha",
            "stats": STATS,
            "bonds": ["Elda"],
            "assets": ["hawk:1=Kestrel", "shield-bearer", "wright=bowyer"],
        },
    )
    table.do("track", {"kind": "vow", "text": "Avenge my kin", "rank": "extreme"})
    table.do("progress", {"track": "Avenge my kin", "ticks": 13})
    table.do("track", {"kind": "fight", "foe": "bear"})
    table.do("progress", {"track": "Bear", "ticks": 6})
    table.do("debility", {"name": "shaken"})
    table.do("journal", {"text": "The den stank of **old blood**. Elda's _warning_ rang true."})
    table.do("move", {"move": "face danger", "stat": "edge", "dice": [3, 5, 8]})
    page = table.open(browser, viewport)
    # What the player wrote on a card: a name in quotes, a craft with its label.
    expect(page.locator("article.asset[data-asset$='/hawk'] h4")).to_contain_text("Hawk “Kestrel”")
    wright = page.locator("article.asset[data-asset$='/wright'] h4")
    expect(wright).to_contain_text("Wright (specialty: bowyer)")
    shot(page, f"sheet-{size}", full_page=True)
    page.locator("#tracks").screenshot(path=str(SCREENSHOTS / f"tracks-{size}.png"))
    page.locator("#log-col").screenshot(path=str(SCREENSHOTS / f"journal-{size}.png"))
    page.click("button[data-move$='/face_danger']")
    page.wait_for_selector(".move-panel .stat-option")
    page.fill(".move-form input[name=dice]", "6,5,7")
    page.click("#pending button[data-key=suffer_momentum]")
    page.wait_for_selector("#pending", state="hidden")
    expect(page.locator(".move-form input[name=dice]")).to_have_value("6,5,7")  # kept
    page.click(".move-form button[type=submit]")
    expect(page.locator("#result .roll")).to_contain_text("STRONG HIT")
    page.wait_for_selector("#result .roll")
    page.locator("#center-col").screenshot(path=str(SCREENSHOTS / f"move-result-{size}.png"))
    page.click("#tabs button[data-tab=oracles]")
    page.click("button[data-odds=likely]")
    page.wait_for_selector("#result .answer")
    page.click("text=action and theme")
    page.click("button[data-oracle$='action_and_theme/action']")
    page.wait_for_selector("#result .oracle-result")
    page.locator("#center-col").screenshot(path=str(SCREENSHOTS / f"oracles-{size}.png"))
    # Tracks draw the rulebook's ticks: 13 ticks are three full boxes and one tick.
    boxes = page.locator(".track[data-track] .boxes >> nth=0 >> svg")
    assert [boxes.nth(i).locator("line").count() for i in range(5)] == [4, 4, 4, 1, 0]
    for screen in ("sheet", "tracks", "journal", "move-result", "oracles"):
        assert (SCREENSHOTS / f"{screen}-{size}.png").stat().st_size > 1000
    assert page.errors == []
    page.context.close()


def test_a_role_contributes_from_the_move_panel(server: Any, browser: Any) -> None:
    """Roles instead of assets (seed 000 L5326-5337): the panel offers the character's roles and
    the bonus, chosen before rolling, only where the campaign plays with roles."""
    table = Table(server, "roles")
    table.do("character", {"name": "Asha", "stats": STATS})
    page = table.open(browser)
    page.click("button[data-move$='/face_danger']")
    page.wait_for_selector(".move-panel .stat-option")
    assert page.locator(".move-panel [data-option=as]").count() == 0  # asset cards: no roles
    table.do("option", {"name": "assets", "value": "roles"})
    table.do("move", {"move": "advance", "new_role": "scout"})
    expect(page.locator(".move-panel select[name='read:as'] option[value=scout]")).to_have_count(1)
    # The panel may be drawn again as the option's and Advance's changes reach the page:
    # what is typed is checked as still there before rolling (typed again if redrawn).
    for _ in range(5):
        page.select_option(".move-panel select[name='read:as']", "scout")
        page.select_option(".move-panel select[name='read:role_bonus']", "momentum")
        page.fill(".move-form input[name=dice]", "4,5,6")
        page.wait_for_timeout(500)
        if page.input_value(".move-form input[name=dice]") == "4,5,6" and (
            page.input_value(".move-panel select[name='read:as']") == "scout"
        ):
            break
    page.click(".move-form button[type=submit]")
    # edge 3 + 4 + 1 (the role's +1 with +1 momentum on a hit) = 8: a strong hit.
    expect(page.locator("#result .roll")).to_contain_text("= 8")
    expect(page.locator("#result .roll")).to_contain_text("STRONG HIT")
    assert table.state()["characters"][0]["momentum"] == 4  # +1 (strong hit) and +1 (role)
    # Advance offers a role to buy, or a stat to raise, without asset cards.
    page.click("button[data-move$='/advance']")
    page.wait_for_selector(".move-panel [data-option=new_role]")
    assert page.locator(".move-panel select[name='read:raise'] option").count() == 6
    assert page.errors == []
    page.context.close()


def test_the_timeline_loads_earlier_entries_a_page_at_a_time(server: Any, browser: Any) -> None:
    table = Table(server, "long")
    for n in range(1, 206):
        table.do("journal", {"text": f"Entry number {n}."})
    page = table.open(browser)
    # The latest page: #106 to #205; the first hundred and five are a click away.
    expect(page.locator("#timeline li.entry")).to_have_count(100)
    assert page.locator("#timeline li.entry").first.get_attribute("data-seq") == "205"
    expect(page.locator("#timeline")).not_to_contain_text("Entry number 105.")
    page.click("#earlier")
    expect(page.locator("#timeline li.entry")).to_have_count(200)
    expect(page.locator("#timeline")).to_contain_text("Entry number 6.")
    page.locator("#earlier").scroll_into_view_if_needed()
    page.locator("#log-col").screenshot(path=str(SCREENSHOTS / "timeline-earlier.png"))
    page.click("#earlier")
    expect(page.locator("#timeline li.entry")).to_have_count(205)
    assert page.locator("#timeline li.entry").last.get_attribute("data-seq") == "1"
    expect(page.locator("#earlier")).to_have_count(0)  # nothing before #1
    # A change keeps what was loaded: the new entry on top, the first one still at the bottom.
    table.do("journal", {"text": "Entry number 206."})
    expect(page.locator("#timeline li.entry")).to_have_count(206)
    assert page.locator("#timeline li.entry").last.get_attribute("data-seq") == "1"
    assert page.errors == []
    page.context.close()


def test_earlier_clicked_twice_quickly_shows_each_entry_once(server: Any, browser: Any) -> None:
    """A second click on "Earlier" while the first page is still coming (a double click, a
    slow server) shows each entry once: the page before, then the page before that."""
    import time

    table = Table(server, "earlier-twice")
    for n in range(1, 251):
        table.do("journal", {"text": f"Entry number {n}."})
    page = table.open(browser)
    entries = page.locator("#timeline li.entry")
    expect(entries).to_have_count(100)
    asked: list[str] = []

    def slow(route: Any) -> None:
        asked.append(route.request.url)
        time.sleep(0.5)  # the second click comes while the first page is under way
        route.continue_()

    page.route("**/timeline?*before=*", slow)
    page.locator("#earlier").dblclick()
    expect(entries).to_have_count(200)
    page.wait_for_timeout(1500)  # a second page, had it been asked, is in by now
    seqs = [
        int(s)
        for s in page.eval_on_selector_all(
            "#timeline li.entry", "(items) => items.map((li) => li.dataset.seq)"
        )
    ]
    assert len(seqs) == len(set(seqs)), "an entry shown twice"
    assert seqs == list(range(250, 250 - len(seqs), -1))  # newest first, none skipped
    page.locator("#earlier").click()
    expect(entries).to_have_count(250)
    assert page.locator("#timeline li.entry").last.get_attribute("data-seq") == "1"
    assert page.errors == []
    page.context.close()


def test_the_world_a_truth_and_a_fight_from_a_foe(server: Any, browser: Any) -> None:
    table = Table(server, "world")
    table.do("character", {"name": "Asha", "stats": STATS})
    page = table.open(browser)
    page.click("#tabs button[data-tab=world]")
    page.select_option("select[aria-label=truth]", "truth:classic/iron")
    page.select_option("select[aria-label=option]", "2")
    page.click("#tab-world form.inline:has(select[aria-label=truth]) button")
    expect(page.locator("#tab-world ul.truths")).to_contain_text("Iron")
    page.fill("#tab-world input[placeholder=name] >> nth=0", "Elda")
    page.fill("#tab-world input[placeholder='who they are']", "the healer")
    page.click("#tab-world button:has-text('Add person')")
    expect(page.locator("#tab-world ul.people")).to_contain_text("Elda — the healer")
    page.select_option("select[aria-label=foe]", "npc:classic/animals/bear")
    page.click("#tab-world button:has-text('Start a fight')")
    # The fight itself (the new-track form below lists the foes, Bear among them).
    expect(page.locator("#tracks article.track")).to_contain_text("Bear")
    fight = next(t for t in table.state()["tracks"] if t["kind"] == "fight")
    assert fight["rank"] == "formidable" and fight["characters"] == ["Asha"]
    assert table.state()["world"]["truths"][0]["key"] == "2"
    assert page.errors == []
    page.context.close()


def test_export_download_import_upload_and_switch(
    server: Any, browser: Any, tmp_path: Path
) -> None:
    table = Table(server, "saga")
    table.do("character", {"name": "Asha", "stats": STATS})
    table.do("journal", {"text": "The saga begins."})
    table.do("journal", {"text": f"A stranger writes {SCRIPT_PAYLOAD} and {IMG_PAYLOAD}."})
    page = table.open(browser)
    # The page shows the entry as text; the story file downloaded from it escapes it alike.
    expect(page.locator("#timeline li.entry.journal").first).to_contain_text(SCRIPT_PAYLOAD)
    page.click("#tabs button[data-tab=campaigns]")
    with page.expect_download() as markdown:
        page.click("a[download$='.md']")
    story = Path(markdown.value.path()).read_text(encoding="utf-8")
    assert "The saga begins." in story
    assert "<script>" not in story and "<img" not in story, story
    assert "&lt;script&gt;window.__xss=1&lt;/script&gt;" in story
    with page.expect_download() as exported:
        page.click("a[download$='.json']")
    saved = tmp_path / "saga.json"
    exported.value.save_as(saved)
    page.set_input_files("input[type=file]", str(saved))
    page.fill("input[aria-label='name for the imported campaign']", "saga-copy")
    page.click("form.inline:has(input[type=file]) button[type=submit]")
    page.wait_for_url("**/c/saga-copy")
    page.wait_for_selector("body[data-ready=yes]")
    expect(page.locator("#timeline")).to_contain_text("The saga begins.")
    assert page.inner_text(".char-name").startswith("Asha")
    # A new campaign from the page, and back to the first through the list.
    page.click("#tabs button[data-tab=campaigns]")
    page.fill("input[aria-label='new campaign name']", "sequel")
    page.click("form.inline:has(input[aria-label='new campaign name']) button[type=submit]")
    page.wait_for_url("**/c/sequel")
    page.wait_for_selector("body[data-ready=yes]")
    page.click("#tabs button[data-tab=campaigns]")
    page.click("ul.campaigns a[href='/c/saga']")
    page.wait_for_url("**/c/saga")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.errors == []
    page.context.close()


def test_an_invite_link_opens_a_hosted_table_in_the_browser(
    server: Any, browser: Any, tmp_path: Path
) -> None:
    # The table as 'serve --host 0.0.0.0' makes it (tokens required), here on loopback.
    from ironsworn.web.access import campaign_tokens

    with live_server("hosted", loopback=False) as hosted:
        tokens = campaign_tokens("hosted")
        guide = {"X-Ironsworn-Token": tokens["guide"], **CHANGE}
        made = httpx.post(
            f"{hosted.url}/api/c/hosted/actions/character",
            json={"name": "Asha", "stats": STATS},
            headers=guide,
        )
        assert made.status_code == 200, made.text
        context = browser.new_context()
        context.set_default_timeout(20_000)  # a loaded CI machine is slow
        page = context.new_page()
        refused = page.goto(f"{hosted.url}/c/hosted")
        assert refused is not None and refused.status == 401
        page.goto(f"{hosted.url}/c/hosted?token={tokens['player']}")
        page.wait_for_selector("body[data-ready=yes]")
        assert "token" not in page.url  # taken out of the address bar
        assert page.evaluate("document.cookie") == ""  # HttpOnly: no script can read it
        page.select_option("#seat", "Asha")
        page.click("[data-meter=health] .pip[data-value='3']")
        expect(page.locator("[data-meter=health] .label b")).to_have_text("3")
        # The same token does not open another campaign.
        other = page.goto(f"{hosted.url}/api/c/elsewhere/state")
        assert other is not None and other.status == 403
        context.close()


def test_chromium_is_required_under_ci(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import web_support

    monkeypatch.setattr(web_support, "CHROMIUM", tmp_path / "no-chromium")
    monkeypatch.setenv("IRONSWORN_REQUIRE_SHARED", "1")
    with pytest.raises(pytest.fail.Exception):
        web_support.require_chromium()
    monkeypatch.setenv("IRONSWORN_REQUIRE_SHARED", "")
    with pytest.raises(pytest.skip.Exception):
        web_support.require_chromium()


def test_what_a_player_types_survives_another_players_change(server: Any, browser: Any) -> None:
    """A change heard from another page redraws the world tab: a half-typed name stays, with
    the caret, until the player sends it; the form is empty after their own action."""
    table = Table(server, "typing")
    table.do("character", {"name": "Asha", "stats": STATS})
    page = table.open(browser)
    page.click("#tabs button[data-tab=world]")
    name = page.locator("#tab-world input[placeholder=name] >> nth=0")
    name.fill("Eld")
    page.locator("#tab-world input[placeholder='a note']").fill("")  # touched, left empty
    name.focus()
    table.do("place", {"name": "Duskwood"})  # another player's change
    expect(page.locator("#tab-world ul.places")).to_contain_text("Duskwood")
    expect(name).to_have_value("Eld")
    expect(name).to_be_focused()
    page.keyboard.type("a")  # typing goes on where it stopped
    expect(name).to_have_value("Elda")
    page.click("#tab-world button:has-text('Add person')")
    expect(page.locator("#tab-world ul.people")).to_contain_text("Elda")
    expect(page.locator("#tab-world input[placeholder=name] >> nth=0")).to_have_value("")
    table.do("note", {"text": "Rain on the hills."})
    expect(page.locator("#tab-world ul.notes")).to_contain_text("Rain on the hills.")
    expect(page.locator("#tab-world input[placeholder=name] >> nth=0")).to_have_value("")
    assert page.errors == []
    page.context.close()
