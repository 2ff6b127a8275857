"""Journal entries edited and deleted on the page (issue 19: "Journal: edit and delete your own
entries (undoable operations)"), in Chromium at desktop and phone width: a character's page
offers edit and delete on its own entries only (the guide's on every one), an edit is saved in
place, a deletion asks first, and Undo takes either back. The server refuses another
character's entry to a player's seat."""

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
    SCREENSHOTS,
    home_server,
    open_page,
)

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"
expect.set_options(timeout=15_000)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with home_server(tmp_path_factory, "journal-home") as live:
        yield live


def campaign(server: Any, name: str) -> tuple[httpx.Client, int, int]:
    """Kai and Bo, an entry each: their numbers."""
    http = httpx.Client(base_url=server.url, headers=CHANGE, timeout=10)
    assert http.post("/api/campaigns", json={"name": name}).status_code == 201
    for who in ("Kai", "Bo"):
        made = http.post(f"/api/c/{name}/actions/character", json={"name": who, "stats": STATS})
        assert made.status_code == 200, made.text
    seqs = []
    for who, text in (("Kai", "Kai finds the **broken** sword."), ("Bo", "Bo keeps watch.")):
        wrote = http.post(f"/api/c/{name}/actions/journal", json={"text": text, "character": who})
        assert wrote.status_code == 200, wrote.text
        seqs.append(wrote.json()["added"]["seq"])
    return http, seqs[0], seqs[1]


def entry(page: Any, seq: int) -> Any:
    return page.locator(f"#timeline li[data-seq='{seq}']")


def texts(http: httpx.Client, name: str) -> dict[int, str]:
    timeline = http.get(f"/api/c/{name}/timeline?last=50").json()
    return {e["seq"]: e["text"] for e in timeline if e["kind"] == "journal"}


def undo(page: Any) -> None:
    page.click("#undo")
    page.click("#confirm-undo")


@pytest.mark.parametrize(("viewport", "label"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_a_player_edits_and_deletes_their_own_entries_and_undo_takes_it_back(
    server: Any, browser: Any, viewport: dict[str, int], label: str
) -> None:
    name = f"journal-{label}"
    http, kai, bo = campaign(server, name)
    page = open_page(browser, server, name, viewport, "Kai")
    # Kai's own entry has its tools; Bo's has none on Kai's page.
    expect(entry(page, kai).locator("button[data-edit]")).to_be_visible()
    assert entry(page, bo).locator("button[data-edit], button[data-delete]").count() == 0
    # Edit in place: the entry's Markdown in a text area, saved as an operation.
    entry(page, kai).locator("button[data-edit]").click()
    field = entry(page, kai).locator("textarea")
    expect(field).to_have_value("Kai finds the **broken** sword.")
    field.fill("Kai finds the *mended* sword.")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"journal-edit-{label}.png"))
    entry(page, kai).locator("button[type=submit]").click()
    expect(entry(page, kai).locator(".journal-text em")).to_have_text("mended")
    assert texts(http, name)[kai] == "Kai finds the *mended* sword."
    # Undo restores the text.
    undo(page)
    expect(entry(page, kai).locator(".journal-text strong")).to_have_text("broken")
    # Delete asks first, then the entry is gone; Undo brings it back.
    entry(page, kai).locator("button[data-delete]").click()
    expect(page.locator("#confirm")).to_contain_text(f"Delete journal entry #{kai}")
    page.screenshot(path=str(SCREENSHOTS / f"journal-delete-{label}.png"))
    page.click("#confirm-delete")
    expect(entry(page, kai)).to_have_count(0)
    assert kai not in texts(http, name)
    undo(page)
    expect(entry(page, kai)).to_have_count(1)
    assert texts(http, name)[kai] == "Kai finds the **broken** sword."
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert page.errors == []


def test_the_guide_changes_any_entry_and_a_player_only_their_own(server: Any, browser: Any) -> None:
    http, kai, bo = campaign(server, "journal-guide")
    page = open_page(browser, server, "journal-guide", DESKTOP, "")
    for seq in (kai, bo):
        expect(entry(page, seq).locator("button[data-delete]")).to_be_visible()
    entry(page, bo).locator("button[data-delete]").click()
    page.click("#confirm-delete")
    expect(entry(page, bo)).to_have_count(0)
    assert page.errors == []
    # Another character's entry is refused to a player's seat; nothing changes.
    refused = http.post(
        "/api/c/journal-guide/actions/journal_edit",
        json={"entry": kai, "text": "Bo rewrites it"},
        headers={**CHANGE, "X-Ironsworn-Seat": "Bo"},
    )
    assert refused.status_code == 403, refused.text
    assert texts(http, "journal-guide")[kai] == "Kai finds the **broken** sword."
