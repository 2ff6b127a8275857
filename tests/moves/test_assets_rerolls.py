"""Asset abilities that change a roll once made, or give a result without rolling.

Each case makes the move twice from the same start, with and without the ability, with typed
dice: the reroll it offers (on which results, which dice), the new roll, and what follows it
(Honorbound's lost spirit, Bonded's debility, Revenant's Endure Stress, Empowered's trouble).
Fated 1 gives a strong hit without a die and counts as a debility until the next milestone on
the background vow; Fated 3 gives experience for every two boxes of the background vow. Undo
(the operations' events reverted, newest first) gives back the state as it was.
"""

from __future__ import annotations

from typing import Any

import pytest
from moves_support import MISS, STRONG, WEAK, Game, fx, keys

from ironsworn.errors import IronswornError

VOW = "vow-1"


def undo(g: Game, *results: Any) -> None:
    for result in reversed(results):
        for event in reversed(result.events):
            g.state.revert(event)


def with_card(g: Game, card: str) -> None:
    """Asha with the card, its ability N marked too when asked (``honorbound:3``)."""
    key, _, number = card.partition(":")
    g.character("Asha", assets=[key])
    if number:
        g._keep(g.sheet.asset_mark(None, key, int(number), True))


def game(card: str, ticks: int = 8, background: bool = False) -> Game:
    """Asha with the card and one vow of ``ticks`` (dangerous: 8 ticks a mark)."""
    g = Game()
    with_card(g, card)
    if background:
        g._keep(g.sheet.new_track("vow", "Avenge my kin", "extreme", background=True))
        if ticks:
            g._keep(g.sheet.progress(VOW, True, ticks=ticks))
    else:
        g.track("vow", "Find the healer", "dangerous", ticks=ticks)
    return g


# --- Honorbound 3: a miss on Fulfill Your Vow, one challenge die again ----------------------


def test_honorbound_rerolls_one_challenge_die_of_a_miss() -> None:
    plain = game("honorbound")
    missed = plain.move("fulfill your vow", (5, 6), track=VOW)
    assert missed.moves[0].outcome == "miss" and keys(missed) == ("recommit", "give_up")

    g = game("honorbound:3")
    before = g.snapshot()
    offered = g.move("fulfill your vow", (5, 6), track=VOW)
    assert keys(offered) == ("challenge_1", "challenge_2")
    assert offered.pending is not None and offered.pending["count"] == 1
    rerolled = g.choose(["challenge_1"], dice=(1,))
    assert rerolled.moves[0].roll is not None and rerolled.moves[0].roll["challenge"] == [1, 6]
    assert rerolled.moves[0].outcome == "weak_hit"
    assert g.state.tracks[VOW].status == "fulfilled"
    assert any("Honorbound" in n and "challenge_1" in n for n in rerolled.notes)
    undo(g, offered, rerolled)
    assert g.snapshot() == before


def test_honorbound_is_not_offered_on_a_hit() -> None:
    g = game("honorbound:3")
    hit = g.move("fulfill your vow", (1, 6), track=VOW)
    assert hit.moves[0].outcome == "weak_hit"
    # Only the weak hit's own question (swear a vow to set things right?), no reroll.
    assert hit.pending is not None and hit.pending["prompt"] == "there is more to be done"


def test_honorbound_second_miss_lowers_max_spirit_until_a_strong_hit() -> None:
    g = game("honorbound:3")
    g.move("fulfill your vow", (5, 6), track=VOW)
    again = g.choose(["challenge_2"], dice=(9,))
    assert again.moves[0].outcome == "miss"
    assert g.char().meter_max("spirit") == 4 and ("spirit", 5, 4) in fx(again)
    g.choose(["recommit"])
    assert g.char().sheet()["spirit_max"] == 4
    g.track("vow", "Guard the pass", "troublesome", ticks=40)
    strong = g.move("fulfill your vow", (1, 2), track="vow-2")
    assert strong.moves[0].outcome == "strong_hit"
    assert g.char().meter_max("spirit") == 5 and "spirit_max" not in g.char().sheet()


def test_honorbound_declined_keeps_the_miss_and_the_spirit() -> None:
    g = game("honorbound:3")
    g.move("fulfill your vow", (5, 6), track=VOW)
    kept = g.decline()
    assert keys(kept) == ("recommit", "give_up")  # the miss stands
    assert g.char().meter_max("spirit") == 5


