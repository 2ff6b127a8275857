"""Importing Datasworn and Dataforged packs from hand-written fixture files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ironsworn.content import import_pack, list_packs, load_library, roll_oracle
from ironsworn.content.packs import convert_file
from ironsworn.dice import FixedDice
from ironsworn.errors import ContentError
from shared_files import STARFORGED_SEED, shared_file

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def snapshot(root: Path) -> dict[str, bytes]:
    if not root.exists():
        return {}
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


# --- Datasworn 0.1 -----------------------------------------------------------------------------


def test_datasworn_0_1_expansion(private_home: Path) -> None:
    report = import_pack(FIXTURES / "datasworn_0_1_expansion.json")
    assert (report.pack.id, report.pack.ruleset, report.pack.kind, report.pack.format) == (
        "hearthfire",
        "classic",
        "expansion",
        "datasworn-0.1",
    )
    assert report.counts == {
        "moves": 2,
        "oracles": 3,
        "assets": 1,
        "npcs": 2,
        "truths": 1,
        "regions": 1,
    }
    assert report.pack.path == private_home / "packs" / "hearthfire"
    assert report.replaced is False

    library = load_library()
    move = library.move("tend the fire")
    assert move.id == "move:hearthfire/hearth/tend_the_fire"
    assert move.page == 12
    assert move.category == "Hearth Moves"
    assert [(o.using, o.method, o.text) for o in move.roll_options] == [
        (("wits",), "player_choice", ""),
        (("heart", "spirit"), "highest", "If you share the watch"),
    ]
    assert move.rolls == ("wits", "heart", "spirit")
    assert move.links == ("move:classic/fate/pay_the_price", "move:classic/suffer/endure_stress")
    assert "(move:classic/fate/pay_the_price)" in move.text  # link prefix stripped
    assert move.tables == ("oracle_rollable:hearthfire/embers/omen",)
    logs = library.move("count the logs")
    assert (logs.roll_type, logs.rolls, logs.progress_move) == (
        "progress_roll",
        ("woodpile_track",),
        True,
    )


def test_datasworn_oracle_rolls_follow_through(private_home: Path) -> None:
    import_pack(FIXTURES / "datasworn_0_1_expansion.json")
    library = load_library()
    omen = library.oracle("ember omen")
    assert omen.dice == "1d10"
    twice = roll_oracle(library, omen, FixedDice([9, 1, 2, 5]))  # 1 and 2 share a row: reroll
    assert [r.roll for r in twice.rolls] == [1, 5]
    kindling = roll_oracle(library, "kindling", FixedDice([4, 6]))
    assert kindling.rolls[0].id == "oracle_rollable:hearthfire/embers/omen"
    assert library.oracle("ash colour").id == "oracle_rollable:hearthfire/embers/ash/colour"


def test_datasworn_assets_npcs_truths_regions(private_home: Path) -> None:
    import_pack(FIXTURES / "datasworn_0_1_expansion.json")
    library = load_library()
    cat = library.asset("hearth cat")
    assert (cat.type, cat.requirement, cat.input, cat.page) == (
        "Companion",
        "Your cat is near the fire.",
        "Name",
        20,
    )
    assert [a.enabled for a in cat.abilities] == [True, False]
    assert cat.condition_meter is not None
    assert (cat.condition_meter.name, cat.condition_meter.max) == ("health", 2)
    wight = library.npc("cinder wight")
    assert (wight.rank, wight.category, wight.tactics) == (
        "formidable",
        "Spirits",
        ("Smother", "Scorch"),
    )
    ember = library.npc("ember wight")
    assert (ember.id, ember.rank, ember.drives) == (
        "npc:hearthfire/spirits/ember_wight",
        "extreme",
        ("Find warmth",),
    )
    truth = library.truth("hearths")
    assert [(o.min, o.max, o.summary) for o in truth.options][1] == (34, 67, "Fires are rare.")
    assert library.region("ember vale").id == "region:hearthfire/ember_vale"


def test_datasworn_lenient_warnings(private_home: Path) -> None:
    report = import_pack(FIXTURES / "datasworn_0_1_expansion.json")
    warnings = "\n".join(report.warnings)
    assert "unknown section 'homebrew_flavour'" in warnings
    # A row without a range is not a warning (nothing to act on): it is counted as unused.
    assert "kindling: row 1 has no range" not in warnings
    assert report.unused["oracle rows"][0] == 1
    manifest = json.loads((report.pack.path / "pack.json").read_text())
    assert manifest["warnings"] == list(report.warnings)


def test_datasworn_progress_roll_method_is_not_a_problem() -> None:
    from ironsworn.content.datasworn import _Reader

    reader = _Reader("x", "x")
    condition = {"method": "progress_roll", "roll_options": [{"using": "progress_track"}]}
    option = reader.roll_option(condition, "move:x/y/z")
    assert option == {"using": ["progress"], "method": "player_choice", "text": ""}
    assert reader.warnings == []
    odd = reader.roll_option(
        {"method": "sideways", "roll_options": [{"using": "stat", "stat": "iron"}]}, "m"
    )
    assert odd is not None and odd["method"] == "player_choice"
    assert reader.warnings == ["move m: method 'sideways' read as player_choice"]


# --- Datasworn 0.2 -----------------------------------------------------------------------------


def test_datasworn_0_2_ruleset() -> None:
    report = import_pack(FIXTURES / "datasworn_0_2_ruleset.json")
    assert (report.pack.id, report.pack.ruleset, report.pack.format) == (
        "frostbound",
        "frostbound",
        "datasworn-0.2",
    )
    library = load_library()
    brave = library.move("brave the cold")
    assert brave.outcomes is not None and brave.outcomes["strong_hit"] == "You are warm."
    assert brave.match_outcomes == {
        "miss": "Frostbite. [Shiver](move:frostbound/cold/shiver) twice."
    }
    assert brave.links == ("move:frostbound/cold/shiver",)
    custom = brave.roll_options[1]
    assert custom.using == ("custom",)
    assert custom.custom_stat is not None
    assert [(o.name, o.value) for o in custom.custom_stat.options] == [
        ("Thin furs", 1),
        ("Thick furs", 3),
    ]
    assert len(brave.roll_options) == 2  # the unknown "mystery_meter" option is dropped
    assert any("mystery_meter" in w for w in report.warnings)
    assert library.move("shiver").outcomes is None


def test_datasworn_0_2_keep_duplicates() -> None:
    import_pack(FIXTURES / "datasworn_0_2_ruleset.json")
    snow = roll_oracle(load_library(), "snow", FixedDice([97, 10, 11]))
    assert [r.text for r in snow.rolls] == ["Light flurries", "Light flurries"]
    # A "roll twice more" inside itself is rerolled, not followed.
    again = roll_oracle(load_library(), "snow", FixedDice([97, 99, 10, 60]))
    assert [r.roll for r in again.rolls] == [10, 60]


def test_unknown_datasworn_version_is_a_warning(tmp_path: Path) -> None:
    data = json.loads((FIXTURES / "datasworn_0_2_ruleset.json").read_text())
    data["datasworn_version"] = "0.9.0"
    path = tmp_path / "future.json"
    path.write_text(json.dumps(data))
    converted = convert_file(path)
    assert any("0.9.0" in w for w in converted.warnings)


# --- Dataforged --------------------------------------------------------------------------------


def test_dataforged_oracles() -> None:
    report = import_pack(FIXTURES / "dataforged_oracles.json", "embers")
    assert report.pack.id == "embers"
    assert report.pack.format == "dataforged-1"
    library = load_library()
    spark = library.oracle("spark")
    assert spark.id == "oracle_rollable:emberforged/core/spark"
    assert spark.rows[1].text == "Blaze — a big one"
    twice = roll_oracle(library, spark, FixedDice([95, 1, 2, 50]))
    assert [r.roll for r in twice.rolls] == [1, 50]  # duplicates not allowed: 2 rerolled
    ash = roll_oracle(library, spark, FixedDice([85, 60, 70]))
    assert [r.id for r in ash.rolls] == ["oracle_rollable:emberforged/core/ash"]
    assert ash.rolls[0].rolls[0].text == "Blue"  # the row's subtable
    assert library.oracle("smoke shape").id == "oracle_rollable:emberforged/core/smoke/shape"


def test_dataforged_combined_file() -> None:
    report = import_pack(FIXTURES / "dataforged_pack.json")
    assert report.counts == {"moves": 2, "assets": 1, "npcs": 1, "truths": 1}
    assert any("'Sparkles'" in w for w in report.warnings)
    assert any("'Sideways'" in w for w in report.warnings)
    library = load_library()
    light = library.move("light a fire")
    assert light.links == ("move:emberforged/fire/smother",)
    assert light.match_outcomes == {"miss": "It spreads."}
    assert light.page == 11
    salamander = library.asset("salamander")
    assert salamander.condition_meter is not None and salamander.condition_meter.max == 3
    assert library.npc("ash hound").rank == "dangerous"
    assert library.truth("emberforged/fire").options[2].summary == "Fire is gone."


def test_the_starforged_seed_imports_beside_the_bundled_pack() -> None:
    report = import_pack(shared_file(STARFORGED_SEED))
    assert report.pack.id == "starforged_import"
    assert report.counts == {"moves": 56}
    library = load_library()
    assert len(library.moves) == 35 + 56  # the same ids: the bundled moves win
    assert any("duplicate id" in w for w in library.warnings)


# --- broken files --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("broken_truncated.json", "not valid JSON"),
        ("broken_missing_name.json", "move move:nameless/misc/bad: missing 'name'"),
        ("broken_bad_range.json", "row 1: 'one' is not a whole number"),
        ("broken_not_a_pack.json", "neither a Datasworn file"),
    ],
)
def test_broken_file_is_refused_and_nothing_is_touched(
    private_home: Path, name: str, problem: str
) -> None:
    import_pack(FIXTURES / "datasworn_0_2_ruleset.json")
    before = snapshot(private_home)
    with pytest.raises(ContentError) as caught:
        import_pack(FIXTURES / name)
    message = str(caught.value)
    assert name in message and problem in message
    assert "\n" not in message
    assert snapshot(private_home) == before
    assert [p.name for p in (private_home / "packs").iterdir()] == ["frostbound"]


def test_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match=r"cannot read .*nope\.json"):
        import_pack(tmp_path / "nope.json")


def test_reimport_replaces_the_pack_in_one_step(private_home: Path, tmp_path: Path) -> None:
    source = tmp_path / "frostbound.json"
    shutil.copy(FIXTURES / "datasworn_0_2_ruleset.json", source)
    import_pack(source)
    data = json.loads(source.read_text())
    del data["moves"]
    source.write_text(json.dumps(data))
    report = import_pack(source)
    assert report.replaced is True
    assert report.counts == {"oracles": 1}
    packs = private_home / "packs"
    assert sorted(p.name for p in packs.iterdir()) == ["frostbound"]  # no temp dirs left
    assert not (packs / "frostbound" / "moves.json").exists()
    assert "move:frostbound/cold/shiver" not in load_library().moves


def test_bad_pack_id_option() -> None:
    with pytest.raises(ContentError, match="pack id 'Bad Id'"):
        import_pack(FIXTURES / "datasworn_0_2_ruleset.json", "Bad Id")


def test_list_packs_and_leftover_directories(private_home: Path) -> None:
    import_pack(FIXTURES / "datasworn_0_2_ruleset.json")
    # A crashed import leaves a dot-directory, and a directory without manifest is not a pack.
    (private_home / "packs" / ".tmp-half-123").mkdir()
    (private_home / "packs" / "nomanifest").mkdir()
    assert [p.id for p in list_packs()] == ["classic", "starforged", "frostbound"]
    pack = list_packs()[2]
    assert pack.to_json()["counts"] == {"moves": 2, "oracles": 1}


def test_library_cache_sees_new_packs() -> None:
    before = load_library()
    assert "move:frostbound/cold/shiver" not in before.moves
    import_pack(FIXTURES / "datasworn_0_2_ruleset.json")
    assert "move:frostbound/cold/shiver" in load_library().moves
