"""The rules audit of issue 8 (part 3): each deviation from the rulebook, and each point where
the book leaves room and the engine decides (the decision is in the handler's docstring).

The rulebook is seed 000 (``L`` = its line). Dice are typed: an action roll is (action die,
challenge die 1, challenge die 2); a d100 is one value (0 reads as 100). Asha: edge 3, heart 2,
iron 2, shadow 1, wits 1, a bond with Elda and a Hawk at health +3 of +3 (conftest.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from moves_support import MISS, STRONG, WEAK, Game, fx, keys

from ironsworn.errors import InvalidValue, IronswornError, NotFound, RuleViolation

Setup = Callable[[Game], Any]


def _refused(game: Game, action: Callable[[], Any], error: type[Exception], named: str) -> str:
    """``action`` raises ``error`` with one line naming ``named``, and nothing changes."""
    before = game.snapshot()
    with pytest.raises(error) as raised:
        action()
    message = str(raised.value)
    assert isinstance(raised.value, IronswornError)
    assert "\n" not in message and named in message, message
    assert game.snapshot() == before
    return message


def _stats(stats: str, bonds: tuple[str, ...] = ()) -> Game:
    g = Game()
    g.character("Asha", stats, bonds=bonds)
    return g


# --- Heal on yourself: the lower of wits and iron ---------------------------------------------

IRON_LOWER = "edge=3,heart=2,iron=1,shadow=1,wits=2"
TIED = "edge=3,heart=1,iron=2,shadow=1,wits=2"


@pytest.mark.parametrize(
    ("stats", "kwargs", "stat", "value"),
    [
        (IRON_LOWER, {}, "iron", 1),
        (IRON_LOWER, {"stat": "iron"}, "iron", 1),  # naming the lower one is fine
        (TIED, {"stat": "wits"}, "wits", 2),  # tied: either is the lower
        (TIED, {"stat": "iron"}, "iron", 2),
        (IRON_LOWER, {"stat": "wits", "patient": "the miller's son"}, "wits", 2),
    ],
    ids=["no_stat", "the_lower", "tie_wits", "tie_iron", "someone_else_wits"],
)
def test_heal_on_yourself_rolls_the_lower_of_wits_and_iron(
    stats: str, kwargs: dict[str, Any], stat: str, value: int
) -> None:
    """Heal: "If you are mending your own wounds, roll +wits or +iron, whichever is lower"
    (L1681-1682); treating someone else rolls +wits (L1681)."""
    g = _stats(stats)
    result = g.move("heal", (1, 10, 10), **kwargs)
    roll = result.moves[0].roll
    assert roll is not None
    assert (result.moves[0].stat, roll["stat"]) == (stat, value)


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"stat": "wits"}, "stat 'wits' cannot be chosen (accepted: iron, or no stat)"),
        ({"stat": "edge"}, "stat 'edge' cannot be chosen"),
        ({"stat": "iron", "patient": "the miller's son"}, "(accepted: wits)"),
    ],
    ids=["the_higher", "another_stat", "iron_for_someone_else"],
)
def test_an_explicit_stat_does_not_get_around_whichever_is_lower(
    kwargs: dict[str, Any], named: str
) -> None:
    """`move heal --stat wits` with iron 1 and wits 2 was rolled +wits (L1681-1682)."""
    g = _stats(IRON_LOWER)
    _refused(g, lambda: g.move("heal", STRONG, **kwargs), InvalidValue, named)


@pytest.mark.parametrize(
    ("kwargs", "stat"),
    [({}, "wits"), ({"stat": "heart"}, "heart"), ({"stat": "iron"}, "iron")],
)
def test_starforged_heal_still_takes_the_stat_of_its_situation(
    kwargs: dict[str, Any], stat: str
) -> None:
    """Starforged Heal lists a roll per situation (+heart to obtain treatment for a companion,
    +iron to receive it, the lower of iron and wits to mend your own wounds): its --stat says
    which; the classic rule above is the classic Heal's. (A Starforged move is made in a
    Starforged campaign.)"""
    from sf_support import StarforgedGame

    game = StarforgedGame()
    result = game.move("starforged/recover/heal", (1, 10, 10), **kwargs)
    assert result.moves[0].stat == stat


# --- Resupply: the weak hit's cost follows the supply taken ------------------------------------


@pytest.mark.parametrize(
    ("supply", "answer", "effects", "note"),
    [
        (5, "take_2", [], "+5 -> +5: only +0 of +2 taken (max +5), so no momentum lost"),
        (5, "take_1", [], "+5 -> +5: only +0 of +1 taken (max +5), so no momentum lost"),
        (
            4,
            "take_2",
            [("supply", 4, 5), ("momentum", 2, 1)],
            "only +1 of +2 taken (max +5), so -1",
        ),
        (3, "take_2", [("supply", 3, 5), ("momentum", 2, 0)], None),
        (2, "take_1", [("supply", 2, 3), ("momentum", 2, 1)], None),
    ],
)
def test_resupply_weak_hit_costs_momentum_for_the_supply_taken(
    game: Game, supply: int, answer: str, effects: list[Any], note: str | None
) -> None:
    """Resupply weak hit: "take up to +2 supply, but suffer -1 momentum for each" (L1713-1715):
    +wits 1 and 6 beat 1, not 10."""
    game.set(supply=supply)
    pending = game.move("resupply", WEAK).pending
    assert pending is not None
    offered = {o["key"]: o["text"] for o in pending["options"]}
    taken = min(int(answer[-1]), 5 - supply)
    assert (f"+{taken} taken, -{taken} momentum" in offered[answer]) is (note is not None)
    result = game.choose([answer])
    assert fx(result) == effects
    said = [n for n in result.notes if "taken (max +5)" in n]
    assert [note in n for n in said] == ([True] if note else [])


# --- Options that would only cost --------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "setup", "amount", "offered"),
    [
        ("endure harm", {}, 0, ("embrace_the_pain",)),
        ("endure stress", {}, 0, ("embrace_the_darkness",)),
        ("endure harm", {}, 1, ("shake_it_off", "embrace_the_pain")),
        ("endure stress", {"spirit": 4}, 0, ("shake_it_off", "embrace_the_darkness")),
        ("endure harm", {"momentum": 10}, 0, None),  # nothing left to offer
    ],
    ids=["harm_at_full", "stress_at_full", "harm_taken", "stress_below_full", "nothing_at_all"],
)
def test_shake_it_off_is_not_offered_with_nothing_to_shake_off(
    game: Game, move: str, setup: dict[str, int], amount: int, offered: tuple[str, ...] | None
) -> None:
    """ "Shake it off: If your health is greater than 0, suffer -1 momentum in exchange for +1
    health" (L2315-2316; spirit, L2412-2413): at +5 it would only cost momentum."""
    game.set(**setup)
    result = game.move(move, STRONG, amount=amount)
    assert keys(result) == offered
    if offered is None:
        assert any("none of the options" in n for n in result.notes)


