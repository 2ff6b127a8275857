"""The mechanics block writer on a log made by hand: every node kind of Iron Vault's spec that
a short played campaign may not reach (asset changes, impacts, position, clocks, legacy and
experience, track status, oracle groups, a reroll), each read back with kdl-py."""

from __future__ import annotations

from typing import Any

import kdl
from ironvault_support import number

from ironsworn.campaign.ironvault.kdl import format_nodes
from ironsworn.campaign.ironvault.mechanics import BlockWriter
from ironsworn.campaign.store import Operation

SCENE = {
    "id": "scene-1",
    "kind": "scene",
    "name": "Escape",
    "rank": "dangerous",
    "ticks": 0,
    "characters": ["Kira"],
    "status": "active",
}
ROLL = {
    "type": "action",
    "action_die": 2,
    "stat": 3,
    "adds": 0,
    "challenge": [5, 9],
    "score": 5,
    "outcome": "miss",
    "match": False,
}


def op(*events: dict[str, Any], kind: str = "move") -> Operation:
    return Operation(1, kind, "2026-12-01T10:00:00Z", "Kira", "", tuple(events))


def read(writer: BlockWriter, *operations: Operation) -> list[Any]:
    text = format_nodes(writer.block(list(operations)))
    return [
        (
            n.name,
            [number(a) for a in n.args],
            {k: number(v) for k, v in n.props.items()},
            [c.name for c in n.nodes],
        )
        for n in kdl.parse(text).nodes
    ]


def test_changes_become_their_own_nodes() -> None:
    writer = BlockWriter(1, {"scene-1": "Escape"}, {"scene-1": "Escape (tension)"})
    writer.narrator.starforged.add("Kira")
    nodes = read(
        writer,
        op({"type": "track_created", "track": SCENE}, kind="scene"),
        op(
            {
                "type": "asset_added",
                "character": "Kira",
                "asset": {"id": "asset:starforged/path/empath", "name": "Empath"},
            },
            {
                "type": "asset_ability",
                "character": "Kira",
                "asset": "asset:starforged/path/empath",
                "ability": 1,
                "from": False,
                "to": True,
            },
            {"type": "asset_removed", "character": "Kira", "asset": "asset:starforged/path/empath"},
            {
                "type": "impact",
                "character": "Kira",
                "impact": "permanently_harmed",
                "from": False,
                "to": True,
            },
            {"type": "initiative", "character": "Kira", "from": False, "to": True},
            {"type": "countdown", "track": "scene-1", "from": 0, "to": 2},
            {
                "type": "legacy",
                "character": "Kira",
                "track": "quests",
                "from": {"ticks": 38, "completed": False, "xp_boxes": 9},
                "to": {"ticks": 2, "completed": True, "xp_boxes": 0},
            },
            {
                "type": "meter",
                "character": "Kira",
                "meter": "experience_earned",
                "from": 2,
                "to": 4,
            },
            {"type": "meter", "character": "Kira", "meter": "experience_spent", "from": 0, "to": 3},
            {"type": "progress", "track": "scene-1", "from": 0, "to": 7},
            {"type": "track_closed", "track": "scene-1", "from": "active", "to": "done"},
            {"type": "track_closed", "track": "scene-1", "from": "done", "to": "active"},
            kind="edit",
        ),
    )
    assert nodes == [
        ("track", [], {"name": "[[Progress/Escape]]", "status": "added"}, []),
        (
            "asset",
            [],
            {"name": "[Empath](datasworn:asset:starforged/path/empath)", "status": "added"},
            [],
        ),
        (
            "asset",
            [],
            {
                "name": "[Empath](datasworn:asset:starforged/path/empath)",
                "status": "upgraded",
                "ability": 2,
            },
            [],
        ),
        (
            "asset",
            [],
            {"name": "[Empath](datasworn:asset:starforged/path/empath)", "status": "removed"},
            [],
        ),
        ("impact", ["Permanently Harmed", True], {}, []),
        ("position", [], {"from": "in a bad spot", "to": "in control"}, []),
        (
            "clock",
            [],
            {
                "name": "[[Clocks/Escape (tension)]]",
                "from": 0,
                "to": 2,
                "out-of": 4,
            },
            [],
        ),
        ("track", ["Quests"], {"from": 38, "to": 42}, []),
        ("xp", [], {"from": 2, "to": 4}, []),
        # Experience spent is Iron Vault's xp node going down (it has no meter of it): the
        # points left to spend, 4 -> 1 (it was written as a meter "xp_spent" 0 -> 3).
        ("xp", [], {"from": 4, "to": 1}, []),
        ("track", [], {"name": "[[Progress/Escape]]", "from": 0, "to": 7}, []),
        ("track", [], {"name": "[[Progress/Escape]]", "status": "completed"}, []),
        ("track", [], {"name": "[[Progress/Escape]]", "status": "reopened"}, []),
    ]


