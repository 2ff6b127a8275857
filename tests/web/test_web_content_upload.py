"""The guide imports a content pack from the page (issue 19): a Starforged campaign created in
the browser gets its assets, oracles and foes without the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web_support import CHANGE, client

from shared_files import STARFORGED_DATASWORN, shared_file


def test_the_guide_uploads_the_starforged_file_and_the_campaign_has_its_content(
    api: Any, home: Path
) -> None:
    made = api.post("/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE)
    assert made.status_code == 201
    assert api.get("/api/c/sf/content/assets").json() == []  # nothing to play with yet
    body = shared_file(STARFORGED_DATASWORN).read_bytes()
    imported = api.post("/api/content/import", content=body, headers=CHANGE)
    assert imported.status_code == 201, imported.text
    report = imported.json()
    assert report["ruleset"] == "starforged" and report["counts"]["assets"] > 80
    assert "path" not in report and str(home) not in imported.text
    assets = api.get("/api/c/sf/content/assets").json()
    assert any(a["id"] == "asset:starforged/command_vehicle/starship" for a in assets)
    assert api.get("/api/c/sf/oracles").json()


def test_a_bad_upload_is_one_line_naming_no_path(api: Any, home: Path) -> None:
    refused = api.post("/api/content/import", content=b'{"not": "datasworn"}', headers=CHANGE)
    assert refused.status_code == 400
    message = refused.json()["error"]
    assert "\n" not in message and "/tmp" not in message and "upload.json" not in message


def test_only_the_guide_imports_content(home: Path) -> None:
    from ironsworn.web.access import campaign_tokens
    from ironsworn.web.app import create_app

    with client(create_app("t", loopback=False), host="192.0.2.10") as hosted:
        player = {**CHANGE, "X-Ironsworn-Token": campaign_tokens("t")["player"]}
        refused = hosted.post("/api/content/import", content=b"{}", headers=player)
        assert refused.status_code == 403 and "guide" in refused.json()["error"]


def test_a_bad_upload_is_a_400_naming_the_input_and_what_is_accepted_and_changes_nothing(
    api: Any, home: Path
) -> None:
    """The upload is the table's ``pack_import``: its error carries the input (``file``) and
    what is accepted, as JSON; no pack is installed."""
    before = api.get("/api/c/t/content/assets").json()
    for body in (b'{"not": "datasworn"}', b"not json at all", b"[]"):
        refused = api.post("/api/content/import", content=body, headers=CHANGE)
        assert refused.status_code == 400, refused.text
        error = refused.json()
        assert error["input"] == "file", error
        assert error["accepted"] == ["a Datasworn or Dataforged JSON file"], error
        assert error["error"].startswith("the upload: "), error
        assert "/tmp" not in refused.text and "upload.json" not in refused.text
    assert not (home / "packs").exists()
    assert api.get("/api/c/t/content/assets").json() == before
    own = api.post("/api/content/import?ruleset=starforged", content=b"{}", headers=CHANGE)
    assert own.status_code == 400 and own.json()["input"] == "file", own.text
    assert own.json()["accepted"] == ["the starforged ruleset's own file (starforged.json)"]
    bogus = api.post("/api/content/import?ruleset=delve", content=b"{}", headers=CHANGE)
    assert bogus.status_code == 400 and bogus.json()["input"] == "ruleset", bogus.text
    assert bogus.json()["accepted"] == ["starforged"] and "--" not in bogus.text
    assert not (home / "packs").exists()
