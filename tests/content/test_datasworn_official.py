"""The importer against the five official Datasworn 0.2 files (../shared/reference/datasworn).

Every item of each file is imported or counted as not used yet (``Converted.unused``, shown as
one line); warnings are only what a player can act on. Expansions stack on their ruleset and a
move that ``replaces`` another takes its place.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from datasworn_census import FILES, census

from ironsworn.content import clear_cache, load_library, roll_oracle
from ironsworn.content.packs import ImportReport, convert_file, import_pack
from ironsworn.dice import FixedDice
from ironsworn.errors import ContentError
from shared_files import shared_file


def official(name: str) -> Path:
    return shared_file(f"reference/datasworn/{name}.json")


@pytest.fixture(scope="module")
def imported_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data home with the five files imported once (copied into each test's home)."""
    import os

    paths = [official(name) for name in FILES]
    home = tmp_path_factory.mktemp("official") / "home"
    saved = os.environ.get("IRONSWORN_HOME")
    os.environ["IRONSWORN_HOME"] = str(home)
    try:
        clear_cache()
        for path in paths:
            import_pack(path)
    finally:
        if saved is None:
            os.environ.pop("IRONSWORN_HOME", None)
        else:
            os.environ["IRONSWORN_HOME"] = saved
        clear_cache()
    return home


@pytest.fixture
def library_home(imported_home: Path, private_home: Path) -> Path:
    shutil.copytree(imported_home, private_home)
    clear_cache()
    return private_home


@pytest.mark.parametrize("name", FILES)
def test_every_item_is_imported_or_reported(name: str) -> None:
    path = official(name)
    converted = convert_file(path)
    imported = converted.counts()
    for kind, count in census(path).items():
        reported = converted.unused.get(kind, (0, ""))[0]
        assert imported.get(kind, 0) + reported == count, (name, kind)
    # Nothing reported that the file does not hold, and nothing both imported and reported.
    assert set(converted.unused) <= set(census(path))
    assert not set(converted.unused) & set(imported)


@pytest.mark.parametrize("name", FILES)
def test_no_warnings_for_the_official_files(name: str) -> None:
    converted = convert_file(official(name))
    # A warning is something the player can act on: the official files leave none (the two
    # rulesets' files share their ids with our bundled packs: imported beside them, said in
    # the report's pack id).
    assert converted.warnings == []


def test_report_lists_what_is_not_used_in_one_line() -> None:
    converted = convert_file(official("starforged"))
    line = converted.unused_line()
    assert "\n" not in line
    assert line.startswith("not used yet: ")
    assert "59 oracle rows (no range in their column" in line


def test_replaces_is_read_as_a_list() -> None:
    moves = {m["id"]: m for m in convert_file(official("sundered_isles")).items["moves"]}
    assert moves["move:sundered_isles/exploration/set_a_course"]["replaces"] == [
        "move:starforged/exploration/set_a_course"
    ]
    delve = {m["id"]: m for m in convert_file(official("delve")).items["moves"]}
    assert delve["move:delve/delve/reveal_a_danger_alt"]["replaces"] == [
        "move:delve/delve/reveal_a_danger"
    ]


@pytest.mark.parametrize(
    ("name", "move_id", "rolls", "method"),
    [
        ("classic", "move:classic/relationship/write_your_epilogue", ["bonds"], "player_choice"),
        ("delve", "move:delve/failure/learn_from_your_failures", ["failure"], "player_choice"),
        (
            "starforged",
            "move:starforged/legacy/continue_a_legacy",
            ["quests_legacy", "bonds_legacy", "discoveries_legacy"],
            "all",
        ),
        ("starforged", "move:starforged/threshold/overcome_destruction", ["bonds_legacy"], None),
    ],
)
def test_special_track_rolls_are_kept(
    name: str, move_id: str, rolls: list[str], method: str | None
) -> None:
    moves = {m["id"]: m for m in convert_file(official(name)).items["moves"]}
    move = moves[move_id]
    assert move["rolls"] == rolls
    assert move["roll_type"] == "special_track"
    if method is not None:
        assert move["method"] == method


