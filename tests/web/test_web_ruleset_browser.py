"""The page draws the ruleset it is told (issue 19, "The page's code"), in Chromium: the new-track
form shows for each kind only the fields the track operation takes with it (a fight's foe and
pack, a connection's role), the initiative is worded as the ruleset words it (classic: have it
/ lost; Starforged: in control / in a bad spot), and the rulesets a new campaign may play come
from the description. Classic and Starforged, at desktop width and on a 360 px phone, each
screen checked with axe-core (WCAG 2 A and AA) and for horizontal overflow."""

from __future__ import annotations

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


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with home_server(tmp_path_factory, "ruleset-browser", starforged=True) as live:
        yield live


def visible_fields(page: Any) -> list[str]:
    """The new-track form's fields shown now, by name (the kind's select first)."""
    names: list[str] = page.eval_on_selector_all(
        "#tracks form.new-track [name]",
        "(els) => els.filter((e) => !e.hidden).map((e) => e.name)",
    )
    return names


@pytest.mark.parametrize(("viewport", "width"), WIDTHS)
def test_a_classic_track_form_and_the_initiative(
    server: Any, browser: Any, viewport: dict[str, int], width: str
) -> None:
    http = new_campaign(server, f"iron-{width}", "classic", {})
    page = open_table(browser, f"{server.url}/c/iron-{width}", viewport)
    kinds = page.eval_on_selector_all(
        "#tracks select[name=kind] option", "(os) => os.map((o) => o.value)"
    )
    assert kinds[:4] == ["vow", "journey", "fight", "scene"]
    # A vow asks what it is for and its rank; a fight also its foe and the pack's size; no
    # connection's role in classic.
    assert visible_fields(page) == ["kind", "text", "rank"]
    first_rank = page.locator("#tracks select[name=rank] option").first
    expect(first_rank).to_have_text("rank…")  # a vow needs one
    page.select_option("#tracks select[name=kind]", "fight")
    assert visible_fields(page) == ["kind", "text", "rank", "foe", "count"]
    expect(first_rank).to_have_text("rank (the foe's own)")
    assert page.locator("#tracks input[name=role]").count() == 0
    page.select_option("#tracks select[name=foe]", label="Wolf")
    page.fill("#tracks input[name=count]", "3")
    page.click("#tracks form.new-track button[type=submit]")
    expect(page.locator("#tracks .track h4").first).to_contain_text("Wolf (pack of 3)")
    # "About 3-5" dangerous wolves are one rank higher: formidable (rulebook p. 84).
    fight = http.get(f"/api/c/iron-{width}/state").json()["tracks"][0]
    assert (fight["kind"], fight["rank"], fight["foe"]) == (
        "fight",
        "formidable",
        "npc:classic/animals/wolf",
    )
    # In the fight: the initiative in classic's words, changed by hand.
    control = page.locator(".position-control")
    expect(control).to_have_attribute("aria-label", "initiative")
    expect(control.locator("button")).to_have_text(["have it", "lost"])
    control.locator("button[data-initiative=have]").click()
    expect(page.locator(".char-name .badge")).to_have_text("initiative")
    expect(page.locator("#timeline")).to_contain_text("Kira has initiative")
    checked(page, f"ruleset-classic-{width}", full_page=True)
    page.context.close()


@pytest.mark.parametrize(("viewport", "width"), WIDTHS)
def test_a_starforged_track_form_and_the_position(
    server: Any, browser: Any, viewport: dict[str, int], width: str
) -> None:
    http = new_campaign(server, f"forge-{width}", "starforged", {"starship": "Vesper"})
    page = open_table(browser, f"{server.url}/c/forge-{width}", viewport)
    kinds = page.eval_on_selector_all(
        "#tracks select[name=kind] option", "(os) => os.map((o) => o.value)"
    )
    assert kinds == ["vow", "expedition", "fight", "connection", "scene"]
    page.select_option("#tracks select[name=kind]", "connection")
    assert visible_fields(page) == ["kind", "text", "rank", "role"]
    page.fill("#tracks input[name=text]", "Mara")
    page.fill("#tracks input[name=role]", "engineer")
    page.select_option("#tracks select[name=rank]", "troublesome")
    page.click("#tracks form.new-track button[type=submit]")
    expect(page.locator("#tracks")).to_contain_text("connection (engineer)")
    page.select_option("#tracks select[name=kind]", "fight")
    assert visible_fields(page) == ["kind", "text", "rank", "foe", "count"]
    page.fill("#tracks input[name=text]", "Pirates")
    page.select_option("#tracks select[name=rank]", "dangerous")
    page.click("#tracks form.new-track button[type=submit]")
    expect(page.locator("#tracks")).to_contain_text("Pirates")
    # The position in Starforged's words: in a bad spot until the fighter takes control.
    control = page.locator(".position-control")
    expect(control).to_have_attribute("aria-label", "position")
    expect(control.locator("button")).to_have_text(["in control", "in a bad spot"])
    expect(page.locator(".char-name .badge.position")).to_have_text("in a bad spot")
    control.locator("button[data-initiative='in control']").click()
    expect(page.locator(".char-name .badge.position")).to_have_text("in control")
    tracks = {t["kind"]: t for t in http.get(f"/api/c/forge-{width}/state").json()["tracks"]}
    assert tracks["connection"]["role"] == "engineer"
    assert tracks["fight"]["name"] == "Pirates"
    checked(page, f"ruleset-starforged-{width}", full_page=True)
    page.context.close()


def test_the_new_campaign_form_offers_the_described_rulesets(server: Any, browser: Any) -> None:
    new_campaign(server, "both", "classic", {})
    page = open_table(browser, f"{server.url}/c/both", NARROW_PHONE)
    page.click("#tabs button[data-tab=campaigns]")
    # The tab is drawn after its read of the campaign list: wait for the form before reading it.
    expect(page.locator("select[aria-label=ruleset] option")).to_have_count(2)
    rulesets = page.eval_on_selector_all(
        "select[aria-label=ruleset] option", "(os) => os.map((o) => [o.value, o.textContent])"
    )
    assert rulesets == [["classic", "Ironsworn"], ["starforged", "Starforged"]]
    # Starforged's own file is asked for beside it (named as the description names it).
    assert page.locator(".own-file input[type=file]").count() == 0
    page.select_option("select[aria-label=ruleset]", "starforged")
    expect(page.locator(".own-file")).to_contain_text("your starforged.json (needed once)")
    checked(page, "ruleset-campaigns-phone", full_page=True)
    page.context.close()
