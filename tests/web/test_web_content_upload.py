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
