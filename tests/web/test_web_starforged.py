"""The web table's API for a Starforged campaign (issue 11): the campaign's own oracles and
assets, a Starforged character made with its starship, background vow and assets from the
imported pack, and the move panel's options for the moves that read them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import CHANGE

from ironsworn.content import clear_cache, import_pack
from shared_files import STARFORGED_DATASWORN, shared_file


@pytest.fixture
def pack(home: Path) -> Iterator[None]:
    """The Datasworn Starforged file imported into the test's data home."""
    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    clear_cache()
    yield
    clear_cache()


def sf(api: Any) -> None:
    made = api.post("/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE)
    assert made.status_code == 201, made.text


def do(api: Any, action: str, body: dict[str, Any], campaign: str = "sf") -> Any:
    return api.post(f"/api/c/{campaign}/actions/{action}", json=body, headers=CHANGE)


def export(api: Any, campaign: str = "sf") -> str:
    text: str = api.get(f"/api/c/{campaign}/export/json").text
    return text


def rulesets(items: list[dict[str, Any]]) -> set[str]:
    return {str(i["id"]).split(":", 1)[1].split("/", 1)[0] for i in items}


# ------------------------------------------------------------------ the campaign's content


def test_a_campaign_lists_only_its_own_oracles_and_assets(api: Any, pack: None) -> None:
    sf(api)
    oracles = api.get("/api/c/sf/oracles").json()
    assets = api.get("/api/c/sf/content/assets").json()
    assert len(oracles) == 249 and rulesets(oracles) == {"starforged"}
    assert len(assets) == 87 and rulesets(assets) == {"starforged"}
    assert rulesets(api.get("/api/c/sf/content/truths").json()) == {"starforged"}
    # The classic campaign 't' never offers them.
    classic_oracles = api.get("/api/c/t/oracles").json()
    classic_assets = api.get("/api/c/t/content/assets").json()
    assert rulesets(classic_oracles) == {"classic"} and rulesets(classic_assets) == {"classic"}
    assert any(a["name"] == "Hawk" for a in classic_assets)
    assert rulesets(api.get("/api/c/t/content/npcs").json()) == {"classic"}
    # The library-wide reads choose by ?ruleset= (every ruleset without it).
    assert rulesets(api.get("/api/oracles").json()) == {"classic", "starforged"}
    assert rulesets(api.get("/api/oracles?ruleset=classic").json()) == {"classic"}
    assert rulesets(api.get("/api/content/assets?ruleset=starforged").json()) == {"starforged"}


def test_without_a_pack_a_starforged_campaign_has_no_oracles_or_assets(api: Any) -> None:
    clear_cache()
    sf(api)
    assert api.get("/api/c/sf/oracles").json() == []
    assert api.get("/api/c/sf/content/assets").json() == []


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("/api/oracles?ruleset=chess", "ruleset 'chess' is unknown"),
        ("/api/content/assets?ruleset=chess", "ruleset 'chess' is unknown"),
        ("/api/c/sf/content/passwords", "content 'passwords' is unknown"),
    ],
)
def test_bad_content_reads_are_one_line(api: Any, path: str, words: str) -> None:
    sf(api)
    response = api.get(path)
    assert response.status_code == 400
    message = response.json()["error"]
    assert words in message and "accepted" in message and "\n" not in message
    assert api.get("/api/c/nowhere/oracles").status_code == 404
