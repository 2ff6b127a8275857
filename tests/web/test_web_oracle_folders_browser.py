"""Oracle tables nested as in the book (issue 19: "Starforged categories nested as in the
book"): the Oracles tab folds the tables by the folders of their ids (Planets, then each kind
of world, then its settlements...), an expansion's tables (Delve's in a classic campaign)
under its own name, in Chromium at desktop and phone width, with the Datasworn files of
../shared imported."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from web_support import (
    CHANGE,
    SCREENSHOTS,
    home_server,
)

from shared_files import DELVE_DATASWORN

DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}
expect.set_options(timeout=15_000)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    packs = [DELVE_DATASWORN]
    with home_server(tmp_path_factory, "oracle-folders-home", starforged=True, packs=packs) as live:
        http = httpx.Client(base_url=live.url, headers=CHANGE, timeout=10)
        for name, ruleset in (("sf", "starforged"), ("classic", "classic")):
            made = http.post("/api/campaigns", json={"name": name, "ruleset": ruleset})
            assert made.status_code == 201, made.text
        yield live


def paths(server: Any, campaign: str) -> dict[str, list[str]]:
    tables = httpx.get(f"{server.url}/api/c/{campaign}/oracles", timeout=10).json()
    return {t["id"]: t["path"] for t in tables}


def test_the_oracles_carry_the_folders_of_the_book(server: Any) -> None:
    starforged = paths(server, "sf")
    assert starforged["oracle_rollable:starforged/planet/ocean/settlements/expanse"] == [
        "planet",
        "ocean",
        "settlements",
    ]
    assert starforged["oracle_rollable:starforged/planet/class"] == ["planet"]
    assert starforged["oracle_rollable:starforged/derelict/community/feature"] == [
        "derelict",
        "community",
    ]
    classic = paths(server, "classic")
    assert classic["oracle_rollable:classic/action_and_theme/action"] == ["action_and_theme"]
    # Delve's tables in a classic campaign: under Delve.
    assert classic["oracle_rollable:delve/site_name/place/shadowfen"] == [
        "delve",
        "site_name",
        "place",
    ]


def open_oracles(browser: Any, server: Any, campaign: str, viewport: dict[str, int]) -> Any:
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(f"{server.url}/c/{campaign}")
    page.wait_for_selector("body[data-ready=yes]")
    page.click("#tabs button[data-tab=oracles]")
    page.wait_for_selector("button.roll-oracle", state="attached")
    return page


def folder(scope: Any, name: str) -> Any:
    return scope.locator(f":scope > details[data-folder='{name}']")


@pytest.mark.parametrize(("viewport", "label"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_starforged_planets_nest_their_worlds_and_settlements(
    server: Any, browser: Any, viewport: dict[str, int], label: str
) -> None:
    page = open_oracles(browser, server, "sf", viewport)
    top = page.locator("#tab-oracles .oracle-list")
    planet = folder(top, "planet")
    planet.locator(":scope > summary").click()
    # The planet's own tables, then a folder per kind of world (not one "settlements" list).
    expect(planet.locator(":scope > .oracle button[data-oracle$='/planet/class']")).to_be_visible()
    ocean = folder(planet, "ocean")
    ocean.locator(":scope > summary").click()
    settlements = folder(ocean, "settlements")
    settlements.locator(":scope > summary").click()
    rolls = settlements.locator(":scope > .oracle button.roll-oracle")
    ids = rolls.evaluate_all("(bs) => bs.map((b) => b.dataset.oracle)")
    assert ids and all(
        i.startswith("oracle_rollable:starforged/planet/ocean/settlements/") for i in ids
    )
    assert top.locator(":scope > details[data-folder='settlements']").count() == 0
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"oracle-folders-{label}.png"))
    rolls.first.click()
    expect(page.locator("#result .oracle-result")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert page.errors == []


def test_a_search_opens_every_folder_it_finds_in(server: Any, browser: Any) -> None:
    page = open_oracles(browser, server, "classic", DESKTOP)
    page.fill("#tab-oracles input[type=search]", "shadowfen")
    found = page.locator("#tab-oracles button.roll-oracle")
    expect(found).to_have_count(1)
    expect(found).to_be_visible()  # inside Delve > site name > place, opened
    delve = folder(page.locator("#tab-oracles .oracle-list"), "delve")
    expect(delve.locator("summary").first).to_have_text("Delve")
    assert page.errors == []