def test_honorbound_one_die_only() -> None:
    g = game("honorbound:3")
    g.move("fulfill your vow", (5, 6), track=VOW)
    before = g.snapshot()
    with pytest.raises(IronswornError, match="2 options chosen; choose 0 to 1") as caught:
        g.engine.choose(["challenge_1", "challenge_2"])
    assert "\n" not in str(caught.value) and g.snapshot() == before


# --- Fated 3: reroll any dice on the background vow; experience for boxes --------------------


def test_fated_rerolls_any_dice_of_the_background_vow() -> None:
    g = game("fated:3", background=True)  # extreme: 2 ticks a mark; 8 ticks = 2 boxes
    offered = g.move("fulfill your vow", (7, 8), track=VOW, asset="fated:3")
    assert keys(offered) == ("challenge_1", "challenge_2")
    assert offered.pending is not None and offered.pending["count"] == 2
    both = g.choose(["challenge_1", "challenge_2"], dice=(1, 1))
    assert both.moves[0].roll is not None and both.moves[0].roll["challenge"] == [1, 1]
    assert both.moves[0].outcome == "strong_hit" and both.moves[0].roll["match"]


def test_fated_reroll_is_for_the_background_vow_only() -> None:
    g = game("fated:3", background=True)
    g.track("vow", "Find the healer", "dangerous", ticks=8)
    before = g.snapshot()
    g.dice((7, 8))
    with pytest.raises(IronswornError, match="no marked ability 3 that applies"):
        g.engine.make_move("fulfill your vow", track="vow-2", asset="fated:3")
    assert g.snapshot() == before


@pytest.mark.parametrize(
    ("card", "background", "ticks", "experience"),
    [
        ("fated:3", True, 4, 0),  # one box
        ("fated:3", True, 8, 1),  # two boxes: 1 experience
        ("fated:3", True, 20, 2),  # five boxes: 2
        ("fated:3", False, 20, 0),  # not the background vow
        ("fated", True, 20, 0),  # Fated 3 not marked
    ],
)
def test_fated_experience_for_every_two_boxes(
    card: str, background: bool, ticks: int, experience: int
) -> None:
    g = game(card, ticks=0, background=background)
    marked = g._keep(g.sheet.progress(VOW, True, ticks=ticks))
    assert g.char().experience_earned == experience
    assert any("Fated 3" in n for n in marked.notes) is bool(experience)
    # More boxes later pay only what is new: 8 boxes in all are 4 experience.
    g._keep(g.sheet.progress(VOW, True, ticks=32 - ticks))
    assert g.char().experience_earned == (4 if card == "fated:3" and background else 0)


def take_initiative(g: Game) -> None:
    g.move("enter the fray", STRONG, stat="heart")
    while g.state.pending:
        g.choose([g.state.pending["options"][0]["key"]])
    assert g.char().initiative


# --- Revenant 3: burn momentum to cancel a challenge die of End the Fight --------------------


def test_revenant_cancels_a_die_lower_than_momentum_then_endures_stress() -> None:
    def fight(card: bool) -> Game:
        g = Game()
        with_card(g, "revenant:3" if card else "revenant")
        g.track("fight", "Wyvern", "formidable", ticks=8)
        take_initiative(g)
        g.move("strike", STRONG, stat="iron")  # decisive; the harm takes the score to 4
        g.set(momentum=6)
        return g

    plain = fight(False)
    miss = plain.move("end the fight", (5, 9))
    assert miss.moves[0].outcome == "miss"

    g = fight(True)
    before = g.snapshot()
    offered = g.move("end the fight", (5, 9), asset="revenant:3")
    assert keys(offered) == ("challenge_1",)  # 9 is not lower than momentum +6
    cancelled = g.choose(["challenge_1"])
    assert cancelled.moves[0].roll is not None and cancelled.moves[0].roll["cancelled"] == 0
    assert cancelled.moves[0].outcome == "weak_hit"
    assert ("momentum", 6, 2) in fx(cancelled)
    assert cancelled.pending is not None  # End the Fight's own weak-hit choice, then the stress
    stress = g.choose(["vengeance"], dice=STRONG)
    assert "Endure Stress" in [m.name for m in stress.moves]
    undo(g, offered, cancelled, stress)
    assert g.snapshot() == before


