"""Rules the state enforces, and the numbers that hang on ranks, momentum and burns.

A refused operation raises the documented error (``ironsworn.errors``) and leaves the state
exactly as it was: every refusal below compares ``state.to_dict()`` before and after.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from moves_support import MISS, PRICE, STRONG, WEAK, Game, fx, keys, outcomes

from ironsworn.errors import InvalidValue, IronswornError, OptionNeeded, RuleViolation

Setup = Callable[[Game], Any]


def _fight(game: Game, rank: str = "dangerous") -> None:
    game.track("fight", "Raider", rank)


def _with_initiative(game: Game) -> None:
    _fight(game)
    game.move("enter the fray", STRONG, stat="heart")


def _tide_used(game: Game) -> None:
    _fight(game)
    game.move("turn the tide")
    game.move("face danger", STRONG, stat="edge")


def _no_strong_hit(game: Game) -> None:
    game.track("fight", "Raider", "dangerous", ticks=20)
    game.move("enter the fray", WEAK, stat="heart", choose=["prepare_to_act"])


def _strong_then_weak(game: Game) -> None:
    game.track("fight", "Raider", "dangerous", ticks=20)
    game.move("enter the fray", STRONG, stat="heart")
    game.move("strike", WEAK, stat="iron")  # the last move in the fight is a weak hit


def _unprepared(game: Game) -> None:
    game.set(supply=0)


def _pending(game: Game) -> None:
    game.move("face danger", WEAK, stat="edge")


def _nothing(game: Game) -> None:
    pass


def _duo(game: Game) -> None:
    game.character("Bram", "edge=1,heart=3,iron=2,shadow=2,wits=1")


def _dice_run_out(game: Game) -> None:
    """Face Danger weak hit answered up front with Endure Harm, whose roll has no dice."""
    game.dice(WEAK)
    game.engine.make_move("face danger", stat="edge", choose=["endure_harm"])


REFUSALS: list[tuple[str, Setup, Callable[[Game], Any], type[Exception], str]] = [
    (
        "strike without initiative",
        _fight,
        lambda g: g.move("strike", STRONG, stat="iron"),
        RuleViolation,
        "does not have initiative",
    ),
    (
        "clash with initiative",
        _with_initiative,
        lambda g: g.move("clash", STRONG, stat="iron"),
        RuleViolation,
        "has initiative",
    ),
    (
        "turn the tide twice in a fight",
        _tide_used,
        lambda g: g.move("turn the tide"),
        RuleViolation,
        "once per fight",
    ),
    (
        "turn the tide outside a fight",
        _nothing,
        lambda g: g.move("turn the tide"),
        RuleViolation,
        "no active fight",
    ),
    (
        "end the fight without a strong hit",
        _no_strong_hit,
        lambda g: g.move("end the fight", (1, 2)),
        RuleViolation,
        "strong hit",
    ),
    (
        "end the fight after a strong hit then a weak hit",
        _strong_then_weak,
        lambda g: g.move("end the fight", (1, 2)),
        RuleViolation,
        "strong hit",
    ),
    (
        "resupply while unprepared",
        _unprepared,
        lambda g: g.move("resupply", STRONG),
        RuleViolation,
        "unprepared",
    ),
    (
        "a second move while a decision is pending",
        _pending,
        lambda g: g.move("gather information", STRONG),
        RuleViolation,
        "pending",
    ),
    (
        "an option key not offered",
        _pending,
        lambda g: g.choose(["prepare_to_act"]),
        InvalidValue,
        "not offered",
    ),
    (
        "two keys where one is asked",
        _pending,
        lambda g: g.choose(["suffer_momentum", "suffer_supply"]),
        InvalidValue,
        "choose 1",
    ),
    (
        "the same key twice",
        lambda g: g.move("make camp", STRONG),
        lambda g: g.choose(["relax", "relax"]),
        InvalidValue,
        "only once",
    ),
    (
        "declining a decision that must be made",
        _pending,
        lambda g: g.decline(),
        RuleViolation,
        "cannot be declined",
    ),
    (
        "burning where a choice is pending",
        _pending,
        lambda g: g.burn(),
        RuleViolation,
        "not a burn",
    ),
    (
        "answering when nothing is pending",
        _nothing,
        lambda g: g.choose(["suffer_momentum"]),
        RuleViolation,
        "no pending decision",
    ),
    (
        "a stat face danger does not allow",
        _nothing,
        lambda g: g.move("face danger", STRONG, stat="supply"),
        InvalidValue,
        "not allowed",
    ),
    (
        "a stat compel does not allow",
        _nothing,
        lambda g: g.move("compel", STRONG, stat="edge"),
        InvalidValue,
        "not allowed",
    ),
    (
        "iron for healing your own wounds (the lower of wits and iron)",
        _nothing,
        lambda g: g.move("heal", STRONG, stat="iron"),
        InvalidValue,
        "lowest",
    ),
    (
        "iron for endure harm (the higher of health and iron)",
        _nothing,
        lambda g: g.move("endure harm", STRONG, stat="iron", amount=1),
        InvalidValue,
        "highest",
    ),
    (
        "a stat for enter the fray it does not list",
        _fight,
        lambda g: g.move("enter the fray", STRONG, stat="iron"),
        InvalidValue,
        "not allowed",
    ),
    (
        "advance without experience",
        _nothing,
        lambda g: g.move("advance", asset="slayer"),
        RuleViolation,
        "experience",
    ),
    (
        "advance to a new asset with 2 experience",
        lambda g: g.set(experience=2),
        lambda g: g.move("advance", asset="slayer"),
        RuleViolation,
        "3 experience",
    ),
    (
        "advance an upgrade with 1 experience",
        lambda g: g.set(experience=1),
        lambda g: g.move("advance", asset="hawk"),
        RuleViolation,
        "2 experience",
    ),
    (
        "advance without naming the asset",
        lambda g: g.set(experience=3),
        lambda g: g.move("advance"),
        InvalidValue,
        "Advance: what do you buy",  # asked (OptionNeeded); the command line says --asset
    ),
    (
        "advance to an asset that does not exist",
        lambda g: g.set(experience=3),
        lambda g: g.move("advance", asset="no such asset"),
        LookupError,  # NotFound
        "no such asset",
    ),
    (
        "a move on a track that is closed",
        lambda g: (
            g.track("vow", "Done", "troublesome", ticks=12),
            g.move("fulfill your vow", (1, 2)),
        ),
        lambda g: g.move("reach a milestone", track="vow-1"),
        RuleViolation,
        "fulfilled",
    ),
    (
        "a journey move without a journey",
        _nothing,
        lambda g: g.move("reach your destination"),
        InvalidValue,
        "no active journey",
    ),
    (
        # Undertake a Journey begins one: where to is asked ("set the rank of your journey").
        "undertake a journey with none under way",
        _nothing,
        lambda g: g.move("undertake a journey", STRONG),
        OptionNeeded,
        "where are you going",
    ),
    (
        "a harm amount out of range",
        _nothing,
        lambda g: g.move("endure harm", STRONG, amount=11),
        InvalidValue,
        "out of range",
    ),
    (
        "heal an ally and a companion at once (found by the property test)",
        _duo,
        lambda g: g.move("heal", STRONG, ally="Bram", companion="hawk"),
        InvalidValue,
        "one patient",
    ),
    (
        "heal yourself named as the ally",
        _nothing,
        lambda g: g.move("heal", STRONG, ally="Asha"),
        InvalidValue,
        "another character",
    ),
    (
        "aid your ally with no ally named",
        _nothing,
        lambda g: g.move("aid your ally", STRONG, stat="edge"),
        InvalidValue,
        "Aid Your Ally: which ally do you aid",  # asked; the command line says --ally
    ),
    (
        "clearing a bane (banes are permanent)",
        lambda g: g.set(debilities=["maimed"]),
        lambda g: g.sheet.debility(None, "maimed", False),
        RuleViolation,
        "permanent",
    ),
    (
        "experience below what is spent",
        lambda g: (g.set(experience=3), g.move("advance", asset="slayer", choose=["new_asset"])),
        lambda g: g.adjust(None, "experience", -1),
        InvalidValue,
        "less earned than spent",
    ),
    (
        "typed dice that run out part-way through a chain",
        _nothing,
        lambda g: _dice_run_out(g),
        InvalidValue,
        "not enough dice",
    ),
]


@pytest.mark.parametrize(
    ("setup", "action", "error", "message"),
    [r[1:] for r in REFUSALS],
    ids=[r[0] for r in REFUSALS],
)
def test_refused_and_nothing_changes(
    game: Game,
    setup: Setup,
    action: Callable[[Game], Any],
    error: type[Exception],
    message: str,
) -> None:
    setup(game)
    before = game.snapshot()
    with pytest.raises(error, match=message) as raised:
        action(game)
    assert isinstance(raised.value, IronswornError)
    assert str(raised.value).count("\n") == 0  # one line
    assert game.snapshot() == before


def test_turn_the_tide_is_available_again_in_a_new_fight(game: Game) -> None:
    game.track("fight", "Raider", "dangerous", ticks=20)
    game.move("turn the tide")
    game.move("face danger", STRONG, stat="edge")
    game.move("end the fight", (1, 1))
    game.track("fight", "Second raider", "dangerous")
    game.move("enter the fray", WEAK, stat="heart", choose=["bolster_position"])
    result = game.move("turn the tide")
    assert fx(result) == [("initiative", False, True)]


def test_turn_the_tide_adds_one_and_momentum_on_a_hit(game: Game) -> None:
    _fight(game)
    game.move("turn the tide")
    result = game.move("face danger", (2, 5, 10), stat="edge")  # 2 + 3 + 1 = 6 beats 5
    roll = result.moves[0].roll
    assert roll is not None and roll["adds"] == 1
    assert result.moves[0].outcome == "weak_hit"
    assert fx(result) == [("momentum", 2, 3), ("initiative", True, False)]


def test_turn_the_tide_miss_pays_the_price_once(game: Game) -> None:
    _fight(game)
    game.move("turn the tide")
    result = game.move("face danger", MISS, stat="edge")
    assert keys(result) == PRICE
    after = game.choose(["obvious"])
    assert after.pending is None


def test_turn_the_tide_miss_on_a_move_without_its_own_price(game: Game) -> None:
    """Swear an Iron Vow's miss has no Pay the Price of its own: Turn the Tide adds it."""
    _fight(game)
    game.track("vow", "Slay the raider", "dangerous")
    game.move("turn the tide")
    result = game.move("swear an iron vow", MISS, track="vow-2")
    assert keys(result) == ("press_on", "give_up")
    after = game.choose(["press_on"])
    assert outcomes(after) == [("Pay the Price", None)]


