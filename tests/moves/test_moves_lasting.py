"""Lasting effects of asset abilities: gained by the ability's move, applied while they last.

Each row gives a character a card, makes the move that gives the lasting effect (with typed
dice and the answers to its choices), then makes a later move that the effect acts on, and
checks the add, the harm (fight progress: a formidable foe takes 4 ticks per harm), the
momentum and what is left on the character. Each row is also played without the effect
(the same later move, the giving move never made), so every number is shown to come from it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from moves_support import MISS, STRONG, WEAK, Game, fx

from ironsworn.errors import IronswornError
from ironsworn.moves.assets.lasting import LastingOperations

ONE = (1, 1, 2)  # a 1 on the action die: a strong hit with a stat of +1 or more


def fight(g: Game, initiative: bool = True) -> None:
    g.track("fight", "Wyvern", "formidable")
    g.move("enter the fray", (6, 1, 2) if initiative else (1, 9, 10), stat="heart")
    while g.state.pending:
        g.answer([g.state.pending["options"][0]["key"]])


def journey(g: Game) -> None:
    g.track("journey", "Hills", "dangerous")


def ids(g: Game, who: str = "Asha") -> list[str]:
    return [e["id"] for e in g.char(who).lasting]


@dataclass(frozen=True)
class Give:
    """The move that gives the effect, and the answers to the choices it asks."""

    move: str
    dice: tuple[int, ...] = STRONG
    kwargs: dict[str, Any] = field(default_factory=dict)
    answers: tuple[Sequence[str], ...] = ()


@dataclass(frozen=True)
class Row:
    name: str
    assets: tuple[str, ...]
    marks: tuple[tuple[str, int], ...]
    give: Give
    gained: tuple[str, ...]  # the lasting ids after the giving move
    use: str  # the later move
    dice: tuple[int, ...]
    kwargs: dict[str, Any] = field(default_factory=dict)
    setup: Callable[[Game], None] | None = None
    answers: tuple[tuple[str, tuple[int, ...]], ...] = ()  # (answer, dice) after the roll
    adds: int = 0  # the add the effect gives (the later move's adds without it are 0)
    ticks: int | None = None  # fight ticks the effect adds
    momentum: int | None = None  # momentum the effect adds
    left: tuple[str, ...] = ()  # the lasting ids after the later move
    label: str = ""  # how the result names it
    named: bool = False  # --asset names it: the move without it leaves --asset out


ROWS = [
    Row(
        "Sunderer 3: the rune's +1d6 harm on the next Strike that hits, then gone",
        ("sunderer",),
        (("sunderer", 3),),
        Give("carve rune", STRONG),
        ("rune",),
        "strike",
        (*STRONG, 4),
        {"stat": "iron"},
        setup=fight,
        ticks=4 * 4,
        label="Sunderer 3 · rune",
    ),
    Row(
        "Fletcher 3: the arrow (seeker and ravager) is shot: a reroll, then +1d6 harm",
        ("fletcher",),
        (("fletcher", 3),),
        Give("craft arrow", STRONG),
        ("seeker", "ravager"),
        "strike",
        STRONG,
        {"stat": "iron", "asset": ["arrow"]},
        setup=fight,
        answers=(("decline", (5,)),),
        ticks=5 * 4,
        label="Fletcher 3 · arrow",
        named=True,
    ),
    Row(
        "Fletcher 3: a weak hit makes a ravager only",
        ("fletcher",),
        (("fletcher", 3),),
        Give("craft arrow", WEAK, answers=(["ravager"],)),
        ("ravager",),
        "clash",
        (*WEAK, 3),
        {"stat": "iron", "asset": ["arrow"]},
        setup=lambda g: fight(g, initiative=False),
        answers=(("obvious", ()),),  # Clash's weak hit: Pay the Price
        ticks=3 * 4,
        named=True,
    ),
    Row(
        "Skirmisher 1 (iron): +1 on the Strike made now",
        ("skirmisher",),
        (),
        Give("face danger", STRONG, {"asset": ["skirmisher"], "stat": "iron"}),
        ("spear",),
        "strike",
        STRONG,
        {"stat": "iron"},
        setup=fight,
        adds=1,
        label="Skirmisher 1 · spear",
    ),
    Row(
        "Keen 1: +1 harm on Strike while it lasts",
        ("keen",),
        (),
        Give("keen", STRONG),
        ("keen",),
        "strike",
        STRONG,
        {"stat": "iron"},
        setup=fight,
        ticks=4,
        left=("keen",),
    ),
    Row(
        "Keen 1: a 1 on the action die spends it (no +1 harm on that roll)",
        ("keen",),
        (),
        Give("keen", STRONG),
        ("keen",),
        "strike",
        ONE,
        {"stat": "iron"},
        setup=fight,
        ticks=0,
    ),
    Row(
        "Keen 2: once, +1 and +2 momentum on a hit when you Enter the Fray with the weapon",
        ("keen",),
        (("keen", 2),),
        Give("keen", STRONG),
        ("keen", "keen_rally"),
        "enter the fray",
        STRONG,
        {"stat": "heart", "asset": ["keen"], "track": "fight-1"},
        setup=lambda g: g.track("fight", "Wyvern", "formidable") and None,
        adds=1,
        momentum=2,
        left=("keen",),
        label="Keen 2 · keen",
        named=True,
    ),
    Row(
        "Totem 1: +1 and +1 momentum on a hit with a companion ability",
        ("totem", "hound:1=Fang"),
        (),
        Give("focus totem", STRONG),
        ("totem",),
        "gather information",
        WEAK,
        {"asset": ["hound"]},
        adds=1,
        momentum=1,
        left=("totem",),
    ),
    Row(
        "Augur 2: +1 on the next Undertake a Journey",
        ("augur",),
        (("augur", 2),),
        Give("augur", STRONG),
        ("crows",),
        "undertake a journey",
        WEAK,
        {"track": "journey-1"},
        setup=journey,
        adds=1,
    ),
    Row(
        "Pretender 1: a strong hit's identity adds +2 when named",
        ("pretender",),
        (),
        Give("establish false identity", STRONG),
        ("identity",),
        "compel",
        WEAK,
        {"stat": "heart", "asset": ["identity"]},
        adds=2,
        left=("identity",),
        named=True,
    ),
    Row(
        "Pretender 1: a weak hit's identity adds +1",
        ("pretender",),
        (),
        Give("establish false identity", WEAK),
        ("identity",),
        "compel",
        WEAK,
        {"stat": "heart", "asset": ["identity"]},
        adds=1,
        left=("identity",),
        named=True,
    ),
    Row(
        "Divination 1: the reading's +1 on Gather Information",
        ("divination",),
        (),
        Give("cast runes", STRONG),
        ("reading",),
        "gather information",
        WEAK,
        {"asset": ["reading"]},
        adds=1,
        left=("reading",),
        named=True,
    ),
    Row(
        "Communion 1: the spirit's +1 on a move made with it",
        ("communion",),
        (),
        Give("commune", STRONG),
        ("spirit",),
        "face danger",
        WEAK,
        {"stat": "wits", "asset": ["spirit"]},
        adds=1,
        left=("spirit",),
        named=True,
    ),
    Row(
        "Awakening 1: the simulacrum's +2 when it aids you",
        ("awakening",),
        (),
        Give("awaken simulacrum", STRONG),
        ("simulacrum",),
        "face danger",
        WEAK,
        {"stat": "iron", "asset": ["simulacrum"]},
        adds=2,
        left=("simulacrum",),
        named=True,
    ),
    Row(
        "Bind 1: a bear's pelt, +1 on moves with +iron",
        ("bind",),
        (),
        Give("bind", STRONG, answers=(["bear"],)),
        ("pelt",),
        "face danger",
        WEAK,
        {"stat": "iron"},
        adds=1,
        left=("pelt",),
    ),
    Row(
        "Bind 1: the pelt is spent by a 1 on the action die (its add was in the roll)",
        ("bind",),
        (),
        Give("bind", STRONG, answers=(["bear"],)),
        ("pelt",),
        "face danger",
        ONE,
        {"stat": "iron"},
        adds=1,
    ),
    Row(
        "Bind 2: a beast's pelt, +2 on moves with the stat named",
        ("bind",),
        (("bind", 2),),
        Give("bind", STRONG, answers=(["beast_heart"],)),
        ("pelt",),
        "face danger",
        WEAK,
        {"stat": "heart"},
        adds=2,
        left=("pelt",),
    ),
    Row(
        "Alchemist 1: the dose is drunk (Face Danger +iron, a hit) and gives the elixir",
        ("alchemist",),
        (),
        Give("create elixir", STRONG, answers=(["vigor"],)),
        ("dose",),
        "face danger",
        WEAK,
        {"stat": "iron", "asset": ["elixir"]},
        left=("elixir",),
        named=True,
    ),
    Row(
        "Alchemist 2: one effect makes two doses",
        ("alchemist",),
        (("alchemist", 2),),
        Give("create elixir", STRONG, answers=(["clarity"],)),
        ("dose", "dose-2"),
        "face danger",
        WEAK,
        {"stat": "iron", "asset": ["elixir"]},
        left=("dose-2", "elixir"),
        named=True,
    ),
    Row(
        "Ward 1: the first harm on a foe inside the ward is +1",
        ("ward",),
        (),
        Give("ward", STRONG, answers=(["harm", "trap"],)),
        ("ward_harm", "ward_trap"),
        "strike",
        STRONG,
        {"stat": "iron", "asset": ["ward"]},
        setup=fight,
        ticks=4,
        left=("ward_trap",),
        named=True,
    ),
    Row(
        "Ward 2: +2 harm",
        ("ward",),
        (("ward", 2),),
        Give("ward", WEAK, answers=(["harm"],)),
        ("ward_harm",),
        "strike",
        STRONG,
        {"stat": "iron", "asset": ["ward"]},
        setup=fight,
        ticks=8,
        named=True,
    ),
]


def _play(row: Row, given: bool) -> tuple[Game, Any]:
    g = Game()
    g.character("Asha", assets=list(row.assets))
    for asset, number in row.marks:
        g._keep(g.sheet.asset_mark(None, asset, number, True))
    g.set(supply=5, momentum=2)
    if row.setup is not None:
        row.setup(g)
    if given:
        give = row.give
        g.move(give.move, give.dice, **give.kwargs)
        for answer in give.answers:
            g.answer(list(answer))
        assert ids(g) == list(row.gained)
    kwargs = dict(row.kwargs)
    if not given and row.named:
        kwargs.pop("asset", None)
    before = g.char().momentum
    ticks = g.state.tracks["fight-1"].ticks if "fight-1" in g.state.tracks else 0
    dice = row.dice if given else row.dice[:3]
    result = g.move(row.use, dice, **kwargs)
    for answer, more in row.answers if given else row.answers[1:]:
        g.answer(answer if answer in ("decline", "burn") else [answer], more)
    g.result = result  # type: ignore[attr-defined]
    return g, (before, ticks)


@pytest.mark.parametrize("row", ROWS, ids=[r.name for r in ROWS])
def test_lasting_effect_with_and_without(row: Row) -> None:
    with_g, (with_m, with_t) = _play(row, True)
    without_g, (without_m, without_t) = _play(row, False)
    roll_with = with_g.result.moves[0].roll  # type: ignore[attr-defined]
    roll_without = without_g.result.moves[0].roll  # type: ignore[attr-defined]
    assert roll_with["adds"] - roll_without["adds"] == row.adds
    if row.ticks is not None:
        gained = with_g.state.tracks["fight-1"].ticks - with_t
        base = without_g.state.tracks["fight-1"].ticks - without_t
        assert gained - base == row.ticks
    if row.momentum is not None:
        gained_m = with_g.char().momentum - with_m
        base_m = without_g.char().momentum - without_m
        assert gained_m - base_m == row.momentum
    assert ids(with_g) == list(row.left)
    if row.label:
        assert row.label in with_g.result.to_json()["assets"]  # type: ignore[attr-defined]
    assert with_g.refold().to_dict() == with_g.snapshot()


def test_every_lasting_kind_is_played() -> None:
    from ironsworn.moves.assets.lasting_kinds import TEMPLATES

    played = {i.split("-")[0] for r in ROWS for i in r.gained}
    others = {"elixir", "trophy_ritual", "trophy_sojourn", "ward_momentum", "blood_rune"}
    assert set(TEMPLATES) == played | others


# --- how they end ------------------------------------------------------------------------------


def _with(assets: Sequence[str], marks: Sequence[tuple[str, int]] = ()) -> Game:
    g = Game()
    g.character("Asha", assets=list(assets))
    for asset, number in marks:
        g._keep(g.sheet.asset_mark(None, asset, number, True))
    return g


def test_the_rune_is_kept_by_a_miss() -> None:
    g = _with(["sunderer"], [("sunderer", 3)])
    g.move("carve rune", STRONG)
    fight(g)
    g.move("strike", MISS, stat="iron")
    g.answer(["obvious"])
    assert ids(g) == ["rune"]


def test_the_crows_wait_for_the_journey() -> None:
    g = _with(["augur"], [("augur", 2)])
    g.move("augur", STRONG)
    g.move("face danger", STRONG, stat="edge")
    assert ids(g) == ["crows"]  # another move does not spend them


def test_the_spear_is_spent_by_another_move() -> None:
    g = _with(["skirmisher"])
    fight(g)
    g.move("face danger", STRONG, asset=["skirmisher"], stat="iron")
    assert ids(g) == ["spear"]
    result = g.move("secure an advantage", STRONG, stat="edge")
    assert ids(g) == []
    assert ("lasting:spear", True, False) in fx(result)
    assert result.moves[0].roll is not None and result.moves[0].roll["adds"] == 0


def test_the_spear_waits_through_the_weak_hit_cost() -> None:
    g = _with(["skirmisher"])
    fight(g)
    g.move("face danger", WEAK, asset=["skirmisher"], stat="iron")
    g.answer(["endure_harm"], (6, 1, 2))  # a follow-on, not the next move made
    while g.state.pending:
        g.answer([g.state.pending["options"][0]["key"]])
    assert ids(g) == ["spear"]


def test_the_pelt_is_for_its_stat_only() -> None:
    g = _with(["bind"])
    g.move("bind", STRONG)
    g.answer(["wolf"])
    result = g.move("face danger", STRONG, stat="iron")
    assert result.moves[0].roll is not None and result.moves[0].roll["adds"] == 0
    result = g.move("face danger", STRONG, stat="edge")
    assert result.moves[0].roll is not None and result.moves[0].roll["adds"] == 1


def test_the_elixir_adds_to_its_stat_until_a_meter_falls_below_one() -> None:
    g = _with(["alchemist"])
    g.move("create elixir", STRONG)
    g.answer(["vigor"])
    g.move("face danger", STRONG, stat="iron", asset=["elixir"])
    assert ids(g) == ["elixir"]
    result = g.move("face danger", STRONG, stat="iron")
    assert result.moves[0].roll is not None and result.moves[0].roll["adds"] == 1
    result = g.move("face danger", STRONG, stat="edge")
    assert result.moves[0].roll is not None and result.moves[0].roll["adds"] == 0
    momentum = g.char().momentum
    ended = g.adjust(None, "momentum", -momentum)
    assert ("lasting:elixir", True, False) in fx(ended)
    assert ids(g) == []


def test_a_missed_drink_spends_the_dose() -> None:
    g = _with(["alchemist"])
    g.move("create elixir", STRONG)
    g.answer(["vigor"])
    g.move("face danger", MISS, stat="iron", asset=["elixir"])
    g.answer(["obvious"])
    assert ids(g) == []


def test_an_ally_drinks_a_dose_of_the_alchemist() -> None:
    g = _with(["alchemist"])
    g.character("Bram", assets=[])
    g.move("create elixir", STRONG, character="Asha")
    g.answer(["vigor"])
    g.move("face danger", STRONG, character="Bram", stat="iron", asset=["elixir"])
    assert ids(g) == []
    assert ids(g, "Bram") == ["elixir"]


def test_alchemist_2_two_effects_in_one_dose() -> None:
    g = _with(["alchemist"], [("alchemist", 2)])
    g.move("create elixir", STRONG)
    g.answer(["vigor", "deftness"])
    g.move("face danger", STRONG, stat="iron", asset=["elixir"])
    assert g.char().lasting[0]["stats"] == ["iron", "edge"]


def test_the_simulacrum_dies_at_zero_health() -> None:
    g = _with(["awakening"])
    g.move("awaken simulacrum", STRONG)
    assert ids(g) == ["simulacrum"]
    result = g._keep(g.sheet.asset_track(None, "awakening", "health", 0))
    assert ("lasting:simulacrum", True, False) in fx(result)


def test_a_weak_simulacrum_may_turn_on_you() -> None:
    g = _with(["awakening"])
    g.move("awaken simulacrum", WEAK)
    result = g.move("face danger", (1, 1, 2, *STRONG), stat="iron", asset=["simulacrum"])
    assert [m.name for m in result.moves] == ["Face Danger", "Face Danger"]
    assert result.moves[1].stat == "heart"


def test_the_totem_waits_for_a_companion_ability() -> None:
    g = _with(["totem", "hound:1=Fang"])
    g.move("focus totem", STRONG)
    result = g.move("face danger", STRONG, stat="edge")
    assert result.moves[0].roll is not None and result.moves[0].roll["adds"] == 0
    assert ids(g) == ["totem"]


def test_the_ward_momentum_and_trap_are_used_by_hand() -> None:
    g = _with(["ward"], [("ward", 2)])
    g.move("ward", STRONG)
    g.answer(["momentum", "trap"])
    ops = LastingOperations(g.engine)
    before = g.char().momentum
    result = g._keep(ops.use(None, "ward_momentum"))
    assert g.char().momentum == before + 2
    assert ("lasting:ward_momentum", True, False) in fx(result)
    g.dice([10])
    result = g._keep(ops.use(None, "ward_trap"))
    assert result.moves[0].name == "Ask the Oracle"
    assert ids(g) == ["ward_trap"]


@pytest.mark.parametrize(
    ("choice", "move", "kwargs"),
    [
        ("ritual", "commune", {}),
        ("sojourn", "sojourn", {"stat": "heart"}),
    ],
)
def test_slayer_3_trophy_rerolls_once(choice: str, move: str, kwargs: dict[str, Any]) -> None:
    g = _with(["slayer", "communion"], [("slayer", 3)])
    g._keep(LastingOperations(g.engine).take_trophy(None, choice))
    assert [e["name"] for e in g.char().lasting] == ["trophy"]
    g.move(move, STRONG, asset=["trophy"], **kwargs)
    pending = g.state.pending
    assert pending is not None and pending["prompt"].startswith("reroll")
    g.decline()
    assert "trophy" not in [e["name"] for e in g.char().lasting]


@pytest.mark.parametrize(
    ("marked", "rank", "offered"),
    [
        (True, "formidable", True),
        (True, "epic", True),
        (True, "dangerous", False),
        (False, "epic", False),
    ],
)
def test_slayer_3_a_trophy_is_offered_when_a_great_foe_falls(
    marked: bool, rank: str, offered: bool
) -> None:
    g = _with(["slayer"], [("slayer", 3)] if marked else [])
    g.track("fight", "Wyvern", rank, ticks=40)
    g.move("enter the fray", STRONG, stat="heart")
    result = g.move("end the fight", (1, 2), track="fight-1")
    assert g.state.tracks["fight-1"].status == "won"
    pending = result.pending
    assert (pending is not None and pending["prompt"].startswith("Slayer 3")) is offered
    if offered:
        assert pending is not None and int(pending["min"]) == 0
        g.choose(["sojourn"])
        assert ids(g) == ["trophy_sojourn"]


def test_bonded_2_a_filled_box_of_bonds() -> None:
    g = Game()
    g.character("Asha", bonds=["Elda", "Kai", "Bran"], assets=["bonded"])
    g._keep(g.sheet.asset_mark(None, "bonded", 2, True))
    without = Game()
    without.character("Asha", bonds=["Elda", "Kai", "Bran"], assets=["bonded"])
    for game in (g, without):
        game.move("forge a bond", STRONG)
        game.answer(["spirit"])
    assert g.char().bond_ticks == 4 == without.char().bond_ticks
    assert g.char().experience_earned - without.char().experience_earned == 1
    assert g.char().momentum - without.char().momentum == 2


def test_bonded_2_only_for_a_filled_box_of_bonds() -> None:
    """Bonded 2 reads the bonds meter's changes: a move that changes other meters (+1 momentum
    on Face Danger's strong hit), or marks a bond without filling a box, gives nothing."""
    g = Game()
    g.character("Asha", bonds=["Elda", "Kai"], assets=["bonded"])
    g._keep(g.sheet.asset_mark(None, "bonded", 2, True))
    before = g.char()
    momentum, experience = before.momentum, before.experience_earned
    g.move("face danger", STRONG, stat="edge")
    assert g.char().momentum == momentum + 1
    g.move("forge a bond", STRONG)
    result = g.answer(["spirit"])
    assert g.char().bond_ticks == 3  # two bonds and this one: no box filled yet
    assert g.char().experience_earned == experience
    assert not any("Bonded 2" in note for note in result.notes)


