"""The table's questions asked as forms in Chromium (issues 18 and 19): a move made without an
input it needs comes back as a question (the input's declaration and its choices now), which
the page draws as buttons (choices that are every value accepted), a list, or a field with
suggestions; answering makes the move again with that input. Every case of issue 18's first
list: Advance's purchase with its cost, Oppose's ally (and the ally's stat), a role's bonus,
Enter the Fray without a fight (the foe and its rank), Swear an Iron Vow's bond, Ironclad's
two styles (one or the other), Aid Your Ally's ally, Companion Endure Harm's amount. At
desktop and phone width; no question is shown as an error line."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from web_support import (
    CHANGE,
    DESKTOP,
    PHONE,
    home_server,
    open_page,
    shot,
)

WIDTHS = [(DESKTOP, "desktop"), (PHONE, "phone")]
STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"
expect.set_options(timeout=15_000)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with home_server(tmp_path_factory, "questions-home") as live:
        yield live


class Campaign:
    """A campaign made through the JSON API, and its page."""

    def __init__(self, server: Any, name: str) -> None:
        self.name = name
        self.http = httpx.Client(base_url=server.url, headers=CHANGE, timeout=10)
        assert self.http.post("/api/campaigns", json={"name": name}).status_code == 201

    def do(self, action: str, body: dict[str, Any]) -> Any:
        answer = self.http.post(f"/api/c/{self.name}/actions/{action}", json=body)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def state(self) -> Any:
        return self.http.get(f"/api/c/{self.name}/state").json()

    def character(self, name: str) -> Any:
        return next(c for c in self.state()["characters"] if c["name"] == name)

    def rolls(self) -> list[Any]:
        timeline = self.http.get(f"/api/c/{self.name}/timeline?last=50").json()
        return [e for e in timeline if e.get("kind") == "move" and e["status"] == "live"]


def open_move(page: Any, move: str) -> None:
    page.click("#tabs button[data-tab=moves]")
    page.click(f"button.move[data-move='{move}']")
    page.wait_for_selector(f".move-panel[data-move='{move}']")


def roll(page: Any, dice: str | None = None) -> None:
    if dice is not None:
        page.fill(".move-form input[name=dice]", dice)
    page.click(".move-form button[type=submit]")


def asked(page: Any, input_name: str) -> Any:
    """The question box asking for ``input_name``, checked to be a form, in view, not an error."""
    box = page.locator(f"#asked[data-input='{input_name}']")
    expect(box).to_be_visible()
    expect(page.locator("#error")).to_be_hidden()
    assert box.bounding_box()["y"] < page.viewport_size["height"]
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, wide(page)
    return box


def wide(page: Any) -> list[str]:
    """The elements reaching past the window's right edge (what widens the page)."""
    found: list[str] = page.evaluate(
        "[...document.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right"
        " > innerWidth).map((e) => `${e.tagName}.${e.className}`).slice(0, 12)"
    )
    return found


def done(page: Any) -> None:
    expect(page.locator("#asked")).to_be_hidden()
    expect(page.locator("#result .move-result")).to_be_visible()
    assert page.errors == []


@pytest.mark.parametrize(("viewport", "label"), WIDTHS)
def test_advance_asks_what_to_buy_with_its_cost(
    server: Any, browser: Any, viewport: dict[str, int], label: str
) -> None:
    game = Campaign(server, f"advance-{label}")
    game.do("character", {"name": "Kai", "stats": STATS, "assets": ["hawk:1=Kestrel"]})
    game.do("adjust", {"meter": "experience", "delta": 3, "character": "Kai"})
    page = open_page(browser, server, game.name, viewport, "Kai")
    open_move(page, "move:classic/quest/advance")
    roll(page)
    box = asked(page, "asset")
    # Every purchase with its cost: a list (there are more than a few) to pick from.
    select = box.locator("select")
    options = select.locator("option").all_inner_texts()
    assert any("Hawk" in o and "2 experience" in o for o in options), options
    assert any("Berserker" in o and "3 experience" in o for o in options), options
    shot(page, f"question-advance-{label}")
    upgrade = next(o for o in options if "Hawk" in o and "ability 2" in o)
    select.select_option(label=upgrade)
    box.locator("button[data-answer=send]").click()
    done(page)
    # The purchase is confirmed as a decision (what it costs, what it marks).
    expect(page.locator("#pending")).to_contain_text("spend 2 experience to upgrade Hawk")
    page.locator("#pending button.choice[data-key=upgrade]").click()
    expect(page.locator("#pending")).to_be_hidden()
    kai = game.character("Kai")
    hawk = next(a for a in kai["assets"] if a["id"].endswith("/hawk"))
    assert hawk["abilities"][:2] == [True, True]
    assert kai["experience"]["spent"] == 2