def test_end_the_fight_may_follow_any_strong_hit_in_the_fight(game: Game) -> None:
    game.track("fight", "Raider", "dangerous", ticks=20)
    game.move("face danger", STRONG, stat="edge")
    result = game.move("end the fight", (1, 2))
    assert result.moves[0].outcome == "strong_hit"


def test_end_the_fight_with_foes_left_keeps_initiative(game: Game) -> None:
    """Foes left: "If you still face other foes ... you have initiative" (L2142-2143)."""
    game.track("fight", "Raider", "dangerous", ticks=20)
    game.track("fight", "Second raider", "dangerous")
    game.move("face danger", STRONG, stat="edge")
    result = game.move("end the fight", (1, 2), track="fight-1")
    assert fx(result) == [("fight-1:status", "active", "won")]
    assert game.char().initiative


def test_a_fight_lost_with_no_foe_left_leaves_no_initiative(game: Game) -> None:
    """The last fight lost, no initiative is held (the sheet said "you have initiative"
    after it, as a win clears it); with foes left, a loss leaves it as it was."""
    game.track("fight", "Raider", "dangerous")
    game.sheet.initiative("Asha", True)
    game.move("strike", STRONG, stat="iron")
    assert game.char().initiative
    lost = game.move("end the fight", (9, 10))
    assert fx(lost) == [("fight-1:status", "active", "lost"), ("initiative", True, False)]
    assert not game.char().initiative
    game.choose(["obvious"])
    game.track("fight", "Wolf", "dangerous")
    game.track("fight", "Second wolf", "dangerous")
    game.sheet.initiative("Asha", True)
    game.move("strike", STRONG, stat="iron", track="fight-2")
    lost = game.move("end the fight", (9, 10), track="fight-2")
    assert fx(lost) == [("fight-2:status", "active", "lost")]
    assert game.char().initiative  # another foe is still fought


