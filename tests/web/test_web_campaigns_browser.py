"""The Campaigns tab in Chromium: the new campaign's name field checks the names the server
takes (letters, digits, "_" and "-", a letter or digit first) and the browser finds nothing
wrong with the page (an invalid ``pattern`` is a console error the field then ignores)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from web_support import (
    CHANGE,
    PLACEHOLDER_FITS,
    checked,
    data_home,
    live_server,
    open_table,
    require_chromium,
)

DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    require_chromium()
    home = tmp_path_factory.mktemp("web-campaigns")
    with data_home(home), live_server("home") as live:
        yield live


@pytest.mark.parametrize(
    ("name", "valid"),
    [
        ("sequel", True),
        ("my-saga_2", True),
        ("Saga-", True),
        ("-saga", False),
        ("bad name", False),
        ("saga!", False),
        ("x" * 64, True),
        ("x" * 65, False),
    ],
)
def test_the_new_campaign_name_is_checked_as_the_server_checks_it(
    server: Any, browser: Any, name: str, valid: bool
) -> None:
    page = open_table(browser, f"{server.url}/c/home", DESKTOP)
    page.click("#tabs button[data-tab=campaigns]")
    field = page.locator("input[aria-label='new campaign name']")
    field.fill(name)
    assert field.evaluate("e => e.checkValidity()") is valid
    checked(page, "campaigns-tab")
    page.context.close()


def test_a_refused_campaign_name_says_what_a_name_may_hold(server: Any, browser: Any) -> None:
    page = open_table(browser, f"{server.url}/c/home", DESKTOP)
    page.click("#tabs button[data-tab=campaigns]")
    field = page.locator("input[aria-label='new campaign name']")
    field.fill("Åsa saga")
    page.locator("#tab-campaigns button:has-text('Create')").click()
    # The browser's own words and the field's: "Please match the requested format" alone
    # said nothing of the accent and the space.
    said = field.evaluate("e => e.validationMessage")
    assert "a-z" in said and "no spaces or accents" in said, said
    # The server says the same to a client that sends it anyway.
    answer = httpx.post(f"{server.url}/api/campaigns", json={"name": "Åsa"}, headers=CHANGE)
    assert answer.status_code == 400
    assert "letters a-z" in answer.json()["error"]
    # The import's name field shows its whole hint.
    assert page.locator("input[aria-label='name for the imported campaign']").evaluate(
        PLACEHOLDER_FITS
    )
    checked(page, "campaigns-tab-refused-name")
    page.context.close()