def test_revenant_offers_nothing_when_momentum_is_too_low() -> None:
    g = Game()
    with_card(g, "revenant:3")
    g.track("fight", "Wyvern", "formidable", ticks=8)
    take_initiative(g)
    g.move("strike", STRONG, stat="iron")
    g.set(momentum=3)
    result = g.move("end the fight", (5, 9), asset="revenant:3")
    assert result.moves[0].outcome == "miss" and keys(result) != ("challenge_1",)


# --- Empowered 1 and Bonded 3: rerolls offered only on the results they name -----------------


@pytest.mark.parametrize(
    ("first", "offered"), [(STRONG, False), (WEAK, True), (MISS, True)], ids=str
)
def test_empowered_offers_all_dice_again_at_plus_one_on_a_weak_hit_or_miss(
    first: tuple[int, ...], offered: bool
) -> None:
    g = Game()
    g.character("Asha", assets=["empowered=Thane"])
    result = g.move("sojourn", first, asset="empowered:1")
    assert result.moves[0].roll is not None and result.moves[0].roll["adds"] == 0
    assert (keys(result) == ("reroll",)) is offered


def test_empowered_reroll_adds_one_and_a_second_miss_brings_trouble() -> None:
    g = Game()
    g.character("Asha", assets=["empowered=Thane"])
    g.move("sojourn", MISS, asset="empowered:1")
    again = g.choose(["reroll"], dice=MISS)
    roll = again.moves[0].roll
    assert roll is not None and roll["adds"] == 1 and again.moves[0].outcome == "miss"
    assert any("significant new trouble" in n for n in again.notes)
    h = Game()
    h.character("Asha", assets=["empowered=Thane"])
    h.move("sojourn", MISS, asset="empowered:1")
    better = h.choose(["reroll"], dice=STRONG)
    assert better.moves[0].outcome == "strong_hit"
    assert not any("trouble" in n for n in better.notes)


def test_bonded_reroll_only_after_a_miss_and_a_debility_on_another() -> None:
    g = Game()
    with_card(g, "bonded:3")
    hit = g.move("face danger", WEAK, stat="edge", asset="bonded:3")
    assert "action_die" not in (keys(hit) or ())
    g.choose([keys_of(g)[0]])
    offered = g.move("face danger", MISS, stat="edge", asset="bonded:3")
    assert keys(offered) == ("action_die", "challenge_1", "challenge_2")
    again = g.choose(["action_die"], dice=(2,))
    assert again.moves[0].outcome == "miss"
    while g.state.pending and "Bonded" not in g.state.pending["prompt"]:
        g.choose([g.state.pending["options"][0]["key"]])  # Pay the Price first
    assert g.state.pending is not None
    assert [o["text"] for o in g.state.pending["options"]] == [
        "+shaken debility",
        "+corrupted debility",
    ]
    marked = g.choose(["debility"])
    assert ("debility:shaken", False, True) in fx(marked)
    # A reroll that hits: no debility.
    h = Game()
    with_card(h, "bonded:3")
    h.move("face danger", MISS, stat="edge", asset="bonded:3")
    saved = h.choose(["action_die", "challenge_1", "challenge_2"], dice=STRONG)
    assert saved.moves[0].outcome == "strong_hit" and not h.char().has("shaken")


def keys_of(g: Game) -> tuple[str, ...]:
    pending = g.state.pending
    return () if pending is None else tuple(o["key"] for o in pending["options"])


# --- Fated 1: a strong hit without rolling ---------------------------------------------------


def test_fated_takes_a_strong_hit_without_rolling_then_counts_as_a_debility() -> None:
    g = game("fated", ticks=0, background=True)
    g.set(health=0)
    before = g.snapshot()
    saved = g.move("face death", (), asset="fated:1")
    assert saved.moves[0].outcome == "strong_hit" and saved.moves[0].roll is None
    assert saved.moves[0].assets == ["Fated 1"]
    assert g.char().momentum_max == 9 and g.char().momentum_reset == 1
    assert any("without rolling" in n for n in saved.notes)
    # The protection is spent until a milestone on the background vow.
    spent = g.snapshot()
    with pytest.raises(IronswornError, match="already used") as caught:
        g.engine.make_move("face death", asset="fated:1")
    assert "\n" not in str(caught.value) and g.snapshot() == spent
    milestone = g.move("reach a milestone", track=VOW)
    assert g.char().momentum_max == 10
    assert any("ends" in n for n in milestone.notes)
    undo(g, milestone)
    undo(g, saved)
    assert g.snapshot() == before