@pytest.mark.parametrize(("dice", "status"), [((1, 2), "won"), ((9, 10), "lost")])
def test_the_last_fight_ended_is_told_as_the_end_of_initiative(
    game: Game, dice: tuple[int, int], status: str
) -> None:
    """Won or lost, the end of the last fight ends the initiative: told as that, not as
    "Asha loses initiative", which read as a setback right after her win."""
    from ironsworn.campaign.journal import Narrator

    game.track("fight", "Raider", "dangerous")
    game.sheet.initiative("Asha", True)
    game.move("strike", STRONG, stat="iron")
    ended = game.move("end the fight", dice)
    assert fx(ended)[:2] == [("fight-1:status", "active", status), ("initiative", True, False)]
    [event] = [e for e in ended.events if e["type"] == "initiative"]
    assert Narrator().event(event) == "Asha is out of the fight: no initiative to hold"
    if game.engine.state.pending:
        game.choose(["obvious"])  # (the loss's Pay the Price)
    # A loss of initiative in a fight that goes on is told as one.
    game.track("fight", "Wolf", "dangerous")
    game.sheet.initiative("Asha", True)
    struck = game.move("strike", (1, 9, 10), stat="iron")
    [event] = [e for e in struck.events if e["type"] == "initiative"]
    assert Narrator().event(event) == "Asha loses initiative"


