"""An address that is no page: a browser that opens it reads a 404 page saying so, with where to
go instead (an unknown campaign: the campaigns it may have meant); the API and the page's files
answer their one JSON line whoever asks. A campaign that does not exist has no table page (it
was served the table, which sat empty, trying again every second)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import CHANGE, client

BROWSER = {"accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


@pytest.mark.parametrize("path", ["/nonsense", "/campaigns/nope", "/c/t/extra", "/c/"])
def test_an_unknown_page_opened_in_a_browser_is_a_404_page(api: Any, path: str) -> None:
    answer = api.get(path, headers=BROWSER)
    assert answer.status_code == 404
    assert answer.headers["content-type"].startswith("text/html")
    assert f"There is no page at {path}." in answer.text
    assert '<a href="/">the home campaign&#x27;s table</a>' in answer.text
    assert "content-security-policy" in answer.headers  # (and no script: nothing inline)
    assert "<script" not in answer.text and "style=" not in answer.text


def test_the_address_is_escaped_on_the_page(api: Any) -> None:
    answer = api.get("/%3Cb%3Ebold%3C/b%3E", headers=BROWSER)
    assert answer.status_code == 404
    assert "&lt;b&gt;bold&lt;/b&gt;" in answer.text and "<b>" not in answer.text


@pytest.mark.parametrize("path", ["/api/nope", "/api/c/t/nope", "/static/nope.js"])
def test_the_api_and_the_page_files_answer_json_to_a_browser_too(api: Any, path: str) -> None:
    answer = api.get(path, headers=BROWSER)
    assert answer.status_code == 404
    assert answer.json() == {"error": f"no such page or endpoint: {path}"}


def test_an_unknown_page_asked_for_by_a_program_is_the_json_line(api: Any) -> None:
    answer = api.get("/nonsense")
    assert answer.status_code == 404
    assert answer.json() == {"error": "no such page or endpoint: /nonsense"}


def test_an_unknown_campaign_has_no_table_page(api: Any, home: Path) -> None:
    # The home campaign's page is there before its first use (it is made then).
    assert api.get("/c/t", headers=BROWSER).status_code == 200
    made = api.post("/api/campaigns", json={"name": "isles"}, headers=CHANGE)
    assert made.status_code == 201, made.text
    assert api.get("/c/isles", headers=BROWSER).status_code == 200
    page = api.get("/c/isle", headers=BROWSER)
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")
    assert "campaign &#x27;isle&#x27; does not exist" in page.text
    assert '<a href="/c/isles">campaign isles</a>' in page.text
    # A program reads the JSON line, with the candidates; nothing was made for it.
    answer = api.get("/c/isle")
    assert answer.status_code == 404
    assert answer.json()["error"].startswith("campaign 'isle' does not exist")
    assert "isles" in answer.json()["candidates"]
    assert not (home / "campaigns" / "isle.sqlite").exists()
    # A name that cannot be a campaign's, opened in a browser: a page naming it.
    bad = api.get("/c/a%20b", headers=BROWSER)
    assert bad.status_code == 400 and bad.headers["content-type"].startswith("text/html")
    assert "a b" in bad.text


@pytest.fixture
def hosted(home: Path) -> Iterator[Any]:
    from ironsworn.web.app import create_app

    with client(create_app("t", loopback=False), host="192.0.2.10") as test_client:
        yield test_client


def test_a_page_opened_without_its_invite_link_says_so_on_a_page(hosted: Any) -> None:
    page = hosted.get("/c/t", headers=BROWSER)
    assert page.status_code == 401 and page.headers["content-type"].startswith("text/html")
    assert "use an invite link" in page.text
    assert hosted.get("/api/c/t/state", headers=BROWSER).json() == {
        "error": "this table is played with an access token: use an invite link"
    }


# ------------------------------------------------------------------------------ in Chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from web_support import home_server

    with home_server(tmp_path_factory, "unknown-pages") as live:
        yield live


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_the_404_page_in_chromium(server: Any, browser: Any, width: str) -> None:
    from web_support import DESKTOP, NARROW_PHONE, checked

    context = browser.new_context(
        viewport=DESKTOP if width == "desktop" else NARROW_PHONE, bypass_csp=True
    )
    page = context.new_page()
    page.errors, page.console_errors = [], []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    answer = page.goto(f"{server.url}/campaigns/nope")
    assert answer is not None and answer.status == 404
    assert page.locator("h1").inner_text() == "Nothing here"
    checked(page, f"unknown-page-{width}")
    # Its link leads to the table.
    page.click("text=the home campaign's table")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.url == f"{server.url}/c/home"
    context.close()
