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
    chromium_browser,
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


@pytest.fixture(scope="module")
def browser(server: Any) -> Iterator[Any]:
    with chromium_browser() as chromium:
        yield chromium


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
    classic = oracles_tab(server, browser, "iron", "classic")
    expect(classic.locator("#tab-oracles .oracle-list summary").first).to_be_visible()
    assert classic.locator("#tab-oracles .content-needed").count() == 0
