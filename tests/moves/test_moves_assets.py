"""Asset abilities acting in moves: a table of cards, each with the numbers its card states.

Each row builds a character with the asset (through the real operations), makes the move
with typed dice and checks what the card says: the add, the stat rolled, the momentum, the
harm (as fight progress: a formidable foe takes 4 ticks per harm), the outcome it counts as,
or the move that follows. ``test_moves_assets_all.py`` then makes every automated ability's
move with and without it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from moves_support import ASHA_STATS, MISS, STRONG, WEAK, Game, fx

from ironsworn.errors import IronswornError

FIGHT = "fight-1"


def settle(g: Game) -> None:
    """Answer what is pending: the first option of a choice, no burn."""
    while g.state.pending:
        pending = g.state.pending
        g.answer([pending["options"][0]["key"]] if pending["kind"] == "choose" else "decline")


def in_fight(g: Game, initiative: bool = True) -> None:
    g.track("fight", "Wyvern", "formidable")
    g.move("enter the fray", (6, 1, 2) if initiative else (1, 9, 10), stat="heart")
    settle(g)
    assert g.char().initiative is initiative


def mark(*abilities: tuple[str, int]) -> Callable[[Game], None]:
    def run(g: Game) -> None:
        for asset, number in abilities:
            g._keep(g.sheet.asset_mark(None, asset, number, True))

    return run


@dataclass(frozen=True)
class Row:
    """A card, the move it acts on, and what the card says happens."""

    name: str
    assets: tuple[str, ...]
    move: str
    dice: tuple[int, ...]
    kwargs: dict[str, Any] = field(default_factory=dict)
    setup: tuple[Callable[[Game], None], ...] = ()
    stat: str | None = None
    adds: int | None = None
    momentum: int | None = None  # momentum after the move (it starts at +2)
    ticks: int | None = None  # the fight's ticks after the move
    outcome: str | None = None
    follows: tuple[str, ...] = ()  # moves made after it, in this operation
    pending: tuple[str, ...] = ()  # the keys of the choice it leaves
    labels: tuple[str, ...] = ()


ROWS = [
    Row(
        "hound sharp: +1, +1 momentum on a hit",
        ("hound:1=Fang",),
        "gather information",
        WEAK,
        {"asset": ["hound"]},
        adds=1,
        momentum=4,
        labels=("Hound “Fang” 1 · Sharp",),
    ),
    Row(
        "hound by its name",
        ("hound:1=Fang",),
        "gather information",
        WEAK,
        {"asset": ["fang"]},
        adds=1,
        momentum=4,
    ),
    Row(
        "hound loyal: endure stress +1",
        ("hound:3=Fang",),
        "endure stress",
        WEAK,
        {"asset": ["hound"], "amount": 1},
        adds=1,
    ),
    Row(
        "hawk far-seeing applies unasked",
        ("hawk:1=Kes",),
        "undertake a journey",
        WEAK,
        {"track": "journey-1"},
        setup=(lambda g: g.track("journey", "Hills", "dangerous") and None,),
        adds=1,
    ),
    Row(
        "horse mighty: +1 and +1 harm on a hit",
        ("horse:3=Etana",),
        "strike",
        STRONG,
        {"asset": ["horse"], "stat": "iron"},
        setup=(in_fight,),
        adds=1,
        ticks=4 * 4,
    ),
    Row(
        "archer +wits: +2 momentum on a strong hit",
        ("archer",),
        "secure an advantage",
        STRONG,
        {"asset": ["archer"], "stat": "wits"},
        adds=1,
        momentum=4,
        pending=("take_control", "prepare_to_act"),
    ),
    Row(
        "archer +edge: +1 momentum on a hit",
        ("archer",),
        "secure an advantage",
        WEAK,
        {"asset": ["archer"], "stat": "edge"},
        adds=1,
        momentum=4,
    ),
    Row(
        "cutthroat, +2 harm chosen",
        ("cutthroat",),
        "strike",
        STRONG,
        {"asset": ["cutthroat:1:harm"], "stat": "edge"},
        setup=(in_fight,),
        adds=0,
        ticks=5 * 4,
        momentum=4,
    ),
    Row(
        "cutthroat, +2 and momentum chosen",
        ("cutthroat",),
        "strike",
        STRONG,
        {"asset": ["cutthroat:1:add"], "stat": "edge"},
        setup=(in_fight,),
        adds=2,
        ticks=3 * 4,
        momentum=5,
    ),
    Row(
        "duelist: +2, a weak hit counts as a miss",
        ("duelist",),
        "strike",
        WEAK,
        {"asset": ["duelist"], "stat": "iron"},
        setup=(in_fight,),
        adds=2,
        outcome="miss",
        follows=("Pay the Price",),
        ticks=0,
    ),
    Row(
        "duelist: +1 harm on a strong hit",
        ("duelist",),
        "strike",
        STRONG,
        {"asset": ["duelist"], "stat": "iron"},
        setup=(in_fight,),
        adds=2,
        ticks=4 * 4,
    ),
    Row(
        "long-arm: strike +edge with a simple weapon",
        ("long_arm",),
        "strike",
        STRONG,
        {"asset": ["long_arm"]},
        setup=(in_fight,),
        stat="edge",
        adds=1,
        ticks=2 * 4,
        momentum=5,
    ),
    Row(
        "brawler: deadly strike, 2 harm and -1 momentum on a weak hit",
        ("brawler",),
        "strike",
        WEAK,
        {"asset": ["brawler:2"], "stat": "iron", "amount": 1},
        setup=(mark(("brawler", 2)), in_fight),
        adds=2,
        ticks=2 * 4,
        momentum=3,
    ),
    Row(
        "thunder-bringer: 1 harm, +2 momentum, +1 next move",
        ("thunder_bringer",),
        "strike",
        STRONG,
        {"asset": ["thunder_bringer:2"], "stat": "iron"},
        setup=(mark(("thunder_bringer", 2)), in_fight),
        ticks=2 * 4,
        momentum=6,
    ),
    Row(
        "young wyvern indomitable: companion endure harm +2",
        ("young_wyvern:2=Ash",),
        "companion endure harm",
        WEAK,
        {"amount": 1},
        adds=2,
        momentum=3,
    ),
    Row(
        "young wyvern savage: strike +heart, 3 harm",
        ("young_wyvern:3=Ash",),
        "strike",
        STRONG,
        {"asset": ["young wyvern"]},
        setup=(in_fight,),
        stat="heart",
        ticks=4 * 4,
    ),
    Row(
        "commander: roll +strength",
        ("commander",),
        "face danger",
        WEAK,
        {"asset": ["commander"]},
        stat="strength",
        adds=0,
    ),
    Row(
        "devotant: roll the god's stat",
        ("devotant,gods_name=Ulla,stat=heart",),
        "secure an advantage",
        WEAK,
        {"asset": ["devotant"]},
        stat="heart",
        momentum=5,
    ),
    Row(
        "berserker: a weak hit on Endure Harm counts as a miss",
        ("berserker",),
        "endure harm",
        WEAK,
        {"asset": ["berserker:3"], "amount": 1},
        setup=(mark(("berserker", 3)), in_fight),
        outcome="miss",
    ),
    Row(
        "bonded: +1 more for a bond",
        ("bonded",),
        "compel",
        WEAK,
        {"bond": True, "stat": "heart"},
        adds=2,
    ),
    Row(
        "storyweaver: sojourn with a bond adds +2",
        ("storyweaver",),
        "sojourn",
        WEAK,
        {"bond": True},
        setup=(mark(("storyweaver", 3)),),
        adds=2,
    ),
    Row(
        "owl embodying: its health as momentum before Face Death",
        ("owl:3=Hoot",),
        "face death",
        STRONG,
        {},
        momentum=5,
    ),
    Row(
        "raven knowing: face death +2, +1 momentum on a hit",
        ("raven:2=Kr",),
        "face death",
        STRONG,
        {},
        adds=2,
        momentum=3,
    ),
    Row(
        "mammoth: make camp rolls its health",
        ("mammoth:2=Tusk",),
        "make camp",
        WEAK,
        {"asset": ["mammoth"]},
        stat="companion_health",
    ),
    Row(
        "kindred skilled: any move outside a fight",
        ("kindred:1=Bo",),
        "gather information",
        WEAK,
        {"asset": ["kindred"]},
        adds=1,
    ),
    Row(
        "hound ferocious: +1 harm or +1 momentum, chosen",
        ("hound:2=Fang",),
        "strike",
        STRONG,
        {"asset": ["hound"], "stat": "iron"},
        setup=(in_fight,),
        ticks=3 * 4,
        pending=("harm", "momentum"),
    ),
    Row(
        "blade-bound: savage strike, then Endure Stress (2)",
        ("blade_bound:3,name=Grandmother",),
        "strike",
        (*STRONG, *STRONG),
        {"asset": ["blade_bound"], "stat": "iron"},
        setup=(in_fight,),
        adds=1,
        ticks=5 * 4,
        follows=("Endure Stress",),
    ),
    Row(
        "augur: the ritual is a move, +2 momentum on a strong hit",
        ("augur",),
        "augur",
        STRONG,
        {},
        stat="wits",
        momentum=4,
    ),
    Row(
        "augur performed with its third ability",
        ("augur",),
        "augur",
        STRONG,
        {},
        setup=(mark(("augur", 3)),),
        adds=1,
        momentum=5,
    ),
    Row("ritual miss: Pay the Price", ("augur",), "augur", MISS, {}, follows=("Pay the Price",)),
    Row(
        "ritualist: +1 on a ritual for -1 supply",
        ("ritualist", "augur"),
        "augur",
        STRONG,
        {"asset": ["ritualist:2"]},
        setup=(mark(("ritualist", 2)),),
        adds=1,
    ),
    Row(
        "scry weak hit: a sacrifice to choose",
        ("scry",),
        "scry",
        WEAK,
        {},
        pending=("endure_harm", "endure_stress", "supply"),
    ),
    Row(
        "bind weak hit: Endure Stress (2)",
        ("bind",),
        "bind",
        (*WEAK, *STRONG),
        {},
        follows=("Endure Stress",),
    ),
    Row(
        "swordmaster vow: kneel, +1 and +1 momentum",
        ("swordmaster",),
        "swear an iron vow",
        WEAK,
        {"asset": ["swordmaster:3:kneel"], "track": "vow-1"},
        setup=(mark(("swordmaster", 3)), lambda g: g.track("vow", "Vow", "dangerous") and None),
        adds=1,
        momentum=4,
    ),
    Row(
        "wayfinder: +1 momentum on a strong hit",
        ("wayfinder",),
        "undertake a journey",
        STRONG,
        {"track": "journey-1"},
        setup=(lambda g: g.track("journey", "Hills", "dangerous") and None,),
        momentum=3,
        pending=("mark_progress", "mark_progress_momentum"),
    ),
]


def _run(row: Row) -> tuple[Game, Any]:
    g = Game()
    g.character("Asha", ASHA_STATS, bonds=["Elda"], assets=list(row.assets))
    for step in row.setup:
        step(g)
    result = g.move(row.move, row.dice, **row.kwargs)
    return g, result


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.name)
def test_an_ability_does_what_its_card_says(row: Row) -> None:
    g, result = _run(row)
    main = result.moves[0]
    if row.stat is not None:
        assert main.stat == row.stat
    if row.adds is not None:
        assert main.roll["adds"] == row.adds, result.notes
    if row.outcome is not None:
        assert main.outcome == row.outcome
    if row.momentum is not None:
        assert g.char().momentum == row.momentum, fx(result)
    if row.ticks is not None:
        assert g.state.tracks[FIGHT].ticks == row.ticks, fx(result)
    names = [m.name for m in result.moves[1:]]
    for follow in row.follows:
        assert follow in names or (
            result.pending and follow.lower().replace(" ", "_") in str(result.pending)
        ), (names, result.pending)
    if row.pending:
        assert result.pending is not None
        assert tuple(o["key"] for o in result.pending["options"]) == row.pending
    for label in row.labels:
        assert label in main.assets


def test_a_choice_before_rolling_must_be_named() -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["cutthroat"])
    in_fight(g)
    with pytest.raises(IronswornError, match="cutthroat:1:add or asset cutthroat:1:harm"):
        g.move("strike", (), asset=["cutthroat"], stat="edge")


def test_a_companion_at_zero_health_cannot_help() -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["hound:1=Fang"])
    g._keep(g.sheet.asset_track(None, "hound", "health", 0))
    with pytest.raises(IronswornError, match="0 health"):
        g.move("gather information", (), asset=["hound"])


def test_once_per_fight() -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["cutthroat"])
    g._keep(g.sheet.asset_mark(None, "cutthroat", 3, True))
    in_fight(g)
    first = g.move("secure an advantage", (6, 1, 2), asset=["cutthroat:3"], stat="shadow")
    assert first.pending and first.pending["options"][0]["key"] == "action_die"  # the reroll
    g.decline()
    settle(g)
    with pytest.raises(IronswornError, match="no marked ability 3"):
        g.move("secure an advantage", (), asset=["cutthroat:3"], stat="shadow")


def test_swordmaster_burn_adds_harm_and_a_next_move_bonus() -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["swordmaster"])
    in_fight(g)
    g.set(momentum=9)
    result = g.move("strike", (3, 7, 8), stat="iron")
    assert result.pending and result.pending["kind"] == "burn"
    burned = g.burn()
    assert fx(burned)[-1] == (f"{FIGHT}:ticks", 3 * 4, 5 * 4)
    # "If the fight continues, add +1 on your next move": the next move in this fight adds it.
    assert g.char().flags.get("fight_next_add") == {"fight": FIGHT, "add": 1}
    again = g.move("strike", (6, 1, 2), stat="iron")
    assert again.moves[0].roll["adds"] == 1 and "fight_next_add" not in g.char().flags


def test_swordmaster_bonus_is_gone_when_the_fight_does_not_continue() -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["swordmaster"])
    in_fight(g)
    g.set(momentum=9)
    g.move("strike", (3, 7, 8), stat="iron")
    g.burn()  # a strong hit: End the Fight is open
    g.move("end the fight", (1, 2))  # the fight is won: it does not continue
    later = g.move("face danger", (6, 1, 2), stat="edge")
    assert later.moves[0].roll["adds"] == 0
    assert "fight_next_add" not in g.char().flags


def test_invoke_fills_essence_then_rolls_it() -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["invoke"])
    g.move("invoke", (5, 1, 2))
    assert fx(g.move("face danger", (4, 1, 2), asset=["invoke"]))[0] == (
        "asset:classic/ritual/invoke:essence",
        5,
        4,
    )
    assert g.char().asset("invoke")["tracks"]["essence"]["value"] == 4


def test_lightbearer_unleashes_light_as_harm() -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["lightbearer"])
    g._keep(g.sheet.asset_mark(None, "lightbearer", 2, True))
    g.move("capture light", (6, 1, 10))  # a weak hit: light 3
    assert g.char().asset("lightbearer")["tracks"]["light"]["value"] == 3
    in_fight(g)
    result = g.move("strike", (6, 1, 2), asset=["lightbearer:2"], amount=2)
    assert result.moves[0].roll["stat"] == 3  # +light, before it is spent
    assert g.char().asset("lightbearer")["tracks"]["light"]["value"] == 1
    assert g.state.tracks[FIGHT].ticks == (1 + 2 + 1) * 4  # 1 + light unleashed, +1 strong hit


def test_talisman_adds_until_a_one_on_the_action_die() -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["talisman"])
    g.move("fashion talisman", (6, 1, 2))
    assert g.char().flags["talisman"] == 2
    result = g.move("face danger", (1, 1, 2), asset=["talisman"], stat="edge")
    assert result.moves[0].roll["adds"] == 2
    assert "talisman" not in g.char().flags  # the 1 on the action die spent it


def test_animal_kin_makes_a_companion_cost_one_less() -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["animal_kin"])
    g._keep(g.sheet.asset_mark(None, "animal_kin", 2, True))
    g.set(experience=2)
    result = g.move("advance", asset="hound:1=Fang", choose=["new_asset"])
    assert ("experience_spent", 0, 2) in fx(result)
    assert g.char().asset("fang")["input"] == "Fang"


def test_the_same_dice_without_naming_the_asset_add_nothing() -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["hound:1=Fang"])
    result = g.move("gather information", WEAK)
    assert result.moves[0].roll["adds"] == 0 and result.moves[0].assets == []


def test_what_the_engine_leaves_to_the_player_is_shown_as_a_reminder() -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["raven:3=Kr", "communion"])
    result = g.move("gather information", WEAK)
    assert any(n.startswith("reminder: Raven “Kr” 3 · Diligent: ") for n in result.notes)
    g._keep(g.sheet.asset_mark(None, "communion", 2, True))
    called = g.move("commune", STRONG)
    assert any(n.startswith("reminder: Communion 2") for n in called.notes), called.notes
    settle(g)
    assert not any("reminder" in n for n in g.move("face danger", WEAK, stat="edge").notes)


def test_a_name_where_the_abilitys_number_goes_is_refused_not_looked_up_whole() -> None:
    """``hawk:Keen``: the player meant a hawk named Keen; looked up whole, it found the Keen
    ritual and the hawk was never taken. Refused, naming what is accepted."""
    from ironsworn.errors import InvalidValue
    from ironsworn.moves.assets.cards import parse_asset_choice

    with pytest.raises(
        InvalidValue,
        match=r"'Keen' after ':' is not an ability's number .*"
        r"hawk:N=Keen",
    ):
        parse_asset_choice("hawk:Keen")
    assert parse_asset_choice("hawk:1=Keen").query == "hawk"
    assert parse_asset_choice("asset:classic/companion/hawk").query == (
        "asset:classic/companion/hawk"
    )
