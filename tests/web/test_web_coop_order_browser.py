"""Moves of two characters order their decisions, in Chromium (issue 19, "Together"): three
browser contexts, Asha at a desktop, Kai on a phone and Bren at a desktop, on one campaign.

- Aid Your Ally: "When you Secure an Advantage in direct support of an ally" (seed 000 L2020):
  the ally aided decides; the one who aids waits for it, and another plays on meanwhile.
- Opposing an ally: "Whoever gains control of the outcome decides which of the two moves
  should be resolved" (L5211-5212): the winner decides first, the other waits.

(The shared journey is test_web_live_browser.py's; the rules in the engine are
tests/table/test_table_decision_order.py's.)"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from web_support import CHANGE, DESKTOP, PHONE, STATS, home_server, open_page, overflow, shot

expect.set_options(timeout=20_000)
STRONG = "6,1,2"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with home_server(tmp_path_factory, "coop-order-home") as live:
        yield live


def campaign(server: Any, name: str) -> httpx.Client:
    http = httpx.Client(base_url=server.url, headers=CHANGE, timeout=20)
    assert http.post("/api/campaigns", json={"name": name}).status_code == 201
    for who in ("Asha", "Kai", "Bren"):
        made = http.post(f"/api/c/{name}/actions/character", json={"name": who, "stats": STATS})
        assert made.status_code == 200, made.text
    return http


def seated(browser: Any, server: Any, name: str, seat: str, viewport: dict[str, int]) -> Any:
    """Campaign ``name``'s page playing ``seat``, its event stream live."""
    page = open_page(browser, server, name, viewport, seat)
    expect(page.locator("#live")).to_have_attribute("data-state", "live")
    return page


def open_move(page: Any, move: str) -> None:
    page.click("#tabs button[data-tab=moves]")
    page.click(f"button.move[data-move='{move}']")
    page.wait_for_selector(f".move-panel[data-move='{move}'] .stat-option")


def face_danger(page: Any, dice: str = STRONG, *, oppose: bool = False) -> None:
    open_move(page, "move:classic/adventure/face_danger")
    page.check(".stat-choice input[value=edge]")
    if oppose:
        page.check(".move-form input[name=oppose]")
    page.fill(".move-form input[name=dice]", dice)
    page.click(".move-form button[type=submit]")


def answer(page: Any, input_name: str, key: str) -> None:
    """Answer the table's question for ``input_name`` (an ally, their stat) with ``key``."""
    box = page.locator(f"#asked[data-input='{input_name}']")
    expect(box).to_be_visible()
    box.locator(f"button.choice[data-key='{key}']").click()


def owed(http: httpx.Client, name: str) -> list[tuple[str, list[str]]]:
    """Every decision owed, as (whose, who waits on it)."""
    found = http.get(f"/api/c/{name}/state").json()["decisions"]
    return [(d["character"], list(d.get("then") or [])) for d in found]


