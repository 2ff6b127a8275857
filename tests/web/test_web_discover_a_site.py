"""Discover a Site (Delve) on the web with no site under way: the move panel asks for the new
site (its name, theme, domain, rank, objective, or one of the pack's sample sites), as the
table's site operation declares them, where it refused and said how a site begins."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import CHANGE, STATS

from ironsworn.content import clear_cache, import_pack
from shared_files import DELVE_DATASWORN, shared_file


@pytest.fixture
def delve(home: Path) -> Iterator[None]:
    clear_cache()
    import_pack(shared_file(DELVE_DATASWORN))
    clear_cache()
    yield
    clear_cache()


def panel(api: Any, move: str) -> Any:
    answer = api.get(f"/api/c/t/moves/{move}?character=Edda")
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_the_panel_asks_for_the_new_site(api: Any, delve: None) -> None:
    made = {"name": "Edda", "stats": STATS}
    assert api.post("/api/c/t/actions/character", json=made, headers=CHANGE).is_success
    asked = panel(api, "discover a site")["new_site"]
    assert asked["operation"] == "site"
    site = {i["input"]: i for i in asked["inputs"]}
    assert list(site) == ["name", "theme", "domain", "rank", "objective", "sample"]
    assert [c["key"] for c in site["theme"]["choices"]][:2] == ["Ancient", "Corrupted"]
    assert site["theme"]["choices"][-1]["key"] == "roll"
    assert "Barrow" in [c["key"] for c in site["domain"]["choices"]]
    assert site["rank"]["choices"][0]["key"] == "troublesome"
    assert "choices" not in site["name"] and "choices" not in site["objective"]
    assert "new_site" not in panel(api, "delve the depths")
    # With a site under way, Discover a Site is made on it: nothing more is asked.
    begun = {"name": "The Sunken Barrow", "theme": "Ancient", "domain": "Barrow",
             "rank": "dangerous"}  # fmt: skip
    assert api.post("/api/c/t/actions/site", json=begun, headers=CHANGE).is_success
    assert "new_site" not in panel(api, "discover a site")
