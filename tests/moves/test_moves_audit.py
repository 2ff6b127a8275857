"""An independent audit of the move automation against the rulebook (seed 000_*.txt).

Each test pins one point where the engine and the book disagreed, with the seed lines that
settle it. Dice are typed: an action roll is (action die, challenge die 1, challenge die 2).
Asha: edge 3, heart 2, iron 2, shadow 1, wits 1; a bond with Elda and a Hawk (see conftest.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from moves_support import ASHA_STATS, BRAM_STATS, MISS, PRICE, STRONG, WEAK, Game, fx, keys

from ironsworn.errors import InvalidValue, RuleViolation


def _alone(assets: tuple[str, ...] = ()) -> Game:
    """Asha without the Hawk (so no companion shares her health gains)."""
    g = Game()
    g.character("Asha", ASHA_STATS, bonds=["Elda"], assets=list(assets))
    return g


def _adds(result: Any) -> int:
    roll = result.moves[0].roll
    assert roll is not None
    return int(roll["adds"])


# --- Compel ---------------------------------------------------------------------------------


def test_compel_bond_add_is_for_the_heart_approach_only(game: Game) -> None:
    """Compel: "Charm, pacify, barter, or convince: Roll +heart (add +1 if you share a bond)";
    threaten (+iron) and lie (+shadow) have no bond add (L1836-1842). "The moves tell you when
    having a bond provides this advantage" (L808-809)."""
    before = game.snapshot()
    with pytest.raises(InvalidValue, match="heart"):
        game.move("compel", STRONG, stat="iron", bond=True)
    assert game.snapshot() == before
    result = game.move("compel", (3, 5, 10), stat="heart", bond=True)  # 3 + 2 + 1 = 6 beats 5
    assert _adds(result) == 1
    assert result.moves[0].outcome == "weak_hit"


@pytest.mark.parametrize("dice", [STRONG, WEAK], ids=["strong", "weak"])
def test_compel_hit_adds_one_to_gather_information_made_now(
    game: Game, dice: tuple[int, ...]
) -> None:
    """Compel strong hit: "If you use this exchange to Gather Information, make that move now
    and add +1"; the weak hit is "as above" (L1843-1846)."""
    game.move("compel", dice, stat="heart")
    result = game.move("gather information", (3, 4, 10))  # 3 + wits 1 + 1 = 5 beats 4
    assert _adds(result) == 1
    assert result.moves[0].outcome == "weak_hit"


def test_compel_gather_information_bonus_is_for_the_next_move_only(game: Game) -> None:
    """ "make that move now" (L1845): another move in between spends the chance."""
    game.move("compel", STRONG, stat="heart")
    game.move("face danger", STRONG, stat="edge")
    result = game.move("gather information", (3, 4, 10))
    assert _adds(result) == 0


# --- Reach Your Destination -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "then"),
    [
        (["continue"], [("journey-1:ticks", 22, 4), ("journey-1:rank", "dangerous", "formidable")]),
        (["end"], [("journey-1:status", "active", "lost")]),
    ],
    ids=["journey_continues", "journey_ends"],
)
def test_reach_your_destination_miss_asks_whether_the_journey_continues(
    game: Game, answer: list[str], then: list[tuple[str, Any, Any]]
) -> None:
    """Miss: "If your journey continues, clear all but one filled progress, and raise the
    journey's rank by one" (L1839-1843); "this might mean your journey ends in failure, or that
    you must push on" (L1862-1866)."""
    game.track("journey", "To Mournwood", "dangerous", ticks=22)
    result = game.move("reach your destination", (9, 10))
    assert fx(result) == []
    assert keys(result) == ("continue", "end")
    assert fx(game.choose(answer)) == then


# --- Aid Your Ally and assets -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "answer", "bram"),
    [(WEAK, None, 4), (STRONG, ["momentum"], 5)],
    ids=["weak", "strong"],
)
def test_aid_your_ally_gives_your_secure_an_advantage_asset_bonus_to_the_ally(
    dice: tuple[int, ...], answer: list[str] | None, bram: int
) -> None:
    """ "If you have an asset which gives you any additional benefits on the outcome of a Secure
    an Advantage move, your ally also takes those benefits (instead of you)" (L2035-2037).
    Storyweaver: Secure an Advantage, add +1 and take +1 momentum on a hit."""
    g = _alone(("storyweaver",))
    g.character("Bram", BRAM_STATS)
    result = g.move("aid your ally", dice, ally="Bram", stat="heart", asset="storyweaver")
    assert _adds(result) == 1
    if answer is not None:
        g.choose(answer)
    assert (g.char("Asha").momentum, g.char("Bram").momentum) == (2, bram)


