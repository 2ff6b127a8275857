"""In a real browser: a Starforged campaign whose player has not imported their Datasworn file
shows, on the Oracles tab, what to import and how (the tab was silently empty), and a classic
campaign shows no such line. A screenshot is saved under ``tests/web/screenshots/``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from web_support import (
    CHANGE,
    SCREENSHOTS,
    data_home,
    live_server,
    require_chromium,
)

from ironsworn.content import clear_cache

expect.set_options(timeout=15_000)  # a loaded machine (as test_web_browser.py)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    require_chromium()
    with data_home(tmp_path_factory.mktemp("web-no-pack-home")):
        clear_cache()
        try:
            with live_server("home") as live:
                yield live
        finally:
            clear_cache()


def oracles_tab(server: Any, browser: Any, name: str, ruleset: str) -> Any:
    http = httpx.Client(base_url=server.url, headers=CHANGE, timeout=10)
    made = http.post("/api/campaigns", json={"name": name, "ruleset": ruleset})
    assert made.status_code == 201, made.text
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.goto(f"{server.url}/c/{name}")
    page.wait_for_selector("body[data-ready=yes]")
    page.click("#tabs button[data-tab=oracles]")
    return page


def test_the_oracles_tab_says_what_to_import(server: Any, browser: Any) -> None:
    page = oracles_tab(server, browser, "sf", "starforged")
    note = page.locator("#tab-oracles .content-needed")
    expect(note).to_contain_text("nothing imported for starforged")
    expect(note).to_contain_text("ironsworn content import starforged.json")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#center-col").screenshot(path=str(SCREENSHOTS / "starforged-no-pack.png"))
    # The World tab's truths and foes say the same (they were silently empty lists).
    page.click("#tabs button[data-tab=world]")
    notes = page.locator("#tab-world .content-needed")
    expect(notes).to_have_count(2)
    for index in (0, 1):
        expect(notes.nth(index)).to_contain_text("ironsworn content import starforged.json")
    # ...and offers no empty truth or foe pickers.
    expect(page.locator("#tab-world select[aria-label=truth]")).to_have_count(0)
    expect(page.locator("#tab-world select[aria-label=foe]")).to_have_count(0)
    page.locator("#center-col").screenshot(path=str(SCREENSHOTS / "starforged-no-pack-world.png"))
    classic = oracles_tab(server, browser, "iron", "classic")
    expect(classic.locator("#tab-oracles .oracle-list summary").first).to_be_visible()
    assert classic.locator("#tab-oracles .content-needed").count() == 0
    classic.click("#tabs button[data-tab=world]")
    expect(classic.locator("#tab-world select[aria-label=truth] option").first).to_be_attached()
    assert classic.locator("#tab-world .content-needed").count() == 0


def test_a_starforged_campaign_made_on_the_page_takes_the_players_file(
    server: Any, browser: Any
) -> None:
    """The Campaigns tab asks for starforged.json beside the Starforged ruleset: a wrong file is
    refused with nothing made; the right one is imported once and the new campaign has its
    oracles. (Last in this module: it imports the file into the module's home.)"""
    from shared_files import CLASSIC_DATASWORN, STARFORGED_DATASWORN, shared_file

    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.goto(f"{server.url}/c/home")
    page.wait_for_selector("body[data-ready=yes]")
    page.click("#tabs button[data-tab=campaigns]")
    own = "input[aria-label='your starforged.json (needed once)']"
    assert page.locator(own).count() == 0  # classic: nothing to ask
    page.fill("input[aria-label='new campaign name']", "forge")
    page.select_option("select[aria-label=ruleset]", "starforged")
    page.set_input_files(own, str(shared_file(CLASSIC_DATASWORN)))
    page.click("form.inline:has(input[aria-label='new campaign name']) button[type=submit]")
    expect(page.locator("#error")).to_contain_text("holds the classic ruleset")
    http = httpx.Client(base_url=server.url, headers=CHANGE, timeout=10)
    assert "forge" not in [c["name"] for c in http.get("/api/campaigns").json()]
    page.set_input_files(own, str(shared_file(STARFORGED_DATASWORN)))
    page.click("form.inline:has(input[aria-label='new campaign name']) button[type=submit]")
    page.wait_for_url("**/c/forge")
    page.wait_for_selector("body[data-ready=yes]")
    page.click("#tabs button[data-tab=oracles]")
    expect(page.locator("#tab-oracles .oracle-list summary").first).to_be_visible()
    assert page.locator("#tab-oracles .content-needed").count() == 0
    assert http.get("/api/c/forge/state").json()["content_needed"] is None
    context.close()


def test_the_guide_uploads_a_dataforged_file_from_the_page(server: Any, browser: Any) -> None:
    """A Dataforged file (the older format) goes in through the same form as Datasworn's, at
    phone width, and the report counts what it brought. (Last: the pack stays in the home.)"""
    from pathlib import Path

    fixture = Path(__file__).resolve().parents[1] / "content" / "fixtures" / "dataforged_pack.json"
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}/c/home")
    page.wait_for_selector("body[data-ready=yes]")
    page.click("#tabs button[data-tab=campaigns]")
    expect(page.locator(".packs h3")).to_contain_text("Dataforged")
    page.set_input_files(".packs input[type=file]", str(fixture))
    page.click(".packs button[type=submit]")
    report = page.locator(".pack-report")
    expect(report).to_contain_text("imported pack emberforged (Emberforged (test fixture))")
    expect(report).to_contain_text("1 npcs")
    expect(page.locator("#error")).to_be_hidden()
    page.locator(".packs").screenshot(path=str(SCREENSHOTS / "dataforged-upload-phone.png"))
    assert errors == []
    context.close()
