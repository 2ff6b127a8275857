"""Follow-on moves: the chains one outcome sets off (rulebook chapter 3, suffer moves).

Endure Harm at 0 health to Face Death, Endure Stress to Forsake Your Vow and Face Desolation,
the threshold vows (cursed / tormented), momentum past -6 to Face a Setback, supply to 0 to Out
of Supply, and a companion's death.
"""

from __future__ import annotations

import pytest
from moves_support import MISS, PRICE, STRONG, WEAK, Game, fx, keys, outcomes

from ironsworn.errors import RuleViolation

HAWK = "asset:classic/companion/hawk"
AT_ZERO_HARM = ("mark_wounded", "mark_maimed", "roll_table")
AT_ZERO_STRESS = ("mark_shaken", "mark_corrupted", "roll_table")

# --- Endure Harm at 0 health (L2309-2340) ------------------------------------------------------


def test_endure_harm_miss_at_zero_asks_debility_or_table(game: Game) -> None:
    result = game.move("endure harm", MISS, amount=5)
    assert fx(result) == [("health", 5, 0), ("momentum", 2, 1)]
    assert keys(result) == AT_ZERO_HARM


@pytest.mark.parametrize("debility", ["wounded", "maimed"])
def test_endure_harm_at_zero_marks_the_debility(game: Game, debility: str) -> None:
    game.move("endure harm", MISS, amount=5)
    result = game.choose([f"mark_{debility}"])
    assert fx(result) == [(f"debility:{debility}", False, True)]
    assert game.char().momentum_max == 9
    assert result.pending is None


@pytest.mark.parametrize(
    ("marked", "offered"), [("wounded", "mark_maimed"), ("maimed", "mark_wounded")]
)
def test_endure_harm_at_zero_offers_only_the_unmarked_debility(
    game: Game, marked: str, offered: str
) -> None:
    game.set(debilities=[marked])
    result = game.move("endure harm", MISS, amount=5)
    assert keys(result) == (offered, "roll_table")


@pytest.mark.parametrize(
    ("d100", "text"),
    [
        (11, "You are dying"),
        (20, "You are dying"),
        (21, "unconscious"),
        (35, "unconscious"),
        (36, "reeling"),
        (50, "reeling"),
        (51, "battered but still standing"),
        (100, "battered but still standing"),
    ],
)
def test_endure_harm_table_above_10_only_reports(game: Game, d100: int, text: str) -> None:
    game.move("endure harm", MISS, amount=5)
    result = game.choose(["roll_table"], (d100,))
    assert outcomes(result) == []
    assert any(text in note for note in result.notes)
    oracle = [e for e in result.events if e["type"] == "oracle"]
    assert [o["roll"] for o in oracle] == [d100]


@pytest.mark.parametrize("d100", [1, 5, 10])
@pytest.mark.parametrize(
    ("dice", "outcome", "then"),
    [
        (STRONG, "strong_hit", None),
        (WEAK, "weak_hit", ("noble_sacrifice", "death_desires")),
        (MISS, "miss", None),
    ],
)
def test_endure_harm_table_1_to_10_makes_you_face_death(
    game: Game, d100: int, dice: tuple[int, ...], outcome: str, then: tuple[str, ...] | None
) -> None:
    game.move("endure harm", MISS, amount=5)
    result = game.choose(["roll_table"], (d100, *dice))
    assert outcomes(result) == [("Face Death", outcome)]
    assert keys(result) == then
    assert game.char().status == ("dead" if outcome == "miss" else "active")


def test_both_debilities_marked_rolls_the_table_at_once(game: Game) -> None:
    """Both marked: "If you score a miss and your debilities are already marked, ... Roll"
    (L2385-2388)."""
    game.set(debilities=["wounded", "maimed"])  # momentum max 8, reset 0
    result = game.move("endure harm", (1, 9, 10, 4, 6, 1, 2), amount=5)
    assert outcomes(result) == [("Endure Harm", "miss"), ("Face Death", "strong_hit")]
    assert fx(result) == [("health", 5, 0), ("momentum", 2, 1)]
    assert [e["roll"] for e in result.events if e["type"] == "oracle"] == [4]
    assert result.pending is None


def test_harm_past_zero_becomes_negative_momentum(game: Game) -> None:
    """Endure Harm: "If your health is 0, suffer -momentum equal to any remaining -health"
    (L2311-2312)."""
    game.set(health=1)
    result = game.move("endure harm", WEAK, amount=4)
    assert fx(result) == [("health", 1, 0), ("momentum", 2, -1)]
    assert any("3 harm past 0 health" in n for n in result.notes)


def test_companion_harm_past_zero_becomes_negative_momentum(game: Game) -> None:
    result = game.move("companion endure harm", WEAK, amount=5)
    assert fx(result) == [(f"{HAWK}:health", 3, 0), ("momentum", 2, 0)]