def test_partake_is_not_offered_when_nobody_can_take_the_health(game: Game) -> None:
    """Make Camp: "Partake: Suffer -1 supply and take +1 health for you and any companions"
    (L1736-1737): at full health, with the Hawk at full health too, it would only cost (with
    the Hawk hurt it is offered: test_moves_audit.py)."""
    result = game.move("make camp", STRONG)
    assert keys(result) == ("recuperate", "relax", "focus", "prepare")
    assert any("partake cannot be taken (health is at its max" in n for n in result.notes)


# --- End the Fight follows a decisive action ----------------------------------------------------


def _fight(game: Game) -> None:
    game.track("fight", "Raider", "dangerous", ticks=20)


def _endure_harm_strong(game: Game) -> None:
    game.move("endure harm", STRONG, amount=1, choose=["embrace_the_pain"])


def _endure_stress_strong(game: Game) -> None:
    game.move("endure stress", STRONG, amount=1, choose=["embrace_the_darkness"])


def _companion_strong(game: Game) -> None:
    game.move("companion endure harm", STRONG, amount=1)


def _face_death_strong(game: Game) -> None:
    game.move("face death", STRONG)


def _face_danger_weak_then_endure_harm_strong(game: Game) -> None:
    game.move("face danger", (*WEAK, *STRONG), stat="edge", choose=["endure_harm"])
    game.choose(["embrace_the_pain"])


def _strike_strong_then_endure_harm_strong(game: Game) -> None:
    game.move("enter the fray", STRONG, stat="heart")
    game.move("strike", STRONG, stat="iron")
    _endure_harm_strong(game)