@pytest.mark.parametrize(("dice", "status"), [((1, 2), "won"), ((9, 10), "lost")])
def test_a_shared_fight_ended_ends_the_allies_initiative_too(
    duo: Game, dice: tuple[int, int], status: str
) -> None:
    """Asha ends the fight she shared with Bram: Bram, in no other fight, has no initiative
    to hold either (he kept it, his sheet saying so after the fight was over); an ally still
    in another fight keeps his."""
    duo.track("fight", "Raiders", "dangerous", characters=["Asha", "Bram"])
    duo.sheet.initiative("Asha", True)
    duo.sheet.initiative("Bram", True)
    duo.move("strike", STRONG, stat="iron")
    ended = duo.move("end the fight", dice)
    assert ("fight-1:status", "active", status) in fx(ended)
    bram = [e for e in ended.events if e["type"] == "initiative" and e["character"] == "Bram"]
    assert [(e["to"], e.get("fight_over")) for e in bram] == [(False, True)]
    assert not duo.engine.state.character("Bram").initiative
    if duo.engine.state.pending:
        duo.choose(["obvious"])  # (the loss's Pay the Price)
    # Bram in another fight besides: he keeps it.
    duo.track("fight", "Wolves", "dangerous", characters=["Asha", "Bram"])
    duo.track("fight", "Bear", "dangerous", characters=["Bram"])
    duo.sheet.initiative("Asha", True)
    duo.sheet.initiative("Bram", True)
    duo.move("strike", STRONG, stat="iron")
    duo.move("end the fight", (1, 2), track="fight-2")
    assert duo.engine.state.character("Bram").initiative


def test_hold_no_iron_lasts_only_for_the_duel(game: Game) -> None:
    """Draw the Circle's "hold no iron" makes your harm 1 in that duel, not in the next fight."""
    game.track("fight", "Duelist", "dangerous", ticks=20)
    game.move("draw the circle", STRONG, choose=["hold_no_iron"])
    duel = game.move("strike", STRONG, stat="iron")
    assert fx(duel) == [("fight-1:ticks", 20, 36)]  # 1 + 1 harm, 8 ticks each
    game.move("end the fight", (1, 2))
    game.track("fight", "Raider", "dangerous")
    game.move("enter the fray", STRONG, stat="heart")
    result = game.move("strike", STRONG, stat="iron")
    assert fx(result) == [("fight-2:ticks", 0, 24)]  # a deadly weapon again: 2 + 1 harm


@pytest.mark.parametrize(
    ("move", "kwargs"),
    [
        ("endure harm", {"amount": 1}),
        ("endure stress", {"amount": 1}),
        ("companion endure harm", {"amount": 1}),
    ],
)
def test_a_strong_hit_on_a_suffer_move_takes_initiative(
    game: Game, move: str, kwargs: dict[str, Any]
) -> None:
    """Suffer moves: "The ability to take initiative on a strong hit applies even to suffer
    moves" (L1470-1473, L2257-2259): after a Clash miss, a strong hit on Endure Harm takes it
    back."""
    _fight(game)
    assert not game.char().initiative
    result = game.move(move, STRONG, **kwargs)
    assert ("initiative", False, True) in fx(result)


def test_face_death_strong_hit_does_not_spring_back_into_the_fight(game: Game) -> None:
    """Face Death: "If you are out of action and Face Death, you aren't likely to come
    springing back" (L2262-2264)."""
    _fight(game)
    result = game.move("face death", STRONG)
    assert fx(result) == []


