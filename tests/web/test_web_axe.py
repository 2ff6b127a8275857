"""Every screen of the table passes axe-core's WCAG 2 A and AA rules (issue 19).

axe-core (the npm package, installed for the tests into ``tests/web/axe``; see
``web_support.axe_script``) is injected into each screen, at desktop and phone width, and run
with the ``wcag2a`` and ``wcag2aa`` rule tags; a violation fails the test with its rule, its
help and the elements it found.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from web_support import (
    CHANGE,
    SCREENSHOTS,
    STATS,
    axe_script,
    axe_violations,
    data_home,
    live_server,
    require_chromium,
)

DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def axe() -> str:
    return axe_script()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, axe: str) -> Iterator[Any]:
    require_chromium()
    home = tmp_path_factory.mktemp("axe-home")
    with data_home(home), live_server("home") as live:
        http = httpx.Client(base_url=live.url, headers=CHANGE, timeout=10)
        for name, ruleset in (("classic", "classic"), ("sf", "starforged")):
            assert (
                http.post("/api/campaigns", json={"name": name, "ruleset": ruleset}).status_code
                == 201
            )
        made = http.post(
            "/api/c/classic/actions/character",
            json={"name": "Asha", "stats": STATS, "assets": ["hawk:1=Kestrel"], "bonds": ["Elda"]},
        )
        assert made.status_code == 200, made.text
        for body in (
            {"kind": "vow", "text": "Avenge my kin", "rank": "dangerous"},
            {"kind": "fight", "text": "raiders", "foe": "npc:classic/ironlanders/raider"},
        ):
            assert http.post("/api/c/classic/actions/track", json=body).status_code == 200
        # A campaign whose moves ask (a question of the table, drawn as a form): no fight yet.
        assert http.post("/api/campaigns", json={"name": "asking"}).status_code == 201
        made = http.post(
            "/api/c/asking/actions/character",
            json={"name": "Kai", "stats": STATS, "bonds": ["Elda"]},
        )
        assert made.status_code == 200, made.text
        vow = {"kind": "vow", "text": "Find the wolf", "rank": "dangerous"}
        assert http.post("/api/c/asking/actions/track", json=vow).status_code == 200
        http.post(
            "/api/c/classic/actions/journal",
            json={"text": "**Night** falls. [a](https://example.org)"},
        )
        yield live


def violations(page: Any, axe: str) -> list[str]:
    """The page's WCAG 2 A/AA violations (``axe``: the script, installed once per module)."""
    assert axe
    return axe_violations(page)


def open_screen(browser: Any, server: Any, campaign: str, viewport: dict[str, int]) -> Any:
    # The page's policy allows its own scripts only: axe is injected past it (the test's own).
    context = browser.new_context(viewport=viewport, bypass_csp=True)
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.goto(f"{server.url}/c/{campaign}")
    page.wait_for_selector("body[data-ready=yes]")
    return page


def screen_moves(page: Any) -> None:
    page.click("#tabs button[data-tab=moves]")


def screen_move_panel(page: Any) -> None:
    page.click("button.move[data-move='move:classic/adventure/undertake_a_journey']")
    page.wait_for_selector(".move-panel .stat-choice")


def screen_decision(page: Any) -> None:
    page.click("button.move[data-move='move:classic/adventure/face_danger']")
    page.wait_for_selector(".move-panel[data-move='move:classic/adventure/face_danger']")
    page.fill(".move-form input[name=dice]", "1,9,9")
    page.click(".move-form button[type=submit]")
    page.wait_for_selector("#pending .choice")


def screen_question(move: str) -> Any:
    """A move made without an input it needs: the table's question, asked as a form."""

    def show(page: Any) -> None:
        page.click(f"button.move[data-move='{move}']")
        page.wait_for_selector(f".move-panel[data-move='{move}']")
        page.click(".move-form button[type=submit]")
        page.wait_for_selector("#asked:not([hidden]) button")

    return show


def screen_tab(tab: str) -> Any:
    def show(page: Any) -> None:
        page.click(f"#tabs button[data-tab={tab}]")
        page.wait_for_timeout(300)

    return show


def screen_undo(page: Any) -> None:
    page.click("#undo")
    page.wait_for_selector("#confirm:not([hidden])")


SCREENS = {
    "moves": ("classic", screen_moves),
    "move-panel": ("classic", screen_move_panel),
    "decision": ("classic", screen_decision),
    "question-buttons": ("asking", screen_question("move:classic/quest/swear_an_iron_vow")),
    "question-field": ("asking", screen_question("move:classic/combat/enter_the_fray")),
    "oracles": ("classic", screen_tab("oracles")),
    "world": ("classic", screen_tab("world")),
    "create": ("classic", screen_tab("create")),
    "campaigns": ("classic", screen_tab("campaigns")),
    "undo": ("classic", screen_undo),
    "starforged": ("sf", screen_tab("create")),
}


@pytest.mark.parametrize("width", ["desktop", "phone"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_screen_passes_wcag_2_a_and_aa(
    server: Any, browser: Any, axe: str, screen: str, width: str
) -> None:
    campaign, show = SCREENS[screen]
    page = open_screen(browser, server, campaign, DESKTOP if width == "desktop" else PHONE)
    show(page)
    found = violations(page, axe)
    if found:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"axe-{screen}-{width}.png"))
    page.context.close()
    assert found == [], "\n".join(found)
