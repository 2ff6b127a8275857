"""The hardened table in Chromium: invite links followed from another site, the token kept out
of the address and the history, a second campaign's invite, request ids on retries and the
live indicator through an outage (issue 19)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from web_support import (
    CHANGE,
    chromium_browser,
    hosted_server,
    shot,
)

MAIL = "http://mail.example/inbox"  # another site, drawn by Playwright (no network)
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
expect.set_options(timeout=15_000)


@pytest.fixture(scope="module")
def hosted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with hosted_server(tmp_path_factory, "hosted-home") as live:
        yield live


@pytest.fixture(scope="module")
def browser(hosted: Any) -> Iterator[Any]:
    with chromium_browser() as chromium:
        yield chromium


def from_mail(browser: Any, link: str, viewport: dict[str, int] = DESKTOP) -> Any:
    """A page that follows ``link`` from a mail on another site (a cross-site navigation)."""
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.route(
        MAIL,
        lambda route: route.fulfill(
            content_type="text/html",
            body=f'<!doctype html><title>mail</title><a id="invite" href="{link}">join</a>',
        ),
    )
    page.goto(MAIL)
    page.before = page.evaluate("history.length")
    page.click("#invite")
    page.wait_for_selector("body[data-ready=yes]")
    return page


def test_an_invite_from_another_site_opens_the_table_and_leaves_no_token(
    hosted: Any, browser: Any
) -> None:
    token = hosted.tokens["player"]
    page = from_mail(browser, f"{hosted.url}/c/t?token={token}")
    assert page.url == f"{hosted.url}/c/t"  # the token is out of the address bar
    expect(page.locator("#live")).to_have_attribute("data-state", "live")
    # One entry more than the mail had: the table, without the token (replaced, not added).
    assert page.evaluate("history.length") == page.before + 1
    page.go_back()
    page.wait_for_url(MAIL)
    page.go_forward()
    page.wait_for_selector("body[data-ready=yes]")
    assert "token" not in page.url
    # The session history holds no entry with the token.
    assert token not in page.evaluate("location.href")
    assert page.errors == []
    shot(page, "hardening-invite-from-mail")
    page.context.close()


def test_a_second_campaigns_invite_draws_its_table(hosted: Any, browser: Any) -> None:
    guide = httpx.Client(
        base_url=hosted.url,
        headers={**CHANGE, "X-Ironsworn-Token": hosted.tokens["guide"]},
        timeout=10,
    )
    made = guide.post("/api/campaigns", json={"name": "second"})
    assert made.status_code == 201, made.text
    invite = made.json()["invites"]["player"]
    page = from_mail(browser, f"{hosted.url}{invite}", PHONE)
    expect(page.locator("#campaign-name")).to_have_text("second")
    assert page.url == f"{hosted.url}/c/second"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "hardening-second-campaign-phone")
    page.context.close()


def test_a_write_retried_through_an_outage_applies_once(hosted: Any, browser: Any) -> None:
    """The first two tries of a journal write meet a 503 (the database away): the page says
    "reconnecting", retries with the same request id, and the entry is written once."""
    page = from_mail(browser, f"{hosted.url}/c/t?token={hosted.tokens['guide']}")
    keys: list[str] = []

    def outage(route: Any) -> None:
        keys.append(route.request.headers.get("idempotency-key", ""))
        if len(keys) <= 2:
            route.fulfill(
                status=503,
                content_type="application/json",
                body='{"error": "the campaign database cannot be reached right now"}',
            )
        else:
            route.continue_()

    page.route("**/api/c/t/actions/journal", outage)
    page.fill("#journal-text", "written through the outage")
    page.click("#journal-form button[type=submit]")
    expect(page.locator("#live")).to_have_attribute("data-state", "reconnecting")
    shot(page, "hardening-reconnecting")
    expect(page.locator("#timeline")).to_contain_text("written through the outage")
    expect(page.locator("#live")).to_have_attribute("data-state", "live")
    assert len(keys) == 3 and len(set(keys)) == 1 and len(keys[0]) == 32
    entries = httpx.get(
        f"{hosted.url}/api/c/t/timeline?last=50",
        headers={"X-Ironsworn-Token": hosted.tokens["guide"]},
    ).json()
    assert [e.get("text") for e in entries].count("written through the outage") == 1
    assert page.errors == []
    page.context.close()


def test_a_retry_after_a_lost_answer_gets_the_first_answer(hosted: Any, browser: Any) -> None:
    """The server applies the write but its answer is lost on the way (the connection drops):
    the page's retry with the same id is answered from the record, and nothing applies twice."""
    page = from_mail(browser, f"{hosted.url}/c/t?token={hosted.tokens['guide']}")
    seen: list[str] = []

    def lose_first_answer(route: Any) -> None:
        seen.append(route.request.headers.get("idempotency-key", ""))
        response = route.fetch()  # the server applies it
        if len(seen) == 1:
            route.abort("connectionreset")  # ... and the answer never arrives
        else:
            route.fulfill(response=response)

    page.route("**/api/c/t/actions/journal", lose_first_answer)
    page.fill("#journal-text", "the answer to this was lost")
    page.click("#journal-form button[type=submit]")
    expect(page.locator("#timeline")).to_contain_text("the answer to this was lost")
    expect(page.locator("#journal-text")).to_have_value("")  # the page got its answer
    assert len(seen) == 2 and seen[0] == seen[1]
    entries = httpx.get(
        f"{hosted.url}/api/c/t/timeline?last=50",
        headers={"X-Ironsworn-Token": hosted.tokens["guide"]},
    ).json()
    assert [e.get("text") for e in entries].count("the answer to this was lost") == 1
    assert page.errors == []
    page.context.close()