@pytest.mark.parametrize(
    "before",
    [
        _endure_harm_strong,
        _endure_stress_strong,
        _companion_strong,
        _face_death_strong,
        _face_danger_weak_then_endure_harm_strong,
        _strike_strong_then_endure_harm_strong,
    ],
    ids=lambda f: f.__name__.strip("_"),
)
def test_a_strong_hit_on_a_suffer_move_does_not_unlock_end_the_fight(
    game: Game, before: Setup
) -> None:
    """End the Fight: "When you make a move to take decisive action, and score a strong hit"
    (L2144-2145); "Your setup move can be any action, but should be framed as a decisive
    maneuver" (L2175-2177). A suffer move is not an action, and is the move made last."""
    _fight(game)
    before(game)
    _refused(game, lambda: game.move("end the fight", (1, 1)), RuleViolation, "strong hit")


@pytest.mark.parametrize(
    "action",
    [
        lambda g: g.move("face danger", STRONG, stat="edge"),
        lambda g: g.move("secure an advantage", STRONG, stat="edge", choose=["take_control"]),
        lambda g: (
            g.move("enter the fray", STRONG, stat="heart"),
            g.move("strike", STRONG, stat="iron"),
        ),
    ],
    ids=["face_danger", "secure_an_advantage", "strike"],
)
def test_a_strong_hit_on_an_action_still_unlocks_end_the_fight(game: Game, action: Setup) -> None:
    _fight(game)
    action(game)
    result = game.move("end the fight", (1, 1))
    assert result.moves[0].outcome == "strong_hit"


# --- Test Your Bond --with ----------------------------------------------------------------------

BONDS = ("Elda the healer", "Thornhold", "Thorn's sister")


@pytest.mark.parametrize(
    ("given", "cleared"),
    [("elda", "Elda the healer"), ("THORNH", "Thornhold"), ("thorn's SISTER", "Thorn's sister")],
)
def test_test_your_bond_names_a_bond_by_a_unique_prefix(given: str, cleared: str) -> None:
    """Test Your Bond: on a miss, "clear the bond and Pay the Price" (L1996-1997)."""
    g = _stats("edge=3,heart=2,iron=2,shadow=1,wits=1", BONDS)
    g.move("test your bond", MISS, **{"with": given})
    assert g.char().bonds == [b for b in BONDS if b != cleared]


@pytest.mark.parametrize(
    ("bonds", "given", "named"),
    [
        (BONDS, "Kari", "Asha has no bond 'Kari'"),
        (BONDS, "thorn", "'thorn' is ambiguous"),
        (BONDS, "x", "'x'"),
        ((), "Elda", "no bonds"),
    ],
    ids=["unknown", "ambiguous", "no_match", "no_bonds"],
)
def test_test_your_bond_refuses_a_bond_it_cannot_name(
    bonds: tuple[str, ...], given: str, named: str
) -> None:
    """A bond is named by a unique case-insensitive prefix; otherwise one line naming the bonds
    (the CLI adds the candidates, test_the_refusal_lists_the_bonds)."""
    g = _stats("edge=3,heart=2,iron=2,shadow=1,wits=1", bonds)
    with_bond = {"with": given}
    _refused(g, lambda: g.move("test your bond", STRONG, **with_bond), NotFound, named)
    _refused(g, lambda: g.move("test your bond", abandon=True, **with_bond), NotFound, named)


def test_the_refusal_lists_the_bonds() -> None:
    g = _stats("edge=3,heart=2,iron=2,shadow=1,wits=1", BONDS)
    with pytest.raises(NotFound) as raised:
        g.move("test your bond", STRONG, **{"with": "Kari"})
    assert raised.value.candidates == BONDS
    with pytest.raises(NotFound) as ambiguous:
        g.move("test your bond", STRONG, **{"with": "Thorn"})
    assert ambiguous.value.candidates == ("Thornhold", "Thorn's sister")


# --- Face a Setback: clear progress only where there is some ------------------------------------


