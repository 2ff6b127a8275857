"""Validation of the classic Ironsworn content data files against our schema and the rulebook.

The JSON files in ``ironsworn/content/data/classic`` are hand transcriptions of the rulebook.
These tests check their structure (ids, dice coverage, references, counts) and compare a
sample of transcribed text against the rulebook text itself, which is the authority.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from functools import cache
from importlib.resources import files
from typing import Any

import pytest

from shared_files import RULEBOOK_SEED, shared_file

LICENCE = (
    "Ironsworn rulebook text by Shawn Tomkin, CC BY-NC-SA 4.0 "
    "(https://creativecommons.org/licenses/by-nc-sa/4.0/). Transcribed for the ironsworn package."
)
FILES = {
    "oracles.json": "oracles",
    "npcs.json": "npcs",
    "truths.json": "truths",
    "regions.json": "regions",
    "assets.json": "assets",
}
RANKS = {"troublesome", "dangerous", "formidable", "extreme", "epic"}
SNAKE = r"[a-z0-9]+(?:_[a-z0-9]+)*"
P = "oracle_rollable:classic/"

EXPECTED_ORACLE_IDS = {
    P + suffix
    for suffix in (
        "action_and_theme/action",
        "action_and_theme/theme",
        "character/descriptor",
        "character/goal",
        "character/role",
        "name/elf",
        "name/ironlander",
        "name/other/giants",
        "name/other/trolls",
        "name/other/varou",
        "place/coastal_waters_location",
        "place/descriptor",
        "place/location",
        "place/region",
        "settlement/name",
        "settlement/name/creature",
        "settlement/name/environmental_aspect",
        "settlement/name/historical_event",
        "settlement/name/landscape_feature",
        "settlement/name/manmade_edifice",
        "settlement/name/old_world_language",
        "settlement/name/something_else",
        "settlement/trouble",
        "settlement/quick_name/prefix",
        "settlement/quick_name/suffix",
        "settlement/quick_name",
        "turning_point/challenge_rank",
        "turning_point/combat_action",
        "turning_point/major_plot_twist",
        "turning_point/mystic_backlash",
        "moves/pay_the_price",
        "moves/endure_harm",
        "moves/endure_stress",
    )
}
TRUTH_IDS = [
    "truth:classic/" + key
    for key in (
        "old_world",
        "iron",
        "legacies",
        "communities",
        "leaders",
        "defense",
        "mysticism",
        "religion",
        "firstborn",
        "beasts",
        "horrors",
    )
]
# Book order of the Region oracle and the region chapter.
REGION_IDS = [
    "region:classic/" + key
    for key in (
        "barrier_islands",
        "ragged_coast",
        "deep_wilds",
        "flooded_lands",
        "havens",
        "hinterlands",
        "tempest_hills",
        "veiled_mountains",
        "shattered_wastes",
    )
]
NPC_CATEGORY_COUNTS = {"ironlanders": 6, "firstborn": 5, "animals": 5, "beasts": 6, "horrors": 7}


@cache
def load(name: str) -> dict[str, Any]:
    path = files("ironsworn") / "content" / "data" / "classic" / name
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def items(name: str) -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = load(name)[FILES[name]]
    return result


def oracles() -> dict[str, dict[str, Any]]:
    return {table["id"]: table for table in items("oracles.json")}


def sides(table: dict[str, Any]) -> int:
    match = re.fullmatch(r"1d(\d+)", table["dice"])
    assert match, f"{table['id']}: dice {table['dice']!r} is not '1d<N>'"
    return int(match.group(1))


def row_for(table_id: str, roll: int) -> dict[str, Any]:
    rows: list[dict[str, Any]] = oracles()[table_id]["rows"]
    matches = [r for r in rows if r["min"] <= roll <= r["max"]]
    assert len(matches) == 1, f"{table_id}: roll {roll} matches {len(matches)} rows"
    return matches[0]


def collapse(text: str) -> str:
    return " ".join(text.split())


@cache
def seed_text() -> str:
    return collapse(shared_file(RULEBOOK_SEED).read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------------------------
# Every file


@pytest.mark.parametrize("name", sorted(set(FILES) - {"assets.json"}))
def test_file_has_licence_source_and_paged_items(name: str) -> None:
    # assets.json holds the whole deck (facts after Datasworn, our summaries): its licence and
    # sources are checked in test_classic_assets_data.py.
    data = load(name)
    assert data["_licence"] == LICENCE
    assert data["source"] == {"title": "Ironsworn Rulebook", "authors": ["Shawn Tomkin"]}
    assert items(name), f"{name} has no items"
    for item in items(name):
        assert isinstance(item["page"], int) and 1 <= item["page"] <= 270, item["id"]


@pytest.mark.parametrize("name", sorted(FILES))
def test_ids_are_unique(name: str) -> None:
    counts = Counter(item["id"] for item in items(name))
    assert [i for i, n in counts.items() if n > 1] == []


# ---------------------------------------------------------------------------------------------
# Oracles


def test_oracle_ids_are_exactly_the_agreed_set() -> None:
    ids = set(oracles())
    assert ids == EXPECTED_ORACLE_IDS
    for table_id in ids:
        assert re.fullmatch(rf"oracle_rollable:classic/{SNAKE}(?:/{SNAKE})*", table_id)


@pytest.mark.parametrize("table_id", sorted(EXPECTED_ORACLE_IDS))
def test_rows_cover_the_dice_range_exactly_once(table_id: str) -> None:
    table = oracles()[table_id]
    n = sides(table)
    if not table["rows"]:
        assert table["then"], f"{table_id} has neither rows nor a 'then' composition"
        return
    assert table["then"] == []
    hits = Counter[int]()
    for row in table["rows"]:
        assert 1 <= row["min"] <= row["max"] <= n, f"{table_id}: bad range {row}"
        hits.update(range(row["min"], row["max"] + 1))
    gaps = [v for v in range(1, n + 1) if hits[v] == 0]
    overlaps = [v for v, count in hits.items() if count > 1]
    assert gaps == [] and overlaps == [], f"{table_id}: gaps {gaps}, overlaps {overlaps}"
    ordered = [(r["min"], r["max"]) for r in table["rows"]]
    assert ordered == sorted(ordered), f"{table_id}: rows are not in roll order"


@pytest.mark.parametrize("table_id", sorted(EXPECTED_ORACLE_IDS))
def test_row_text_is_clean(table_id: str) -> None:
    for row in oracles()[table_id]["rows"]:
        text = row["text"]
        assert text and text == collapse(text), f"{table_id}: untidy text {text!r}"
        assert set(row) <= {"min", "max", "text", "rolls", "worse"}, row


def test_every_roll_reference_resolves() -> None:
    tables = oracles()
    for table in tables.values():
        refs = [ref for row in table["rows"] for ref in row.get("rolls", [])] + table["then"]
        for ref in refs:
            assert set(ref) == {"oracle", "times", "unique"}, ref
            assert ref["oracle"] == "self" or ref["oracle"] in tables, ref
            assert isinstance(ref["times"], int) and ref["times"] >= 1, ref
            assert isinstance(ref["unique"], bool), ref
        for ref in table["then"]:
            assert ref["oracle"] != "self", f"{table['id']}: a composition cannot refer to itself"


def test_roll_again_rows_are_encoded() -> None:
    # Every printed "Roll again" / "Roll twice" instruction must be machine-readable.
    for table in oracles().values():
        for row in table["rows"]:
            if row["text"].startswith(("Roll twice", "Roll again")):
                assert row.get("rolls"), f"{table['id']} {row['min']}-{row['max']} lacks 'rolls'"
            else:
                assert "rolls" not in row or table["id"].endswith("/settlement/name"), row


@pytest.mark.parametrize(
    ("table_id", "roll", "times", "unique", "worse"),
    [
        ("moves/pay_the_price", 1, 1, False, True),
        ("moves/pay_the_price", 100, 2, False, False),
        ("turning_point/mystic_backlash", 98, 2, False, False),
        ("turning_point/major_plot_twist", 96, 2, False, False),
        ("settlement/trouble", 91, 2, True, False),
        ("character/goal", 100, 2, True, False),
    ],
)
def test_self_rerolls(table_id: str, roll: int, times: int, unique: bool, worse: bool) -> None:
    row = row_for(P + table_id, roll)
    assert row["rolls"] == [{"oracle": "self", "times": times, "unique": unique}]
    assert row.get("worse", False) is worse


def test_settlement_name_categories_point_at_their_sub_tables() -> None:
    targets = [row["rolls"][0]["oracle"] for row in oracles()[P + "settlement/name"]["rows"]]
    assert targets == [
        P + "settlement/name/" + key
        for key in (
            "landscape_feature",
            "manmade_edifice",
            "creature",
            "historical_event",
            "old_world_language",
            "environmental_aspect",
            "something_else",
        )
    ]


def test_quick_settlement_name_is_prefix_then_suffix() -> None:
    table = oracles()[P + "settlement/quick_name"]
    assert table["rows"] == []
    assert [ref["oracle"] for ref in table["then"]] == [
        P + "settlement/quick_name/prefix",
        P + "settlement/quick_name/suffix",
    ]


def test_ironlander_names_is_one_two_hundred_row_table() -> None:
    table = oracles()[P + "name/ironlander"]
    assert table["dice"] == "1d200"
    assert len(table["rows"]) == 200
    assert row_for(P + "name/ironlander", 1)["text"] == "Solana"
    assert row_for(P + "name/ironlander", 101)["text"] == "Segura"


def test_ask_the_oracle_odds() -> None:
    odds = load("oracles.json")["odds"]
    assert [(o["key"], o["yes_at_least"]) for o in odds] == [
        ("almost_certain", 11),
        ("likely", 26),
        ("fifty_fifty", 51),
        ("unlikely", 76),
        ("small_chance", 91),
    ]
    for entry in odds:
        assert f"{entry['name']} {entry['yes_at_least']} or greater" in seed_text()


# ---------------------------------------------------------------------------------------------
# NPCs, truths, regions, assets


def test_npcs_counts_ids_and_ranks() -> None:
    npcs = items("npcs.json")
    assert len(npcs) == 29
    assert Counter(n["category"] for n in npcs) == NPC_CATEGORY_COUNTS
    for npc in npcs:
        assert re.fullmatch(rf"npc:classic/{npc['category']}/{SNAKE}", npc["id"]), npc["id"]
        assert npc["rank"] in RANKS, npc["id"]
        for key in ("features", "drives", "tactics"):
            assert npc[key] and all(isinstance(s, str) and s for s in npc[key]), (npc["id"], key)
        assert npc["description"] and npc["quest_starter"], npc["id"]
        assert npc["your_truth"] is None or npc["your_truth"], npc["id"]


def test_truths_have_three_options_covering_d100() -> None:
    truths = items("truths.json")
    assert [t["id"] for t in truths] == TRUTH_IDS
    for truth in truths:
        options = truth["options"]
        assert [o["key"] for o in options] == ["1", "2", "3"], truth["id"]
        assert [(o["min"], o["max"]) for o in options] == [(1, 33), (34, 67), (68, 100)]
        for option in options:
            assert option["summary"] and option["text"] and option["quest_starter"]
            assert option["text"].startswith(option["summary"]), (truth["id"], option["key"])


def test_regions() -> None:
    regions = items("regions.json")
    assert [r["id"] for r in regions] == REGION_IDS
    region_table = [row["text"] for row in oracles()[P + "place/region"]["rows"]]
    assert [r["name"] for r in regions] == region_table[:9]
    for region in regions:
        assert region["features"] and region["description"] and region["quest_starter"]


def test_assets() -> None:
    assets = items("assets.json")
    assert len(assets) == 78
    for asset in assets:
        assert asset["type"] in {"companion", "path", "combat_talent", "ritual"}
        assert re.fullmatch(rf"asset:classic/{asset['type']}/{SNAKE}", asset["id"]), asset["id"]
        assert [a["key"] for a in asset["abilities"]] == ["1", "2", "3"], asset["id"]
        assert all(isinstance(a["enabled"], bool) and a["summary"] for a in asset["abilities"])
        meter = asset["condition_meter"]
        assert meter is None or 0 <= meter["value"] <= meter["max"], asset["id"]


def _printed_keys(low: int, high: int) -> list[str]:
    """The ways the book prints a row key: 1, 01-15, 1-10, 99-00, 91-100, 00."""

    def forms(n: int) -> list[str]:
        return ["00", "100"] if n == 100 else [str(n), f"{n:02d}"]

    if low == high:
        return forms(low)
    return [f"{a}-{b}" for a in forms(low) for b in forms(high)]


def _printed_row(table_id: str, index: int) -> str:
    """The row's words as they follow its key in the book (shared-key tables print siblings)."""
    table = oracles()[table_id]
    text = str(table["rows"][index]["text"])
    if table_id == P + "settlement/quick_name/suffix":
        prefix = oracles()[P + "settlement/quick_name/prefix"]["rows"][index]["text"]
        return f"{prefix} {text}"
    if table_id.startswith(P + "name/other/"):
        columns = ("giants", "varou", "trolls")  # the book's column order
        return " ".join(oracles()[P + "name/other/" + c]["rows"][index]["text"] for c in columns)
    return text