# --- by hand, bad input, undo ------------------------------------------------------------------


def test_ending_and_giving_by_hand() -> None:
    g = _with(["keen"])
    g.character("Bram", assets=[])
    g.move("keen", STRONG, character="Asha")
    ops = LastingOperations(g.engine)
    g._keep(ops.give("Asha", "keen", "Bram"))
    assert ids(g) == [] and ids(g, "Bram") == ["keen"]
    result = g._keep(ops.end("Bram", "keen"))
    assert ("Bram/lasting:keen", True, False) in fx(result)
    assert ids(g, "Bram") == []


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (lambda ops: ops.end(None, "elixir"), "Asha has no lasting effect 'elixir'"),
        (lambda ops: ops.use(None, "keen"), "'lasting use' is for"),
        (lambda ops: ops.give(None, "keen", "Asha"), "give it to another character"),
        (lambda ops: ops.give(None, "keen", "Nobody"), "Nobody"),
        (lambda ops: ops.take_trophy(None, "ritual"), "no Slayer"),
        (lambda ops: ops.take_trophy(None, "cup"), "trophy 'cup' is unknown"),
    ],
)
def test_bad_input_changes_nothing(action: Callable[[Any], Any], message: str) -> None:
    g = _with(["keen"])
    g.move("keen", STRONG)
    before = g.snapshot()
    with pytest.raises(IronswornError, match=message) as caught:
        action(LastingOperations(g.engine))
    assert "\n" not in str(caught.value)
    assert g.snapshot() == before