def test_aid_your_ally_the_ally_decides_and_the_aider_waits(server: Any, browser: Any) -> None:
    http = campaign(server, "aid")
    asha = seated(browser, server, "aid", "Asha", DESKTOP)
    kai = seated(browser, server, "aid", "Kai", PHONE)
    bren = seated(browser, server, "aid", "Bren", DESKTOP)
    try:
        open_move(asha, "move:classic/relationship/aid_your_ally")
        asha.check(".stat-choice input[value=edge]")
        asha.fill(".move-form input[name=dice]", STRONG)
        asha.click(".move-form button[type=submit]")
        answer(asha, "ally", "Kai")
        expect(asha.locator("#result .move-result")).to_contain_text("STRONG HIT")
        assert owed(http, "aid") == [("Kai", ["Asha"])]
        # Kai's phone: his decision, its options as buttons, in reach from the header.
        expect(kai.locator("#waiting")).to_have_text("Your decision waits")
        choices = kai.locator("#pending .decision[data-character=Kai] button.choice")
        expect(choices.first).to_be_visible()
        expect(kai.locator("#pending .decision[data-character=Kai] .then")).to_contain_text(
            "then Asha"
        )
        # ... and which move asks it (Asha's, so no result of his page's is beside it).
        expect(kai.locator("#pending .decision[data-character=Kai] .from")).to_have_text(
            "Aid Your Ally · "
        )
        # Asha's page: she waits for Kai's decision, and says why.
        expect(asha.locator("#waiting")).to_have_text("Waiting for Kai's decision")
        expect(asha.locator("#pending .then[data-first=Kai]")).to_contain_text("Aid Your Ally")
        # The aider has no turn in the ally's choice (it read "your turn in it follows").
        expect(asha.locator("#pending .then[data-first=Kai]")).not_to_contain_text("your turn")
        assert asha.locator("#pending button.choice").count() == 0
        shot(asha, "coop-aid-asha-waits")
        # The decision came from Asha's move, so Kai's phone is wherever he left it: the
        # header's badge takes him to it.
        kai.click("#waiting")
        kai.wait_for_function(
            """() => { const r = document.querySelector('#pending .decision button.choice')
                .getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"""
        )
        shot(kai, "coop-aid-kai-decides-phone")
        # Her move meanwhile is refused, naming whose decision comes first; nothing is written.
        head = http.get("/api/c/aid/state").json()["head"]
        face_danger(asha)
        expect(asha.locator("#error")).to_contain_text("waits for Kai's decision first")
        assert http.get("/api/c/aid/state").json()["head"] == head
        # Bren's decision is not involved: he plays on.
        face_danger(bren)
        expect(bren.locator("#result .move-result")).to_contain_text("STRONG HIT")
        expect(bren.locator("#waiting")).to_have_text("Kai (then Asha) must decide")
        # Kai answers; then Asha plays.
        choices.first.click()
        for page in (asha, kai, bren):
            expect(page.locator("#waiting")).to_be_hidden()
        face_danger(asha)
        expect(asha.locator("#result .move-result")).to_contain_text("STRONG HIT")
        expect(asha.locator("#error")).to_be_hidden()
        assert owed(http, "aid") == []
        kinds = [(e["kind"], e["character"]) for e in http.get("/api/c/aid/timeline").json()]
        # One sequence: Asha's aid, Bren's move, Kai's choice, Asha's move.
        assert kinds[-4:] == [
            ("move", "Asha"),
            ("move", "Bren"),
            ("choice", "Kai"),
            ("move", "Asha"),
        ]
        for page in (asha, kai, bren):
            assert overflow(page) == 0
            assert page.errors == []
    finally:
        for page in (asha, kai, bren):
            page.context.close()


def test_opposing_an_ally_the_winner_decides_first(server: Any, browser: Any) -> None:
    http = campaign(server, "oppose")
    asha = seated(browser, server, "oppose", "Asha", DESKTOP)
    kai = seated(browser, server, "oppose", "Kai", PHONE)
    try:
        # Asha's strong hit against Kai's miss with a match: she gains control.
        face_danger(asha, f"{STRONG},1,9,9", oppose=True)
        answer(asha, "against", "Kai")
        answer(asha, "against_stat", "iron")
        expect(asha.locator("#result")).to_contain_text("Asha gains control of the outcome")
        assert owed(http, "oppose") == [("Asha", ["Kai"])]
        expect(asha.locator("#waiting")).to_have_text("Your decision waits")
        expect(kai.locator("#waiting")).to_have_text("Waiting for Asha's decision")
        expect(kai.locator("#pending .then[data-first=Asha]")).to_be_visible()
        assert kai.locator("#pending button.choice").count() == 0
        shot(kai, "coop-oppose-kai-waits-phone")
        face_danger(kai)
        expect(kai.locator("#error")).to_contain_text("waits for Asha's decision first")
        # Asha resolves Kai's move (his miss): his Pay the Price is his own to answer now.
        asha.locator("#pending button.choice[data-key=ally]").click()
        expect(asha.locator("#waiting")).to_have_text("Kai must decide")
        expect(kai.locator("#waiting")).to_have_text("Your decision waits")
        assert owed(http, "oppose") == [("Kai", [])]
        kai.locator("#pending .decision[data-character=Kai] button.choice").first.click()
        for page in (asha, kai):
            expect(page.locator("#waiting")).to_be_hidden()
            assert page.errors == []
    finally:
        for page in (asha, kai):
            page.context.close()
