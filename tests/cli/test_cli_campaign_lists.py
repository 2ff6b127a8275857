"""A campaign offers only its own ruleset's content (issue 11): the list commands default to
the ruleset of the campaign in use; ``--ruleset`` still chooses, and without a campaign the
lists are as before (moves: classic; oracles, foes, assets: everything)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ironsworn.cli.main import main
from shared_files import STARFORGED_DATASWORN, shared_file


def ids(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert main([*argv, "--json"]) == 0
    return [row["id"] for row in json.loads(capsys.readouterr().out)]


def rulesets(item_ids: list[str]) -> set[str]:
    return {i.split(":", 1)[1].split("/", 1)[0] for i in item_ids}


def test_without_a_campaign_the_lists_are_unchanged(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert rulesets(ids(capsys, "move", "list")) == {"classic"}
    assert len(ids(capsys, "move", "list", "--ruleset", "all")) == 35 + 56
    assert len(ids(capsys, "oracle", "list")) > 30


@pytest.mark.parametrize(
    ("ruleset", "moves"),
    [("classic", 35), ("starforged", 56)],
)
def test_a_campaign_lists_only_its_own_moves(
    home: Path, capsys: pytest.CaptureFixture[str], ruleset: str, moves: int
) -> None:
    assert main(["campaign", "new", "table", "--ruleset", ruleset]) == 0
    capsys.readouterr()
    listed = ids(capsys, "move", "list")
    assert len(listed) == moves and rulesets(listed) == {ruleset}
    # --ruleset still chooses.
    other = "classic" if ruleset == "starforged" else "starforged"
    assert rulesets(ids(capsys, "move", "list", "--ruleset", other)) == {other}


def test_a_starforged_campaign_shows_no_classic_oracle_foe_or_asset(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["campaign", "new", "table", "--ruleset", "starforged"]) == 0
    capsys.readouterr()
    for command in ("oracle", "npc", "asset", "truth", "region"):
        assert ids(capsys, command, "list") == [], command
    assert main(["oracle", "list"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("(none in starforged; nothing imported for starforged: ")
    assert "'ironsworn content import starforged.json'" in out


def test_an_imported_starforged_pack_lists_in_a_starforged_campaign(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["content", "import", str(shared_file(STARFORGED_DATASWORN))]) == 0
    assert main(["campaign", "new", "table", "--ruleset", "starforged"]) == 0
    capsys.readouterr()
    oracles = ids(capsys, "oracle", "list")
    assets = ids(capsys, "asset", "list")
    assert len(oracles) > 100 and rulesets(oracles) == {"starforged"}
    assert len(assets) > 50 and rulesets(assets) == {"starforged"}
    assert main(["campaign", "new", "home"]) == 0  # a classic campaign: none of them
    capsys.readouterr()
    assert rulesets(ids(capsys, "oracle", "list")) == {"classic"}
    assert rulesets(ids(capsys, "asset", "list")) == {"classic"}


def test_a_starforged_sheet_draws_its_legacy_tracks(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Legacy tracks are progress tracks of ten boxes (issue 13's drawing, on the Starforged
    sheet): 9 ticks are two full boxes and a box with one tick."""
    assert main(["campaign", "new", "table", "--ruleset", "starforged"]) == 0
    assert main(["character", "new", "Nova", "--stats", "3,2,2,1,1"]) == 0
    assert main(["legacy", "mark", "quests", "--ticks", "9"]) == 0
    capsys.readouterr()
    assert main(["sheet"]) == 0
    out = capsys.readouterr().out
    assert "    quests       [#][#][/][ ][ ][ ][ ][ ][ ][ ]  9 ticks" in out
    assert "    discoveries  [ ][ ][ ][ ][ ][ ][ ][ ][ ][ ]  0 ticks" in out
