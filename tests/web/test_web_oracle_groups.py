"""The web table's answer to an oracle named by a group of tables ("planet"): an error whose
``candidates`` are the words of the group's next level, to offer as choices."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web_support import CHANGE

from ironsworn.content import clear_cache, import_pack
from shared_files import STARFORGED_DATASWORN, shared_file


def test_a_group_of_tables_answers_with_its_candidates(api: Any, home: Path) -> None:
    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    clear_cache()
    made = api.post("/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE)
    assert made.status_code == 201, made.text
    answer = api.post("/api/c/sf/actions/oracle", json={"oracle": "planet"}, headers=CHANGE)
    assert answer.status_code == 400, answer.text
    data = answer.json()
    assert data["error"].startswith("oracle table 'planet' names a group of 14; say which")
    assert data["candidates"][:2] == ["planet class", "planet desert"]
    rolled = api.post(
        "/api/c/sf/actions/oracle",
        json={"oracle": "planet desert atmosphere", "value": 1},
        headers=CHANGE,
    )
    assert rolled.status_code == 200, rolled.text
