"""Catching up by sequence in Chromium (issue 19): a change reaches the other pages on the
event stream as a patch of the state and the timeline entries it touched, and no page reads the
whole state again for it (the requests are counted); a page that was offline names the last
version it holds and receives what it missed; the live indicator says offline, reconnecting
and live as they are; an outage's error banner goes when the connection is back."""

from __future__ import annotations

import time
from collections.abc import Iterator
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
)

expect.set_options(timeout=20_000)
DESKTOP = {"width": 1400, "height": 900}
PAGE = {**CHANGE, "X-Ironsworn-Page": "1"}
# What a page reads whole: the state, and the timeline's latest page.
WHOLE_READS = ("/state", "/timeline")
# The page's own copy of the state (the module the page loaded, so the same object).
HELD = "async () => (await import('/static/core.js')).store.state"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    require_chromium()
    home = tmp_path_factory.mktemp("live-home")
    with data_home(home), live_server("t") as live:
        http = httpx.Client(base_url=live.url, headers=CHANGE, timeout=20)
        for name in ("Asha", "Kai", "Bren"):
            made = http.post("/api/c/t/actions/character", json={"name": name, "stats": STATS})
            assert made.status_code == 200, made.text
        live.http = http
        yield live
        http.close()


class Page:
    """One player's page, with every request it makes noted."""

    def __init__(self, browser: Any, server: Any, seat: str) -> None:
        self.context = browser.new_context(viewport=DESKTOP)
        self.context.set_default_timeout(20_000)
        self.page = self.context.new_page()
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(f"{server.url}/c/t")
        self.page.wait_for_selector("body[data-ready=yes]")
        self.page.select_option("#seat", seat)
        expect(self.page.locator("#live")).to_have_attribute("data-state", "live")
        self.requests.clear()  # from here on, what the page reads after its first load

    def whole_reads(self) -> list[str]:
        return [u for u in self.requests if u.split("?")[0].endswith(WHOLE_READS)]

    def held(self) -> dict[str, Any]:
        state: dict[str, Any] = self.page.evaluate(HELD)
        return state

    def close(self) -> None:
        self.context.close()


def server_state(server: Any) -> dict[str, Any]:
    data: dict[str, Any] = server.http.get("/api/c/t/state", headers=PAGE).json()
    return data


def same_state(page: Page, server: Any) -> None:
    """The page holds what the server would answer a fresh read (the patches add up)."""
    held, fresh = page.held(), server_state(server)
    assert {k: v for k, v in held.items() if k != "epoch"} == {
        k: v for k, v in fresh.items() if k != "epoch"
    }


def face_danger(page: Any, dice: str) -> None:
    page.click("#tabs button[data-tab=moves]")
    page.click("button.move[data-move='move:classic/adventure/face_danger']")
    page.wait_for_selector(".move-panel[data-move='move:classic/adventure/face_danger']")
    page.check(".stat-choice input[value=edge]")
    page.fill(".move-form input[name=dice]", dice)
    page.click(".move-form button[type=submit]")


