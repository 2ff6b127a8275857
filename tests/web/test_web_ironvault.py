"""The web table's Iron Vault download: the campaign folder as a zip (see docs/iron-vault.md)."""

from __future__ import annotations

import io
import zipfile
from typing import Any

from web_support import CHANGE, STATS


def test_the_web_table_downloads_the_iron_vault_folder_as_a_zip(api: Any) -> None:
    made = api.post(
        "/api/c/t/actions/character", json={"name": "Asha", "stats": STATS}, headers=CHANGE
    )
    assert made.status_code == 200, made.text
    response = api.get("/api/c/t/export/iron-vault")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/zip"
    assert 't-iron-vault.zip"' in response.headers["content-disposition"]
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    assert {"t/t.md", "t/Characters/Asha.md", "t/Journals/Session 01.md"} <= set(archive.namelist())
    sheet = archive.read("t/Characters/Asha.md").decode("utf-8")
    assert "iron-vault-kind: character" in sheet and "edge: 3" in sheet
    bad = api.get("/api/c/t/export/obsidian")
    assert bad.status_code == 400 and "iron-vault" in bad.json()["error"]