def test_dead_character_makes_no_more_moves(game: Game) -> None:
    from ironsworn.errors import RuleViolation

    game.move("face death", MISS)
    before = game.snapshot()
    with pytest.raises(RuleViolation, match="dead"):
        game.move("face danger", STRONG, stat="edge")
    assert game.snapshot() == before


# --- Endure Stress at 0 spirit (L2406-2429) ----------------------------------------------------


def test_endure_stress_miss_at_zero_asks_debility_or_table(game: Game) -> None:
    result = game.move("endure stress", MISS, amount=5)
    assert fx(result) == [("spirit", 5, 0), ("momentum", 2, 1)]
    assert keys(result) == AT_ZERO_STRESS
    marked = game.choose(["mark_corrupted"])
    assert fx(marked) == [("debility:corrupted", False, True)]


@pytest.mark.parametrize("d100", [11, 18, 25])
def test_endure_stress_table_11_to_25_forsakes_a_vow(game: Game, d100: int) -> None:
    game.track("vow", "Avenge my kin", "formidable")
    game.track("vow", "Find the lost child", "troublesome")
    game.move("endure stress", MISS, amount=5)
    result = game.choose(["roll_table"], (d100,))
    assert keys(result) == ("vow-1", "vow-2")
    # Forsake the formidable vow: Endure Stress 3 at spirit 0 is -3 momentum (1 -> -2).
    forsaken = game.choose(["vow-1"], WEAK)
    assert outcomes(forsaken) == [("Forsake Your Vow", None), ("Endure Stress", "weak_hit")]
    assert fx(forsaken) == [("vow-1:status", "active", "forsaken"), ("momentum", 1, -2)]
    assert game.state.tracks["vow-2"].status == "active"


def test_endure_stress_table_11_to_25_without_a_vow(game: Game) -> None:
    game.move("endure stress", MISS, amount=5)
    result = game.choose(["roll_table"], (15,))
    assert result.pending is None
    assert any("no vow to forsake" in n for n in result.notes)


@pytest.mark.parametrize(
    ("d100", "text"), [(26, "fear or compulsion"), (50, "fear"), (51, "persevere")]
)
def test_endure_stress_table_above_25_only_reports(game: Game, d100: int, text: str) -> None:
    game.move("endure stress", MISS, amount=5)
    result = game.choose(["roll_table"], (d100,))
    assert outcomes(result) == [] and result.pending is None
    assert any(text in n for n in result.notes)


@pytest.mark.parametrize("d100", [1, 10])
def test_endure_stress_table_1_to_10_makes_you_face_desolation(game: Game, d100: int) -> None:
    game.move("endure stress", MISS, amount=5)
    result = game.choose(["roll_table"], (d100, *MISS))
    assert outcomes(result) == [("Face Desolation", "miss")]
    assert fx(result) == [("status", "active", "lost")]


def test_shaken_and_corrupted_marked_rolls_the_table_at_once(game: Game) -> None:
    game.set(debilities=["shaken", "corrupted"])
    result = game.move("endure stress", (1, 9, 10, 60), amount=5)
    assert outcomes(result) == [("Endure Stress", "miss")]
    assert [e["roll"] for e in result.events if e["type"] == "oracle"] == [60]


# --- Face Death and Face Desolation: the threshold vow (L2355-2375, L2467-2484) ----------------


@pytest.mark.parametrize(
    ("move", "option", "burden", "fate"),
    [
        ("face death", "death_desires", "cursed", "dead"),
        ("face desolation", "vision", "tormented", "lost"),
    ],
)
@pytest.mark.parametrize(
    ("dice", "momentum"),
    [(STRONG, ("momentum", 2, 4)), (WEAK, ("momentum", 2, 3)), (MISS, None)],
    ids=["strong", "weak", "miss"],
)
def test_threshold_vow_marks_the_burden_or_ends_the_story(
    game: Game,
    move: str,
    option: str,
    burden: str,
    fate: str,
    dice: tuple[int, ...],
    momentum: tuple[str, int, int] | None,
) -> None:
    first = game.move(move, WEAK)
    assert keys(first) is not None and option in keys(first)  # type: ignore[operator]
    asked = game.choose([option])
    assert keys(asked) == ("formidable", "extreme", "refuse")
    result = game.choose(["formidable"], dice)
    created = [e["track"] for e in result.events if e["type"] == "track_created"]
    vow = ("vow-1", None, created[0]["name"])
    assert outcomes(result)[0][0] == "Swear an Iron Vow"
    if momentum is None:
        # "If you fail to score a hit when you Swear an Iron Vow ... you are dead/lost".
        assert fx(result) == [vow, ("status", "active", fate)]
        assert result.pending is None  # no "press on / give up" for this vow
        assert not game.char().has(burden)
    else:
        assert fx(result) == [vow, (f"debility:{burden}", False, True), momentum]
        assert game.char().status == "active"
        assert game.char().momentum_max == 9
    assert game.state.tracks["vow-1"].rank == "formidable"