def test_automatic_outcomes_of_asset_abilities(library_home: Path) -> None:
    # Starforged's Fated: "take an automatic strong hit" is an outcome, not a way to roll.
    library = load_library()
    fated = library.assets["asset:starforged/path/fated"]
    ability = fated.abilities[0]
    assert ability.id == "asset.ability:starforged/path/fated.0"
    conditions = [c for e in ability.enhances for c in e.conditions]
    assert [(c.automatic, c.method) for c in conditions] == [("strong_hit", "")]
    # Sundered Isles' Windbinder gives an automatic miss; Homesteader a weak hit.
    windbinder = library.assets["asset:sundered_isles/path/windbinder"].abilities[2]
    assert [c.automatic for e in windbinder.enhances for c in e.conditions] == ["miss"]
    ace = library.assets["asset:starforged/path/ace"].abilities[0]
    assert ace.enhances[0].moves == (
        "move:starforged/*/face_danger",
        "move:starforged/combat/react_under_fire",
    )
    assert ace.enhances[0].roll_type == "action_roll"
    assert ace.enhances[0].conditions[0].automatic == ""


def test_asset_ability_moves_are_imported(library_home: Path) -> None:
    library = load_library()
    move = library.asset_moves["asset.ability.move:starforged/deed/vanguard.0.seek_safe_haven"]
    assert move.roll_type == "special_track"
    assert move.rolls == ("discoveries_legacy",)


def test_more_columns_are_row_details(library_home: Path) -> None:
    library = load_library()
    threat = library.oracles["oracle_rollable:sundered_isles/cave/lurking_threat"]
    row = threat.rows[0]
    assert row.text == "Chilling cold"
    assert [d.split(":", 1)[0] for d in row.details] == [
        "When the clock advances...",
        "When the clock is filled...",
    ]
    # column_text2 tables take their labels from the table sharing their rolls.
    scale = library.oracles["oracle_rollable:sundered_isles/cave/scale/sea"]
    assert scale.rows[0].details == ("Details: Minor cave system",)
    result = roll_oracle(library, scale, FixedDice([]), value=1)
    assert result.text == "Troublesome (Details: Minor cave system)"


def test_1d200_tables_roll_their_whole_range(library_home: Path) -> None:
    library = load_library()
    table = library.oracles["oracle_rollable:sundered_isles/character/name/family_name"]
    assert table.range == (1, 200)
    assert roll_oracle(library, table, FixedDice([200])).roll == 200
    assert roll_oracle(library, table, FixedDice([150])).text == table.rows[149].text


def test_delve_sites_themes_domains_rarities(library_home: Path) -> None:
    library = load_library()
    assert (len(library.sites), len(library.site_themes)) == (20, 8)
    assert (len(library.site_domains), len(library.rarities)) == (12, 65)
    site = library.sites["delve_site:delve/alvas_rest"]
    assert (site.rank, site.theme, site.domain) == (
        "dangerous",
        "delve_site_theme:delve/fortified",
        "delve_site_domain:delve/barrow",
    )
    assert site.denizen_for(94) is not None and site.denizen_for(94).name == "Alva"
    assert [d.frequency for d in site.denizens][:2] == ["very_common", "common"]
    theme = library.site_themes["delve_site_theme:delve/ancient"]
    # A theme's features cover 1-20 and its dangers 1-30 (Delve, "Reveal a Danger").
    assert (theme.features[0].min, theme.features[-1].max) == (1, 20)
    assert (theme.dangers[0].min, theme.dangers[-1].max) == (1, 30)
    domain = library.site_domains["delve_site_domain:delve/barrow"]
    assert (domain.features[0].min, domain.features[-1].max) == (21, 100)
    assert (domain.dangers[0].min, domain.dangers[-1].max) == (31, 45)
    assert domain.name_oracle in library.oracles
    rarity = library.rarities["rarity:delve/artisans_gloves"]
    assert (rarity.asset, rarity.xp_cost) == ("asset:classic/path/wright", 3)
    assert rarity.asset in library.assets


