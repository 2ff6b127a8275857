"""A Starforged table on a 360 px phone and at desktop width, in Chromium (issue 19): what a new
player met there, each kept fixed.

- The sheet's five stats share one row inside the card (the last one was cut by its edge).
- An oracle row that points at other tables (Character Goal's "[Action](datasworn:...) +
  [Theme](...)") reads as their names in the table, the result, the page's roll history and
  the log, never as raw Markdown or ids; the tables stay inside their column.

Each screen is checked with axe-core (WCAG 2 A and AA), for horizontal overflow and for
anything drawn past its column's side.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect
from web_support import (
    DESKTOP,
    NARROW_PHONE,
    checked,
    home_server,
    new_campaign,
    open_table,
)

expect.set_options(timeout=15_000)
WIDTHS = [(DESKTOP, "desktop"), (NARROW_PHONE, "phone")]
GOAL = "oracle_rollable:starforged/character/goal"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with home_server(tmp_path_factory, "sf-phone", starforged=True) as live:
        yield live


@pytest.mark.parametrize(("viewport", "width"), WIDTHS)
def test_the_sheet_s_stats_fit_inside_the_card(
    server: Any, browser: Any, viewport: dict[str, int], width: str
) -> None:
    new_campaign(server, f"stats-{width}", "starforged", {"starship": "Vesper"})
    page = open_table(browser, f"{server.url}/c/stats-{width}", viewport)
    stats = page.locator("#sheet .stats li")
    expect(stats).to_have_count(5)
    card = page.locator("#sheet-col").bounding_box()
    last = stats.nth(4).bounding_box()
    assert last["x"] + last["width"] <= card["x"] + card["width"], (last, card)
    # One row: the five boxes side by side.
    assert {round(stats.nth(i).bounding_box()["y"]) for i in range(5)} == {round(last["y"])}
    checked(page, f"sf-phone-sheet-{width}", columns=True)
    page.context.close()


@pytest.mark.parametrize(("viewport", "width"), WIDTHS)
def test_an_oracle_row_pointing_at_other_tables_reads_as_their_names(
    server: Any, browser: Any, viewport: dict[str, int], width: str
) -> None:
    name = f"goal-{width}"
    http = new_campaign(server, name, "starforged", {"starship": "Vesper"})
    page = open_table(browser, f"{server.url}/c/{name}", viewport)

    # The page rolls at random: the test sets the roll to 85 ("81-90: Action + Theme").
    def rolled_85(route: Any) -> None:
        body = json.loads(route.request.post_data or "{}")
        route.continue_(post_data=json.dumps({**body, "value": 85}))

    page.route("**/actions/oracle", rolled_85)
    page.click("#tabs button[data-tab=oracles]")
    page.fill("#tab-oracles input[type=search]", "character goal")
    oracle = page.locator(f".oracle:has(button[data-oracle='{GOAL}'])")
    oracle.locator("summary").click()
    row = oracle.locator("tr", has_text="81-90")
    expect(row).to_have_text("81-90Action + Theme")
    oracle.locator("button.roll-oracle").click()
    result = page.locator("#result .oracle-result")
    expect(result).to_contain_text("85 Action + Theme")
    history = page.locator("#roll-history li").first
    expect(history).to_contain_text("Character Goal: Action + Theme (")
    result.locator("button", has_text="Keep in the journal").click()
    kept = page.locator("#timeline li").first
    expect(kept).to_contain_text("Character Goal: 85 → Action + Theme")
    for shown in (result, history, kept, row):
        text = shown.inner_text()
        assert "](" not in text and "datasworn:" not in text and "oracle_rollable" not in text
    # The Markdown export names the tables too.
    markdown = http.get(f"/api/c/{name}/export/markdown").text
    assert "Character Goal (85): Action + Theme (Action (" in markdown
    assert "datasworn:" not in markdown
    checked(page, f"sf-phone-goal-{width}", columns=True)
    page.context.close()


@pytest.mark.parametrize(("viewport", "width"), WIDTHS)
def test_the_odds_count_and_name_a_plus_one_on_the_next_move(
    server: Any, browser: Any, viewport: dict[str, int], width: str
) -> None:
    """Secure an Advantage's strong hit adds +1 on the next move: Face Danger's odds count it
    and say where it comes from (it was counted, unnamed); a path's momentum is not an add."""
    name = f"next-{width}"
    http = new_campaign(server, name, "starforged", {"starship": "Vesper"})
    move = {"move": "secure an advantage", "stat": "edge", "dice": [6, 1, 2]}
    answer = http.post(f"/api/c/{name}/actions/move", json=move)
    assert answer.status_code == 200, answer.text
    page = open_table(browser, f"{server.url}/c/{name}", viewport)
    page.click("button.move[data-move='move:starforged/adventure/face_danger']")
    edge = page.locator(".move-panel .stat-option").first
    # edge 3 + 1: strong 45.2% (33.2% at +0)
    expect(edge).to_contain_text("strong 45.2%")
    expect(edge.locator(".adds-auto")).to_have_text(
        " counts +1 that applies by itself: +1 from your last move"
    )
    checked(page, f"sf-phone-next-move-{width}", columns=True)
    page.context.close()
