"""The semi-random campaign setup (seed 000 L5271-5319) with typed dice."""

from __future__ import annotations

import pytest
from moves_support import Game

from ironsworn.campaign.state import CampaignState
from ironsworn.errors import InvalidValue, IronswornError, RuleViolation
from ironsworn.moves.semi_random import (
    DEFAULT_DECKS,
    keep_assets,
    place_stats,
    semi_random_character,
    stat_for,
)
from ironsworn.moves.setup import SetupOperations

# "1-20 ... Edge, 21-40 ... Heart, 41-60 ... Iron, 61-80 ... Shadow, 81-00 ... Wits"
# (L5277-5283)
STAT_TABLE = [
    (1, "edge"), (20, "edge"), (21, "heart"), (40, "heart"), (41, "iron"), (60, "iron"),
    (61, "shadow"), (80, "shadow"), (81, "wits"), (99, "wits"), (100, "wits"), (0, "wits"),
]  # fmt: skip


@pytest.mark.parametrize(("roll", "stat"), STAT_TABLE)
def test_the_plus_three_stat_table(roll: int, stat: str) -> None:
    assert stat_for(roll) == stat


@pytest.mark.parametrize(
    ("top", "prefer", "stats"),
    [
        ("iron", "iron wits heart edge shadow", (1, 2, 3, 1, 2)),
        ("edge", "wits shadow iron heart edge", (3, 1, 1, 2, 2)),
        ("wits", "edge heart iron shadow wits", (2, 2, 1, 1, 3)),
    ],
)
def test_the_rest_go_plus_two_two_one_one_as_preferred(
    top: str, prefer: str, stats: tuple[int, ...]
) -> None:
    # "Then, distribute the remaining stats (+2, +2, +1, +1) as you like." (L5277-5278)
    placed = place_stats(top, prefer.split())
    assert tuple(placed.values()) == stats
    assert sorted(placed.values()) == [1, 1, 2, 2, 3]


def deck_order(game: Game, kind: str) -> list[str]:
    return sorted(a.id for a in game.engine.ruleset.assets.values() if a.type == kind)


def test_fixed_dice_make_the_character_the_rolls_say() -> None:
    game = Game()
    paths = deck_order(game, "path")
    assert len(paths) >= 2
    dice = [
        60,  # the +3 stat: iron (L5280)
        2, 1, 1, 1, 1,  # the five cards: path, path, companion, combat talent, ritual
        59,  # Character Goal 58-60: "Spread faith" (L4131)
        65,  # Character Role 63-66: "Scout" (L4115)
        86, 73,  # Character Descriptor 86 "Sick" (L4134), 73 "Weak" (L4118)
        8,  # Settlement Trouble 7-8: "Natural disaster" (L4088)
    ]  # fmt: skip
    game.dice(dice)
    result = semi_random_character(
        game.engine,
        "Kai",
        prefer=["iron", "wits", "heart", "edge", "shadow"],
        decks=DEFAULT_DECKS,
        background_rank="extreme",
        bond_name="Arna",
    )
    assert game.dice_left == 0
    kai = game.state.character("Kai")
    assert kai.stats == {"edge": 1, "heart": 2, "iron": 3, "shadow": 1, "wits": 2}
    hand = kai.flags["asset_hand"]
    assert hand[:2] == [paths[1], paths[0]]  # the second card of the path deck, then the first
    assert [game.engine.ruleset.assets[i].type for i in hand] == [
        "path",
        "path",
        "companion",
        "combat_talent",
        "ritual",
    ]
    vow = next(t for t in game.state.tracks.values() if t.kind == "vow")
    assert (vow.name, vow.rank, kai.flags["background_vow"]) == ("Spread faith", "extreme", vow.id)
    # "Envision this NPC, give them a name, and mark a bond" (L5311-5312): the player's name.
    assert kai.bonds == ["Arna"] and kai.bond_ticks == 1
    assert kai.flags["reserved_bonds"] == 2  # "You may do this for your two remaining bonds"
    assert game.state.people["Arna"]["description"] == "sick, weak scout"
    assert game.state.notes[-1]["text"] == "inciting incident: Natural disaster"
    # Every roll is in the log: the stat, five draws and five oracle rolls.
    oracles = [e for e in result.events if e["type"] == "oracle"]
    assert [e["roll"] for e in oracles] == dice
    # The fold of the events gives the same character.
    replay = CampaignState()
    for event in result.events:
        replay.apply(event)
    assert replay.character("Kai").to_dict() == kai.to_dict()


