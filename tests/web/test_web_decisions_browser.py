"""Results and decisions in Chromium (issue 19): the pending decision sits with the result
that raised it and is in view after a roll at desktop and phone width, the header says a
decision waits, results show their text as Markdown, the dice and names, Undo marks the result
undone, and the odds before a roll count the adds that apply by themselves."""

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
    PLACEHOLDER_FITS,
    axe_violations,
    home_server,
    open_page,
    overflow,
    shot,
)

SMALL_PHONE = {"width": 360, "height": 740}
STATS = "edge=3,heart=2,iron=1,shadow=1,wits=2"
expect.set_options(timeout=15_000)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with home_server(tmp_path_factory, "decisions-home") as live:
        yield live


def campaign(server: Any, name: str) -> httpx.Client:
    http = httpx.Client(base_url=server.url, headers=CHANGE, timeout=10)
    assert http.post("/api/campaigns", json={"name": name}).status_code == 201
    made = http.post(
        f"/api/c/{name}/actions/character",
        json={"name": "Asha", "stats": STATS, "assets": ["hawk:1=Kestrel"]},
    )
    assert made.status_code == 200, made.text
    track = {"kind": "journey", "text": "to the Veiled Mountains", "rank": "dangerous"}
    assert http.post(f"/api/c/{name}/actions/track", json=track).status_code == 200
    return http