def test_a_move_reaches_the_other_pages_without_a_whole_read(server: Any, browser: Any) -> None:
    asha, kai, bren = (Page(browser, server, n) for n in ("Asha", "Kai", "Bren"))
    try:
        # Kai has Face Danger open: its odds are his, which Asha's move leaves as they are.
        kai.page.click("#tabs button[data-tab=moves]")
        kai.page.click("button.move[data-move='move:classic/adventure/face_danger']")
        kai.page.wait_for_selector(".move-panel .stat-option")
        for page in (asha, kai, bren):
            page.requests.clear()
        before = server_state(server)["version"]
        face_danger(asha.page, "6,1,2")  # a strong hit: +1 momentum
        for page in (asha, kai, bren):
            # The move's line is in every page's journal, and its momentum on every sheet.
            expect(page.page.locator("#timeline li.entry.move").first).to_contain_text(
                "Face Danger"
            )
            page.page.wait_for_function(
                f"async () => (await import('/static/core.js')).store.version > {before}"
            )
            asha_sheet = next(c for c in page.held()["characters"] if c["name"] == "Asha")
            assert asha_sheet["momentum"] == 3
            same_state(page, server)
        # Kai's and Bren's pages read nothing whole for it; Asha's own neither (her move's
        # answer names the version, which the stream brings).
        assert kai.whole_reads() == [] and bren.whole_reads() == []
        assert asha.whole_reads() == []
        assert not [u for u in kai.requests if "/moves/" in u], kai.requests
        # His own move changes his momentum: his open panel's odds are read again.
        with kai.page.expect_request(lambda request: "/moves/" in request.url):
            face_danger(kai.page, "6,1,2")
        expect(kai.page.locator("#result .move-result")).to_contain_text("STRONG HIT")
        # A journal entry, an undo and a redo: each applied as a patch.
        server.http.post("/api/c/t/actions/journal", json={"text": "Kai *waits*."})
        expect(bren.page.locator("#timeline li.entry.journal").first).to_contain_text("Kai waits.")
        server.http.post("/api/c/t/actions/undo", json={})
        expect(bren.page.locator("#timeline li.entry.journal").first).to_have_class(
            "entry journal undone"
        )
        server.http.post("/api/c/t/actions/redo", json={})
        expect(bren.page.locator("#timeline li.entry.journal").first).to_have_class(
            "entry journal live"
        )
        for page in (asha, kai, bren):
            same_state(page, server)
            assert page.whole_reads() == [], page.whole_reads()
            assert page.errors == []
    finally:
        for page in (asha, kai, bren):
            page.close()


def test_an_offline_page_catches_up_by_sequence(server: Any, browser: Any) -> None:
    asha, kai = Page(browser, server, "Asha"), Page(browser, server, "Kai")
    try:
        live = kai.page.locator("#live")
        kai.context.set_offline(True)
        expect(live).to_have_attribute("data-state", "offline")
        expect(live).to_contain_text("offline")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        kai.page.screenshot(path=str(SCREENSHOTS / "live-offline.png"))
        # Meanwhile the table plays on: a move, a journal entry.
        face_danger(asha.page, "6,1,2")
        server.http.post("/api/c/t/actions/journal", json={"text": "While Kai was away."})
        head = server_state(server)["head"]
        assert "While Kai was away." not in kai.page.locator("#timeline").inner_text()
        kai.requests.clear()
        kai.context.set_offline(False)
        expect(live).to_have_attribute("data-state", "live")
        expect(kai.page.locator("#timeline li.entry.journal").first).to_contain_text(
            "While Kai was away."
        )
        kai.page.wait_for_function(
            f"async () => (await import('/static/core.js')).store.state.head === {head}"
        )
        same_state(kai, server)
        # It asked for what it missed, from the version it held, and read nothing whole.
        streams = [u for u in kai.requests if "/events" in u]
        assert streams and all("since=" in u for u in streams), streams
        assert kai.whole_reads() == []
        assert kai.errors == []
    finally:
        asha.close()
        kai.close()


def test_an_outage_banner_goes_when_the_connection_is_back(server: Any, browser: Any) -> None:
    kai = Page(browser, server, "Kai")
    try:
        banner = kai.page.locator("#error")
        kai.context.set_offline(True)
        expect(kai.page.locator("#live")).to_have_attribute("data-state", "offline")
        kai.page.fill("#journal-text", "Sent while offline.")
        kai.page.click("#journal-form button[type=submit]")
        # The page retries for a while (the same request id each time), then says so.
        expect(banner).to_be_visible(timeout=20_000)
        expect(banner).to_contain_text("cannot be reached")
        kai.context.set_offline(False)
        expect(kai.page.locator("#live")).to_have_attribute("data-state", "live")
        expect(banner).to_be_hidden(timeout=5_000)
    finally:
        kai.close()