def test_shield_bearer_clash_momentum_is_for_close_quarters_only() -> None:
    """Shield-Bearer: "When you Clash in close quarters, take +1 momentum on a strong hit"
    (assets.json, p. 40); Clash in close quarters is +iron, at range +edge (L2099-2101)."""
    g = _alone(("shield_bearer",))
    g.track("fight", "Raider", "dangerous")
    before = g.snapshot()
    with pytest.raises(InvalidValue, match="Clash"):
        g.move("clash", STRONG, stat="edge", asset="shield_bearer")
    assert g.snapshot() == before
    result = g.move("clash", STRONG, stat="iron", asset="shield_bearer")
    assert ("momentum", 2, 3) in fx(result)


# --- Threshold burdens ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "option", "burden"),
    [("face death", "death_desires", "cursed"), ("face desolation", "vision", "tormented")],
)
def test_completing_the_threshold_quest_clears_the_burden(
    game: Game, move: str, option: str, burden: str
) -> None:
    """ "You may only clear the cursed debility by completing the quest" (L2373-2374); the same
    for tormented (L2480-2482, L1177-1182)."""
    game.move(move, WEAK, choose=[option])
    game.choose(["formidable"], STRONG)
    assert game.char().has(burden)
    game._keep(game.sheet.progress("vow-1", True, ticks=24))
    result = game.move("fulfill your vow", (1, 2))
    assert (f"debility:{burden}", True, False) in fx(result)
    assert not game.char().has(burden)
    assert game.char().momentum_max == 10


def test_a_weak_hit_on_the_threshold_quest_leaves_the_burden(game: Game) -> None:
    """A weak hit "leaves your quest unfinished" (L2580-2581): the quest is not complete."""
    game.move("face death", WEAK, choose=["death_desires"])
    game.choose(["formidable"], STRONG)
    game._keep(game.sheet.progress("vow-1", True, ticks=24))
    result = game.move("fulfill your vow", (1, 9))
    assert ("debility:cursed", True, False) not in fx(result)
    assert game.char().has("cursed")


def test_fulfilling_another_vow_leaves_the_burden(game: Game) -> None:
    game.move("face death", WEAK, choose=["death_desires"])
    game.choose(["formidable"], STRONG)
    game.track("vow", "Avenge my kin", "dangerous", ticks=20)
    game.move("fulfill your vow", (1, 2), track="vow-2")
    assert game.char().has("cursed")


# --- Initiative -------------------------------------------------------------------------------


def _journey_and_vow(game: Game) -> None:
    game.track("journey", "To Mournwood", "dangerous")
    game.track("vow", "Avenge my kin", "dangerous")


@pytest.mark.parametrize(
    ("move", "dice", "kwargs", "start", "end"),
    [
        ("swear an iron vow", WEAK, {}, True, False),
        ("swear an iron vow", STRONG, {}, False, True),
        ("resupply", WEAK, {}, True, False),
        ("make camp", MISS, {}, True, False),
        ("undertake a journey", WEAK, {}, True, False),
        ("forge a bond", STRONG, {}, False, True),
        ("test your bond", WEAK, {}, True, False),
        ("sojourn", STRONG, {}, False, True),
    ],
)
def test_other_moves_in_a_fight_follow_the_initiative_guidelines(
    game: Game,
    move: str,
    dice: tuple[int, ...],
    kwargs: dict[str, Any],
    start: bool,
    end: bool,
) -> None:
    """Moves which aren't combat moves, made in a fight: "When you score a strong hit, you take
    or retain initiative. When you score a weak hit or miss, you lose initiative" (L1461-1468)."""
    _journey_and_vow(game)
    game.track("fight", "Raider", "dangerous")
    if start:
        game.move("enter the fray", STRONG, stat="heart")
    assert game.char().initiative is start
    game.move(move, dice, **kwargs)
    assert game.char().initiative is end


def test_the_vow_sworn_at_deaths_door_does_not_take_initiative(game: Game) -> None:
    """ "If you are out of action and Face Death, you aren't likely to come springing back into
    the fight" (L2262-2264): the threshold vow is part of Face Death."""
    game.track("fight", "Raider", "dangerous")
    game.move("face death", WEAK, choose=["death_desires"])
    game.choose(["formidable"], STRONG)
    assert game.char().initiative is False