# --- blocked gains are reported --------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "note"),
    [
        (lambda g: g.move("heal", STRONG, choose=["keep_wounded"]), "+2 health blocked (wounded)"),
        (lambda g: g.move("make camp", WEAK, choose=["recuperate"]), "+1 health blocked (wounded)"),
        (
            lambda g: g.move("endure harm", STRONG, amount=0, choose=["embrace_the_pain"]),
            None,  # shake it off is not even offered while wounded
        ),
    ],
    ids=["heal", "make camp", "endure harm"],
)
def test_wounded_blocks_health_gains_and_says_so(
    game: Game, action: Callable[[Game], Any], note: str | None
) -> None:
    game.set(health=2, debilities=["wounded"])
    result = action(game)
    assert game.char().health == 2
    assert [e for e in fx(result) if e[0] == "health"] == []
    if note is not None:
        assert any(note in n for n in result.notes), result.notes


def test_shake_it_off_is_not_offered_while_wounded(game: Game) -> None:
    game.set(debilities=["wounded"])
    result = game.move("endure harm", STRONG, amount=1)
    assert keys(result) == ("embrace_the_pain",)


@pytest.mark.parametrize(
    ("move", "embrace"),
    [("endure harm", "embrace_the_pain"), ("endure stress", "embrace_the_darkness")],
)
def test_shake_it_off_needs_more_than_0(game: Game, move: str, embrace: str) -> None:
    """At 0: "Shake it off: If your health is greater than 0" (L2315; spirit, L2412)."""
    result = game.move(move, STRONG, amount=5)
    assert keys(result) == (embrace,)


@pytest.mark.parametrize(
    ("debility", "meter"),
    [("wounded", "health"), ("shaken", "spirit"), ("unprepared", "supply")],
)
def test_conditions_block_their_meter(game: Game, debility: str, meter: str) -> None:
    """A move's option to raise a blocked meter is not offered at all (L1113-1116; see
    test_moves_audit.py), so the block is shown on a change made by hand: the rule still
    holds ("you cannot increase spirit" while shaken), and the gain is refused, saying why,
    with nothing kept (it was an operation that changed nothing, its note easy to miss)."""
    if debility == "unprepared":
        game.set(supply=0)  # Out of Supply marks it
    else:
        game.set(health=2, spirit=2)
        game.set(debilities=[debility])
    before = game.char().value(meter)
    with pytest.raises(RuleViolation, match=f"{meter} cannot increase while {debility}"):
        game.adjust(None, meter, 1)
    assert game.char().value(meter) == before
    if debility != "unprepared":  # (unprepared, a loss of supply is Out of Supply's)
        assert game.adjust(None, meter, -1).effects[0]["to"] == before - 1  # a loss is taken


def test_momentum_gain_at_max_is_reported(game: Game) -> None:
    game.set(momentum=9, debilities=["encumbered"])  # max +9
    result = game.move("gather information", STRONG)
    assert fx(result) == []
    assert any("+2 momentum not taken (max +9)" in n for n in result.notes)


def test_a_debility_lowers_momentum_to_the_new_max(game: Game) -> None:
    game.set(momentum=10)
    result = game.sheet.debility(None, "wounded", True)
    assert fx(result) == [("debility:wounded", False, True), ("momentum", 10, 9)]


# --- progress moves -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rank", "ticks", "after_ticks", "after_rank"),
    [
        ("troublesome", 40, 4, "dangerous"),
        ("dangerous", 22, 4, "formidable"),
        ("formidable", 8, 4, "extreme"),
        ("extreme", 7, 4, "epic"),
        ("epic", 4, 4, "epic"),  # "if not already epic"
        ("dangerous", 3, 0, "formidable"),  # no filled box to keep
        ("dangerous", 0, 0, "formidable"),
    ],
)
def test_reach_your_destination_miss_keeps_one_box_and_raises_rank(
    game: Game, rank: str, ticks: int, after_ticks: int, after_rank: str
) -> None:
    game.track("journey", "North", rank, ticks=ticks)
    result = game.move("reach your destination", (10, 10), choose=["continue"])
    expected: list[tuple[str, Any, Any]] = []
    if after_ticks != ticks:
        expected.append(("journey-1:ticks", ticks, after_ticks))
    if after_rank != rank:
        expected.append(("journey-1:rank", rank, after_rank))
    assert fx(result) == expected
    assert game.state.tracks["journey-1"].status == "active"