# --- expansions stack on their ruleset -----------------------------------------------------------


def test_expansions_stack_on_classic(library_home: Path) -> None:
    moves = load_library().in_ruleset("moves", "classic")
    assert "move:delve/delve/delve_the_depths" in moves
    # Lodestar's Face Danger replaces the rulebook's; Delve's alternate Reveal a Danger is the
    # book's optional variant of its own move: both are offered, the player picks one.
    assert "move:lodestar/adventure/face_danger" in moves
    assert "move:classic/adventure/face_danger" not in moves
    assert "move:delve/delve/reveal_a_danger" in moves
    assert "move:delve/delve/reveal_a_danger_alt" in moves
    oracles = load_library().in_ruleset("oracles", "classic")
    assert "oracle_rollable:delve/site_name/place/barrow" in oracles
    assert not any(key.startswith("oracle_rollable:sundered_isles") for key in oracles)


def test_sundered_isles_stacks_on_starforged_for_a_campaign_that_chose_it(
    library_home: Path,
) -> None:
    """Sundered Isles' moves take the place of the eight Starforged moves they replace only in
    a campaign that chose the Sundered Isles: a Starforged campaign in a home that imported
    the pack (for another) keeps the Starforged moves (it found all eight replaced)."""
    library = load_library()
    chose = ("sundered_isles",)
    moves = library.in_ruleset("moves", "starforged", chose)
    assert "move:sundered_isles/exploration/set_a_course" in moves
    assert "move:starforged/exploration/set_a_course" not in moves
    assert not any(key.startswith("move:delve") for key in moves)
    plain = library.in_ruleset("moves", "starforged")
    assert "move:starforged/exploration/set_a_course" in plain
    assert not any(key.startswith("move:sundered_isles") for key in plain)
    assets = library.in_ruleset("assets", "starforged")
    assert "asset:sundered_isles/path/windbinder" in assets
    assert "asset:starforged/path/ace" in assets
    course = library.move("move:starforged/exploration/set_a_course")
    replacement = library.replacing(course, "starforged", chose)
    assert replacement.id == "move:sundered_isles/exploration/set_a_course"
    assert library.replacing(course, "starforged") is course


def test_a_starforged_campaign_plays_sundered_isles_moves_only_once_it_chose_them(
    library_home: Path,
) -> None:
    from ironsworn.campaign.state import CampaignState
    from ironsworn.errors import InvalidValue
    from ironsworn.moves.engine import MoveEngine

    state = CampaignState()
    state.apply({"type": "ruleset", "from": "classic", "to": "starforged"})
    engine = MoveEngine(state, load_library())
    for name in ("set a course", "make a discovery", "enter the fray", "withstand damage"):
        assert engine.find_move(name).id.startswith("move:starforged/"), name
    with pytest.raises(InvalidValue, match="Sundered Isles move; this campaign plays starforged"):
        engine.find_move("move:sundered_isles/exploration/set_a_course")
    state.apply({"type": "setting", "setting": "sundered_isles", "from": False, "to": True})
    chose = MoveEngine(state, load_library())
    assert chose.find_move("set a course").id == "move:sundered_isles/exploration/set_a_course"
    assert (
        chose.find_move("move:starforged/exploration/set_a_course").id
        == "move:sundered_isles/exploration/set_a_course"
    )


def test_a_campaign_makes_the_replacing_move(library_home: Path) -> None:
    from ironsworn.campaign.state import CampaignState
    from ironsworn.moves.engine import MoveEngine

    engine = MoveEngine(CampaignState(), load_library())  # a classic campaign
    assert engine.find_move("face danger").id == "move:lodestar/adventure/face_danger"
    assert engine.find_move("delve the depths").id == "move:delve/delve/delve_the_depths"