# --- Face a Setback (L2472-2485, L541-549) -----------------------------------------------------


def test_momentum_loss_at_minus_6_makes_you_face_a_setback(game: Game) -> None:
    game.set(momentum=-6)
    result = game.move("face danger", WEAK, stat="edge", choose=["suffer_momentum"])
    assert outcomes(result) == [("Face Danger", "weak_hit"), ("Face a Setback", None)]
    assert fx(result) == []
    assert keys(result) == ("pay_with_meters",)  # no track has progress to clear
    meters = game.choose(["pay_with_meters"])
    assert keys(meters) == ("suffer_health", "suffer_spirit", "suffer_supply")
    paid = game.choose(["suffer_health"])
    assert fx(paid) == [("health", 5, 4)]
    assert paid.pending is None


def test_a_loss_that_runs_past_minus_6_pays_the_rest_as_a_setback(game: Game) -> None:
    """ENGINE CHOICE (spec §6.5): -3 from -5 is -6 and a setback of 2."""
    game.set(momentum=-5)
    result = game.adjust(None, "momentum", -3)
    assert fx(result) == [("momentum", -5, -6)]
    assert keys(result) == ("pay_with_meters",)  # no track has progress to clear
    game.choose(["pay_with_meters"])
    first = game.choose(["suffer_spirit"])
    assert fx(first) == [("spirit", 5, 4)]
    assert keys(first) == ("suffer_health", "suffer_spirit", "suffer_supply")
    second = game.choose(["suffer_supply"])
    assert fx(second) == [("supply", 5, 4)]
    assert second.pending is None


@pytest.mark.parametrize(
    ("rank", "setback", "before", "after"),
    [
        ("troublesome", 1, 30, 18),
        ("dangerous", 2, 30, 14),
        ("formidable", 2, 30, 22),
        ("extreme", 3, 30, 24),
        ("epic", 2, 30, 28),
        ("dangerous", 3, 12, 0),  # never below 0
    ],
)
def test_setback_clears_progress_by_rank(
    game: Game, rank: str, setback: int, before: int, after: int
) -> None:
    track = game.track("journey", "Over the pass", rank, ticks=before)
    game.set(momentum=-6)
    game.adjust(None, "momentum", -setback)
    game.choose(["clear_progress"])
    result = game.choose([track.id])
    assert fx(result) == [(f"{track.id}:ticks", before, after)]


def test_setback_with_every_meter_at_zero_must_clear_progress(game: Game) -> None:
    """All at 0: "If your health, spirit, and supply are all at 0, ... You must clear progress"
    (L2494-2496)."""
    game.track("vow", "Avenge my kin", "dangerous", ticks=16)
    game.set(health=0, spirit=0, supply=0, momentum=-6)
    assert game.state.pending is None
    result = game.move("face a setback", amount=1)
    assert keys(result) == ("clear_progress",)


def test_setback_paid_with_meters_until_all_are_0_clears_progress_for_the_rest(
    game: Game,
) -> None:
    """Meters run out part-way: "If your health, spirit, and supply are all at 0, you have no
    choice. You must clear progress" (L2494-2496) for what is left of the setback."""
    game.track("vow", "Avenge my kin", "dangerous", ticks=20)
    game.set(health=1, spirit=0, supply=0, momentum=-6)
    result = game.adjust(None, "momentum", -2)
    assert keys(result) == ("pay_with_meters", "clear_progress")
    assert keys(game.choose(["pay_with_meters"])) == ("suffer_health",)
    paid = game.choose(["suffer_health"])
    assert fx(paid) == [("health", 1, 0)]
    assert keys(paid) == ("vow-1",)
    cleared = game.choose(["vow-1"])
    assert fx(cleared) == [("vow-1:ticks", 20, 12)]  # 1 unit of a dangerous vow: 2 progress


# --- Out of Supply (L2452-2456, L1073-1075) ----------------------------------------------------


def test_supply_to_zero_marks_unprepared(game: Game) -> None:
    game.set(supply=1)
    result = game.move("face danger", WEAK, stat="edge", choose=["suffer_supply"])
    assert outcomes(result) == [("Face Danger", "weak_hit"), ("Out of Supply", None)]
    assert fx(result) == [("supply", 1, 0), ("debility:unprepared", False, True)]
    assert result.pending is None


