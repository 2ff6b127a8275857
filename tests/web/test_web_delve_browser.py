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


def test_a_site_started_from_the_tracks_form_is_asked_its_theme_and_domain(
    server: Any, browser: Any
) -> None:
    """A site started from the tracks' form is made by the ``site`` operation, which asks
    its theme and domain (the pack's, or roll) as the page's questions, not refused ("a site
    needs a theme"); a bare site track of the kind had neither, and Delve the Depths on it was
    refused. Left unnamed, the site is named for its theme and domain."""
    http = new_campaign(server, "asking-site", character={"name": "Edda"})
    bare = http.post("/api/c/asking-site/actions/site", json={"name": "The Sunken Barrow"})
    assert bare.status_code == 400 and "needs" not in bare.json()["error"]
    question = bare.json()["question"]
    assert question["input"] == "theme" and "Ancient" in [c["key"] for c in question["choices"]]
    assert http.get("/api/c/asking-site/ruleset").json()["made_by"]["site"] == {
        "operation": "site",
        "text": "name",
    }
    page = open_page(browser, server, "asking-site", DESKTOP, "Edda")
    form = page.locator("form.new-track")
    form.locator("select[name=kind]").select_option("site")
    form.locator("input[name=text]").fill("The Sunken Barrow")
    form.locator("select[name=rank]").select_option("dangerous")
    form.locator("button[type=submit]").click()
    theme = page.locator("#asked[data-input=theme]")
    expect(theme).to_be_visible()
    expect(theme).to_contain_text("what is the theme of the site The Sunken Barrow?")
    expect(page.locator("#error")).to_be_hidden()
    shot(page, "question-site-theme")
    answer(theme, "Ancient")  # (nine themes and roll: a list to choose from)
    domain = page.locator("#asked[data-input=domain]")
    expect(domain).to_be_visible()
    answer(domain, "Barrow")
    expect(page.locator("#asked")).to_be_hidden()
    expect(page.locator("#tracks .site").first).to_contain_text("Ancient Barrow")
    expect(page.locator("#error")).to_be_hidden()
    # Unnamed: asked its theme and domain all the same, and named for them.
    form.locator("select[name=kind]").select_option("site")
    form.locator("select[name=rank]").select_option("troublesome")
    form.locator("button[type=submit]").click()
    answer(page.locator("#asked[data-input=theme]"), "Haunted")
    answer(page.locator("#asked[data-input=domain]"), "Ruin")
    expect(page.locator("#asked")).to_be_hidden()
    expect(page.locator("#tracks")).to_contain_text("Haunted Ruin")
    assert page.errors == []
    state = http.get("/api/c/asking-site/state").json()
    assert [(t["kind"], t["name"], t["rank"]) for t in state["tracks"]] == [
        ("site", "The Sunken Barrow", "dangerous"),
        ("site", "Haunted Ruin", "troublesome"),
    ]
    first = state["sites"][state["tracks"][0]["id"]]
    assert (first["theme_name"], first["domain_name"]) == ("Ancient", "Barrow")
    # A threat from the form is asked the vow it threatens and its category.
    vow = {"kind": "vow", "text": "Avenge my kin", "rank": "dangerous"}
    assert http.post("/api/c/asking-site/actions/track", json=vow).status_code == 200
    form.locator("select[name=kind]").select_option("threat")
    form.locator("input[name=text]").fill("The Wyrm of Ashfall")
    form.locator("button[type=submit]").click()
    answer(page.locator("#asked[data-input=vow]"), "vow-3")
    answer(page.locator("#asked[data-input=category]"), "Rampaging Creature")
    expect(page.locator("#asked")).to_be_hidden()
    expect(page.locator("#tracks")).to_contain_text("The Wyrm of Ashfall")
    threat = http.get("/api/c/asking-site/state").json()["tracks"][-1]
    assert (threat["kind"], threat["name"], threat["vow"]) == (
        "threat",
        "The Wyrm of Ashfall",
        "vow-3",
    )
    assert page.errors == []
    # Delve the Depths reads the site it was asked for: a miss reveals one of its dangers.
    delved = http.post(
        "/api/c/asking-site/actions/move",
        json={"move": "delve the depths", "stat": "wits", "track": state["tracks"][0]["id"],
              "dice": "1,9,9,50"},
    )  # fmt: skip
    assert delved.status_code == 200, delved.text
    assert "Reveal a Danger" in delved.text