@pytest.mark.parametrize("table_id", sorted(EXPECTED_ORACLE_IDS - {P + "settlement/quick_name"}))
def test_every_row_is_printed_in_the_rulebook(table_id: str) -> None:
    # Row text can wrap onto lines shared with another column, so after finding the key and the
    # first words together, the rest must follow in order within a short stretch of the text.
    seed = " " + seed_text()
    offset = 100 if table_id == P + "name/ironlander" else 0  # two printed 1-100 lists
    for index, row in enumerate(oracles()[table_id]["rows"]):
        low, high = row["min"], row["max"]
        if low > offset:
            low, high = low - offset, high - offset
        words = _printed_row(table_id, index).split()
        found = False
        for key in _printed_keys(low, high):
            start = seed.find(" " + " ".join([key, *words[:2]]))
            while start >= 0 and not found:
                stream = iter(seed[start : start + 1500].split())
                found = all(word in stream for word in [key, *words])
                start = seed.find(" " + " ".join([key, *words[:2]]), start + 1)
        assert found, f"{table_id} {row['min']}-{row['max']}: {' '.join(words)!r} not in the book"


def _prose_words(text: str) -> list[str]:
    # Bullets, ability circles and dashes are layout, and a dash or hyphen may end a printed line
    # ("rune-" ... "marked"), so words are compared with them removed.
    return [w for w in re.split(r"[\s—•{-]+", text) if w]