def test_a_reroll_says_which_dice_changed_and_oracles_in_a_row_are_grouped() -> None:
    writer = BlockWriter()
    move = {
        "type": "move",
        "move": "move:classic/adventure/face_danger",
        "name": "Face Danger",
        "character": "Kira",
        "stat": "edge",
    }
    again = {**ROLL, "action_die": 6, "challenge": [5, 4], "score": 9, "outcome": "strong_hit"}
    oracle = {
        "type": "oracle",
        "oracle": "oracle_rollable:classic/action_and_theme/action",
        "name": "Action",
        "roll": 12,
        "text": "Scheme",
        "rolls": [],
    }
    nodes = read(
        writer,
        op(
            {"type": "roll", "character": "Kira", "move": move["move"], "roll": ROLL},
            move,
            {"type": "roll", "character": "Kira", "move": move["move"], "roll": again},
        ),
    )
    assert nodes == [
        (
            "move",
            ["[Face Danger](datasworn:move:classic/adventure/face_danger)"],
            {},
            ["roll", "reroll"],
        )
    ]
    text = format_nodes(
        writer.block(
            [
                op(
                    move,
                    {"type": "roll", "character": "Kira", "move": move["move"], "roll": ROLL},
                    {"type": "roll", "character": "Kira", "move": move["move"], "roll": again},
                )
            ]
        )
    )
    reroll = kdl.parse(text).nodes[0].nodes[1]
    assert {k: number(v) for k, v in reroll.props.items()} == {"action": 6, "vs2": 4}
    grouped = read(writer, op(oracle, {**oracle, "roll": 80, "text": "Hunt"}, kind="oracle"))
    assert grouped == [("oracle-group", [], {"name": "Oracle rolls"}, ["oracle", "oracle"])]


def test_ask_the_oracle_names_its_odds_as_the_game_does() -> None:
    # 50/50 was written from its key: "Ask the Oracle (fifty fifty)".
    def asked(odds: str) -> Any:
        event = {"type": "ask", "odds": odds, "roll": 41, "answer": "no", "match": False}
        return read(BlockWriter(), op(event, kind="ask"))

    assert asked("fifty_fifty") == [
        ("oracle", [], {"name": "Ask the Oracle (50/50)", "roll": 41, "result": "No"}, [])
    ]
    assert asked("small_chance")[0][2]["name"] == "Ask the Oracle (small chance)"
    assert asked("almost_certain")[0][2]["name"] == "Ask the Oracle (almost certain)"


def test_the_harm_a_suffer_move_takes_is_inside_it() -> None:
    # Endure Harm's harm was a meter node before the move, as if it were another change.
    endure = "move:classic/suffer/endure_harm"
    roll = {**ROLL, "stat": 4}
    nodes = read(
        BlockWriter(),
        op(
            {"type": "meter", "character": "Kira", "meter": "health", "from": 5, "to": 4},
            {"type": "roll", "character": "Kira", "move": endure, "roll": roll},
            {
                "type": "move",
                "character": "Kira",
                "move": endure,
                "name": "Endure Harm",
                "stat": "health",
            },
            {"type": "meter", "character": "Kira", "meter": "momentum", "from": 2, "to": 1},
        ),
    )
    assert nodes == [
        (
            "move",
            ["[Endure Harm](datasworn:move:classic/suffer/endure_harm)"],
            {},
            ["meter", "roll", "meter"],
        )
    ]
    # A change before another move stays where it was made.
    face_danger = "move:classic/adventure/face_danger"
    nodes = read(
        BlockWriter(),
        op(
            {"type": "meter", "character": "Kira", "meter": "supply", "from": 5, "to": 4},
            {"type": "roll", "character": "Kira", "move": face_danger, "roll": ROLL},
            {"type": "move", "character": "Kira", "move": face_danger, "name": "Face Danger"},
        ),
    )
    assert [(n[0], n[3]) for n in nodes] == [("meter", []), ("move", ["roll"])]


def test_meters_are_named_as_iron_vault_names_them() -> None:
    # They were written "health", "Hound health" and "integrity"; Iron Vault's own meter
    # nodes say "Health", "Hound / Health" (the card, then its meter) and "Starship / Integrity".
    hound = "asset:classic/companion/hound"
    nodes = read(
        BlockWriter(),
        op(
            {"type": "meter", "character": "Kira", "meter": "health", "from": 5, "to": 4},
            {"type": "meter", "character": "Kira", "meter": "momentum", "from": 2, "to": 3},
            {"type": "asset_meter", "character": "Kira", "asset": hound, "from": 4, "to": 3},
            {"type": "vehicle_meter", "from": 5, "to": 4},
            kind="adjust",
        ),
    )
    assert [n[1][0] for n in nodes] == [
        "Health",
        "Momentum",
        "Hound / Health",
        "Starship / Integrity",
    ]