@pytest.mark.parametrize(("viewport", "label"), WIDTHS)
def test_oppose_asks_the_ally_and_their_stat(
    server: Any, browser: Any, viewport: dict[str, int], label: str
) -> None:
    game = Campaign(server, f"oppose-{label}")
    game.do("character", {"name": "Kai", "stats": STATS})
    game.do("character", {"name": "Bo", "stats": STATS})
    page = open_page(browser, server, game.name, viewport, "Kai")
    open_move(page, "move:classic/adventure/face_danger")
    page.check(".stat-choice input[value=iron]")
    page.check(".move-form input[name=oppose]")
    roll(page, "6,1,2,1,9,9")
    box = asked(page, "against")
    expect(box.locator("button.choice")).to_have_count(1)  # the only ally: Bo
    shot(page, f"question-oppose-{label}")
    box.locator("button.choice[data-key=Bo]").click()
    box = asked(page, "against_stat")
    expect(box).to_contain_text("which stat does Bo roll")
    box.locator("button.choice[data-key=heart]").click()
    done(page)
    # Kai's iron (2) and Bo's heart (2) were rolled: Kai's strong hit controls the outcome.
    expect(page.locator("#result .roll")).to_have_count(2)
    expect(page.locator("#result")).to_contain_text("Kai gains control of the outcome")
    (decision,) = game.state()["decisions"]
    assert decision["character"] == "Kai" and [o["key"] for o in decision["options"]] == [
        "own",
        "ally",
    ]


@pytest.mark.parametrize(("viewport", "label"), WIDTHS)
def test_a_role_asks_its_bonus(
    server: Any, browser: Any, viewport: dict[str, int], label: str
) -> None:
    game = Campaign(server, f"role-{label}")
    game.do("character", {"name": "Kai", "stats": STATS})
    game.do("option", {"name": "assets", "value": "roles"})
    game.do("move", {"move": "advance", "character": "Kai", "new_role": "scout"})
    page = open_page(browser, server, game.name, viewport, "Kai")
    open_move(page, "move:classic/adventure/face_danger")
    page.check(".stat-choice input[value=edge]")
    page.select_option(".move-form select[name='read:as']", "scout")
    roll(page, "6,1,2")
    box = asked(page, "role_bonus")
    expect(box.locator("button.choice")).to_have_count(2)  # +2, or momentum
    shot(page, f"question-role-{label}")
    box.locator("button.choice[data-key='+2']").click()
    done(page)
    expect(page.locator("#result .roll")).to_contain_text("+ 3 + 2")


@pytest.mark.parametrize(("viewport", "label"), WIDTHS)
def test_enter_the_fray_without_a_fight_asks_the_foe_and_its_rank(
    server: Any, browser: Any, viewport: dict[str, int], label: str
) -> None:
    game = Campaign(server, f"fray-{label}")
    game.do("character", {"name": "Kai", "stats": STATS})
    page = open_page(browser, server, game.name, viewport, "Kai")
    open_move(page, "move:classic/combat/enter_the_fray")
    page.check(".stat-choice input[value=heart]")
    roll(page, "6,1,2")
    box = asked(page, "foe")
    # A foe of the book or the player's own words: a field with the book's foes as suggestions.
    field = box.locator("input")
    assert box.locator("datalist option[value=Bear]").count() == 1
    shot(page, f"question-fray-foe-{label}")
    field.fill("ash wolf")
    field.press("Enter")
    box = asked(page, "rank")
    expect(box.locator("button.choice")).to_have_count(5)
    box.locator("button.choice[data-key=dangerous]").click()
    done(page)
    (fight,) = game.state()["tracks"]
    assert (fight["kind"], fight["name"], fight["rank"]) == ("fight", "ash wolf", "dangerous")