@cache
def _seed_words() -> tuple[str, ...]:
    return tuple(_prose_words(seed_text()))


@cache
def _seed_positions() -> dict[str, list[int]]:
    positions: dict[str, list[int]] = {}
    for index, word in enumerate(_seed_words()):
        positions.setdefault(word, []).append(index)
    return positions


def _passages() -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for npc in items("npcs.json"):
        parts = [*npc["description"].split("\n\n"), npc["quest_starter"], npc["your_truth"]]
        parts += npc["features"] + npc["drives"] + npc["tactics"]
        found += [(npc["id"], part) for part in parts if part]
    for truth in items("truths.json"):
        for option in truth["options"]:
            found += [(truth["id"], option["text"]), (truth["id"], option["quest_starter"])]
    for region in items("regions.json"):
        parts = [*region["description"].split("\n\n"), region["quest_starter"], *region["features"]]
        found += [(region["id"], part) for part in parts]
    for asset in items("assets.json"):
        if asset["page"] is None:
            continue  # not printed in the rulebook: our own summaries (no "text")
        found += [(asset["id"], ability["text"]) for ability in asset["abilities"]]
        if asset["requirement"]:
            found.append((asset["id"], asset["requirement"]))
    return found


@pytest.mark.parametrize("name", ["npcs.json", "truths.json", "regions.json", "assets.json"])
def test_every_passage_is_printed_in_the_rulebook(name: str) -> None:
    # Columns interleave in the text, so a passage must start with its first words together and
    # then continue in order within a stretch of the book; nothing may be added or misspelt.
    seed = _seed_words()
    wanted = {item["id"] for item in items(name)}
    for item_id, passage in _passages():
        if item_id not in wanted:
            continue
        words = _prose_words(passage)
        head = min(3, len(words))
        starts = (
            i
            for i in _seed_positions().get(words[0], [])
            if list(seed[i : i + head]) == words[:head]
        )
        found = False
        for start in starts:
            stream = iter(seed[start : start + 1500])
            if all(word in stream for word in words):
                found = True
                break
        assert found, f"{item_id}: {passage[:60]!r} is not in the book as written"