def test_fated_needs_an_unfulfilled_background_vow() -> None:
    g = game("fated", ticks=0)  # a vow, not the background vow
    g.set(health=0)
    before = g.snapshot()
    with pytest.raises(IronswornError, match="no unfulfilled background vow"):
        g.engine.make_move("face death", asset="fated:1")
    assert g.snapshot() == before
    plain = g.move("face death", STRONG)  # without naming the card: rolled as usual
    assert plain.moves[0].roll is not None


# --- Veteran 1: a burned miss in a fight also takes initiative, once per fight ---------------


@pytest.mark.parametrize(("card", "initiative"), [(False, False), (True, True)])
def test_veteran_burned_miss_takes_initiative_once_per_fight(card: bool, initiative: bool) -> None:
    g = Game()
    g.character("Asha", assets=["veteran"] if card else [])
    g.track("fight", "Wyvern", "formidable")
    g.set(momentum=7)
    # Enter the Fray +heart: 1 + 2 = 3 against 5 and 9 is a miss; burning +7 beats the 5.
    first = g.move("enter the fray", (1, 5, 9), stat="heart")
    assert first.pending is not None and first.pending["kind"] == "burn"
    burned = g.burn()
    assert burned.moves[0].outcome == "weak_hit"
    assert (("initiative", False, True) in fx(burned)) is initiative
    assert g.char().momentum == (3 if card else 2)  # the reset, then Veteran's +1
    if not card:
        return
    g.choose(["bolster_position"])
    g.set(momentum=7)
    again = g.move("face danger", (1, 5, 9), stat="edge")  # 4 against 5 and 9: a miss
    assert again.pending is not None and again.pending["kind"] == "burn"
    later = g.burn()
    assert later.moves[0].outcome == "weak_hit"
    assert any("already taken in this fight" in n for n in later.notes)


# --- Loyalist 3: an ally's challenge die on a progress move ----------------------------------


def allies(loyalist: bool = True) -> Game:
    g = Game()
    g.character("Asha")
    g.character("Bram", stats="edge=1,heart=3,iron=2,shadow=2,wits=1", assets=["loyalist"])
    if loyalist:
        g._keep(g.sheet.asset_mark("Bram", "loyalist", 3, True))
    g.track("vow", "Find the healer", "dangerous", ticks=8, characters=["Asha"])  # score 2
    return g


@pytest.mark.parametrize(
    ("dice", "answer", "challenge", "outcome"),
    [
        ((5, 6, 1), ["challenge_1"], [1, 6], "weak_hit"),
        ((5, 6, 1), [], [5, 6], "miss"),
        ((5, 6, 10), None, [10, 6], "miss"),  # a 10 must replace the lowest
        ((6, 5, 10), None, [6, 10], "miss"),
    ],
    ids=["swap", "keep", "ten", "ten, second lowest"],
)
def test_loyalist_ally_die_on_a_progress_move(
    dice: tuple[int, ...], answer: list[str] | None, challenge: list[int], outcome: str
) -> None:
    g = allies()
    before = g.snapshot()
    result = g.move("fulfill your vow", dice, track=VOW, supporter="Bram")
    assert any("Bram's Loyalist 3" in n for n in result.notes)
    done = [result]
    if answer is not None:
        assert keys(result) == ("challenge_1", "challenge_2")
        done.append(g.decline() if not answer else g.choose(answer))
    final = g.engine.state.tracks[VOW]
    rolls = [e for r in done for e in r.events if e.get("type") == "roll"]
    assert rolls[-1]["roll"]["challenge"] == challenge
    assert (final.status == "fulfilled") is (outcome != "miss")
    undo(g, *done)
    assert g.snapshot() == before


@pytest.mark.parametrize(
    ("loyalist", "move", "says"),
    [
        (False, "fulfill your vow", "Bram has no Loyalist 3 marked"),
        (True, "face danger", "supported_by 'Bram' is for progress moves"),
    ],
)
def test_loyalist_refusals_change_nothing(loyalist: bool, move: str, says: str) -> None:
    g = allies(loyalist)
    before = g.snapshot()
    g.dice((5, 6, 1))
    options: dict[str, Any] = {"track": VOW} if move == "fulfill your vow" else {"stat": "edge"}
    with pytest.raises(IronswornError) as caught:
        g.engine.make_move(move, "Asha", supporter="Bram", **options)
    assert says in str(caught.value) and "\n" not in str(caught.value)
    assert g.snapshot() == before