@pytest.mark.parametrize(("viewport", "label"), WIDTHS)
def test_swear_an_iron_vow_asks_whether_it_is_to_a_bond(
    server: Any, browser: Any, viewport: dict[str, int], label: str
) -> None:
    game = Campaign(server, f"swear-{label}")
    game.do("character", {"name": "Kai", "stats": STATS, "bonds": ["Ironhome"]})
    game.do("track", {"kind": "vow", "text": "Find the wolf", "rank": "dangerous"})
    page = open_page(browser, server, game.name, viewport, "Kai")
    open_move(page, "move:classic/quest/swear_an_iron_vow")
    roll(page, "3,4,9")
    box = asked(page, "with")
    expect(box.locator("button.choice")).to_have_count(2)  # the bond, or none
    # ... or the name of whom the vow is for (Forge a Bond with them rerolls once it is kept).
    expect(box.locator("input[type=text]")).to_have_attribute("placeholder", "or your own words")
    expect(box).to_contain_text("share a bond with")
    shot(page, f"question-swear-{label}")
    box.locator("button.choice[data-key=Ironhome]").click()
    done(page)
    expect(page.locator("#result .roll")).to_contain_text("+ 2 + 1")  # heart, and the bond's +1


def test_swear_an_iron_vow_without_bonds_asks_whom_it_serves(server: Any, browser: Any) -> None:
    """With no bonds the vow's +1 cannot be had, but whom it serves is what Forge a Bond reads
    once it is fulfilled: asked after the vow's words and rank, "none" one click away, or a
    name in the player's words (kept, no +1)."""
    game = Campaign(server, "swear-no-bonds")
    game.do("character", {"name": "Kai", "stats": STATS})
    page = open_page(browser, server, game.name, DESKTOP, "Kai")
    open_move(page, "move:classic/quest/swear_an_iron_vow")
    roll(page, "3,4,9")
    box = asked(page, "vow")
    box.locator("input[type=text]").fill("Free the miller's daughter")
    box.locator("input[type=text]").press("Enter")
    asked(page, "rank").locator("button.choice[data-key=troublesome]").click()
    box = asked(page, "with")
    expect(box).to_contain_text("whom does this vow serve?")
    expect(box.locator("button.choice")).to_have_count(1)  # none
    expect(box.locator("button.choice[data-key=none]")).to_contain_text("no one")
    shot(page, "question-swear-no-bonds")
    box.locator("input[type=text]").fill("Bjorn the miller")
    box.locator("input[type=text]").press("Enter")
    done(page)
    expect(page.locator("#result .roll")).to_contain_text("+ 2 =")  # heart, no +1
    expect(page.locator("#result")).to_contain_text("the vow is to Bjorn the miller")


def test_a_journey_begun_by_its_move_asks_where_its_rank_then_its_bond(
    server: Any, browser: Any
) -> None:
    """Undertake a Journey with none under way: where, its rank, then "If you are setting off
    from a community with which you share a bond, add +1 to your initial roll"."""
    game = Campaign(server, "journey-bond")
    game.do("character", {"name": "Kai", "stats": STATS, "bonds": ["Ironhome"]})
    page = open_page(browser, server, game.name, DESKTOP, "Kai")
    open_move(page, "move:classic/adventure/undertake_a_journey")
    roll(page, "5,1,2")
    box = asked(page, "destination")
    box.locator("input[type=text]").fill("the Havens")
    box.locator("input[type=text]").press("Enter")
    asked(page, "rank").locator("button.choice[data-key=dangerous]").click()
    box = asked(page, "with")
    expect(box).to_contain_text("setting off from a community you share a bond with? (+1)")
    expect(box.locator("button.choice")).to_have_count(2)  # the bond, or none
    shot(page, "question-journey-bond")
    box.locator("button.choice[data-key=Ironhome]").click()
    expect(page.locator("#asked")).to_be_hidden()
    expect(page.locator("#result .roll")).to_contain_text("+ 1 + 1")  # wits, and the bond
    assert page.errors == []