@pytest.mark.parametrize(
    ("tracks", "meters", "offered", "tracks_offered"),
    [
        ([], {}, ("pay_with_meters",), None),
        ([("vow", 0)], {}, ("pay_with_meters",), None),
        ([("vow", 0), ("journey", 4)], {}, ("pay_with_meters", "clear_progress"), ("journey-2",)),
        ([("fight", 8), ("scene", 8)], {}, ("pay_with_meters", "clear_progress"), ("fight-1",)),
        ([("vow", 2)], {"health": 0, "spirit": 0, "supply": 0}, ("clear_progress",), ("vow-1",)),
        ([("vow", 0)], {"health": 0, "spirit": 0, "supply": 0}, None, None),
    ],
    ids=["no_track", "no_progress", "one_with_progress", "scene", "meters_gone", "nothing_left"],
)
def test_face_a_setback_clears_progress_only_from_tracks_that_have_some(
    game: Game,
    tracks: list[tuple[str, int]],
    meters: dict[str, int],
    offered: tuple[str, ...] | None,
    tracks_offered: tuple[str, ...] | None,
) -> None:
    """ "undermines your progress in a current quest, journey, or fight. Then, for each
    additional -momentum, clear 1 unit of progress" (L2479-2485)."""
    for kind, ticks in tracks:
        game.track(kind, f"A {kind}", "dangerous", ticks=ticks)
    game.set(momentum=-6, **meters)
    result = game.move("face a setback", amount=1)
    assert keys(result) == offered
    if offered is None:
        assert any("nothing left to take" in n for n in result.notes)
    elif "clear_progress" in offered:
        assert keys(game.choose(["clear_progress"])) == tracks_offered


# --- Pay the Price: every die of the table is shown and logged ---------------------------------


@pytest.mark.parametrize(
    ("dice", "rolls", "notes"),
    [
        # 99-00, then 99 (rerolled: 42) and 42: the same result, made worse.
        ((99, 99, 42, 42), [([99], 42), ([], 42)], ["99 asks", "make it worse"]),
        # 99-00, then 10, then 99 and 00 (both rerolled: 50).
        ((0, 10, 99, 100, 50), [([], 10), ([99, 100], 50)], ["99 asks", "100 asks"]),
        # 1-2 among the two: "Roll again and apply that result but make it worse" (L2642).
        ((99, 1, 50, 60), [([], 1), ([], 60)], []),
        ((99, 30, 31), [([], 30), ([], 31)], ["make it worse"]),  # both 24-32
    ],
    ids=["repeat_99", "twice_99_and_00", "one_two", "same_row"],
)
def test_a_second_99_00_is_rolled_again_in_the_open(
    game: Game,
    dice: tuple[int, ...],
    rolls: list[tuple[list[int], int]],
    notes: list[str],
) -> None:
    """ "99-00 Roll twice more on this table. Both results occur. If they are the same result,
    make it worse" (L2665-2666); the rule followed is in fate.py's pay_how docstring."""
    game.move("face danger", MISS, stat="edge")
    result = game.choose(["roll_table"], dice)
    (event,) = [e for e in result.events if e["type"] == "oracle"]
    assert event["roll"] in (99, 100)
    assert [(r.get("rerolled", []), r["roll"]) for r in event["rolls"]] == rolls
    said = " | ".join(result.notes)
    for die in (d for r in rolls for d in r[0]):
        assert f"{die} rerolled" in said
    for note in notes:
        assert note in said, said
    same = "both results are the same: make it worse"
    assert (same in result.notes) is ("make it worse" in notes)
    assert game.refold().to_dict() == game.snapshot()


def test_the_log_shows_the_rerolled_die(game: Game) -> None:
    """The journal and log tell each die: the one set aside, then the one that counts."""
    from ironsworn.campaign.journal import Narrator

    game.move("face danger", MISS, stat="edge")
    result = game.choose(["roll_table"], (99, 99, 42, 17))
    (event,) = [e for e in result.events if e["type"] == "oracle"]
    told = Narrator().event(event)
    assert told is not None
    assert "99 rerolled, 42 → A new danger or foe is revealed." in told
    assert "17 → Your action has an unintended effect." in told


# --- Decisions where the book leaves room ------------------------------------------------------


def _initiative(game: Game) -> None:
    game.track("fight", "Raider", "dangerous")
    game.track("fight", "Second raider", "dangerous")
    game.move("enter the fray", STRONG, stat="heart", track="fight-1")
    assert game.char().initiative