@pytest.mark.parametrize(
    ("move", "kwargs", "message"),
    [
        ("face danger", {"stat": "edge", "asset": ["keen"]}, "acts on strike or clash"),
        ("face danger", {"stat": "edge", "asset": ["chalice"]}, "no asset or lasting effect"),
    ],
)
def test_naming_an_effect_that_does_not_fit(
    move: str, kwargs: dict[str, Any], message: str
) -> None:
    g = _with(["keen"])
    g.move("keen", STRONG)
    before = g.snapshot()
    g.dice(STRONG)
    with pytest.raises(IronswornError, match=message):
        g.engine.make_move(move, None, **kwargs)
    assert g.snapshot() == before


def test_undo_restores_what_the_move_used_and_gave() -> None:
    g = _with(["sunderer"], [("sunderer", 3)])
    g.move("carve rune", STRONG)
    fight(g)
    before = g.snapshot()
    result = g.move("strike", (*STRONG, 6), stat="iron")
    assert ids(g) == []
    for event in reversed(result.events):
        g.state.revert(event)
    assert g.snapshot() == before


def test_leech_1_the_blood_rune_is_spent_once_and_weighs_until_then() -> None:
    g = _with(["leech"])
    fight(g)
    top = g.char().momentum_max
    g.move("draw blood rune", WEAK)
    assert ids(g) == ["blood_rune"]
    assert g.char().momentum_max == top - 1  # a weak hit: the asset counts as a debility
    g.move("strike", STRONG, stat="iron", asset=["leech"])
    pending = g.state.pending
    assert pending is not None and pending["prompt"].startswith("reroll")
    g.decline()
    while g.state.pending:
        g.answer([g.state.pending["options"][0]["key"]])
    assert ids(g) == []
    assert g.char().momentum_max == top
    g.dice(STRONG)
    with pytest.raises(IronswornError, match="Leech"):
        g.engine.make_move("strike", None, stat="iron", asset=["leech"])
