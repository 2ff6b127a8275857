"""The Starforged moves: the shipped file matches a fresh conversion of the Dataforged seed,
and spot checks of roll options and outcomes against the seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ironsworn.content import Move, load_ruleset
from ironsworn.content.dataforged import convert_id, main, move_links, starforged_moves_document
from ironsworn.content.loader import BUNDLED_PACKS
from shared_files import STARFORGED_SEED, shared_file


@pytest.fixture(scope="module")
def seed() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(shared_file(STARFORGED_SEED).read_bytes())
    return data


def sf(query: str) -> Move:
    return load_ruleset("starforged").move(query)


def test_seed_has_12_categories_and_56_moves(seed: list[dict[str, Any]]) -> None:
    assert len(seed) == 12
    assert sum(len(c["Moves"]) for c in seed) == 56


def test_shipped_file_is_the_conversion_of_the_seed(seed: list[dict[str, Any]]) -> None:
    shipped = json.loads(BUNDLED_PACKS["starforged"].file("moves").read_bytes())
    command = shipped["source"]["command"]
    assert command.startswith("python -m ironsworn.content.dataforged ")
    seed_arg, out_arg = command.split()[-2:]
    fresh = starforged_moves_document(seed, seed_arg, out_arg)
    assert fresh == shipped


def test_every_seed_move_has_our_id(seed: list[dict[str, Any]]) -> None:
    ours = load_ruleset("starforged").moves
    for category in seed:
        for move in category["Moves"]:
            converted = ours[convert_id(move["$id"])]
            assert converted.page == move["Source"]["Page"]
            assert converted.trigger == move["Trigger"]["Text"]


def test_program_writes_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "moves.json"
    assert main([str(shared_file(STARFORGED_SEED)), str(out)]) == 0
    assert len(json.loads(out.read_text())["moves"]) == 56
    assert "wrote 56 moves" in capsys.readouterr().out
    assert main([str(tmp_path / "missing.txt"), str(out)]) == 2


@pytest.mark.parametrize(
    ("query", "roll_type", "rolls", "method", "progress"),
    [
        (
            "adventure/face_danger",
            "action_roll",
            ["edge", "heart", "iron", "shadow", "wits"],
            "player_choice",
            False,
        ),
        ("suffer/endure_harm", "action_roll", ["iron", "health"], "highest", False),
        ("suffer/endure_stress", "action_roll", ["heart", "spirit"], "highest", False),
        (
            "suffer/companion_takes_a_hit",
            "action_roll",
            ["companion_health"],
            "player_choice",
            False,
        ),
        ("suffer/withstand_damage", "action_roll", ["vehicle_integrity"], "player_choice", False),
        ("quest/fulfill_your_vow", "progress_roll", ["vow"], "player_choice", True),
        ("connection/forge_a_bond", "progress_roll", ["connection"], "player_choice", True),
        (
            "legacy/continue_a_legacy",
            "special_track",
            ["quests_legacy", "bonds_legacy", "discoveries_legacy"],
            "all",
            True,
        ),
        ("threshold/overcome_destruction", "special_track", ["bonds"], "player_choice", True),
        (
            "scene_challenge/finish_the_scene",
            "progress_roll",
            ["scene_challenge"],
            "player_choice",
            True,
        ),
        ("session/begin_a_session", "no_roll", [], "none", False),
        ("fate/pay_the_price", "no_roll", [], "none", False),
    ],
)
def test_roll_options(
    query: str, roll_type: str, rolls: list[str], method: str, progress: bool
) -> None:
    move = sf(query)
    assert (move.roll_type, list(move.rolls), move.method, move.progress_move) == (
        roll_type,
        rolls,
        method,
        progress,
    )
    assert move.allow_momentum_burn == (roll_type == "action_roll")


def test_heal_keeps_the_lowest_option_apart() -> None:
    heal = sf("heal")
    assert [(o.text, o.using, o.method) for o in heal.roll_options] == [
        ("Receive treatment from someone (not an ally)", ("iron",), "player_choice"),
        ("Mend your own wounds", ("iron", "wits"), "lowest"),
        ("Obtain treatment for a companion", ("heart",), "player_choice"),
        ("Provide care", ("wits",), "player_choice"),
    ]


def test_develop_your_relationship_custom_stat() -> None:
    (option,) = sf("develop your relationship").roll_options
    assert option.using == ("custom",)
    assert option.custom_stat is not None
    assert [(o.name, o.value) for o in option.custom_stat.options] == [
        ("Troublesome", 1),
        ("Dangerous", 2),
        ("Formidable", 3),
        ("Extreme", 4),
        ("Epic", 5),
    ]


@pytest.mark.parametrize(
    ("query", "keys"),
    [
        ("develop your relationship", {"strong_hit"}),
        ("explore a waypoint", {"strong_hit", "miss"}),
        ("companion takes a hit", {"miss"}),
        ("scene_challenge/face_danger", {"strong_hit", "miss"}),
        ("scene_challenge/secure_an_advantage", {"strong_hit", "miss"}),
        ("adventure/face_danger", set()),
    ],
)
def test_match_outcomes(query: str, keys: set[str]) -> None:
    assert set(sf(query).match_outcomes) == keys


def test_outcome_text_spot_checks() -> None:
    face = sf("adventure/face_danger")
    assert face.outcomes == {
        "strong_hit": "You are successful. Take +1 momentum.",
        "weak_hit": "You succeed, but not without a cost. Make a suffer move (-1).",
        "miss": "You fail, or a momentary success is undermined by a dire turn of events. "
        "[Pay the Price](move:starforged/fate/pay_the_price).",
    }
    assert sf("scene_challenge/face_danger").match_outcomes["strong_hit"] == (
        "You are successful. Mark progress twice."
    )
    assert face.links == ("move:starforged/fate/pay_the_price",)


def test_variants_point_at_the_adventure_moves() -> None:
    assert sf("scene_challenge/face_danger").variant_of == "move:starforged/adventure/face_danger"
    assert sf("scene_challenge/secure_an_advantage").name == "Secure an Advantage (Scene Challenge)"
    variants = [m for m in load_ruleset("starforged").moves.values() if m.variant_of]
    assert len(variants) == 2


def test_counts_of_the_spec() -> None:
    moves = list(load_ruleset("starforged").moves.values())
    assert sum(len(m.roll_options) for m in moves) == 83
    assert sum(1 for m in moves if m.outcomes) == 38
    assert sum(1 for m in moves if m.progress_move) == 7
    assert sum(len(m.tables) for m in moves) == 14


def test_move_links_reads_only_move_targets() -> None:
    text = "[A](Starforged/Moves/Fate/Pay_the_Price) [B](Starforged/Oracles/Core/Action)"
    assert move_links(text) == ["move:starforged/fate/pay_the_price"]


def test_convert_id_maps_ironsworn_to_classic() -> None:
    assert convert_id("Ironsworn/Oracles/Action") == "oracle_rollable:classic/action"
    assert convert_id("Starforged/Moves/Scene_Challenge/Face_Danger") == (
        "move:starforged/scene_challenge/face_danger"
    )