def _expansion(tmp_path: Path, **changes: object) -> Path:
    data = json.loads(official("lodestar").read_bytes())
    data.update(changes)
    path = tmp_path / "expansion.json"
    path.write_text(json.dumps(data))
    return path


def test_an_expansion_of_the_other_ruleset_is_refused(tmp_path: Path, private_home: Path) -> None:
    # Lodestar says it extends Starforged: its moves replace the rulebook's Face Danger.
    path = _expansion(tmp_path, ruleset="starforged")
    with pytest.raises(ContentError) as caught:
        import_pack(path)
    message = str(caught.value)
    assert "\n" not in message
    assert "lodestar is for classic, not starforged" in message
    assert not (private_home / "packs").exists()


def test_an_expansion_changing_the_other_rulesets_items_is_refused(
    tmp_path: Path, private_home: Path
) -> None:
    data = json.loads(official("lodestar").read_bytes())
    data["_id"] = "homebrew"
    move = data["moves"]["adventure"]["contents"]["face_danger"]
    move["replaces"] = ["move:starforged/adventure/face_danger"]
    path = tmp_path / "homebrew.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ContentError) as caught:
        import_pack(path)
    assert "extends classic but changes move:starforged/adventure/face_danger" in str(caught.value)
    assert not (private_home / "packs").exists()


def test_an_expansion_of_an_unknown_ruleset_is_refused(tmp_path: Path) -> None:
    data = json.loads(official("lodestar").read_bytes())
    data.update({"_id": "homebrew", "ruleset": "sundered"})
    path = tmp_path / "homebrew.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ContentError, match=r"extends ruleset 'sundered' \(accepted: an expansion"):
        import_pack(path)


def test_import_report_shape(private_home: Path) -> None:
    report: ImportReport = import_pack(official("delve"))
    data = report.to_json()
    assert data["counts"]["sites"] == 20
    assert data["unused"] == {
        "special tracks": {"count": 1, "why": "rules this program has as code"}
    }
    manifest = json.loads((report.pack.path / "pack.json").read_text())
    assert manifest["unused"] == data["unused"]
    # The failure track is played, by the program's own rules: not told as "not used yet".
    assert report.unused_line == "played by this program's own rules: 1 special track"


def test_a_pack_imported_before_the_sort_reads_in_the_books_order(private_home: Path) -> None:
    """A pack imported before the importer sorted its truths keeps the file's alphabetical
    order on disk; the library reads them in the book's order all the same."""
    report = import_pack(official("starforged"))
    stored = report.pack.path / "truths.json"
    document = json.loads(stored.read_text(encoding="utf-8"))
    document["truths"].sort(key=lambda t: t["name"])  # as an older import wrote it
    stored.write_text(json.dumps(document), encoding="utf-8")
    clear_cache()
    names = [t.name for t in load_library().in_ruleset("truths", "starforged").values()]
    assert names[:3] == ["Cataclysm", "Exodus", "Communities"]
    assert names[0] != sorted(names)[0]


@pytest.mark.parametrize("name", ["starforged", "classic", "sundered_isles"])
def test_the_truths_come_in_the_books_order(name: str) -> None:
    """Datasworn keys its truths by name; the book's order is its pages' (Starforged's
    chapter opens with Cataclysm, then Exodus and Communities, not Artificial Intelligence)."""
    raw = json.loads(official(name).read_text(encoding="utf-8"))["truths"]
    by_page = [t["name"] for t in sorted(raw.values(), key=lambda t: t["_source"]["page"])]
    truths = convert_file(official(name)).items["truths"]
    assert [t["name"] for t in truths] == by_page
    if name == "starforged":
        assert by_page[:3] == ["Cataclysm", "Exodus", "Communities"]
