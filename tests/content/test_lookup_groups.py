"""Names as players say them: the words of an id's folders name a table ("planet desert
atmosphere") or a group of tables ("planet"), whose next level is offered as choices
(:class:`~ironsworn.content.lookup.GroupNamed`): a list on the command line (exit 2), the
candidates in JSON (issue 20, "Content in one step"). Play mode's numbered menu is tested in
tests/play/test_play_oracle_groups.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ironsworn.cli.main import main
from ironsworn.content import import_pack, load_library, load_ruleset
from ironsworn.content.lookup import GroupNamed, resolve
from ironsworn.errors import NotFound
from shared_files import STARFORGED_DATASWORN, shared_file

ITEMS = {
    key: key.rsplit("/", 1)[-1].replace("_", " ").title()
    for key in (
        "oracle_rollable:starforged/planet/class",
        "oracle_rollable:starforged/planet/desert/atmosphere",
        "oracle_rollable:starforged/planet/desert/settlements/expanse",
        "oracle_rollable:starforged/planet/desert/settlements/outlands",
        "oracle_rollable:starforged/planet/ice/atmosphere",
        "oracle_rollable:starforged/core/action",
    )
}


def find(query: str) -> str:
    return resolve(ITEMS, query, "oracle table", str)


def group(query: str) -> GroupNamed:
    with pytest.raises(GroupNamed) as caught:
        find(query)
    return caught.value


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("planet desert atmosphere", "Atmosphere"),
        ("Planet Ice Atmosphere", "Atmosphere"),
        ("desert settlements expanse", "Expanse"),
        ("planet class", "Class"),
    ],
)
def test_the_words_of_the_path_name_one_table(query: str, expected: str) -> None:
    assert find(query) == expected


def test_a_folder_offers_its_next_level() -> None:
    planet = group("planet")
    # Tables first (with their names), then the smaller groups (with their size).
    assert planet.choices == (
        ("planet class", "Class"),
        ("planet desert", "3 oracle tables"),
        ("planet ice", "1 oracle table"),
    )
    assert planet.candidates == ("planet class", "planet desert", "planet ice")
    assert str(planet) == "oracle table 'planet' names a group of 3; say which"
    assert isinstance(planet, NotFound)  # every surface already answers a NotFound
    assert group("planet desert").choices == (
        ("planet desert atmosphere", "Atmosphere"),
        ("planet desert settlements", "2 oracle tables"),
    )
    # A folder under several others is offered with the full words of each.
    assert group("settlements").candidates == (
        "planet desert settlements expanse",
        "planet desert settlements outlands",
    )


def test_unknown_words_are_still_unknown() -> None:
    with pytest.raises(NotFound) as caught:
        find("planets of doom")
    assert not isinstance(caught.value, GroupNamed)
    assert str(caught.value).startswith("unknown oracle table 'planets of doom'")


def test_the_rulebook_lookups_are_unchanged() -> None:
    classic = load_ruleset("classic")
    assert classic.find("oracles", "action").id == "oracle_rollable:classic/action_and_theme/action"
    with pytest.raises(GroupNamed) as caught:
        classic.find("oracles", "action and theme")
    assert caught.value.candidates == ("action and theme action", "action and theme theme")


# --- the surfaces, with the official Starforged file -----------------------------------------


@pytest.fixture
def starforged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("IRONSWORN_HOME", str(home))
    monkeypatch.delenv("IRONSWORN_CAMPAIGN", raising=False)
    from ironsworn.content import clear_cache

    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    clear_cache()
    assert main(["campaign", "new", "sf", "--ruleset", "starforged"]) == 0
    return home


def test_the_command_line_lists_the_planet_tables(
    starforged: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["oracle", "roll", "planet"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1
    assert err.startswith("ironsworn: error: oracle table 'planet' names a group of 14; say which:")
    assert "planet class (Planetary Class), planet desert (8 oracle tables)," in err
    assert main(["oracle", "roll", "planet", "desert", "atmosphere", "--value", "1"]) == 0
    # (shown with its group: every planet type has an Atmosphere table)
    assert capsys.readouterr().out.startswith("Desert: Atmosphere (1): ")
    assert load_library().oracle("planet desert atmosphere").id.endswith("desert/atmosphere")
    # A row that names another group of tables shows its words, not the link's Markdown
    # ("[Jovian World](datasworn:oracle_collection:...)").
    table = load_library().oracle("planet class")
    row = next(r for r in table.rows if "](" in r.text)
    words = row.text.split("](", 1)[0].lstrip("[")
    assert main(["oracle", "roll", "planet", "class", "--value", str(row.min)]) == 0
    assert capsys.readouterr().out == f"Planetary Class ({row.min}): {words}\n"


def test_json_gives_the_candidates(starforged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["oracle", "roll", "planet", "--json"]) == 2
    data = json.loads(capsys.readouterr().out)
    assert data["error"] == "oracle table 'planet' names a group of 14; say which"
    assert data["candidates"][:2] == [
        {"words": "planet class", "what": "Planetary Class"},
        {"words": "planet desert", "what": "8 oracle tables"},
    ]
    assert main(["oracle", "show", "planet", "--json"]) == 2
