"""Delve's sites on the web table (issue 25), in a real browser: a site made through the table's
``site`` operation is drawn with the tracks: its theme and domain, its objective, and (folded)
the features and dangers of its two cards and its denizen table, as the state read gives them.
A screenshot is saved under ``tests/web/screenshots/`` for a reviewer to look at."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from web_support import (
    CHANGE,
    DESKTOP,
    SCREENSHOTS,
    STATS,
    chromium_browser,
    home_server,
    new_campaign,
    open_page,
    shot,
)

from shared_files import DELVE_DATASWORN

expect.set_options(timeout=15_000)  # a loaded machine (as test_web_browser.py)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with home_server(tmp_path_factory, "web-delve-home", packs=[DELVE_DATASWORN]) as live:
        yield live


def test_a_site_on_the_table(server: Any) -> None:
    http = httpx.Client(base_url=server.url, headers=CHANGE, timeout=30)
    made = http.post("/api/campaigns", json={"name": "depths", "ruleset": "classic"})
    assert made.status_code == 201, made.text

    def do(action: str, body: dict[str, Any]) -> Any:
        response = http.post(f"/api/c/depths/actions/{action}", json=body)
        assert response.status_code == 200, response.text
        return response.json()

    do("character", {"name": "Edda", "stats": STATS, "assets": ["wright,specialty=bowyer"]})
    do(
        "site",
        {"name": "The Sunken Barrow", "theme": "Ancient", "domain": "Barrow",
         "rank": "dangerous", "objective": "the lost crown"},
    )  # fmt: skip
    bad = http.post("/api/c/depths/actions/site", json={"theme": "Gloomy", "domain": "Barrow"})
    assert bad.status_code == 400 and "theme 'Gloomy' is unknown" in bad.json()["error"]
    state = http.get("/api/c/depths/state").json()
    assert [t["kind"] for t in state["tracks"]] == ["site"]  # the bad one changed nothing
    site = state["sites"][state["tracks"][0]["id"]]
    assert (site["theme_name"], site["domain_name"]) == ("Ancient", "Barrow")
    assert len(site["denizens"]) == 12

    with chromium_browser() as browser:
        page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
        page.set_default_timeout(20_000)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server.url}/c/depths")
        page.wait_for_selector("body[data-ready=yes]")
        card = page.locator("#tracks article.track .site")
        expect(card).to_contain_text("Ancient Barrow")
        expect(card).to_contain_text("objective: the lost crown")
        for part in ("features", "dangers", "denizens"):
            page.click(f"#tracks .site-{part} summary")
        expect(page.locator("#tracks .site-denizens tr")).to_have_count(12)
        expect(page.locator("#tracks .site-features tr").first).to_contain_text(
            site["features"][0]["text"]
        )
        expect(page.locator("#tracks .site-dangers")).to_contain_text(site["dangers"][-1]["text"])
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.locator("#tracks").screenshot(path=str(SCREENSHOTS / "delve-site.png"))
        # A rarity bought through the table shows on its asset's card.
        do("adjust", {"character": "Edda", "meter": "experience", "delta": 4})
        do("rarity_buy", {"character": "Edda", "rarity": "Artisan’s Gloves"})
        rarity = page.locator("#sheet .asset[data-asset$='/wright'] .rarity")
        expect(rarity).to_have_text("rarity: Artisan’s Gloves")
        assert errors == []


def test_a_site_with_no_name_is_asked_not_refused(server: Any, browser: Any) -> None:
    """Issue 18: nothing a player can do ends in "needs". A site started from the tracks' form
    with nothing said of it is asked its name, then its rank, as the page's question forms
    (no error line), and is made; the ``site`` action left without its theme answers with the
    question of its theme (the pack's, or roll), not "a site needs a theme"."""
    http = new_campaign(server, "asking-site", character={"name": "Edda"})
    bare = http.post("/api/c/asking-site/actions/site", json={"name": "The Sunken Barrow"})
    assert bare.status_code == 400 and "needs" not in bare.json()["error"]
    question = bare.json()["question"]
    assert question["input"] == "theme" and "Ancient" in [c["key"] for c in question["choices"]]
    page = open_page(browser, server, "asking-site", DESKTOP, "Edda")
    form = page.locator("form.new-track")
    form.locator("select[name=kind]").select_option("site")
    form.locator("button[type=submit]").click()
    box = page.locator("#asked[data-input=text]")
    expect(box).to_be_visible()
    expect(box).to_contain_text("What is the site called?")
    expect(page.locator("#error")).to_be_hidden()
    shot(page, "question-site-name")
    field = box.locator("input[type=text]")
    field.fill("The Sunken Barrow")
    field.press("Enter")
    rank = page.locator("#asked[data-input=rank]")
    expect(rank.locator("button.choice")).to_have_count(5)
    expect(rank).to_contain_text("2 boxes a mark")
    shot(page, "question-site-rank")
    rank.locator("button.choice[data-key=dangerous]").click()
    expect(page.locator("#asked")).to_be_hidden()
    expect(page.locator("#tracks")).to_contain_text("The Sunken Barrow")
    expect(page.locator("#error")).to_be_hidden()
    assert page.errors == []
    tracks = http.get("/api/c/asking-site/state").json()["tracks"]
    assert [(t["kind"], t["name"], t["rank"]) for t in tracks] == [
        ("site", "The Sunken Barrow", "dangerous")
    ]