def answer(asked: Any, key: str) -> None:
    """Answer the page's question with its choice ``key`` (a button for a few choices, a list
    for many, words that may be one of a list)."""
    expect(asked).to_be_visible()
    button = asked.locator(f"button.choice[data-key='{key}']")
    if button.count():
        button.click()
        return
    if asked.locator("select").count():
        asked.locator("select").select_option(key)
    else:
        asked.locator("input").first.fill(key)  # (words, or one of a list to pick from)
    asked.get_by_role("button", name="Send").click()


def test_the_table_an_outcome_prints_is_drawn_as_a_table(server: Any, browser: Any) -> None:
    """Delve the Depths' weak hit prints a table of a column for each stat (the pack embeds it
    as ``{{table_columns>...}}``): the move's panel draws it as tables, headed by their stat;
    a move made leaves it out of its text (the engine rolls it and says the row)."""
    http = new_campaign(server, "depths-table", character={"name": "Edda"})
    made = {"name": "The Sunken Barrow", "theme": "Ancient", "domain": "Barrow",
            "rank": "dangerous"}  # fmt: skip
    assert http.post("/api/c/depths-table/actions/site", json=made).status_code == 200
    vow = {"kind": "vow", "text": "Ring the tide-bell", "rank": "dangerous"}
    assert http.post("/api/c/depths-table/actions/track", json=vow).status_code == 200
    page = open_page(browser, server, "depths-table", DESKTOP, "Edda")
    depths = "move:delve/delve/delve_the_depths"
    page.click(f"button.move[data-move='{depths}']")
    panel = page.locator(f".move-panel[data-move='{depths}']")
    expect(panel.locator("table")).to_have_count(3)
    expect(panel.locator("table").first).to_contain_text("Mark progress and Reveal a Danger.")
    for stat in ("Edge", "Shadow", "Wits"):
        expect(panel).to_contain_text(stat)
    assert "{{" not in panel.inner_text()
    # Its track is one of the sites: the vow is not offered.
    offered = panel.locator("select[name='read:track'] option").all_inner_texts()
    assert "The Sunken Barrow (site)" in offered and not [o for o in offered if "vow" in o]
    shot(page, "delve-the-depths-table")
    weak = http.post(
        "/api/c/depths-table/actions/move",
        json={"move": "delve the depths", "stat": "wits", "dice": "6,2,9,50"},
        headers={"X-Ironsworn-Page": "1"},  # (as the page asks: the rules' text as HTML too)
    )
    assert weak.status_code == 200, weak.text
    assert weak.json()["outcome"] == "weak_hit" and "{{" not in weak.json()["text_html"]
    assert page.errors == []


def test_the_moves_tab_heads_delves_moves_as_the_book_does(server: Any, browser: Any) -> None:
    """The moves tab heads the pack's categories as the book heads them, each once: 'Delve',
    'Failure', 'Rarity', 'Threat' (Datasworn names them 'Delve Moves'...), beside the
    rulebook's own."""
    new_campaign(server, "depths-moves", character={"name": "Edda"})
    page = open_page(browser, server, "depths-moves", DESKTOP, "Edda")
    headings = page.locator(".category h4")
    expect(headings.first).to_be_visible()
    shown = [h.strip().lower() for h in headings.all_inner_texts()]
    assert shown == [
        "adventure", "relationship", "combat", "suffer", "quest", "fate",
        "delve", "failure", "rarity", "threat",
    ]  # fmt: skip
    assert page.errors == []
