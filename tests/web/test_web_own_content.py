"""The web table says what a Starforged campaign still needs: the campaign's state and the
answer to creating one carry ``content_needed`` (the file, what it brings, how to import it)
until the player's Datasworn file is imported; the Oracles tab shows it (the page itself:
test_web_browser_own_content.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web_support import CHANGE

from ironsworn.content import clear_cache, import_pack
from shared_files import STARFORGED_DATASWORN, shared_file


def test_a_starforged_campaign_without_the_file_says_what_to_import(api: Any) -> None:
    clear_cache()
    made = api.post("/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE)
    assert made.status_code == 201, made.text
    needed = made.json()["content_needed"]
    assert (needed["file"], needed["how"]) == (
        "starforged.json",
        "ironsworn content import starforged.json",
    )
    assert needed["message"].startswith("nothing imported for starforged: ")
    state = api.get("/api/c/sf/state").json()
    assert state["content_needed"] == needed
    assert api.get("/api/c/sf/oracles").json() == []
    # A classic campaign needs nothing.
    assert api.get("/api/c/t/state").json()["content_needed"] is None


def test_once_imported_nothing_is_needed(api: Any, home: Path) -> None:
    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    clear_cache()
    made = api.post("/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE)
    assert made.json()["content_needed"] is None
    assert api.get("/api/c/sf/state").json()["content_needed"] is None
    assert len(api.get("/api/c/sf/oracles").json()) == 249


def test_the_players_own_file_is_imported_once_and_a_wrong_one_refused(
    api: Any, home: Path
) -> None:
    """``POST /api/content/import?ruleset=starforged`` (the page's campaign creation): only the
    Starforged ruleset's own file; another is a 400 naming what it holds, nothing imported."""
    clear_cache()
    url = "/api/content/import?ruleset=starforged"
    for file, words in (
        ("reference/datasworn/classic.json", "holds the classic ruleset"),
        ("reference/datasworn/sundered_isles.json", "holds an expansion of starforged"),
    ):
        refused = api.post(url, content=shared_file(file).read_bytes(), headers=CHANGE)
        assert refused.status_code == 400, refused.text
        error = refused.json()["error"]
        assert words in error and "(accepted: the starforged ruleset, starforged.json)" in error
        assert "\n" not in error
        assert not (home / "packs").exists()
    bogus = api.post("/api/content/import?ruleset=delve", content=b"{}", headers=CHANGE)
    assert bogus.status_code == 400 and "ruleset" in bogus.json()["error"]
    made = api.post(url, content=shared_file(STARFORGED_DATASWORN).read_bytes(), headers=CHANGE)
    assert made.status_code == 201, made.text
    assert made.json()["id"] == "starforged_import" and "path" not in made.json()
    clear_cache()
    created = api.post(
        "/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE
    )
    assert created.json()["content_needed"] is None
    clear_cache()


def test_a_request_that_needs_the_file_says_how_this_table_imports_it(api: Any) -> None:
    """An oracle of the player's own file, rolled before it is imported: a 400 that names the
    file and the Campaigns tab (no command of the command line), with the pack it needs."""
    clear_cache()
    made = api.post("/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE)
    assert made.status_code == 201, made.text
    before = api.get("/api/c/sf/timeline").json()
    for oracle in ("planet", "action"):  # a name only the file has; a classic table's name
        answer = api.post("/api/c/sf/actions/oracle", json={"oracle": oracle}, headers=CHANGE)
        assert answer.status_code == 400, answer.text
        data = answer.json()
        assert data["pack"] == "starforged"
        assert "your own Datasworn file (starforged.json)" in data["error"]
        assert data["error"].endswith("(the guide imports a content pack in the Campaigns tab)")
        assert "ironsworn " not in data["error"] and "\n" not in data["error"]
    assert api.get("/api/c/sf/timeline").json() == before