@pytest.mark.parametrize(("viewport", "label"), WIDTHS)
def test_ironclad_styles_are_one_or_the_other(
    server: Any, browser: Any, viewport: dict[str, int], label: str
) -> None:
    game = Campaign(server, f"ironclad-{label}")
    game.do("character", {"name": "Kai", "stats": STATS, "assets": ["ironclad"]})
    game.do("track", {"kind": "fight", "foe": "bear"})
    page = open_page(browser, server, game.name, viewport, "Kai")
    open_move(page, "move:classic/suffer/endure_harm")
    styles = page.locator(".applies .one-of input[type=radio]")
    expect(styles).to_have_count(3)  # light, geared for war, neither
    shot(page, f"question-ironclad-{label}")
    page.check(".applies input[value='ironclad:1:light']")
    page.check(".applies input[value='ironclad:1:war']")  # the other goes
    assert not page.is_checked(".applies input[value='ironclad:1:light']")
    page.check(".applies input[value='ironclad:1:light']")
    page.fill(".move-form input[name='read:amount']", "1")
    roll(page, "6,1,2")
    done(page)
    expect(page.locator("#result .roll")).to_contain_text("+ 1 =")  # lightly armored: +1


@pytest.mark.parametrize(("viewport", "label"), WIDTHS)
def test_aid_your_ally_asks_the_ally(
    server: Any, browser: Any, viewport: dict[str, int], label: str
) -> None:
    game = Campaign(server, f"aid-{label}")
    game.do("character", {"name": "Kai", "stats": STATS})
    game.do("character", {"name": "Bo", "stats": STATS})
    # Two allies to aid: the panel chooses neither, and the move asks (with one, the panel
    # chooses it: test_web_move_form_browser).
    game.do("character", {"name": "Ash", "stats": STATS})
    page = open_page(browser, server, game.name, viewport, "Kai")
    open_move(page, "move:classic/relationship/aid_your_ally")
    roll(page, "6,1,2")
    box = asked(page, "ally")
    expect(box.locator("button.choice")).to_have_count(2)
    shot(page, f"question-aid-{label}")
    box.locator("button.choice[data-key=Bo]").click()
    # Aid Your Ally is Secure an Advantage for the ally: its stat may be asked next.
    stat = page.locator("#asked[data-input=stat] button.choice[data-key=edge]")
    if stat.count():
        stat.click()
    done(page)


@pytest.mark.parametrize(("viewport", "label"), WIDTHS)
def test_companion_endure_harm_asks_the_amount(
    server: Any, browser: Any, viewport: dict[str, int], label: str
) -> None:
    game = Campaign(server, f"companion-{label}")
    game.do("character", {"name": "Kai", "stats": STATS, "assets": ["hound:1=Brann"]})
    page = open_page(browser, server, game.name, viewport, "Kai")
    open_move(page, "move:classic/suffer/companion_endure_harm")
    roll(page, "6,1,2")
    box = asked(page, "amount")
    expect(box).to_contain_text("how much harm does Brann take?")
    expect(box).not_to_contain_text("needs")
    expect(box.locator("button.choice")).to_have_count(5)  # 1 to 5 harm
    shot(page, f"question-companion-{label}")
    box.locator("button.choice[data-key='3']").click()
    done(page)
    hound = next(a for a in game.character("Kai")["assets"] if a["id"].endswith("/hound"))
    assert hound["meter"]["value"] == 2  # 4 health, 3 harm, then +1 on the strong hit


def test_cancel_puts_the_question_away_and_changes_nothing(server: Any, browser: Any) -> None:
    game = Campaign(server, "cancel")
    game.do("character", {"name": "Kai", "stats": STATS})
    game.do("character", {"name": "Bo", "stats": STATS})
    game.do("character", {"name": "Ash", "stats": STATS})  # two allies: which one is asked
    before = game.state()["version"]
    page = open_page(browser, server, game.name, DESKTOP, "Kai")
    open_move(page, "move:classic/relationship/aid_your_ally")
    roll(page, "6,1,2")
    asked(page, "ally").locator("button[data-answer=cancel]").click()
    expect(page.locator("#asked")).to_be_hidden()
    assert game.state()["version"] == before
    assert page.errors == []
