"""``move list`` heads each category once, in the words of the book: the rulebook's
``adventure`` as 'Adventure', Datasworn's 'Delve Moves' as 'Delve', and an expansion's
version of a move (Sundered Isles' Enter the Fray, in its 'Combat Moves') under the ruleset's
own 'Combat', where it stood apart at the end under a second heading of its own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import run

from ironsworn.content import clear_cache, import_pack
from ironsworn.content.model import shown_category
from shared_files import DELVE_DATASWORN, STARFORGED_DATASWORN, shared_file


def headings(out: str) -> list[str]:
    return [line[:-1] for line in out.splitlines() if line.endswith(":")]


@pytest.mark.parametrize(
    ("category", "shown"),
    [("adventure", "Adventure"), ("Delve Moves", "Delve"), ("Scene Challenge", "Scene Challenge")],
)
def test_a_category_is_shown_as_the_book_heads_it(category: str, shown: str) -> None:
    assert shown_category(category) == shown


def test_classic_with_delve_heads_each_category_once(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clear_cache()
    import_pack(shared_file(DELVE_DATASWORN))
    clear_cache()
    try:
        code, out, _err = run(capsys, "move", "list")
    finally:
        clear_cache()
    assert code == 0
    assert headings(out) == [
        "Adventure", "Relationship", "Combat", "Suffer", "Quest", "Fate",
        "Delve", "Failure", "Rarity", "Threat",
    ]  # fmt: skip


def test_an_expansions_moves_join_the_rulesets_headings(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    import_pack(shared_file("reference/datasworn/sundered_isles.json"))
    clear_cache()
    try:
        # (a campaign that chose the Sundered Isles: their moves stand in for Starforged's)
        assert run(capsys, "campaign", "new", "isles", "--ruleset", "starforged")[0] == 0
        assert run(capsys, "option", "sundered_isles", "on")[0] == 0
        code, out, _err = run(capsys, "move", "list", "--json")
        assert "move:sundered_isles/combat/enter_the_fray" in {m["id"] for m in json.loads(out)}
        code, out, _err = run(capsys, "move", "list", "--ruleset", "starforged")
    finally:
        clear_cache()
    assert code == 0
    shown = headings(out)
    assert len(shown) == len(set(shown)) and not any(h.endswith("Moves") for h in shown)
    groups: dict[str, list[str]] = {}
    for line in out.splitlines():
        if line.endswith(":"):
            current = groups.setdefault(line[:-1], [])
        else:
            current.append(line.strip())
    assert {"Enter the Fray", "Strike", "Clash"} <= set(groups["Combat"])
    assert {"Undertake an Expedition", "Explore a Waypoint"} <= set(groups["Exploration"])