# --- Options that cannot be taken ---------------------------------------------------------------


def test_a_momentum_option_is_not_offered_at_max_momentum(game: Game) -> None:
    """ "If you are at your max and a move gives you an option to increase your momentum, you
    can't take that benefit" (L559-563)."""
    game.set(momentum=10)
    result = game.move("secure an advantage", STRONG, stat="edge")
    assert keys(result) == ("take_control",)


@pytest.mark.parametrize(
    ("setup", "move", "dice", "kwargs", "offered"),
    [
        ({"momentum": 10}, "enter the fray", WEAK, {"stat": "heart"}, ("prepare_to_act",)),
        ({"momentum": 10}, "clash", STRONG, {"stat": "iron"}, ("harm",)),
        ({"momentum": 10}, "endure harm", STRONG, {"amount": 1}, ("shake_it_off",)),
        ({"momentum": 10}, "undertake a journey", STRONG, {}, ("mark_progress",)),
        ({"debilities": ["shaken"]}, "forge a bond", STRONG, {}, ("momentum",)),
        ({"debilities": ["shaken"]}, "test your bond", STRONG, {}, ("momentum",)),
        ({"momentum": 10}, "test your bond", STRONG, {}, ("spirit",)),
    ],
)
def test_options_a_condition_or_max_momentum_blocks_are_not_offered(
    game: Game,
    setup: dict[str, Any],
    move: str,
    dice: tuple[int, ...],
    kwargs: dict[str, Any],
    offered: tuple[str, ...],
) -> None:
    """Max momentum (L559-563); "If a move gives you an opportunity to raise your health,
    spirit, or supply while the associated condition is marked, you can't take that option"
    (L1113-1116)."""
    game.track("fight", "Raider", "dangerous")
    game.track("journey", "To Mournwood", "dangerous")
    game.set(**setup)
    result = game.move(move, dice, **kwargs)
    assert keys(result) == offered


def test_no_option_left_means_no_decision(game: Game) -> None:
    """Shaken and at max momentum (+9): neither +1 spirit nor +2 momentum can be taken."""
    game.set(momentum=9, debilities=["shaken"])
    result = game.move("forge a bond", STRONG, **{"with": "Kari"})
    assert result.pending is None
    assert fx(result) == [("bond:Kari", False, True), ("bonds", 1, 2)]


def test_make_camp_does_not_offer_health_while_wounded_without_a_companion() -> None:
    g = _alone()
    g.set(debilities=["wounded"])
    result = g.move("make camp", STRONG)
    assert keys(result) == ("relax", "focus", "prepare")


def test_make_camp_recuperate_still_helps_a_companion(game: Game) -> None:
    """Recuperate and partake also heal companions (L1735-1736, L1757-1759)."""
    game.move("companion endure harm", WEAK, amount=1)  # the Hawk: health +3 -> +2
    game.set(debilities=["wounded"])
    result = game.move("make camp", STRONG)
    assert keys(result) == ("recuperate", "partake", "relax", "focus", "prepare")


def test_make_camp_with_few_options_left_asks_for_fewer() -> None:
    """Wounded, shaken, and at max momentum (+8): only prepare is left of five."""
    g = _alone()
    g.set(momentum=8, debilities=["wounded", "shaken"])
    result = g.move("make camp", STRONG)
    assert keys(result) == ("prepare",)
    assert result.pending is not None and result.pending["count"] == 1


def test_sojourn_recover_needs_the_condition_cleared_first() -> None:
    """Sojourn: recuperate while wounded is allowed only together with mend, which clears it."""
    g = _alone()
    g.set(health=1, debilities=["wounded"])
    g.move("sojourn", STRONG)
    before = g.snapshot()
    with pytest.raises(RuleViolation, match="wounded"):
        g.choose(["recuperate", "consort"])
    assert g.snapshot() == before
    result = g.choose(["mend", "recuperate"])
    assert fx(result) == [("debility:wounded", True, False), ("health", 1, 2)]


def test_sojourn_plan_is_not_offered_at_max_momentum(game: Game) -> None:
    game.set(momentum=10)
    result = game.move("sojourn", STRONG)
    offered = keys(result) or ()
    assert "take_a_quest" in offered and "plan" not in offered


# --- Undertake a Journey ----------------------------------------------------------------------


