"""The page's first load in Chromium (issue 24): each first read asked for once, the state
drawn once with the content it draws with, and a long campaign drawn where it is seen (its
tracks and timeline laid out as they are scrolled to, its closed tracks listed when unfolded)
that still reaches its last track and its oldest entry."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect
from web_support import DESKTOP, PHONE, checked, home_server, new_campaign, open_page

expect.set_options(timeout=15_000)

FIRST_READS = ["first?page=1&last=100"]  # the parts in one answer


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with home_server(tmp_path_factory, "first-load-home") as live:
        yield live


def test_the_first_load_asks_for_each_read_once_and_draws_it_whole(
    server: Any, browser: Any
) -> None:
    """The page asks for its first reads at once, each once (no read asked for twice, no
    module either), and draws the sheet with its asset cards' words and a fight with its
    foe's and its progress move's name, which come from the content and the moves read beside
    the state (drawn once, with them all)."""
    http = new_campaign(server, "first", character={"name": "Asha", "assets": ["hawk:1=Kestrel"]})
    http.post("/api/c/first/actions/track", json={"kind": "fight", "foe": "wolf"})
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    asked: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: asked.append(request.url.removeprefix(server.url)))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning") else None)
    page.goto(f"{server.url}/c/first")
    page.wait_for_selector("body[data-ready=yes]")
    # Drawn at once with the content: the card's ability, the foe's drives.
    assert page.locator("#sheet .asset .ability-text").count() == 3
    assert "Kestrel" in page.inner_text("#sheet")
    assert page.locator("#tracks .foes[data-foe='npc:classic/animals/wolf'] dl").count() == 1
    # ...and with the moves, which name the fight's progress move.
    assert page.inner_text("#tracks button[data-progress-move]") == "End the Fight"
    reads = [u for u in asked if u.startswith("/api/") and "/events" not in u]
    assert sorted(reads) == sorted(f"/api/c/first/{read}" for read in FIRST_READS)
    modules = [u for u in asked if u.startswith("/static/")]
    assert len(modules) == len(set(modules))
    # The World tab reads the truths when first opened, once.
    page.click("#tabs button[data-tab=world]")
    expect(page.locator("#tab-world select[aria-label=truth] option").first).to_be_attached()
    page.click("#tabs button[data-tab=moves]")
    page.click("#tabs button[data-tab=world]")
    expect(page.locator("#tab-world select[aria-label=truth] option").first).to_be_attached()
    truths = "/api/c/first/content/truths"
    assert [u for u in asked if u.startswith("/api/") and "/events" not in u] == [*reads, truths]
    assert errors == []
    context.close()


def test_a_card_taken_after_the_first_load_is_drawn_with_its_words(
    server: Any, browser: Any
) -> None:
    """The first read brings the cards the characters hold; a card a character takes later
    (Advance buys one) is drawn with its words too (the page reads the deck for it), and the
    New character tab offers the whole deck."""
    http = new_campaign(server, "later-card", character={"name": "Asha", "assets": ["swordmaster"]})
    page = open_page(browser, server, "later-card", DESKTOP)
    assert page.locator("#sheet .asset").count() == 1
    expect(page.locator("#sheet .asset .ability-text")).to_have_count(3)
    assert http.post(
        "/api/c/later-card/actions/adjust",
        json={"character": "Asha", "meter": "experience", "delta": 3},
    ).is_success
    bought = http.post(
        "/api/c/later-card/actions/move",
        json={
            "move": "advance",
            "character": "Asha",
            "asset": ["hawk"],
            "ability": 1,
            "name": "Kestrel",
        },
    )
    assert bought.status_code == 200, bought.text
    spent = http.post("/api/c/later-card/actions/choose", json={"keys": ["new_asset"]})
    assert spent.status_code == 200, spent.text
    hawk = page.locator("#sheet .asset[data-asset='asset:classic/companion/hawk']")
    expect(hawk.locator(".ability-text")).to_have_count(3)
    expect(hawk.locator(".ability-text").first).to_contain_text("Far-seeing")
    page.click("#tabs button[data-tab=create]")
    options = page.locator("form.create select[name=asset0] option")
    expect(options).to_have_count(len(http.get("/api/c/later-card/content/assets").json()) + 1)
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_long_campaign_reaches_its_last_track_and_its_oldest_entry(
    server: Any, browser: Any, viewport: dict[str, int]
) -> None:
    """Forty tracks, three closed, and 230 entries: every track is on the page and the last
    is drawn whole when scrolled to; the closed ones are listed when unfolded; the timeline
    reaches entry #1 a page at a time, and #1 is drawn when scrolled to."""
    name = f"long-{viewport['width']}"
    http = new_campaign(server, name, character={"name": "Asha"})
    for n in range(1, 41):
        made = http.post(
            f"/api/c/{name}/actions/track",
            json={"kind": "vow", "text": f"Vow {n}", "rank": "dangerous"},
        )
        assert made.status_code == 200, made.text
    ids = [t["id"] for t in http.get(f"/api/c/{name}/state").json()["tracks"]]
    for track in ids[:3]:
        closed = http.post(
            f"/api/c/{name}/actions/move",
            json={"move": "forsake your vow", "track": track, "dice": [6, 1, 2]},
        )
        assert closed.status_code == 200, closed.text
        pending = http.get(f"/api/c/{name}/state").json()["pending"]
        if pending:  # Endure Stress after forsaking: take the first of its choices
            choice = {"keys": [pending["options"][0]["key"]]}
            assert http.post(f"/api/c/{name}/actions/choose", json=choice).status_code == 200
    for n in range(1, 231):
        http.post(f"/api/c/{name}/actions/journal", json={"text": f"Entry number {n}."})
    page = open_page(browser, server, name, viewport)
    tracks = page.locator("#tracks article.track")
    expect(tracks).to_have_count(37)
    last = tracks.last
    last.scroll_into_view_if_needed()
    expect(last).to_be_visible()
    expect(last.locator("h4")).to_contain_text("Vow 40")
    assert last.locator(".boxes svg").count() == 10
    assert last.bounding_box()["height"] > 40  # drawn, not a placeholder's height
    # Marking progress on the last track draws it again, its boxes with it.
    last.locator("button.boxes-button").click()
    expect(page.locator(f"#tracks article.track[data-track='{ids[-1]}'] .boxes")).to_have_attribute(
        "data-ticks", "8"
    )
    archive = page.locator("#tracks .archive")
    expect(archive.locator("summary")).to_contain_text("(3)")
    expect(archive.locator("li")).to_have_count(0)  # listed when unfolded
    archive.locator("summary").click()
    expect(archive.locator("li")).to_have_count(3)
    expect(archive.locator(f"li[data-track='{ids[0]}']")).to_contain_text("Vow 1")
    entries = page.locator("#timeline li.entry")
    page.click("#earlier")
    expect(entries).to_have_count(200)  # the page before is in (its button drawn again)
    page.click("#earlier")
    oldest = page.locator("#timeline li.entry[data-seq='1']")
    expect(oldest).to_have_count(1)
    oldest.scroll_into_view_if_needed()
    expect(oldest).to_be_visible()
    expect(oldest).to_contain_text("Asha")
    assert oldest.bounding_box()["height"] > 10
    checked(page, f"first-load-long-{viewport['width']}")
    page.context.close()


def test_the_moves_answered_last_still_name_the_first_draw(server: Any, browser: Any) -> None:
    """On a loaded server the reads come back in any order (the first read, which brings them
    in one answer, not had: each read on its own): the moves held back here,
    the tracks and the decision drawn at once still name their moves (drawn once, when the
    moves are in; not with a move's id, never drawn again)."""
    import time

    http = new_campaign(server, "late-moves", character={"name": "Asha"})
    http.post("/api/c/late-moves/actions/track", json={"kind": "fight", "foe": "wolf"})
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()

    def late(route: Any) -> None:
        time.sleep(1.5)  # held back: the state and the content are answered first
        route.continue_()

    # The first read (every part in one answer) not had: the page reads each on its own.
    page.route("**/api/c/late-moves/first?*", lambda route: route.abort())
    page.route("**/api/c/late-moves/moves?*", late)
    page.goto(f"{server.url}/c/late-moves")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.inner_text("#tracks button[data-progress-move]") == "End the Fight"
    context.close()