def in_view(page: Any, selector: str, within_ms: int = 3000) -> bool:
    """Whether the element is (or, once the page's smooth scroll ends, comes) into view."""
    height = page.viewport_size["height"]
    for _ in range(within_ms // 50 + 1):
        box = page.locator(selector).first.bounding_box()
        if box is not None and 0 <= box["y"] < height:
            return True
        page.wait_for_timeout(50)  # the scroll into view is animated
    return False


def roll_face_danger(page: Any, dice: str) -> None:
    page.click("#tabs button[data-tab=moves]")
    page.click("button.move[data-move='move:classic/adventure/face_danger']")
    page.wait_for_selector(".move-panel[data-move='move:classic/adventure/face_danger']")
    page.check(".stat-choice input[value=edge]")
    page.fill(".move-form input[name=dice]", dice)
    page.click(".move-form button[type=submit]")


@pytest.mark.parametrize(
    ("viewport", "label"), [(DESKTOP, "desktop"), (PHONE, "phone"), (SMALL_PHONE, "phone-360")]
)
def test_the_decision_is_in_view_with_its_result_after_a_roll(
    server: Any, browser: Any, viewport: dict[str, int], label: str
) -> None:
    name = f"decide-{label}"
    campaign(server, name)
    page = open_page(browser, server, name, viewport)
    roll_face_danger(page, "1,9,9")  # a miss with a match: Pay the Price asks which way
    page.wait_for_selector("#pending .choice")
    # With the result, its options as buttons, and in view.
    assert page.locator("#outcome #result .move-result").count() == 1
    assert page.locator("#outcome #pending button.choice").count() == 3
    assert in_view(page, "#pending button.choice"), page.locator("#pending").bounding_box()
    assert in_view(page, "#result .move-result")
    expect(page.locator("#waiting")).to_be_visible()
    expect(page.locator("#waiting")).to_have_text("Asha must decide")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    shot(page, f"decision-after-roll-{label}")
    # The result shows the dice and no raw Markdown.
    result = page.inner_text("#result")
    assert "[" not in result and "**" not in result and "move:" not in result
    assert page.locator("#result .die.action").inner_text() == "1"
    # The decision's dice field is wide enough to read what it asks (it was cut short).
    assert page.locator("#pending .decision input.dice").evaluate(PLACEHOLDER_FITS)
    page.locator("#pending button.choice[data-key=obvious]").click()
    expect(page.locator("#waiting")).to_be_hidden()
    expect(page.locator("#pending")).to_be_hidden()
    # The answer's result is titled by the move that asked, not by the answer's action.
    expect(page.locator("#result .move-result h3")).to_have_text("Pay the Price Asha")
    assert "make the most obvious negative outcome happen" in page.inner_text("#result")
    if label == "desktop":
        # Taken back elsewhere (another client: the command line, another page), the result
        # on screen says so, as its timeline entry does; put back, it no longer does.
        http = httpx.Client(base_url=server.url, headers=CHANGE, timeout=10)
        assert http.post(f"/api/c/{name}/actions/undo", json={}).status_code == 200
        expect(page.locator("#result .move-result")).to_have_attribute("data-undone", "yes")
        assert http.post(f"/api/c/{name}/actions/redo", json={}).status_code == 200
        expect(page.locator("#result .move-result")).not_to_have_attribute("data-undone", "yes")
        http.close()
    assert page.errors == []
    page.context.close()


def test_a_fight_a_move_begins_reads_as_new_in_its_result(server: Any, browser: Any) -> None:
    campaign(server, "fray-new")
    page = open_page(browser, server, "fray-new", DESKTOP)
    fray = "move:classic/combat/enter_the_fray"
    page.click(f"button.move[data-move='{fray}']")
    page.wait_for_selector(f".move-panel[data-move='{fray}']")
    page.fill(".move-form input[name='read:foe']", "Raider")
    page.fill(".move-form input[name=dice]", "6,1,2")
    page.click(".move-form button[type=submit]")
    begun = page.locator("#result .effects li").first
    # What began, then its name: not "Raider – → Raider".
    expect(begun).to_have_text("new fight (dangerous): Raider")
    assert "–" not in page.inner_text("#result .effects")
    assert page.errors == []
    page.context.close()


def test_results_show_names_and_are_marked_undone_after_undo(server: Any, browser: Any) -> None:
    campaign(server, "undo-result")
    page = open_page(browser, server, "undo-result", DESKTOP)
    page.click("button.move[data-move='move:classic/adventure/undertake_a_journey']")
    page.wait_for_selector(".move-panel .stat-choice")
    page.fill(".move-form input[name=dice]", "3,4,9")  # a weak hit: progress, -1 supply
    page.click(".move-form button[type=submit]")
    page.wait_for_selector("#result .move-result")
    effects = page.inner_text("#result .effects")
    assert "to the Veiled Mountains progress" in effects and "journey-1" not in effects
    assert "Hawk “Kestrel”" in page.inner_text("#result")
    page.click("#undo")
    page.click("#confirm-undo")  # Undo asks first, saying what it takes back
    expect(page.locator("#result .move-result")).to_have_attribute("data-undone", "yes")
    expect(page.locator("#result .undone-label")).to_be_visible()
    shot(page, "result-undone")
    page.click("#redo")
    expect(page.locator("#result .move-result")).not_to_have_attribute("data-undone", "yes")
    assert page.errors == []
    page.context.close()


def test_the_odds_before_a_roll_count_the_adds_that_apply_by_themselves(
    server: Any, browser: Any
) -> None:
    campaign(server, "hawk-odds")
    page = open_page(browser, server, "hawk-odds", DESKTOP)
    page.click("button.move[data-move='move:classic/adventure/undertake_a_journey']")
    option = page.locator(".move-panel .stat-option").first
    expect(option).to_contain_text("strong 33.2%")  # wits 2 + the Hawk's +1 (23.2% at +0)
    expect(option.locator(".adds-auto")).to_contain_text("+1")
    expect(option.locator(".adds-auto")).to_contain_text("Far-seeing")
    # The outcomes read as the book's text, links as links to the move.
    page.click("button.move[data-move='move:classic/adventure/face_danger']")
    page.wait_for_selector(".move-panel[data-move='move:classic/adventure/face_danger'] .outcomes")
    shot(page, "odds-with-automatic-adds")
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("width", [360, 390, 414])
def test_a_phone_has_one_line_of_header_and_no_sideways_scroll(
    server: Any, browser: Any, width: int
) -> None:
    name = f"phone-{width}"
    campaign(server, name)
    page = open_page(browser, server, name, {"width": width, "height": 780})
    header = page.locator("#top").bounding_box()
    assert header is not None and header["height"] < 50, header  # one line of controls
    page.click("button.move[data-move='move:classic/adventure/undertake_a_journey']")
    page.wait_for_selector(".move-panel .stat-choice")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    roll_face_danger(page, "1,9,9")
    page.wait_for_selector("#pending .choice")
    badge = page.locator("#waiting").bounding_box()
    assert badge is not None and badge["y"] + badge["height"] <= 780  # floating, in reach
    header = page.locator("#top").bounding_box()
    assert header is not None and header["height"] < 50, header
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot(page, f"phone-{width}-decision")
    assert page.errors == []
    page.context.close()


def test_tracks_are_marked_on_their_boxes_and_work_from_every_tab(
    server: Any, browser: Any
) -> None:
    http = campaign(server, "tracks")
    page = open_page(browser, server, "tracks", PHONE)
    journey = page.locator(".track[data-track=journey-1]")
    # Near the top of the sheet column: above the character's sheet.
    assert journey.bounding_box()["y"] < page.locator("#sheet").bounding_box()["y"]
    journey.locator(".boxes-button").click()  # dangerous: 8 ticks, two boxes
    expect(journey.locator(".boxes")).to_have_attribute("data-ticks", "8")
    page.click("#tabs button[data-tab=oracles]")
    journey.locator("button[data-progress-move]").click()
    expect(page.locator("#tab-moves")).to_be_visible()
    expect(page.locator(".move-panel")).to_have_attribute(
        "data-move", "move:classic/adventure/reach_your_destination"
    )
    # ... from every tab: the Moves tab shows that move's panel, on that track.
    panel = page.locator(".move-panel[data-move='move:classic/adventure/reach_your_destination']")
    for tab in ("world", "create", "campaigns", "moves"):
        page.click(f"#tabs button[data-tab={tab}]")
        expect(page.locator(f"#tab-{tab}")).to_be_visible()
        journey.locator("button[data-progress-move]").click()
        expect(page.locator("#tab-moves")).to_be_visible()
        expect(panel).to_be_visible()
        expect(panel.locator("input[name=track][value=journey-1]")).to_be_checked()
    # A closed track is kept, folded away.
    vow = http.post(
        "/api/c/tracks/actions/track", json={"kind": "vow", "text": "old oath", "rank": "epic"}
    )
    assert vow.status_code == 200
    closed = http.post(
        "/api/c/tracks/actions/move",
        json={"move": "forsake your vow", "track": vow.json()["id"], "dice": [6, 1, 2]},
    )
    assert closed.status_code == 200, closed.text
    expect(page.locator("#tracks .archive summary")).to_contain_text("(1)")
    # Viewable: opened, it shows the closed vow, its rank, how it ended and its score.
    archived = page.locator(f"#tracks .archive li[data-track='{vow.json()['id']}']")
    expect(archived).to_be_hidden()
    page.click("#tracks .archive summary")
    expect(archived).to_be_visible()
    expect(archived).to_contain_text("old oath")
    expect(archived).to_contain_text("epic")
    expect(archived).to_contain_text("forsaken")
    shot(page, "tracks-top-phone")
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(
    ("move", "rolls", "action"),
    [
        ("move:classic/quest/reach_a_milestone", False, False),
        ("move:classic/quest/advance", False, False),
        ("move:classic/adventure/reach_your_destination", True, False),
        ("move:classic/quest/fulfill_your_vow", True, False),
        ("move:classic/adventure/face_danger", True, True),
    ],
)
def test_a_move_panel_asks_for_dice_only_when_it_rolls_and_never_shows_null(
    server: Any, browser: Any, move: str, rolls: bool, action: bool
) -> None:
    name = "panels-" + move.rsplit("/", 1)[1].replace("_", "-")
    campaign(server, name)
    page = open_page(browser, server, name, DESKTOP)
    page.click(f"button.move[data-move='{move}']")
    page.wait_for_selector(f".move-panel[data-move='{move}']")
    assert page.locator(".move-form input[name=dice]").count() == (1 if rolls else 0)
    # Adds and a reroll are an action roll's: a progress roll (its score is the track's) is
    # refused them, so its panel does not offer them.
    assert page.locator(".move-form input[name=add]").count() == (1 if action else 0)
    assert page.locator(".move-form input[name=reroll]").count() == (1 if action else 0)
    # A list the move reads is never an empty menu; a typed one shows its whole help.
    for menu in page.locator(".move-form .reads select").all():
        assert menu.locator("option").count() > 1
    for field in page.locator(".move-form .reads input[placeholder]").all():
        assert field.evaluate(PLACEHOLDER_FITS), field.get_attribute("placeholder")
    if move.endswith("/advance"):  # no experience yet: nothing to buy, said so
        expect(page.locator(".move-form .reads [data-option=asset] .none")).to_be_visible()
    assert "null" not in page.inner_text("body").split()
    assert page.errors == []
    page.context.close()


def test_oracle_rolls_are_listed_and_kept_in_the_journal_once(server: Any, browser: Any) -> None:
    http = campaign(server, "oracles")
    page = open_page(browser, server, "oracles", DESKTOP)
    page.click("#tabs button[data-tab=oracles]")
    page.locator("#tab-oracles .oracle-list > details > summary").first.click()
    roll = page.locator("button.roll-oracle").first
    for count in (1, 2, 3):
        roll.click()
        expect(page.locator("#roll-history ol.rolls > li")).to_have_count(count)
    keep = page.locator("#result button.keep")
    keep.click()
    expect(keep).to_be_disabled()
    expect(keep).to_have_text("Kept in the journal")
    expect(page.locator("#roll-history li.kept")).to_have_count(1)
    page.click("#tabs button[data-tab=oracles]")  # redrawn: still kept once
    kept = [e for e in http.get("/api/c/oracles/timeline").json() if e["kind"] == "oracle"]
    assert len(kept) == 1
    shot(page, "oracle-history")
    # A reload keeps this browser's rolls, the kept one marked (its button stays "kept").
    page.reload()
    page.wait_for_selector("body[data-ready=yes]")
    page.click("#tabs button[data-tab=oracles]")
    expect(page.locator("#roll-history ol.rolls > li")).to_have_count(3)
    expect(page.locator("#roll-history li.kept")).to_have_count(1)
    page.locator("#roll-history li.kept button").click()
    expect(page.locator("#result button.keep")).to_be_disabled()
    # The last 50 only: the oldest go as new ones come.
    page.locator("#tab-oracles .oracle-list > details > summary").first.click()
    for _ in range(50):  # fifty rolls more, each answered before the next
        with page.expect_response(lambda response: "/actions/oracle" in response.url):
            roll.click()
    # The third roll (kept) is gone: the oldest went. (Comparing the oldest's words could
    # fail by chance: two rolls may read the same.)
    expect(page.locator("#roll-history li.kept")).to_have_count(0)
    expect(page.locator("#roll-history ol.rolls > li")).to_have_count(50)
    expect(page.locator("#roll-history summary")).to_contain_text("the last 50")
    assert page.errors == []
    page.context.close()


def test_creation_shows_each_card_and_asks_only_what_it_needs(server: Any, browser: Any) -> None:
    http = httpx.Client(base_url=server.url, headers=CHANGE, timeout=10)
    assert http.post("/api/campaigns", json={"name": "creation"}).status_code == 201
    page = open_page(browser, server, "creation", PHONE)
    page.click("#tabs button[data-tab=create]")
    form = page.locator("form.create")
    # Swordmaster starts with its first ability marked: no ability to pick, no name to give.
    # Each card is offered by its name and its kind in words ("combat talent", not an id).
    swordmaster = form.locator(
        "select[name=asset0] option[value='asset:classic/combat_talent/swordmaster']"
    )
    expect(swordmaster).to_have_text("Swordmaster (combat talent)")
    labels = form.locator("select[name=asset0] option").all_inner_texts()
    assert len(labels) > 30 and not [t for t in labels if "_" in t], labels
    form.locator("select[name=asset0]").select_option("asset:classic/combat_talent/swordmaster")
    expect(form.locator("select[name=ability0]")).to_be_hidden()
    expect(form.locator("input[name=assetname0]")).to_be_hidden()
    expect(form.locator(".asset-pick").first.locator(".card-text li.marked")).to_have_count(1)
    # A companion starts with none marked: its starting ability and its name are asked.
    form.locator("select[name=asset1]").select_option("asset:classic/companion/hawk")
    expect(form.locator("select[name=ability1]")).to_be_visible()
    expect(form.locator("input[name=assetname1]")).to_be_visible()
    expect(form.locator(".asset-pick").nth(1).locator(".card-text")).to_contain_text("Far-seeing")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "creation-cards-phone")
    form.locator("input[name=name]").fill("Asha")
    form.locator("select[name=ability1]").select_option("1")
    form.locator("input[name=assetname1]").fill("Kestrel")
    form.locator("button[type=submit]").click()
    expect(page.locator(".char-name")).to_contain_text("Asha")
    # The phone's player, at the foot of the form, is told it worked and where to play.
    made = page.locator("#tab-create .made")
    expect(made).to_contain_text("Asha is at the table")
    assert in_view(page, "#tab-create .made")
    shot(page, "creation-made-phone")
    made.locator("button").click()
    expect(page.locator("#tab-moves")).to_be_visible()
    # The sheet's cards name their kind in words too.
    expect(page.locator(".asset[data-asset$='/swordmaster'] .type")).to_have_text(" combat talent")
    sheet = http.get("/api/c/creation/state").json()["characters"][0]
    assert {a["id"] for a in sheet["assets"]} == {
        "asset:classic/combat_talent/swordmaster",
        "asset:classic/companion/hawk",
    }
    assert page.errors == []
    page.context.close()