def test_supply_loss_past_zero_is_paid_from_other_meters(game: Game) -> None:
    game.set(supply=1)
    result = game.adjust(None, "supply", -3)
    assert fx(result) == [("supply", 1, 0), ("debility:unprepared", False, True)]
    assert keys(result) == ("suffer_health", "suffer_spirit", "suffer_momentum")
    first = game.choose(["suffer_health"])
    assert fx(first) == [("health", 5, 4)]
    second = game.choose(["suffer_momentum"])
    assert fx(second) == [("momentum", 2, 1)]
    assert second.pending is None


def test_further_supply_loss_while_unprepared(game: Game) -> None:
    game.set(supply=0)
    assert game.char().has("unprepared")
    result = game.move("face danger", WEAK, stat="edge", choose=["suffer_supply"])
    assert outcomes(result) == [("Face Danger", "weak_hit"), ("Out of Supply", None)]
    assert keys(result) == ("suffer_health", "suffer_spirit", "suffer_momentum")
    paid = game.choose(["suffer_spirit"])
    assert fx(paid) == [("spirit", 5, 4)]


def test_unprepared_blocks_supply_gains_and_reports_it(game: Game) -> None:
    game.set(supply=0)
    # By hand, the gain is refused, saying why (it was kept as a change of nothing).
    with pytest.raises(RuleViolation, match="supply cannot increase while unprepared"):
        game.adjust(None, "supply", 2)
    assert game.char().supply == 0


# --- Companion Endure Harm: a companion's death (L2406-2416) ----------------------------------


def _mark_hawk_abilities(game: Game, count: int) -> None:
    for _ in range(count):
        game.set(experience=game.char().experience_earned + 2)
        game.move("advance", asset="hawk", choose=["upgrade"])


@pytest.mark.parametrize("upgrades", [0, 1, 2])
def test_companion_at_zero_missing_with_a_1_dies(game: Game, upgrades: int) -> None:
    _mark_hawk_abilities(game, upgrades)
    marked = 1 + upgrades  # Asha's hawk started with one ability marked
    earned = game.char().experience_earned
    result = game.move("companion endure harm", (1, 9, 10), amount=3)
    assert fx(result) == [
        (f"{HAWK}:health", 3, 0),
        ("momentum", 2, 1),
        ("experience", earned, earned + marked),
        (HAWK, True, False),
    ]
    assert game.char().assets == []
    assert any("Hawk is dead" in n for n in result.notes)


@pytest.mark.parametrize(
    ("dice", "amount", "dead"),
    [
        ((2, 9, 10), 3, False),  # at 0, a miss without a 1: gravely wounded
        ((1, 9, 10), 2, False),  # a 1 but the companion is at +1
        ((1, 1, 10), 3, False),  # a 1 at 0, but a weak hit (heart 2 + 1 = 3 beats 1)
    ],
)
def test_companion_survives_otherwise(
    game: Game, dice: tuple[int, ...], amount: int, dead: bool
) -> None:
    game.move("companion endure harm", dice, amount=amount)
    assert bool(game.char().assets) is not dead


# --- Pay the Price as a follow-on ---------------------------------------------------------------


def test_a_miss_makes_you_pay_the_price_in_the_same_operation(game: Game) -> None:
    result = game.move("gather information", MISS)
    assert outcomes(result) == [("Gather Information", "miss"), ("Pay the Price", None)]
    assert keys(result) == PRICE
    assert result.to_json()["chain"][0]["name"] == "Pay the Price"


def test_a_long_chain_runs_in_one_operation(game: Game) -> None:
    """Face Danger weak hit -> Endure Harm (1) at health 1 -> miss at 0 -> both debilities
    marked so the table is rolled -> 1-10 -> Face Death, all from one answer."""
    game.set(health=1, debilities=["wounded", "maimed"])
    game.move("face danger", WEAK, stat="edge")
    result = game.choose(["endure_harm"], (1, 9, 10, 7, *MISS))
    assert outcomes(result) == [("Endure Harm", "miss"), ("Face Death", "miss")]
    assert fx(result) == [("health", 1, 0), ("momentum", 2, 1), ("status", "active", "dead")]
    assert game.state.agenda == [] and game.state.pending is None


@pytest.mark.parametrize(
    ("move", "option", "fate"),
    [("face death", "death_desires", "dead"), ("face desolation", "vision", "lost")],
)
def test_refusing_the_threshold_vow_ends_the_story(
    game: Game, move: str, option: str, fate: str
) -> None:
    game.move(move, WEAK)
    game.choose([option])
    result = game.choose(["refuse"])
    assert fx(result) == [("status", "active", fate)]
    assert game.state.tracks == {}


def test_epilogue_waits_for_every_vow(game: Game) -> None:
    game.track("vow", "Unfinished", "dangerous")
    before = game.snapshot()
    with pytest.raises(RuleViolation, match="vow-1"):
        game.move("write your epilogue", (1, 2))
    assert game.snapshot() == before