def test_keep_three_of_the_five() -> None:
    game = Game()
    game.dice([60, 2, 1, 1, 1, 1, 59, 65, 86, 73, 8])
    semi_random_character(game.engine, "Kai", decks=DEFAULT_DECKS)
    hand = game.state.character("Kai").flags["asset_hand"]
    names = [game.engine.ruleset.assets[i].name for i in hand]
    before = game.state.to_dict()
    for cards, error in (
        (names[:2], "keep exactly 3"),
        ([names[0], names[1], "Nothing Here"], "not in Kai's hand"),
    ):
        with pytest.raises(InvalidValue, match=error):
            keep_assets(game.engine, "Kai", cards)
        assert game.state.to_dict() == before
    kept = [f"{n}:1" if game.engine.ruleset.assets[i].type == "companion" else n
            for n, i in zip(names, hand, strict=True)]  # fmt: skip
    kept = [k for k in kept if not k.endswith(":1")][:3]
    result = keep_assets(game.engine, "Kai", kept)
    kai = game.state.character("Kai")
    assert [a["name"] for a in kai.assets] == kept
    assert "asset_hand" not in kai.flags
    assert any(n.startswith("discarded: ") for n in result.notes)
    with pytest.raises(RuleViolation, match="holds no drawn asset cards"):
        keep_assets(game.engine, "Kai", kept)


def test_the_inciting_incident_is_shared_and_one_shot_skips_vow_and_bonds() -> None:
    game = Game()
    SetupOperations(game.engine).set_option("one_shot", "short")
    game.dice([60, 2, 1, 1, 1, 1, 8])  # no background vow or bond rolls in one-shot play
    result = semi_random_character(game.engine, "Kai", decks=DEFAULT_DECKS)
    kai = game.state.character("Kai")
    assert (kai.bonds, game.state.tracks, "reserved_bonds" in kai.flags) == ([], {}, False)
    assert any("one-shot play" in n for n in result.notes)
    game.dice([1, 1, 1, 1, 1, 1])  # a second character: no second inciting incident
    second = semi_random_character(
        game.engine, "Bo", decks=["path", "path", "companion", "combat_talent", "ritual"]
    )
    assert any("already set for the group" in n for n in second.notes)
    assert len([n for n in game.state.notes if n["text"].startswith("inciting")]) == 1


@pytest.mark.parametrize(
    ("kwargs", "says"),
    [
        ({"prefer": ["iron", "wits"]}, "must rank the five stats"),
        ({"decks": ["path"] * 6}, "one for each of the 5 cards"),
        ({"decks": ["path"] * 4 + ["starship"]}, "deck 'starship' is not one of the decks"),
        ({"exclude": ["ritual"], "decks": DEFAULT_DECKS}, "deck 'ritual' is not one of the decks"),
        ({"background_rank": "dangerous"}, "extreme or epic"),
        # ({"decks": ["ritual"] * 5} no longer runs out: the whole deck holds 17 rituals.)
    ],
)
def test_bad_semi_random_setups_change_nothing(kwargs: dict[str, object], says: str) -> None:
    game = Game()
    game.dice([60, 1, 1, 1, 1, 1, 59, 65, 86, 73, 8])
    before = game.state.to_dict()
    with pytest.raises(IronswornError) as raised:
        semi_random_character(game.engine, "Kai", **kwargs)  # type: ignore[arg-type]
    assert says in str(raised.value)
    assert game.state.to_dict() == before


def test_without_assets_no_cards_are_drawn() -> None:
    game = Game()
    SetupOperations(game.engine).set_option("assets", "roles")
    game.dice([60, 59, 65, 86, 73, 8])  # the stat and the oracles only
    result = semi_random_character(game.engine, "Kai")
    assert game.dice_left == 0
    assert "asset_hand" not in game.state.character("Kai").flags
    assert any("plays without assets" in n for n in result.notes)