def test_journey_bond_add_is_for_the_initial_roll_only(game: Game) -> None:
    """ "If you are setting off from a community with which you share a bond, add +1 to your
    initial roll" (L1734-1736)."""
    game.track("journey", "To Mournwood", "dangerous")
    first = game.move("undertake a journey", (3, 4, 10), bond=True)  # 3 + 1 + 1 = 5 beats 4
    assert _adds(first) == 1
    before = game.snapshot()
    with pytest.raises(InvalidValue, match="initial"):
        game.move("undertake a journey", WEAK, bond=True)
    assert game.snapshot() == before
    assert _adds(game.move("undertake a journey", WEAK)) == 0


def test_a_new_journey_may_add_the_bond_again(game: Game) -> None:
    game.track("journey", "To Mournwood", "dangerous")
    game.move("undertake a journey", WEAK, bond=True)
    game.track("journey", "Home again", "troublesome")
    result = game.move("undertake a journey", WEAK, bond=True, track="journey-2")
    assert _adds(result) == 1


def test_a_journey_an_ally_began_is_under_way_for_the_party(game: Game) -> None:
    """A shared journey set off on by one character is under way for the others: their bond's
    +1 is refused (and a journey of theirs alone is not)."""
    game.character("Kai", bonds=("Elda",))
    game.track("journey", "To Mournwood", "dangerous", characters=["Asha", "Kai"])
    game.move("undertake a journey", WEAK, bond=True)
    before = game.snapshot()
    with pytest.raises(InvalidValue, match="To Mournwood is already under way"):
        game.move("undertake a journey", WEAK, character="Kai", bond=True)
    assert game.snapshot() == before
    game.track("journey", "Kai's errand", "troublesome", characters=["Kai"])
    result = game.move("undertake a journey", WEAK, character="Kai", bond=True, track="journey-2")
    assert _adds(result) == 1


# --- Draw the Circle ----------------------------------------------------------------------------


def test_bare_yourself_adds_one_to_the_foes_harm(game: Game) -> None:
    """Boast "Bare yourself: Take no benefit of armor or shield; your foe's harm is +1"
    (L1928-1929): a dangerous foe inflicts 2 harm (L2060), so 3 in this duel."""
    game.track("fight", "Champion", "dangerous")
    game.move("draw the circle", STRONG, choose=["bare_yourself"])
    result = game.move("endure harm", STRONG)
    assert fx(result)[0] == ("health", 5, 2)


def test_bare_yourself_ends_with_the_duel(game: Game) -> None:
    game.track("fight", "Champion", "dangerous", ticks=40)
    game.move("draw the circle", STRONG, choose=["bare_yourself"])
    game.move("face danger", STRONG, stat="edge")
    game.move("end the fight", (1, 2))
    game.track("fight", "Wolf", "dangerous")
    game.move("enter the fray", STRONG, stat="heart")
    result = game.move("endure harm", STRONG)
    assert fx(result)[0] == ("health", 5, 3)


# --- Sojourn focus roll -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "then"),
    [
        (["burn"], [("momentum", 5, 2), ("spirit", 2, 5)]),
        (["keep"], []),
    ],
)
def test_sojourn_focus_roll_may_burn_momentum(
    game: Game, answer: list[str], then: list[tuple[str, Any, Any]]
) -> None:
    """The focus roll is an action roll (+heart): "When you have positive momentum, after you
    roll your move, you may cancel any challenge dice that are less than your current momentum
    value" (L507-511). Focus miss 1 + 2 = 3 against 4 and 9; momentum +5 cancels the 4."""
    game.set(momentum=5, spirit=2)
    game.move("sojourn", STRONG, choose=["provision", "consort"])
    result = game.choose(["consort"], (1, 4, 9))
    assert keys(result) == ("burn", "keep")
    assert fx(game.choose(answer)) == then


# --- Face a Setback -----------------------------------------------------------------------------


def test_face_a_setback_undermines_a_quest_journey_or_fight_only(game: Game) -> None:
    """ "undermines your progress in a current quest, journey, or fight" (L2479-2480)."""
    game.track("vow", "Avenge my kin", "dangerous", ticks=20)
    game.track("scene", "The chase", "dangerous", ticks=8)
    game.set(momentum=-6)
    game.move("face a setback", amount=1)
    result = game.choose(["clear_progress"])
    assert keys(result) == ("vow-1",)


# --- Forge a Bond -------------------------------------------------------------------------------


