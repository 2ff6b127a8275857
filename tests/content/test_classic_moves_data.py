"""Validation of the classic moves data file against its schema and the rulebook text.

`src/ironsworn/content/data/classic/moves.json` is transcribed by hand from the rulebook
(`shared/seeds/000_*.txt`, which sits beside the repository clone). These tests hold the file
to the schema the content loader and the move engine read, and compare the transcription with
the rulebook itself, so a slip in a stat, a number or an option key fails here rather than at
the table.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from shared_files import RULEBOOK_SEED, shared_file

REPO = Path(__file__).parents[2]
MOVES_FILE = REPO / "src/ironsworn/content/data/classic/moves.json"

ID_PATTERN = re.compile(
    r"^move:classic/(adventure|relationship|combat|suffer|quest|fate)/[a-z]+(_[a-z]+)*$"
)
SNAKE = re.compile(r"^[a-z]+(_[a-z]+)*$")
TABLE_ID = re.compile(r"^oracle_rollable:classic/moves/[a-z]+(_[a-z]+)*$")

STATS = ("edge", "heart", "iron", "shadow", "wits")
METERS = ("health", "spirit", "supply", "companion_health")
PROGRESS_TRACKS = ("vow", "journey", "fight", "bonds")
ROLL_TYPES = ("action_roll", "progress_roll", "no_roll", "special_track")
OUTCOMES = ("strong_hit", "weak_hit", "miss")
MOVE_KEYS = {
    "id",
    "name",
    "category",
    "page",
    "trigger",
    "roll_type",
    "roll_options",
    "rolls",
    "method",
    "progress_move",
    "allow_momentum_burn",
    "adds",
    "text",
    "outcomes",
    "choices",
    "links",
    "tables",
}

# (id, name, roll type) in book order. The page is checked against the book's table of contents.
EXPECTED_MOVES: list[tuple[str, str, str]] = [
    ("move:classic/adventure/face_danger", "Face Danger", "action_roll"),
    ("move:classic/adventure/secure_an_advantage", "Secure an Advantage", "action_roll"),
    ("move:classic/adventure/gather_information", "Gather Information", "action_roll"),
    ("move:classic/adventure/heal", "Heal", "action_roll"),
    ("move:classic/adventure/resupply", "Resupply", "action_roll"),
    ("move:classic/adventure/make_camp", "Make Camp", "action_roll"),
    ("move:classic/adventure/undertake_a_journey", "Undertake a Journey", "action_roll"),
    ("move:classic/adventure/reach_your_destination", "Reach Your Destination", "progress_roll"),
    ("move:classic/relationship/compel", "Compel", "action_roll"),
    ("move:classic/relationship/sojourn", "Sojourn", "action_roll"),
    ("move:classic/relationship/draw_the_circle", "Draw the Circle", "action_roll"),
    ("move:classic/relationship/forge_a_bond", "Forge a Bond", "action_roll"),
    ("move:classic/relationship/test_your_bond", "Test Your Bond", "action_roll"),
    ("move:classic/relationship/aid_your_ally", "Aid Your Ally", "action_roll"),
    ("move:classic/relationship/write_your_epilogue", "Write Your Epilogue", "special_track"),
    ("move:classic/combat/enter_the_fray", "Enter the Fray", "action_roll"),
    ("move:classic/combat/strike", "Strike", "action_roll"),
    ("move:classic/combat/clash", "Clash", "action_roll"),
    ("move:classic/combat/turn_the_tide", "Turn the Tide", "no_roll"),
    ("move:classic/combat/end_the_fight", "End the Fight", "progress_roll"),
    ("move:classic/combat/battle", "Battle", "action_roll"),
    ("move:classic/suffer/endure_harm", "Endure Harm", "action_roll"),
    ("move:classic/suffer/face_death", "Face Death", "action_roll"),
    ("move:classic/suffer/companion_endure_harm", "Companion Endure Harm", "action_roll"),
    ("move:classic/suffer/endure_stress", "Endure Stress", "action_roll"),
    ("move:classic/suffer/face_desolation", "Face Desolation", "action_roll"),
    ("move:classic/suffer/out_of_supply", "Out of Supply", "no_roll"),
    ("move:classic/suffer/face_a_setback", "Face a Setback", "no_roll"),
    ("move:classic/quest/swear_an_iron_vow", "Swear an Iron Vow", "action_roll"),
    ("move:classic/quest/reach_a_milestone", "Reach a Milestone", "no_roll"),
    ("move:classic/quest/fulfill_your_vow", "Fulfill Your Vow", "progress_roll"),
    ("move:classic/quest/forsake_your_vow", "Forsake Your Vow", "no_roll"),
    ("move:classic/quest/advance", "Advance", "no_roll"),
    ("move:classic/fate/pay_the_price", "Pay the Price", "no_roll"),
    ("move:classic/fate/ask_the_oracle", "Ask the Oracle", "no_roll"),
]

CATEGORY_COUNTS = {
    "adventure": 8,
    "relationship": 7,
    "combat": 6,
    "suffer": 7,
    "quest": 5,
    "fate": 2,
}

# The move engine looks choices up by these list names and option keys; they must not drift.
EXPECTED_CHOICES: dict[str, dict[str, list[str]]] = {
    "face_danger": {
        "weak_hit": ["suffer_momentum", "endure_harm", "endure_stress", "suffer_supply"]
    },
    "secure_an_advantage": {"strong_hit": ["take_control", "prepare_to_act"]},
    "gather_information": {},
    "heal": {"weak_hit": ["suffer_supply", "suffer_momentum"]},
    "resupply": {},
    "make_camp": {"benefits": ["recuperate", "partake", "relax", "focus", "prepare"]},
    "undertake_a_journey": {"strong_hit": ["mark_progress", "mark_progress_momentum"]},
    "reach_your_destination": {"strong_hit": ["take_control", "momentum"]},
    "compel": {},
    "sojourn": {
        "benefits": [
            "mend",
            "hearten",
            "equip",
            "recuperate",
            "consort",
            "provision",
            "plan",
            "take_a_quest",
        ]
    },
    "draw_the_circle": {
        "boasts": [
            "grant_first_strike",
            "bare_yourself",
            "hold_no_iron",
            "bloody_yourself",
            "to_the_death",
        ]
    },
    "forge_a_bond": {"strong_hit": ["spirit", "momentum"]},
    "test_your_bond": {"strong_hit": ["spirit", "momentum"]},
    "aid_your_ally": {"strong_hit": ["momentum", "take_control"]},
    "write_your_epilogue": {},
    "enter_the_fray": {"weak_hit": ["bolster_position", "prepare_to_act"]},
    "strike": {},
    "clash": {"strong_hit": ["momentum", "harm"]},
    "turn_the_tide": {},
    "end_the_fight": {
        "weak_hit": [
            "endure_harm",
            "endure_stress",
            "short_lived_victory",
            "collateral_damage",
            "pay_for_it",
            "vengeance",
        ]
    },
    "battle": {},
    "endure_harm": {
        "strong_hit": ["shake_it_off", "embrace_the_pain"],
        "miss_at_zero": ["mark_wounded", "mark_maimed", "roll_table"],
    },
    "face_death": {"weak_hit": ["noble_sacrifice", "death_desires"]},
    "companion_endure_harm": {},
    "endure_stress": {
        "strong_hit": ["shake_it_off", "embrace_the_darkness"],
        "miss_at_zero": ["mark_shaken", "mark_corrupted", "roll_table"],
    },
    "face_desolation": {"weak_hit": ["noble_sacrifice", "vision"]},
    "out_of_supply": {},
    "face_a_setback": {"setback": ["pay_with_meters", "clear_progress"]},
    "swear_an_iron_vow": {"miss": ["press_on", "give_up"]},
    "reach_a_milestone": {},
    "fulfill_your_vow": {"miss": ["recommit", "give_up"]},
    "forsake_your_vow": {},
    "advance": {"purchase": ["new_asset", "upgrade"]},
    "pay_the_price": {"price": ["obvious", "ask_oracle", "roll_table"]},
    "ask_the_oracle": {"method": ["draw_conclusion", "yes_no", "pick_two", "spark_idea"]},
}

# How many options each shared list allows per outcome ("up to" lists give the maximum).
EXPECTED_COUNTS: dict[tuple[str, str], dict[str, int]] = {
    ("make_camp", "benefits"): {"strong_hit": 2, "weak_hit": 1},
    ("sojourn", "benefits"): {"strong_hit": 2, "weak_hit": 1},
    ("draw_the_circle", "boasts"): {"strong_hit": 3, "weak_hit": 1},
    ("endure_harm", "miss_at_zero"): {"miss": 1},
    ("endure_stress", "miss_at_zero"): {"miss": 1},
    ("face_a_setback", "setback"): {"any": 1},
    ("pay_the_price", "price"): {"any": 1},
    ("ask_the_oracle", "method"): {"any": 1},
    ("advance", "purchase"): {"any": 1},
}

EXPECTED_TABLES = {
    "endure_harm": ["oracle_rollable:classic/moves/endure_harm"],
    "endure_stress": ["oracle_rollable:classic/moves/endure_stress"],
    "pay_the_price": ["oracle_rollable:classic/moves/pay_the_price"],
    "ask_the_oracle": ["oracle_rollable:classic/moves/ask_the_oracle"],
}

# Aid Your Ally's box has no outcome paragraphs of its own; its outcomes are the rulebook's
# explanation of how Secure an Advantage resolves for the ally (p.76), so they are not in `text`.
OUTCOMES_OUTSIDE_TEXT = {"aid_your_ally"}

# Spot checks against the rulebook: the roll options as (using, method), a phrase of the roll
# instruction, and a distinctive phrase of each outcome. Every phrase must be in the
# whitespace-collapsed seed and in the transcribed move.
PC = "player_choice"
SPOT_CHECKS: list[tuple[str, list[tuple[list[str], str]], str, dict[str, str]]] = [
    (
        "face_danger",
        [(["edge"], PC), (["heart"], PC), (["iron"], PC), (["shadow"], PC), (["wits"], PC)],
        "With deception, stealth, or trickery: Roll +shadow.",
        {
            "strong_hit": "you are successful. Take +1 momentum",
            "weak_hit": "you succeed, but face a troublesome cost. Choose one.",
            "miss": "you fail, or your progress is undermined by a dramatic",
        },
    ),
    (
        "secure_an_advantage",
        [(["edge"], PC), (["heart"], PC), (["iron"], PC), (["shadow"], PC), (["wits"], PC)],
        "With expertise, insight, or observation: Roll +wits.",
        {
            "strong_hit": "you gain advantage. Choose one.",
            "weak_hit": "your advantage is short-lived. Take +1 momentum.",
            "miss": "you fail or your assumptions betray you. Pay the Price.",
        },
    ),
    (
        "gather_information",
        [(["wits"], PC)],
        "conduct an investigation, or follow a track, roll +wits",
        {
            "strong_hit": "you discover something helpful and specific.",
            "weak_hit": "the information complicates your quest or introduces",
            "miss": "your investigation unearths a dire threat or reveals an",
        },
    ),
    (
        "heal",
        [(["wits"], PC), (["iron", "wits"], "lowest")],
        "roll +wits or +iron, whichever is lower",
        {
            "strong_hit": "your care is helpful.",
            "weak_hit": "as above, but you must suffer -1 supply or -1",
            "miss": "your aid is ineffective. Pay the Price.",
        },
    ),
    (
        "resupply",
        [(["wits"], PC)],
        "When you hunt, forage, or scavenge, roll +wits.",
        {
            "strong_hit": "you bolster your resources. Take +2 supply.",
            "weak_hit": "take up to +2 supply, but suffer -1 momentum for",
            "miss": "you find nothing helpful. Pay the Price.",
        },
    ),
    (
        "make_camp",
        [(["supply"], PC)],
        "Instead, you roll +supply.",
        {
            "strong_hit": "you and your allies may each choose two.",
            "weak_hit": "choose one.",
            "miss": "you take no comfort. Pay the Price.",
        },
    ),
    (
        "undertake_a_journey",
        [(["wits"], PC)],
        "for each segment of your journey, roll +wits.",
        {
            "strong_hit": "you reach a waypoint. If the waypoint is unknown to",
            "weak_hit": "you reach a waypoint and mark progress, but suffer -1",
            "miss": "you are waylaid by a perilous event. Pay the Price.",
        },
    ),
    (
        "reach_your_destination",
        [(["journey"], PC)],
        "compare to your progress. Momentum is ignored on this roll.",
        {
            "strong_hit": "the situation at your destination favors you.",
            "weak_hit": "you arrive but face an unforeseen hazard or",
            "miss": "you have gone hopelessly astray, your objective is lost",
        },
    ),
    (
        "compel",
        [(["heart"], PC), (["iron"], PC), (["shadow"], PC)],
        "Roll +heart (add +1 if you",
        {
            "strong_hit": "they’ll do what you want or share what they know.",
            "weak_hit": "as above, but they ask something of you in return.",
            "miss": "they refuse or make a demand which costs you greatly.",
        },
    ),
    (
        "sojourn",
        [(["heart"], PC)],
        "+heart. If you share a bond, add +1.",
        {
            "strong_hit": "you and your allies may each choose two from within",
            "weak_hit": "choose one. If you share a bond,",
            "miss": "you find no help here. Pay the Price.",
        },
    ),
    (
        "draw_the_circle",
        [(["heart"], PC)],
        "challenge, roll +heart. If you share a bond with this community, add",
        {
            "strong_hit": "three boasts and take +1 momentum for each.",
            "weak_hit": "you may choose one boast in exchange for +1",
            "miss": "you begin the duel at a disadvantage. Your foe has",
        },
    ),
    (
        "forge_a_bond",
        [(["heart"], PC)],
        "When you do, roll +heart.",
        {
            "strong_hit": "make note of the bond, mark a tick on your bond",
            "weak_hit": "they ask something more of you first.",
            "miss": "you are refused. Pay the Price.",
        },
    ),
    (
        "test_your_bond",
        [(["heart"], PC)],
        "circumstance, roll +heart.",
        {
            "strong_hit": "this test has strengthened your bond. Choose one.",
            "weak_hit": "your bond is fragile and you must prove your loyalty.",
            "miss": "if you have no interest in maintaining this relationship,",
        },
    ),
    (
        "aid_your_ally",
        [(["edge"], PC), (["heart"], PC), (["iron"], PC), (["shadow"], PC), (["wits"], PC)],
        "When you Secure an Advantage in direct support of an ally, and",
        {
            "strong_hit": "strong hit when you Secure an Advantage, your ally makes the",
            "weak_hit": "On a weak hit when you Secure an Advantage, your ally takes +1 momentum.",
            "miss": "one or both of you should Pay the Price as appropriate to the",
        },
    ),
    (
        "write_your_epilogue",
        [(["bonds"], PC)],
        "compare to your bonds. Momentum is ignored on this roll.",
        {
            "strong_hit": "things come to pass as you hoped.",
            "weak_hit": "your life takes an unexpected turn, but not necessarily",
            "miss": "your fears are realized.",
        },
    ),
    (
        "enter_the_fray",
        [(["heart"], PC), (["shadow"], PC), (["wits"], PC)],
        "Moving into position against an unaware foe, or striking without",
        {
            "strong_hit": "take +2 momentum. You have initiative.",
            "weak_hit": "choose one.",
            "miss": "combat begins with you at a disadvantage. Pay the Price.",
        },
    ),
    (
        "strike",
        [(["iron"], PC), (["edge"], PC)],
        "When you have initiative and attack at range, roll +edge.",
        {
            "strong_hit": "inflict +1 harm. You retain initiative.",
            "weak_hit": "inflict your harm and lose initiative.",
            "miss": "your attack fails and you must Pay the Price. Your foe has",
        },
    ),
    (
        "clash",
        [(["iron"], PC), (["edge"], PC)],
        "at an advancing foe, roll +edge.",
        {
            "strong_hit": "inflict your harm and choose one. You have the",
            "weak_hit": "inflict your harm, but then Pay the Price. Your foe has",
            "miss": "you are outmatched and must Pay the Price. Your foe has",
        },
    ),
    (
        "end_the_fight",
        [(["fight"], PC)],
        "challenge dice and compare to your progress. Momentum is ignored",
        {
            "strong_hit": "this foe is no longer in the fight.",
            "weak_hit": "as above, but you must also choose one.",
            "miss": "you have lost this fight. Pay the Price.",
        },
    ),
    (
        "battle",
        [(["edge"], PC), (["heart"], PC), (["iron"], PC), (["shadow"], PC), (["wits"], PC)],
        "Fight using careful tactics to outsmart your opponents: Roll +wits.",
        {
            "strong_hit": "you achieve your objective unconditionally. Take +2",
            "weak_hit": "you achieve your objective, but not without cost. Pay",
            "miss": "you are defeated and the objective is lost to you. Pay the",
        },
    ),
    (
        "endure_harm",
        [(["health", "iron"], "highest")],
        "roll +health or +iron, whichever is higher.",
        {
            "strong_hit": "choose one.",
            "weak_hit": "you press on.",
            "miss": "also suffer -1 momentum. If you are at 0 health, you must",
        },
    ),
    (
        "face_death",
        [(["heart"], PC)],
        "beyond, roll +heart.",
        {
            "strong_hit": "death rejects you. You are cast back into the mortal",
            "weak_hit": "choose one.",
            "miss": "you are dead.",
        },
    ),
    (
        "companion_endure_harm",
        [(["heart", "companion_health"], "highest")],
        "roll +heart or +your companion’s health, whichever is higher.",
        {
            "strong_hit": "your companion rallies. Give them +1 health.",
            "weak_hit": "your companion is battered. If their health is 0, they",
            "miss": "they are gravely wounded and out of action. Without aid, they die in",
        },
    ),
    (
        "endure_stress",
        [(["heart", "spirit"], "highest")],
        "roll +heart or +spirit, whichever is higher.",
        {
            "strong_hit": "choose one.",
            "weak_hit": "you press on.",
            "miss": "If you are at 0 spirit, you must",
        },
    ),
    (
        "face_desolation",
        [(["heart"], PC)],
        "When you are brought to the brink of desolation, roll +heart.",
        {
            "strong_hit": "you resist and press on.",
            "weak_hit": "choose one.",
            "miss": "you succumb to despair or horror and are lost.",
        },
    ),
    (
        "swear_an_iron_vow",
        [(["heart"], PC)],
        "give the quest a rank. Then, roll +heart.",
        {
            "strong_hit": "you are emboldened and it is clear what you must do",
            "weak_hit": "you are determined but begin your quest with more",
            "miss": "you face a significant obstacle before you can begin your",
        },
    ),
    (
        "fulfill_your_vow",
        [(["vow"], PC)],
        "your vow, roll the challenge dice and compare to your progress.",
        {
            "strong_hit": "your quest is complete. Mark experience",
            "weak_hit": "there is more to be done or you realize the truth of",
            "miss": "your quest is undone. Envision what happens (Ask the",
        },
    ),
]


def collapse(text: str) -> str:
    """Join the text into single-spaced prose, as the PDF line breaks carry no meaning."""
    return " ".join(text.split())


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


@cache
def seed_text() -> str:
    return shared_file(RULEBOOK_SEED).read_text(encoding="utf-8")


@cache
def load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(MOVES_FILE.read_text(encoding="utf-8"))
    return data


def moves() -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = load()["moves"]
    return result


def by_key() -> dict[str, dict[str, Any]]:
    return {m["id"].rsplit("/", 1)[1]: m for m in moves()}


def move_ids() -> list[str]:
    return [m["id"] for m in moves()]


def move_param() -> list[Any]:
    return [pytest.param(m, id=m["id"].rsplit("/", 1)[1]) for m in moves()]


# ---------------------------------------------------------------- file and identity


def test_licence_and_source() -> None:
    data = load()
    assert data["_licence"].startswith("Ironsworn rulebook text by Shawn Tomkin, CC BY-NC-SA 4.0")
    assert data["source"] == {"title": "Ironsworn Rulebook", "authors": ["Shawn Tomkin"]}
    assert set(data) == {"_licence", "source", "moves"}


def test_there_are_35_moves() -> None:
    assert len(moves()) == 35


def test_ids_are_unique() -> None:
    ids = move_ids()
    assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("move", move_param())
def test_id_matches_pattern_and_category(move: dict[str, Any]) -> None:
    assert ID_PATTERN.match(move["id"]), move["id"]
    assert move["id"].split("/")[1] == move["category"]
    assert set(move) == MOVE_KEYS


@pytest.mark.parametrize(("category", "count"), sorted(CATEGORY_COUNTS.items()))
def test_category_counts(category: str, count: int) -> None:
    assert sum(1 for m in moves() if m["category"] == category) == count


def test_moves_in_book_order_with_names_and_roll_types() -> None:
    actual = [(m["id"], m["name"], m["roll_type"]) for m in moves()]
    assert actual == EXPECTED_MOVES


@pytest.mark.parametrize("move", move_param())
def test_page_matches_the_books_table_of_contents(move: dict[str, Any]) -> None:
    # The contents list each move as "<Name> <page>"; the first such entry is the move's own.
    contents = seed_text()[: seed_text().index("CHAPTER 1 PLAYING IRONSWORN")]
    found = re.search(rf"\b{re.escape(move['name'])} (\d+)\b", contents)
    assert found, f"{move['name']} not in the rulebook's contents"
    assert move["page"] == int(found.group(1))


# ---------------------------------------------------------------- rolls


@pytest.mark.parametrize("move", move_param())
def test_rolls_use_the_allowed_vocabulary(move: dict[str, Any]) -> None:
    allowed = set(STATS + METERS + PROGRESS_TRACKS)
    assert set(move["rolls"]) <= allowed
    union: list[str] = []
    for option in move["roll_options"]:
        assert set(option["using"]) <= allowed
        assert isinstance(option["text"], str) and option["text"]
        for name in option["using"]:
            if name not in union:
                union.append(name)
    assert move["rolls"] == union


@pytest.mark.parametrize("move", move_param())
def test_roll_type_method_and_burn_agree(move: dict[str, Any]) -> None:
    roll_type = move["roll_type"]
    options = move["roll_options"]
    assert roll_type in ROLL_TYPES
    progress = roll_type in ("progress_roll", "special_track")
    assert move["progress_move"] is progress
    assert move["allow_momentum_burn"] is (roll_type == "action_roll")
    if roll_type == "no_roll":
        assert options == []
        assert move["method"] == "none"
        return
    assert options, "a rolled move needs at least one way to roll"
    for option in options:
        assert option["method"] in ("player_choice", "highest", "lowest")
        # highest/lowest compare two values; a player's pick names a single one
        assert len(option["using"]) == (1 if option["method"] == "player_choice" else 2)
        tracks = set(option["using"]) & set(PROGRESS_TRACKS)
        if progress:
            assert tracks == set(option["using"]), "progress moves roll only a progress track"
        else:
            assert not tracks, "action rolls never use a progress track"
    if roll_type == "special_track":
        assert move["rolls"] == ["bonds"]
    only = options[0]["method"] if len(options) == 1 else "player_choice"
    assert move["method"] == (only if only in ("highest", "lowest") else "player_choice")


@pytest.mark.parametrize("move", move_param())
def test_adds_are_positive_and_conditional(move: dict[str, Any]) -> None:
    for add in move["adds"]:
        assert set(add) == {"when", "value"}
        assert add["value"] > 0
        assert add["when"] and not add["when"].lower().startswith("when ")
    if move["adds"]:
        assert move["roll_type"] == "action_roll"


def test_bond_adds_are_on_the_moves_that_grant_them() -> None:
    with_adds = {key for key, m in by_key().items() if m["adds"]}
    assert with_adds == {
        "gather_information",
        "undertake_a_journey",
        "compel",
        "sojourn",
        "draw_the_circle",
        "swear_an_iron_vow",
    }
    assert all("bond" in a["when"] for m in moves() for a in m["adds"])


def test_aid_your_ally_rolls_as_secure_an_advantage() -> None:
    moves_by_key = by_key()
    aid = moves_by_key["aid_your_ally"]["roll_options"]
    assert aid == moves_by_key["secure_an_advantage"]["roll_options"]
    assert aid == moves_by_key["face_danger"]["roll_options"]


# ---------------------------------------------------------------- outcomes and choices


@pytest.mark.parametrize("move", move_param())
def test_outcomes_present_exactly_for_rolled_moves(move: dict[str, Any]) -> None:
    if move["roll_type"] == "no_roll":
        assert move["outcomes"] is None
        return
    outcomes = move["outcomes"]
    assert set(outcomes) == set(OUTCOMES)
    for key, label in (("strong_hit", "strong hit"), ("weak_hit", "weak hit"), ("miss", "miss")):
        assert isinstance(outcomes[key], str)
        assert label in outcomes[key].split("\n")[0], f"{key} does not say '{label}'"
    if move["id"].rsplit("/", 1)[1] not in OUTCOMES_OUTSIDE_TEXT:
        for key in OUTCOMES:
            first_paragraph = outcomes[key].split("\n\n")[0]
            assert first_paragraph in move["text"], key


@pytest.mark.parametrize("move", move_param())
def test_choice_lists_are_well_formed(move: dict[str, Any]) -> None:
    valid_outcomes = set(OUTCOMES) if move["roll_type"] != "no_roll" else set()
    for name, spec in move["choices"].items():
        assert SNAKE.match(name), name
        assert set(spec) == {"outcomes", "count", "options"}
        keys = [option["key"] for option in spec["options"]]
        assert len(keys) == len(set(keys)), f"duplicate key in {name}"
        assert all(SNAKE.match(k) for k in keys), keys
        assert all(option["text"] for option in spec["options"])
        assert set(spec["outcomes"]) <= valid_outcomes
        if spec["outcomes"]:
            assert set(spec["count"]) == set(spec["outcomes"])
        else:
            assert move["roll_type"] == "no_roll"
            assert set(spec["count"]) == {"any"}
        for count in spec["count"].values():
            assert 0 < count <= len(keys)


@pytest.mark.parametrize(("key", "expected"), sorted(EXPECTED_CHOICES.items()))
def test_choice_list_names_and_keys_are_the_engines(
    key: str, expected: dict[str, list[str]]
) -> None:
    move = by_key()[key]
    actual = {name: [o["key"] for o in spec["options"]] for name, spec in move["choices"].items()}
    assert actual == expected
    for name, spec in move["choices"].items():
        if (key, name) in EXPECTED_COUNTS:
            assert spec["count"] == EXPECTED_COUNTS[(key, name)]
        else:
            # a list named for an outcome is offered on that outcome alone, pick one
            assert spec["outcomes"] == [name]
            assert spec["count"] == {name: 1}


def test_every_move_has_an_expected_choices_entry() -> None:
    assert set(EXPECTED_CHOICES) == set(by_key())


# ---------------------------------------------------------------- text, links and tables


@pytest.mark.parametrize("move", move_param())
def test_text_is_clean_markdown(move: dict[str, Any]) -> None:
    text = move["text"]
    assert text.startswith(move["trigger"])
    assert move["trigger"].startswith(("When ", "Once per fight, when "))
    assert "•" not in text, "PDF bullets must become '* ' lines"
    assert "  " not in text and "\n\n\n" not in text
    assert text == text.strip()
    for line in text.split("\n"):
        assert line == line.strip()
    for block in text.split("\n\n"):
        lines = block.split("\n")
        # a block is prose, a bullet list or a pipe table, never a mix
        kinds = {
            "bullet" if ln.startswith("* ") else "table" if "|" in ln else "prose" for ln in lines
        }
        assert len(kinds) == 1, block
        if kinds == {"prose"}:
            assert len(lines) == 1, f"prose paragraph broken over lines: {block!r}"


def name_pattern() -> re.Pattern[str]:
    names = sorted((m["name"] for m in moves()), key=len, reverse=True)
    return re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b")


@pytest.mark.parametrize("move", move_param())
def test_links_are_the_moves_the_text_names(move: dict[str, Any]) -> None:
    ids_by_name = {m["name"]: m["id"] for m in moves()}
    pattern = name_pattern()
    named: list[str] = []
    texts = [move["text"], *(move["outcomes"] or {}).values()]
    for text in texts:
        for match in pattern.finditer(text):
            target = ids_by_name[match.group(1)]
            if target != move["id"] and target not in named:
                named.append(target)
    assert move["links"] == named


def test_every_link_resolves() -> None:
    ids = set(move_ids())
    for move in moves():
        assert len(move["links"]) == len(set(move["links"]))
        assert move["id"] not in move["links"]
        assert set(move["links"]) <= ids, move["id"]


def test_face_danger_links_as_in_the_schema_example() -> None:
    assert by_key()["face_danger"]["links"] == [
        "move:classic/suffer/endure_harm",
        "move:classic/suffer/endure_stress",
        "move:classic/fate/pay_the_price",
    ]


@pytest.mark.parametrize("move", move_param())
def test_tables_are_referenced_and_kept_in_the_text(move: dict[str, Any]) -> None:
    key = move["id"].rsplit("/", 1)[1]
    assert move["tables"] == EXPECTED_TABLES.get(key, [])
    assert all(TABLE_ID.match(t) for t in move["tables"])
    has_pipe_table = "\n---|---\n" in move["text"]
    assert has_pipe_table is bool(move["tables"])


RANKS = ("Troublesome", "Dangerous", "Formidable", "Extreme", "Epic")

# The rank lists printed inside moves; small repeated numbers, so each line is pinned exactly.
RANK_LISTS = {
    "undertake_a_journey": [
        "{} journey: 3 progress per waypoint.",
        "{} journey: 2 progress per waypoint.",
        "{} journey: 1 progress per waypoint.",
        "{} journey: 2 ticks per waypoint.",
        "{} journey: 1 tick per waypoint.",
    ],
    "enter_the_fray": [
        "{} foe: 3 progress per harm; inflicts 1 harm.",
        "{} foe: 2 progress per harm; inflicts 2 harm.",
        "{} foe: 1 progress per harm; inflicts 3 harm.",
        "{} foe: 2 ticks per harm; inflicts 4 harm.",
        "{} foe: 1 tick per harm; inflicts 5 harm.",
    ],
    "reach_a_milestone": [
        "{} quest: Mark 3 progress.",
        "{} quest: Mark 2 progress.",
        "{} quest: Mark 1 progress.",
        "{} quest: Mark 2 ticks.",
        "{} quest: Mark 1 tick.",
    ],
}


@pytest.mark.parametrize(("key", "lines"), sorted(RANK_LISTS.items()))
def test_rank_lists_match_the_rulebook(key: str, lines: list[str]) -> None:
    seed = collapse(seed_text())
    bullets = [ln[2:] for ln in by_key()[key]["text"].split("\n") if ln.startswith("* ")]
    expected = [line.format(rank) for line, rank in zip(lines, RANKS, strict=True)]
    assert bullets[:5] == expected
    for line in expected:
        assert f"• {line}" in seed, line


@pytest.mark.parametrize(
    ("key", "first_row", "last_row", "rows"),
    [
        ("pay_the_price", "1-2 | Roll again", "99-00 | Roll twice more", 16),
        ("endure_harm", "1-10 | The harm is mortal. Face Death.", "51-00 | You are battered", 5),
        ("endure_stress", "1-10 | You are overwhelmed.", "51-00 | You persevere.", 4),
        ("ask_the_oracle", "Almost Certain | 11 or greater", "Small Chance | 91 or greater", 5),
    ],
)
def test_move_tables_have_the_books_rows(
    key: str, first_row: str, last_row: str, rows: int
) -> None:
    text = by_key()[key]["text"]
    table = text.split("\n---|---\n", 1)[1].split("\n\n", 1)[0].split("\n")
    assert len(table) == rows
    assert table[0].startswith(first_row)
    assert table[-1].startswith(last_row)


# ---------------------------------------------------------------- against the rulebook


@pytest.mark.parametrize(
    ("key", "options", "roll_phrase", "phrases"),
    [pytest.param(*case, id=case[0]) for case in SPOT_CHECKS],
)
def test_spot_check_against_the_rulebook(
    key: str,
    options: list[tuple[list[str], str]],
    roll_phrase: str,
    phrases: dict[str, str],
) -> None:
    seed = collapse(seed_text())
    move = by_key()[key]
    assert [(o["using"], o["method"]) for o in move["roll_options"]] == options
    assert roll_phrase in seed, f"spot-check phrase not in the rulebook: {roll_phrase!r}"
    for outcome, phrase in phrases.items():
        assert phrase in seed, f"spot-check phrase not in the rulebook: {phrase!r}"
        assert phrase in collapse(move["outcomes"][outcome]), (outcome, phrase)


def test_spot_checks_cover_at_least_twelve_moves() -> None:
    assert len({case[0] for case in SPOT_CHECKS}) >= 12


@cache
def seed_index() -> tuple[list[str], dict[str, list[int]]]:
    tokens = words(seed_text())
    positions: dict[str, list[int]] = {}
    for i, token in enumerate(tokens):
        positions.setdefault(token, []).append(i)
    return tokens, positions


def heading_token(name: str) -> int:
    """Token index of the move's heading in chapter 3 (headings are printed in capitals).

    The search starts at the chapter's ADVENTURE MOVES heading, past the contents and the move
    glossary, and skips the "NAME (PAGE n)" cross-references in the combat chapter.
    """
    text = seed_text()
    start = text.index("ADVENTURE MOVES", text.index("MOVE GLOSSARY"))
    found = re.compile(rf"\b{re.escape(name.upper())}\b(?! \(PAGE)").search(text, start)
    assert found, f"no heading for {name} in the rulebook"
    return len(words(text[: found.start()]))


def windows(move: dict[str, Any]) -> list[tuple[int, int]]:
    """Seed token ranges a move's sentences may come from: around its own heading, or around
    the heading of a move it names (Aid Your Ally hands over Secure an Advantage's options)."""
    names = {m["id"]: m["name"] for m in moves()}
    result = []
    for name in [move["name"], *(names[link] for link in move["links"])]:
        heading = heading_token(name)
        result.append((max(0, heading - 400), heading + 1600))
    return result


def in_seed(sentence: list[str], lo: int, hi: int, gap: int = 24) -> bool:
    """True if the words occur in order in seed tokens [lo, hi), each within `gap` of the last.

    The gap allows for a line of the other column that the PDF conversion dropped in the middle
    of a sentence; it is small enough that a changed word or number is not found by accident.
    """
    tokens, positions = seed_index()
    for start in positions.get(sentence[0], []):
        if not lo <= start < hi:
            continue
        at = start
        for word in sentence[1:]:
            limit = min(hi, at + 1 + gap)
            nxt = next((k for k in range(at + 1, limit) if tokens[k] == word), None)
            if nxt is None:
                break
            at = nxt
        else:
            return True
    return False


@pytest.mark.parametrize("move", move_param())
def test_every_sentence_is_the_rulebooks(move: dict[str, Any]) -> None:
    """Each sentence of the text, outcomes and options is found in the move's part of the book."""
    ranges = windows(move)
    chunks = [move["text"], *(move["outcomes"] or {}).values()]
    chunks += [o["text"] for spec in move["choices"].values() for o in spec["options"]]
    missing = []
    for chunk in chunks:
        for sentence in re.split(r"(?<=[.!?…])\s+|\n+", chunk):
            tokens = words(sentence)
            if len(tokens) >= 2 and not any(in_seed(tokens, lo, hi) for lo, hi in ranges):
                missing.append(sentence)
    assert not missing, missing