@pytest.mark.parametrize(
    ("rank", "strong", "weak"),
    [
        ("troublesome", 1, 0),
        ("dangerous", 2, 1),
        ("formidable", 3, 2),
        ("extreme", 4, 3),
        ("epic", 5, 4),
    ],
)
@pytest.mark.parametrize("hit", ["strong", "weak"])
def test_fulfill_your_vow_experience_by_rank(
    game: Game, rank: str, strong: int, weak: int, hit: str
) -> None:
    game.track("vow", "Avenge my kin", rank, ticks=40)
    result = game.move("fulfill your vow", (1, 2) if hit == "strong" else (1, 10))
    xp = strong if hit == "strong" else weak
    expected = [("experience", 0, xp)] if xp else []
    assert fx(result) == [*expected, ("vow-1:status", "active", "fulfilled")]
    assert game.char().experience_earned == xp


@pytest.mark.parametrize(
    ("rank", "stress"),
    [("troublesome", 1), ("dangerous", 2), ("formidable", 3), ("extreme", 4), ("epic", 5)],
)
def test_forsake_your_vow_endures_stress_by_rank(game: Game, rank: str, stress: int) -> None:
    game.track("vow", "Avenge my kin", rank)
    result = game.move("forsake your vow", WEAK)
    assert outcomes(result) == [("Forsake Your Vow", None), ("Endure Stress", "weak_hit")]
    assert fx(result) == [("vow-1:status", "active", "forsaken"), ("spirit", 5, 5 - stress)]


@pytest.mark.parametrize(
    ("option", "asset", "cost", "effect"),
    [
        ("new_asset", "storyweaver", 3, ("asset:classic/path/storyweaver", False, True)),
        ("upgrade", "hawk", 2, ("asset:classic/companion/hawk:ability1", False, True)),
    ],
)
def test_advance_spends_3_or_2_experience(
    game: Game, option: str, asset: str, cost: int, effect: tuple[str, bool, bool]
) -> None:
    game.set(experience=5)
    result = game.move("advance", asset=asset, choose=[option])
    assert fx(result) == [effect, ("experience_spent", 0, cost)]
    assert game.state.sheet()["experience"] == {"earned": 5, "spent": cost, "available": 5 - cost}


def test_advance_upgrades_a_chosen_ability(game: Game) -> None:
    game.set(experience=4)
    result = game.move("advance", asset="hawk", ability=2, choose=["upgrade"])
    assert fx(result) == [
        ("asset:classic/companion/hawk:ability2", False, True),
        ("experience_spent", 0, 2),
    ]
    before = game.snapshot()
    with pytest.raises(RuleViolation, match="already marked"):
        game.move("advance", asset="hawk", ability=3)  # Asha's hawk started with it
    assert game.snapshot() == before


@pytest.mark.parametrize(("ticks", "score"), [(1, 0), (4, 1), (8, 2), (15, 3)])
def test_write_your_epilogue_rolls_the_bonds_track(game: Game, ticks: int, score: int) -> None:
    n = 0
    while game.char().bond_ticks < ticks:
        n += 1
        # +1 spirit (spirit is +5 already): +2 momentum is not offered once momentum is at max.
        game.move("forge a bond", STRONG, **{"with": f"Friend {n}"}, choose=["spirit"])
    game.set(momentum=-6)  # ignored on a progress roll
    result = game.move("write your epilogue", (3, 3))
    roll = result.moves[0].roll
    assert roll is not None and roll["type"] == "progress" and roll["score"] == score
    assert result.moves[0].outcome == ("strong_hit" if score > 3 else "miss")
    assert result.pending is None


# --- momentum: negative momentum and burns ------------------------------------------------------


@pytest.mark.parametrize("momentum", [-1, -2, -3, -4, -5, -6])
def test_negative_momentum_cancels_a_matching_action_die(game: Game, momentum: int) -> None:
    game.set(momentum=momentum)
    die = -momentum
    cancelled = game.move("face danger", (die, 3, 10), stat="edge")  # score 0 + 3: not > 3
    roll = cancelled.moves[0].roll
    assert roll is not None and roll["action_die_cancelled"] and roll["score"] == 3
    assert cancelled.moves[0].outcome == "miss"
    game.choose(["obvious"])
    other = 1 if die != 1 else 2
    kept = game.move("face danger", (other, 3, 10), stat="edge")
    roll = kept.moves[0].roll
    assert roll is not None and not roll["action_die_cancelled"] and roll["score"] == 3 + other