@pytest.mark.parametrize(("dice", "answers"), [(STRONG, ["momentum"]), (WEAK, ["accept"])])
def test_a_bond_between_allies_may_be_marked_by_both(
    duo: Game, dice: tuple[int, ...], answers: list[str]
) -> None:
    """ "Bonds can also be made between allies. One of you makes the move, and both of you may
    mark the bond on a hit" (L1976-1977)."""
    duo.move("forge a bond", dice, **{"with": "Bram"})
    asked = duo.choose(answers)
    assert asked.pending is not None and asked.pending["character"] == "Bram"
    assert keys(asked) == ("mark_bond",)
    result = duo.choose(["mark_bond"])
    assert fx(result) == [("Bram/bond:Asha", False, True), ("Bram/bonds", 0, 1)]
    assert duo.char("Asha").bonds == ["Elda", "Bram"]


def test_a_bond_with_an_npc_asks_no_one_else(duo: Game) -> None:
    result = duo.move("forge a bond", STRONG, **{"with": "Kari"}, choose=["momentum"])
    assert result.pending is None


def test_a_refused_bond_between_allies_marks_nothing(duo: Game) -> None:
    refused = duo.move("forge a bond", MISS, **{"with": "Bram"})
    assert keys(refused) == PRICE
    result = duo.choose(["obvious"])
    assert result.pending is None
    assert duo.char("Bram").bonds == []


# --- Several allies aiding one ----------------------------------------------------------------


def _trio() -> Game:
    g = Game()
    g.character("Asha", ASHA_STATS, bonds=["Elda"])
    g.character("Bram", BRAM_STATS)
    g.character("Cara", ASHA_STATS)
    return g


def test_take_control_from_two_aiding_allies_stacks() -> None:
    """ "If multiple characters make this move to contribute to an ally action, all Secure an
    Advantage bonuses will stack" (L2018-2019): two "take control" give +2."""
    g = _trio()
    g.move("aid your ally", STRONG, ally="Bram", stat="edge", choose=["take_control"])
    g.move(
        "aid your ally", STRONG, character="Cara", ally="Bram", stat="edge", choose=["take_control"]
    )
    result = g.move("face danger", (1, 3, 10), character="Bram", stat="edge")  # 1 + 1 + 2
    assert _adds(result) == 2
    assert result.moves[0].outcome == "weak_hit"


def test_one_strong_hit_among_the_aiders_keeps_the_allys_initiative() -> None:
    """ "As long as someone scores a strong hit, the target character can take or retain
    initiative" (L2019-2020); the aider who scored the weak hit loses it (L2014)."""
    g = _trio()
    g.track("fight", "Raiders", "dangerous", characters=["Asha", "Bram", "Cara"])
    g.move("enter the fray", STRONG, stat="heart")
    g.move("enter the fray", STRONG, character="Cara", stat="heart")
    g.move("aid your ally", STRONG, ally="Bram", stat="edge", choose=["momentum"])
    assert g.char("Bram").initiative
    g.move("aid your ally", WEAK, character="Cara", ally="Bram", stat="edge")
    assert (g.char("Bram").initiative, g.char("Cara").initiative) == (True, False)
    # Bram acts on the aid; the next aid that misses takes his initiative again.
    g.move("face danger", STRONG, character="Bram", stat="edge")
    g.move("aid your ally", WEAK, ally="Bram", stat="edge")
    assert g.char("Bram").initiative is False


def test_allies_who_aided_a_forged_bond_may_mark_it_too() -> None:
    """ "If you and your allies act together to Forge a Bond with an NPC or community, only one
    of you makes the move. Others can Aid Your Ally ... If you are successful, each of you may
    mark a tick on your bond progress track. Only the character making the move takes the
    mechanical benefits of a strong hit" (L1970-1974)."""
    g = _trio()
    g.move("aid your ally", WEAK, ally="Bram", stat="heart")
    g.move("aid your ally", WEAK, character="Cara", ally="Bram", stat="heart")
    g.move("forge a bond", STRONG, character="Bram", **{"with": "Kari"})
    first = g.choose(["momentum"])
    assert first.pending is not None and first.pending["character"] == "Asha"
    assert fx(g.choose(["mark_bond"])) == [("bond:Kari", False, True), ("bonds", 1, 2)]
    assert g.engine.state.pending is not None
    assert g.engine.state.pending["character"] == "Cara"
    assert fx(g.decline()) == []
    assert g.char("Cara").bonds == []
