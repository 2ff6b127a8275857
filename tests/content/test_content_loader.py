"""The bundled content, loaded through the loader: counts, ids, dice coverage, links."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from test_classic_data_files import EXPECTED_ORACLE_IDS

from ironsworn.content import Ruleset, load_library, load_ruleset
from ironsworn.content.loader import BUNDLED_PACKS, FILES, read_json
from ironsworn.errors import InvalidValue

LINK_TARGET = re.compile(r"\]\(((?:move|oracle_rollable|npc|asset|truth|region):[^)\s]+)\)")


@pytest.fixture(scope="module")
def classic() -> Ruleset:
    return load_ruleset("classic")


@pytest.fixture(scope="module")
def starforged() -> Ruleset:
    return load_ruleset("starforged")


@pytest.mark.parametrize(
    ("kind", "count"),
    [("moves", 35), ("npcs", 29), ("truths", 11), ("regions", 9), ("assets", 78)],
)
def test_classic_counts(classic: Ruleset, kind: str, count: int) -> None:
    assert len(classic.items(kind)) == count


def test_every_truth_has_three_options(classic: Ruleset) -> None:
    assert {t.id: len(t.options) for t in classic.truths.values()} == {t: 3 for t in classic.truths}


def test_starforged_counts(starforged: Ruleset) -> None:
    assert len(starforged.moves) == 56
    assert len({m.category for m in starforged.moves.values()}) == 12


def test_oracle_tables_named_by_the_issue_exist(classic: Ruleset) -> None:
    # The same ids the data files are checked to hold, read here through the loader.
    assert sorted(EXPECTED_ORACLE_IDS - set(classic.oracles)) == []


def test_every_table_covers_its_dice_exactly_once(classic: Ruleset) -> None:
    problems = []
    for table in classic.oracles.values():
        if table.then and not table.rows:
            continue
        low, high = table.range
        counts = Counter(v for row in table.rows for v in range(row.min, row.max + 1))
        wrong = [v for v in range(low, high + 1) if counts[v] != 1]
        outside = [v for v in counts if not low <= v <= high]
        if wrong or outside:
            problems.append((table.id, wrong[:5], outside[:5]))
    assert problems == []


def test_ironlander_names_is_one_d200_table(classic: Ruleset) -> None:
    table = classic.oracle("ironlander names")
    assert table.dice == "1d200"
    assert len(table.rows) == 200


def test_composite_tables_point_at_real_tables(classic: Ruleset) -> None:
    composites = [t for t in classic.oracles.values() if t.then]
    assert composites, "quick settlement name should be a composite table"
    assert all(step.oracle in classic.oracles for t in composites for step in t.then)


def test_every_row_roll_points_at_a_real_table(classic: Ruleset) -> None:
    bad = [
        (t.id, r.oracle)
        for t in classic.oracles.values()
        for row in t.rows
        for r in row.rolls
        if r.oracle != "self" and r.oracle not in classic.oracles
    ]
    assert bad == []


@pytest.mark.parametrize("name", ["classic", "starforged"])
def test_ids_unique_and_typed(name: str) -> None:
    ruleset = load_ruleset(name)
    prefix = {
        "moves": "move:",
        "oracles": "oracle_rollable:",
        "npcs": "npc:",
        "truths": "truth:",
        "regions": "region:",
        "assets": "asset:",
    }
    for kind in FILES:
        path = BUNDLED_PACKS[name].file(kind)
        if not path.is_file():
            continue
        raw_ids = [item["id"] for item in read_json(path)[kind]]
        assert len(raw_ids) == len(set(raw_ids)), f"duplicate ids in {path}"
        assert all(i.startswith(prefix[kind] + name + "/") for i in raw_ids), kind
    assert ruleset.warnings == []


@pytest.mark.parametrize("name", ["classic", "starforged"])
def test_every_link_resolves(name: str) -> None:
    ruleset = load_ruleset(name)
    known = set(ruleset.moves) | set(ruleset.oracles) | set(ruleset.npcs) | set(ruleset.assets)
    bad = []
    for move in ruleset.moves.values():
        bad += [(move.id, link) for link in move.links if link not in ruleset.moves]
        texts = [move.text, *(move.outcomes or {}).values(), *move.match_outcomes.values()]
        for text in texts:
            bad += [(move.id, t) for t in LINK_TARGET.findall(text) if t not in known]
        if move.variant_of is not None and move.variant_of not in ruleset.moves:
            bad.append((move.id, move.variant_of))
    assert bad == []


def test_classic_move_tables_resolve(classic: Ruleset) -> None:
    # Ask the Oracle's "table" is the odds list, kept apart as Ruleset.odds.
    bad = [
        (m.id, t)
        for m in classic.moves.values()
        for t in m.tables
        if t not in classic.oracles and not (t.endswith("/ask_the_oracle") and classic.odds)
    ]
    assert bad == []


def test_odds_match_the_rulebook(classic: Ruleset) -> None:
    assert {k: o.yes_at_least for k, o in classic.odds.items()} == {
        "almost_certain": 11,
        "likely": 26,
        "fifty_fifty": 51,
        "unlikely": 76,
        "small_chance": 91,
    }
    assert classic.odds_for("50/50").key == "fifty_fifty"


def test_move_fields_are_well_formed(classic: Ruleset) -> None:
    for move in classic.moves.values():
        assert move.roll_type in ("action_roll", "progress_roll", "no_roll", "special_track")
        if move.outcomes is not None:
            assert set(move.outcomes) == {"strong_hit", "weak_hit", "miss"}, move.id
        for choice in move.choices.values():
            keys = [o.key for o in choice.options]
            assert len(keys) == len(set(keys)), move.id
            # A list on a move without a roll counts under "any".
            assert set(choice.count) <= {*choice.outcomes, "any"}, move.id


def test_loading_is_lazy_and_cached() -> None:
    ruleset = load_ruleset("classic")
    assert ruleset is load_ruleset("CLASSIC")
    fresh = Ruleset("classic", (BUNDLED_PACKS["classic"],))
    _ = fresh.oracles
    assert set(k for k in fresh._loaded if not k.startswith("file:")) == {"oracles"}
    assert fresh.moves is fresh.moves


def test_unknown_ruleset_names_the_accepted_ones() -> None:
    with pytest.raises(InvalidValue, match=r"'ironlands'.*classic, starforged, all"):
        load_ruleset("ironlands")


def test_all_is_the_library_with_both_bundled_rulesets() -> None:
    library = load_ruleset("all")
    assert library is load_library()
    assert len(library.moves) == 35 + 56
    assert library.move("Face Danger").id == "move:classic/adventure/face_danger"
    assert library.find("moves", "face danger", "starforged").id == (
        "move:starforged/adventure/face_danger"
    )