@pytest.mark.parametrize(
    ("action", "initiative"),
    [
        (lambda g: g.move("endure harm", WEAK, amount=1), True),
        (lambda g: g.move("endure harm", MISS, amount=1), True),
        (lambda g: g.move("endure stress", MISS, amount=1), True),
        (lambda g: g.move("companion endure harm", MISS, amount=1), True),
        (lambda g: g.move("endure harm", STRONG, amount=1, choose=["embrace_the_pain"]), True),
    ],
    ids=["harm_weak", "harm_miss", "stress_miss", "companion_miss", "harm_strong"],
)
def test_a_suffer_move_does_not_lose_initiative(
    game: Game, action: Setup, initiative: bool
) -> None:
    """Decision (suffer.py, _suffer_initiative): a suffer move only takes initiative, on a
    strong hit (L1470-1473, L2257-2259); its weak hit or miss leaves it as it was."""
    _initiative(game)
    action(game)
    assert game.char().initiative is initiative


def test_a_bloody_yourself_boast_keeps_the_duels_initiative(game: Game) -> None:
    """Draw the Circle weak hit, "Bloody yourself: Endure Harm (1 harm)", weak hit on it."""
    game.track("fight", "Champion", "dangerous")
    game.move("draw the circle", WEAK)
    game.choose(["bloody_yourself"], WEAK)
    assert game.char().initiative is True


def test_a_suffer_move_strong_hit_takes_initiative(game: Game) -> None:
    game.track("fight", "Raider", "dangerous")
    game.move("endure harm", STRONG, amount=1, choose=["embrace_the_pain"])
    assert game.char().initiative is True


def test_turn_the_tide_is_refused_while_you_hold_initiative(game: Game) -> None:
    """Decision (combat.py, turn_the_tide): "steal initiative from your foe" (L2099-2100)
    needs the foe to hold it; refused, it stays available for this fight."""
    _initiative(game)
    _refused(game, lambda: game.move("turn the tide"), RuleViolation, "has initiative")
    game.move("face danger", WEAK, stat="edge", choose=["suffer_momentum"])  # loses it
    result = game.move("turn the tide")
    assert fx(result) == [("initiative", False, True)]


@pytest.mark.parametrize(
    ("debilities", "clears"),
    [
        ([], ()),
        (["wounded"], ("mend",)),
        (["shaken"], ("hearten",)),
        (["unprepared"], ("equip",)),
        (["wounded", "shaken", "unprepared"], ("mend", "hearten", "equip")),
    ],
)
def test_sojourn_offers_clearing_only_a_condition_you_have(
    game: Game, debilities: list[str], clears: tuple[str, ...]
) -> None:
    """Decision (_common.py, CLEARS): Sojourn's "Clear a Condition" (L1888-1893) options are
    offered only while their condition is marked."""
    game.set(debilities=debilities)
    result = game.move("sojourn", STRONG)
    offered = keys(result) or ()
    assert tuple(k for k in offered if k in ("mend", "hearten", "equip")) == clears
    assert "recuperate" in offered or "wounded" in debilities


def test_sojourn_mend_without_a_wound_cannot_be_chosen(game: Game) -> None:
    game.move("sojourn", STRONG)
    _refused(game, lambda: game.choose(["mend", "plan"]), InvalidValue, "'mend'")


@pytest.mark.parametrize(
    ("move", "setup", "named"),
    [
        ("out of supply", {}, "Asha's supply is +5"),
        ("out of supply", {"supply": 1}, "Asha's supply is +1"),
        ("face a setback", {}, "Asha's momentum is +2"),
        ("face a setback", {"momentum": -5}, "Asha's momentum is -5"),
    ],
)
def test_a_threshold_move_made_by_name_needs_its_trigger(
    game: Game, move: str, setup: dict[str, int], named: str
) -> None:
    """Decision (suffer.py): Out of Supply is "When your supply is exhausted (reduced to 0)"
    (L2453-2454); Face a Setback "When your momentum is at its minimum (-6), and you suffer
    additional -momentum" (L2474-2475). Made by name without the trigger: refused."""
    game.set(**setup)
    _refused(game, lambda: game.move(move, amount=1), RuleViolation, named)


@pytest.mark.parametrize(
    ("move", "setup", "effects"),
    [
        ("out of supply", {"supply": 0}, [("debility:unprepared", False, True)]),
        ("face a setback", {"momentum": -6}, []),
    ],
)
def test_a_threshold_move_made_by_name_when_its_trigger_holds(
    game: Game, move: str, setup: dict[str, int], effects: list[Any]
) -> None:
    game.set(**setup)
    if game.char().has("unprepared"):
        game.sheet.debility(None, "unprepared", False)  # marked by reaching 0; cleared by hand
    result = game.move(move)
    assert fx(result) == effects