def test_the_guide_imports_a_content_pack_from_the_page(server: Any, browser: Any) -> None:
    # Last in this module: the pack it installs stays in the module's data home.
    from shared_files import STARFORGED_DATASWORN, shared_file

    source = shared_file(STARFORGED_DATASWORN)
    http = httpx.Client(base_url=server.url, headers=CHANGE, timeout=10)
    made = http.post("/api/campaigns", json={"name": "forge", "ruleset": "starforged"})
    assert made.status_code == 201
    page = open_page(browser, server, "forge", DESKTOP)
    page.click("#tabs button[data-tab=create]")
    expect(page.locator("[data-hint=no-assets]")).to_contain_text("under Campaigns")
    page.click("#tabs button[data-tab=campaigns]")
    page.set_input_files(".packs input[type=file]", str(source))
    page.click(".packs button[type=submit]")
    expect(page.locator(".pack-report")).to_contain_text("starforged", timeout=60_000)
    page.click("#tabs button[data-tab=create]")
    expect(page.locator("[data-hint=no-assets]")).to_have_count(0)
    # The imported deck as the rules offer it: two paths (46 cards), then a final asset of any
    # deck but deeds and the STARSHIP (79 cards), each after its placeholder.
    assert page.locator("form.create select[name=asset0] option").count() == 47
    assert page.locator("form.create select[name=asset2] option").count() == 80
    shot(page, "content-pack-imported")
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(("viewport", "label"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_a_rules_table_reads_as_a_table(
    server: Any, browser: Any, viewport: dict[str, int], label: str
) -> None:
    """Endure Harm's miss rolls on a table, written in the rules' text as a pipe table: the
    panel and the result draw it as a table, never as '| --- |' text."""
    name = f"pipe-table-{label}"
    campaign(server, name)
    page = open_page(browser, server, name, viewport)
    move = "move:classic/suffer/endure_harm"
    page.click(f"button.move[data-move='{move}']")
    panel = page.locator(f".move-panel[data-move='{move}']")
    expect(panel.locator(".outcomes table tr").first).to_be_visible()
    assert panel.locator(".outcomes table tr").count() >= 5
    assert "---" not in panel.inner_text() and "| Result" not in panel.inner_text()
    page.fill(".move-form input[name='read:amount']", "1")
    page.fill(".move-form input[name=dice]", "1,9,9")  # a miss
    page.click(".move-form button[type=submit]")
    expect(page.locator("#result .move-result")).to_contain_text("MISS")
    expect(page.locator("#result table tr").first).to_be_visible()
    assert "---" not in page.inner_text("#result")
    # The roll column on one line each ("1-" above "10" on a phone before).
    lines = page.locator("#result table tr td:first-child").evaluate_all(
        """(cells) => cells.map((cell) => { const range = document.createRange();
            range.selectNodeContents(cell); return range.getClientRects().length; })"""
    )
    assert lines and set(lines) == {1}, lines
    assert overflow(page) == 0
    shot(page, f"rules-table-{label}")
    assert page.errors == []
    page.context.close()


def test_no_move_panel_or_tab_shows_a_missing_value(server: Any, browser: Any) -> None:
    """Every move's panel and every tab, read as the player sees it: never a literal 'null',
    'undefined', 'NaN' or '[object Object]' (a value the page did not have)."""
    import re

    missing = re.compile(r"\b(null|undefined|NaN)\b|\[object Object\]")
    http = campaign(server, "sweep")
    fight = {"kind": "fight", "text": "raiders", "foe": "npc:classic/ironlanders/raider"}
    assert http.post("/api/c/sweep/actions/track", json=fight).status_code == 200
    page = open_page(browser, server, "sweep", DESKTOP)
    moves = page.eval_on_selector_all("button.move", "buttons => buttons.map(b => b.dataset.move)")
    assert len(moves) > 30
    found = []
    for move in moves:
        page.click(f"button.move[data-move='{move}']")
        page.wait_for_selector(f".move-panel[data-move='{move}']")
        found += [f"{move}: {m}" for m in missing.findall(page.inner_text("main"))]
    for tab in ("oracles", "world", "create", "campaigns"):
        page.click(f"#tabs button[data-tab={tab}]")
        expect(page.locator(f"#tab-{tab}")).to_be_visible()
        found += [f"{tab}: {m}" for m in missing.findall(page.inner_text("main"))]
    assert found == []
    assert page.errors == []
    page.context.close()


def test_a_click_on_a_decision_answered_meanwhile_answers_nothing(
    server: Any, browser: Any
) -> None:
    """Another device answers the decision, and a new one with the same keys comes, between
    the page drawing its buttons and the click: the click is refused and writes nothing; the
    page then shows the new decision, which its buttons answer."""
    name = "stale-click"
    http = campaign(server, name)
    page = open_page(browser, server, name, DESKTOP)
    roll_face_danger(page, "1,9,9")  # a miss with a match: Pay the Price asks which way
    page.wait_for_selector("#pending button.choice[data-key=obvious]")
    read = http.get(f"/api/c/{name}/state").json()
    shown = read["decisions"][0]
    sent: list[dict[str, Any]] = []

    def meanwhile(route: Any) -> None:
        # Before the click reaches the table: the other device answers, Asha rolls again.
        sent.append(route.request.post_data_json)
        answered = http.post(f"/api/c/{name}/actions/choose", json={"keys": ["obvious"]})
        assert answered.status_code == 200, answered.text
        again = {"move": "face danger", "stat": "edge", "dice": "2,8,8"}
        assert http.post(f"/api/c/{name}/actions/move", json=again).status_code == 200
        route.continue_()

    page.route("**/actions/choose", meanwhile)
    with page.expect_response("**/actions/choose") as response:
        page.locator("#pending button.choice[data-key=obvious]").click()
    assert response.value.status == 409
    assert sent == [
        {"keys": ["obvious"], "character": "Asha", "decision": shown["token"], "seen": read["head"]}
    ]
    expect(page.locator("#error")).to_contain_text("answered meanwhile")
    now = http.get(f"/api/c/{name}/state").json()
    # Still waiting: the new decision (alike to the one shown: told apart by the head).
    assert len(now["decisions"]) == 1 and now["head"] > read["head"]
    page.unroute("**/actions/choose")
    # The page is drawn again with the new decision: answered from the page.
    page.wait_for_selector(f"#timeline li.entry[data-seq='{now['head']}']", state="attached")
    with page.expect_response("**/actions/choose") as response:
        page.locator("#pending button.choice[data-key=obvious]").click()
    assert response.value.status == 200
    expect(page.locator("#pending")).to_be_hidden()
    assert http.get(f"/api/c/{name}/state").json()["decisions"] == []
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(("viewport", "label"), [(DESKTOP, "desktop"), (SMALL_PHONE, "phone-360")])
def test_a_decision_s_words_field_shows_the_name_taken_when_left_empty(
    server: Any, browser: Any, viewport: dict[str, int], label: str
) -> None:
    """Face Desolation's weak hit, the vision's quest: the vow's name field and what it is
    named when left empty ('left empty: Prevent the dreaded vision') are read whole; the
    placeholder said both and was cut short at 'name the vow (empty: Wh' beside the ranks'
    buttons, at any width."""
    name = f"desolation-{label}"
    http = campaign(server, name)
    made = http.post(
        f"/api/c/{name}/actions/move", json={"move": "face desolation", "dice": "3,2,9"}
    )
    assert made.status_code == 200, made.text
    chose = http.post(f"/api/c/{name}/actions/choose", json={"keys": ["dreaded_vision"]})
    if chose.status_code != 200:  # (the option's key, whichever the rulebook data names)
        keys = [o["key"] for o in made.json()["pending"][0]["options"]]
        chose = http.post(f"/api/c/{name}/actions/choose", json={"keys": [keys[-1]]})
    assert chose.status_code == 200, chose.text
    page = open_page(browser, server, name, viewport)
    field = page.locator("#pending .decision input.words")
    expect(field).to_be_visible()
    assert field.evaluate(PLACEHOLDER_FITS), field.get_attribute("placeholder")
    fallback = page.locator("#pending .decision .words-default")
    expect(fallback).to_have_text("left empty: Prevent the dreaded vision")
    assert fallback.evaluate("(el) => el.scrollWidth <= el.clientWidth")
    assert axe_violations(page) == []
    assert overflow(page) == 0
    shot(page, f"decision-words-{label}")
    assert page.errors == []
    page.context.close()