# ---------------------------------------------------------------------------------------------
# Spot checks against the rulebook text: (what, value in our data, how the book prints it)


def _npc(npc_id: str) -> dict[str, Any]:
    return next(n for n in items("npcs.json") if n["id"] == npc_id)


def _truth_option(truth_id: str, key: str) -> dict[str, Any]:
    truth = next(t for t in items("truths.json") if t["id"] == truth_id)
    option: dict[str, Any] = next(o for o in truth["options"] if o["key"] == key)
    return option


def _region(region_id: str) -> dict[str, Any]:
    return next(r for r in items("regions.json") if r["id"] == region_id)


def _asset(asset_id: str) -> dict[str, Any]:
    return next(a for a in items("assets.json") if a["id"] == asset_id)


def _first_words(text: str, count: int) -> str:
    return " ".join(text.split()[:count])


def _text(table: str, roll: int) -> Callable[[], str]:
    return lambda: str(row_for(P + table, roll)["text"])


SPOT_CHECKS: list[tuple[str, Callable[[], str], str, str]] = [
    ("action 1", _text("action_and_theme/action", 1), "Scheme", "1 {}"),
    ("action 100", _text("action_and_theme/action", 100), "Summon", "00 {}"),
    ("theme 68", _text("action_and_theme/theme", 68), "Portent", "68 {}"),
    ("region 100", _text("place/region", 100), "Elsewhere", "00 {}"),
    ("location 67", _text("place/location", 67), "Bay/Fjord", "67-68 {}"),
    ("location descriptor 84", _text("place/descriptor", 84), "Corrupted", "83-84 {}"),
    ("coastal 86", _text("place/coastal_waters_location", 99), "Open Water", "86-99 {}"),
    ("trouble 89", _text("settlement/trouble", 90), "Dangerous tradition", "89-90 {}"),
    ("quick prefix 77", _text("settlement/quick_name/prefix", 80), "Rock-", "77-80 {} -rock"),
    ("quick suffix 37", _text("settlement/quick_name/suffix", 37), "-fall(s)", "Low- {}"),
    ("role 100", _text("character/role", 100), "Unusual role", "00 {}"),
    ("goal 91", _text("character/goal", 92), "Escape from something", "91-92 {}"),
    ("descriptor 93", _text("character/descriptor", 93), "Hot-tempered", "93 {}"),
    ("ironlander 57", _text("name/ironlander", 157), "Khulan", "57 {}"),
    ("elf 99", _text("name/elf", 100), "Faraza", "99-00 {}"),
    ("giant/varou/troll 57", _text("name/other/varou", 60), "Neda", "57-60 Tanua {} Bleat"),
    ("combat 90", _text("turning_point/combat_action", 95), "Attack with power.", "90-99 {}"),
    (
        "backlash 1",
        _text("turning_point/mystic_backlash", 1),
        "Your ritual has the opposite affect.",
        "1-4 {}",
    ),
    (
        "twist 86",
        _text("turning_point/major_plot_twist", 88),
        "Two seemingly unrelated situations are shown to be connected.",
        "86-90 {}",
    ),
    ("rank 94", _text("turning_point/challenge_rank", 100), "Epic", "94-00 {}"),
    (
        "pay the price 10",
        _text("moves/pay_the_price", 16),
        "You are separated from something or someone.",
        "10-16 {}",
    ),
    ("endure harm 1", _text("moves/endure_harm", 1), "The harm is mortal. Face Death.", "1-10 {}"),
    ("endure stress 51", _text("moves/endure_stress", 100), "You persevere.", "51-00 {}"),
    ("landscape 91", _text("settlement/name/landscape_feature", 100), "Three Rivers", "91-00 {}"),
    (
        "something else 21",
        _text("settlement/name/something_else", 25),
        "A founder or famous settler (Kei's Hall)",
        "21-30 {}",
    ),
    ("settlement category 91", _text("settlement/name", 95), "Something Else....", "91-100 {}"),
    (
        "sodden features",
        lambda: str(_npc("npc:classic/horrors/sodden")["features"][0]),
        "Milky eyes",
        "Features: • {}",
    ),
    (
        "leviathan rank",
        lambda: str(_npc("npc:classic/beasts/leviathan")["rank"]).title(),
        "Epic",
        "Rank: {} (1 tick per harm; inflicts 5 harm)",
    ),
    (
        "common folk drives",
        lambda: str(_npc("npc:classic/ironlanders/common_folk")["drives"][0]),
        "Prepare for the winter",
        "Drives: • {}",
    ),
    (
        "horrors truth 1",
        lambda: str(_truth_option("truth:classic/horrors", "1")["text"]),
        "Nothing but stories to frighten children.",
        "{{{{ {}",
    ),
    (
        "sodden quest",
        lambda: str(_npc("npc:classic/horrors/sodden")["quest_starter"]),
        "Someone you know died and appears to you as a sodden. Who are they? "
        "Can anything be done to put them to rest?",
        "Quest Starter: {}",
    ),
    (
        "barrier islands quest",
        lambda: str(_region("region:classic/barrier_islands")["quest_starter"]),
        "The spectral maiden appears at the bow of your ship, offering to guide you safely through "
        "the storm—for a price. What does she demand of you?",
        "Quest Starter: {}",
    ),
    # The asset cards are interleaved with other columns, so only an unbroken line is compared.
    (
        "communion 3",
        lambda: _first_words(_asset("asset:classic/ritual/communion")["abilities"][2]["text"], 7),
        "When you perform this ritual, add +1",
        "{{ {}",
    ),
]


@pytest.mark.parametrize(
    ("label", "get", "expected", "printed"), SPOT_CHECKS, ids=[c[0] for c in SPOT_CHECKS]
)
def test_spot_check_against_rulebook(
    label: str, get: Callable[[], str], expected: str, printed: str
) -> None:
    assert get() == expected, label
    needle = collapse(printed.format(expected))
    assert needle in seed_text(), f"{label}: {needle!r} is not in the rulebook text"