def test_a_meter_reads_the_same_in_either_spelling() -> None:
    from ironsworn.campaign.ironvault.history import describe
    from ironsworn.campaign.ironvault.kdl import parse

    new = 'meter "Health" from=5 to=4\nmeter "Hound / Health" from=4 to=3\n'
    old = 'meter "health" from=5 to=4\nmeter "Hound health" from=4 to=3\n'
    vehicle = 'meter "Starship / Integrity" from=5 to=4\nmeter "integrity" from=4 to=3\n'
    assert describe(parse(new)) == describe(parse(old)) == ["health 5 → 4", "Hound health 4 → 3"]
    assert describe(parse(vehicle)) == ["Starship integrity 5 → 4", "integrity 4 → 3"]


def test_a_move_that_asks_before_it_rolls_is_one_move() -> None:
    # Withstand Damage takes the damage, asks whether to resist, and rolls on the answer: it
    # was written as two Withstand Damage moves, the second with the roll alone.
    withstand = "move:starforged/suffer/withstand_damage"
    move = {"type": "move", "character": "Kira", "move": withstand, "name": "Withstand Damage"}
    nodes = read(
        BlockWriter(),
        op({"type": "vehicle_meter", "from": 5, "to": 3}, {**move, "outcome": None}),
        Operation(
            2,
            "choice",
            "2026-12-01T10:01:00Z",
            "Kira",
            "",
            (
                {
                    "type": "choice",
                    "character": "Kira",
                    "keys": ["resist"],
                    "move": withstand,
                    "options": ["resist the damage: roll"],
                },
                {"type": "roll", "character": "Kira", "move": withstand, "roll": ROLL},
                {**move, "outcome": "miss", "stat": "vehicle_integrity"},
            ),
        ),
    )
    assert nodes == [
        (
            "move",
            ["[Withstand Damage](datasworn:move:starforged/suffer/withstand_damage)"],
            {},
            ["meter", "-", "roll"],
        )
    ]


def test_a_roll_on_a_cards_meter_names_the_card_the_harm_was_taken_on() -> None:
    # Iron Vault names a roll on an asset's meter by the card and the meter; ours was the
    # engine's key ("companion_health", "vehicle_integrity").
    hound = "asset:classic/companion/hound"
    companion = "move:classic/suffer/companion_endure_harm"
    move = {"type": "move", "character": "Kira", "move": companion, "name": "Companion Endure Harm"}
    nodes = read(
        BlockWriter(),
        op(
            {"type": "asset_meter", "character": "Kira", "asset": hound, "from": 4, "to": 2},
            {**move, "outcome": None},
            {"type": "roll", "character": "Kira", "move": companion, "roll": ROLL},
            {**move, "outcome": "miss", "stat": "companion_health"},
        ),
    )
    assert nodes[0][3] == ["meter", "roll"]
    withstand = "move:starforged/suffer/withstand_damage"
    move = {"type": "move", "character": "Kira", "move": withstand, "name": "Withstand Damage"}
    skimmer = {"integrity": 4, "max": 4}
    text = format_nodes(
        BlockWriter().block(
            [
                op(
                    {
                        "type": "incidental_vehicle",
                        "vehicle": "Skimmer",
                        "from": skimmer,
                        "to": {**skimmer, "integrity": 2},
                    },
                    {**move, "outcome": None},
                    {"type": "roll", "character": "Kira", "move": withstand, "roll": ROLL},
                    {**move, "outcome": "miss", "stat": "vehicle_integrity"},
                )
            ]
        )
    )
    hound_text = format_nodes(
        BlockWriter().block(
            [
                op(
                    {
                        "type": "asset_meter",
                        "character": "Kira",
                        "asset": hound,
                        "from": 4,
                        "to": 2,
                    },
                    {**move, "move": companion, "outcome": None},
                    {"type": "roll", "character": "Kira", "move": companion, "roll": ROLL},
                    {**move, "move": companion, "outcome": "miss", "stat": "companion_health"},
                )
            ]
        )
    )
    rolled = [n.args[0] for t in (hound_text, text) for n in kdl.parse(t).nodes[0].nodes]
    assert rolled == [
        "Hound / Health",
        "Hound / Health",
        "Incidental Vehicle / Integrity",
        "Incidental Vehicle / Integrity",
    ]