def test_a_shared_journey_orders_its_decisions_on_every_page(server: Any, browser: Any) -> None:
    """Asha's segment of the journey she shares with Kai comes first: Kai's page says it waits
    for her decision, his move meanwhile is refused saying so (409), and once she answers he
    plays; each page hears it all on the stream."""
    journey = {"kind": "journey", "text": "to the hills", "rank": "dangerous"}
    made = server.http.post(
        "/api/c/t/actions/track", json={**journey, "characters": ["Asha", "Kai"]}
    )
    assert made.status_code == 200, made.text
    asha, kai = Page(browser, server, "Asha"), Page(browser, server, "Kai")
    try:
        asha.page.click("#tabs button[data-tab=moves]")
        asha.page.click("button.move[data-move='move:classic/adventure/undertake_a_journey']")
        asha.page.wait_for_selector(".move-panel .stat-option")
        asha.page.check(".stat-choice input[value=wits]")
        asha.page.fill(".move-form input[name=dice]", "6,1,2")
        asha.page.click(".move-form button[type=submit]")
        expect(asha.page.locator("#waiting")).to_have_text("Your decision waits")
        expect(asha.page.locator("#pending .decision[data-character=Asha] .then")).to_contain_text(
            "then Kai"
        )
        expect(kai.page.locator("#waiting")).to_have_text("Waiting for Asha's decision")
        expect(kai.page.locator("#pending .then[data-first=Asha]")).to_contain_text(
            "Undertake a Journey"
        )
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        kai.page.screenshot(path=str(SCREENSHOTS / "together-kai-waits-for-asha.png"))
        move = {"move": "reach your destination", "dice": "1,2"}
        answer = server.http.post(
            "/api/c/t/actions/move", json=move, headers={"X-Ironsworn-Seat": "Kai"}
        )
        assert answer.status_code == 409
        assert "waits for Asha's decision first" in answer.json()["error"]
        face_danger(kai.page, "6,1,2")
        expect(kai.page.locator("#error")).to_contain_text("waits for Asha's decision first")
        asha.page.locator("#pending button.choice[data-key=mark_progress]").click()
        for page in (asha, kai):
            expect(page.page.locator("#waiting")).to_be_hidden()
        face_danger(kai.page, "6,1,2")
        expect(kai.page.locator("#result .move-result")).to_contain_text("STRONG HIT")
        for page in (asha, kai):
            same_state(page, server)
            assert page.whole_reads() == [] and page.errors == []
    finally:
        asha.close()
        kai.close()


def test_a_ruleset_read_after_the_state_draws_the_page_once(server: Any, browser: Any) -> None:
    """On a loaded server the page's reads come back in any order (its first read, which
    brings them in one answer, not had: each read on its own). Its state before its ruleset
    (held back here) is drawn once the ruleset is in: no error flashed, no second read
    of the whole state (the sheet's drawing needed the ruleset and failed, and the page read
    all again a second later)."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    reads: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: reads.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    # Every text the error banner ever shows, from the first script on.
    page.add_init_script(
        """window.shownErrors = [];
        new MutationObserver(() => {
          const el = document.getElementById('error');
          if (el && el.textContent) window.shownErrors.push(el.textContent);
        }).observe(document, { subtree: true, childList: true, characterData: true });"""
    )

    def late(route: Any) -> None:
        time.sleep(2.0)  # held back: the state's read (asked at the same time) is answered first
        route.continue_()

    # The first read (every part in one answer) not had: the page reads each on its own.
    page.route("**/api/c/t/first?*", lambda route: route.abort())
    page.route("**/api/c/t/ruleset", late)
    try:
        page.goto(f"{server.url}/c/t")
        page.wait_for_selector("body[data-ready=yes]")
        expect(page.locator("#sheet")).to_contain_text("Asha")
        assert page.evaluate("window.shownErrors") == []
        assert [u for u in reads if u.split("?")[0].endswith("/api/c/t/state")] == [
            f"{server.url}/api/c/t/state?page=1"  # the page's own read of the state
        ]
        assert errors == []
    finally:
        context.close()