@pytest.mark.parametrize(
    ("momentum", "dice", "offered", "outcome_after"),
    [
        (7, (1, 5, 6), True, "strong_hit"),  # 4 against 5 and 6: both below +7
        (7, (1, 5, 9), True, "weak_hit"),  # only the 5 can be cancelled
        (7, (1, 3, 9), False, None),  # the 3 is already beaten, the 9 cannot be cancelled
        (7, (1, 7, 8), False, None),  # a die equal to momentum is not cancelled
        (5, (1, 2, 3), False, None),  # already a strong hit
        (0, (1, 5, 6), False, None),
        (-2, (1, 5, 6), False, None),
    ],
)
def test_burn_is_offered_only_when_it_improves(
    game: Game, momentum: int, dice: tuple[int, ...], offered: bool, outcome_after: str | None
) -> None:
    game.set(momentum=momentum)
    result = game.move("face danger", dice, stat="edge")
    assert (keys(result) == ("burn",)) is offered
    if offered:
        assert result.pending is not None
        assert result.pending["offer"]["outcome"] == outcome_after


@pytest.mark.parametrize(
    ("debilities", "reset"), [((), 2), (("shaken",), 1), (("shaken", "encumbered"), 0)]
)
def test_burn_resets_momentum(game: Game, debilities: tuple[str, ...], reset: int) -> None:
    game.set(momentum=8, debilities=debilities)
    game.move("face danger", (1, 5, 6), stat="edge")
    result = game.burn()
    assert fx(result) == [("momentum", 8, reset), ("momentum", reset, reset + 1)]
    assert next(e for e in result.events if e["type"] == "burn")["to"] == reset
    assert result.pending is None


def test_the_result_of_a_burn_shows_the_new_outcome(game: Game) -> None:
    game.set(momentum=8)
    game.move("face danger", (1, 5, 6), stat="edge")
    result = game.burn()
    assert outcomes(result) == [("Face Danger", "strong_hit")]
    assert result.to_json()["roll"]["burned"] is True


def test_declining_a_burn_keeps_momentum_and_the_miss(game: Game) -> None:
    game.set(momentum=8)
    game.move("face danger", (1, 5, 6), stat="edge")
    result = game.decline()
    assert fx(result) == []
    assert outcomes(result) == [("Pay the Price", None)]
    assert game.char().momentum == 8


def test_no_burn_answered_up_front(game: Game) -> None:
    game.set(momentum=8)
    game.dice((1, 5, 6))
    result = game.engine.make_move("face danger", stat="edge", burn=False)
    assert outcomes(result) == [("Face Danger", "miss"), ("Pay the Price", None)]
    assert keys(result) == PRICE
    assert game.char().momentum == 8


def test_burn_answered_up_front(game: Game) -> None:
    game.set(momentum=8)
    game.dice((1, 5, 6))
    result = game.engine.make_move("face danger", stat="edge", burn=True)
    assert result.moves[0].outcome == "strong_hit"
    assert result.moves[0].roll is not None and result.moves[0].roll["burned"]
    assert game.char().momentum == 3  # reset +2, then +1 for the strong hit


@pytest.mark.parametrize("move", ["fulfill your vow", "reach your destination", "end the fight"])
def test_no_burn_and_no_negative_momentum_on_progress_rolls(game: Game, move: str) -> None:
    kind = {"fulfill your vow": "vow", "reach your destination": "journey"}.get(move, "fight")
    game.track(kind, "Track", "dangerous", ticks=12)
    if kind == "fight":
        game.move("face danger", STRONG, stat="edge")
    game.set(momentum=10)
    result = game.move(move, (5, 6))
    assert result.moves[0].outcome == "miss"
    assert keys(result) != ("burn",)


def test_state_is_the_fold_of_its_events(game: Game) -> None:
    game.track("fight", "Raider", "formidable")
    game.move("enter the fray", WEAK, stat="heart", choose=["prepare_to_act"])
    game.move("strike", STRONG, stat="iron")
    game.move("face danger", WEAK, stat="edge")
    game.choose(["endure_harm"], STRONG)
    game.choose(["embrace_the_pain"])
    assert game.refold().to_dict() == game.snapshot()


def test_asset_effects_are_named_by_the_asset_id(game: Game) -> None:
    game.set(experience=3)
    result = game.move("advance", asset="slayer", choose=["new_asset"])
    assert fx(result)[0] == ("asset:classic/path/slayer", False, True)
