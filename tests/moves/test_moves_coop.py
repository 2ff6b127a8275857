"""Co-op play: two characters travelling together (rulebook L1409-1431, L679-683).

Supply is shared ("If any of you make a move to increase supply, or suffer the result of a move
that reduces your supply, each of you adjust your supply track", L1068-1071), progress tracks
can be shared, and Aid Your Ally hands the benefits of Secure an Advantage to the ally.
"""

from __future__ import annotations

from typing import Any

import pytest
from moves_support import MISS, PRICE, STRONG, WEAK, Game, fx, keys, outcomes

from ironsworn.campaign.journal import Narrator
from ironsworn.campaign.store import Operation

BOTH_SUPPLY = [("supply", 5, 4), ("Bram/supply", 5, 4)]
# The one whose change it is first (the log reads "Bram: supply 5 -> 4; Asha: supply 5 -> 4",
# not "Bram: Asha: supply 5 -> 4; supply 5 -> 4", which gave Bram's change to Asha).
BRAM_FIRST = [("Bram/supply", 5, 4), ("supply", 5, 4)]


@pytest.mark.parametrize(("who", "told"), [("Asha", BOTH_SUPPLY), ("Bram", BRAM_FIRST)])
def test_a_supply_change_applies_to_each_of_you(duo: Game, who: str, told: list[Any]) -> None:
    result = duo.adjust(who, "supply", -1)
    assert fx(result) == told


def test_a_move_that_costs_supply_costs_everyone(duo: Game) -> None:
    result = duo.move("face danger", WEAK, character="Bram", stat="edge")
    assert fx(duo.choose(["suffer_supply"])) == BRAM_FIRST
    assert result.character == "Bram"


def test_resupply_by_one_raises_everyone(duo: Game) -> None:
    duo.set("Asha", supply=2)
    assert duo.char("Bram").supply == 2
    result = duo.move("resupply", STRONG, character="Bram")
    assert fx(result) == [("Bram/supply", 2, 4), ("supply", 2, 4)]


def test_a_shared_journey_marks_once_and_costs_everyone_supply(duo: Game) -> None:
    """Undertake a Journey with allies: one shared track; each of you mark -1 supply (L1782)."""
    duo.track("journey", "To Mournwood", "dangerous", characters=["Asha", "Bram"])
    result = duo.move("undertake a journey", WEAK, character="Bram")
    assert fx(result) == [("journey-1:ticks", 0, 8), ("Bram/supply", 5, 4), ("supply", 5, 4)]


def test_out_of_supply_marks_unprepared_for_both(duo: Game) -> None:
    duo.set("Asha", supply=1)
    result = duo.move("face danger", WEAK, stat="edge", choose=["suffer_supply"])
    assert outcomes(result) == [("Face Danger", "weak_hit"), ("Out of Supply", None)]
    assert fx(result) == [
        ("supply", 1, 0),
        ("Bram/supply", 1, 0),
        ("debility:unprepared", False, True),
        ("Bram/debility:unprepared", False, True),
    ]
    assert duo.char("Bram").momentum_max == 9
    before = duo.snapshot()
    with pytest.raises(Exception, match="unprepared"):
        duo.move("resupply", STRONG, character="Bram")
    assert duo.snapshot() == before


def test_further_supply_loss_is_paid_by_each_of_you(duo: Game) -> None:
    """Each pays: "If you are at 0 supply and suffer additional -supply, you each need to
    reduce your health, spirit, or momentum tracks by that amount" (L2328-2330, L2465-2466)."""
    duo.set("Asha", supply=0)
    result = duo.adjust("Asha", "supply", -1)
    assert keys(result) == ("suffer_health", "suffer_spirit", "suffer_momentum")
    assert result.pending is not None and result.pending["character"] == "Asha"
    first = duo.choose(["suffer_health"])
    assert fx(first) == [("health", 5, 4)]
    assert first.pending is not None and first.pending["character"] == "Bram"
    second = duo.choose(["suffer_spirit"])
    assert fx(second) == [("Bram/spirit", 5, 4)]
    assert second.pending is None


def test_sojourn_equip_clears_unprepared_for_both(duo: Game) -> None:
    duo.set("Asha", supply=0)
    duo.move("sojourn", WEAK)
    result = duo.choose(["equip"])
    assert fx(result) == [
        ("debility:unprepared", True, False),
        ("Bram/debility:unprepared", True, False),
        ("supply", 0, 1),
        ("Bram/supply", 0, 1),
    ]
    # Then Bram chooses his own benefit (L1915-1917).
    assert result.pending is not None and result.pending["character"] == "Bram"
    assert fx(duo.choose(["consort"])) == []  # spirit +5 already: only the focus question
    assert fx(duo.decline()) == []


def test_make_camp_each_of_you_chooses(duo: Game) -> None:
    """One roll for the group; each of you may choose your own benefits (L1760-1761)."""
    duo.set("Asha", health=3)
    duo.set("Bram", spirit=2)
    result = duo.move("make camp", STRONG)
    assert result.pending is not None and result.pending["character"] == "Asha"
    assert result.pending["count"] == 2
    asha = duo.choose(["recuperate", "focus"])
    assert fx(asha) == [("health", 3, 4), ("momentum", 2, 3)]
    assert asha.pending is not None and asha.pending["character"] == "Bram"
    bram = duo.choose(["relax", "focus"])
    assert fx(bram) == [("Bram/spirit", 2, 3), ("Bram/momentum", 2, 3)]
    assert bram.pending is None


def test_a_shared_vow_gives_experience_to_everyone_on_it(duo: Game) -> None:
    """A shared vow: "The outcome affects everyone involved" (L2573-2576)."""
    duo.track("vow", "Find a new home", "formidable", ticks=20, characters=["Asha", "Bram"])
    duo.move("reach a milestone", character="Bram")
    assert duo.state.tracks["vow-1"].ticks == 24
    result = duo.move("fulfill your vow", (1, 2), character="Bram")
    assert fx(result) == [
        ("experience", 0, 3),
        ("Bram/experience", 0, 3),
        ("vow-1:status", "active", "fulfilled"),
    ]


def test_a_vow_held_by_one_gives_experience_to_that_one(duo: Game) -> None:
    duo.track("vow", "Avenge my kin", "dangerous", ticks=20, characters=["Asha"])
    result = duo.move("fulfill your vow", (1, 10))
    assert fx(result) == [("experience", 0, 1), ("vow-1:status", "active", "fulfilled")]


def test_a_shared_fight_track_takes_both_harms(duo: Game) -> None:
    duo.track("fight", "Wyvern", "formidable", characters=["Asha", "Bram"])
    duo.move("enter the fray", STRONG, stat="heart")
    duo.move("enter the fray", STRONG, character="Bram", stat="heart")
    duo.move("strike", STRONG, stat="iron")
    result = duo.move("strike", WEAK, character="Bram", stat="iron")
    assert fx(result) == [("fight-1:ticks", 12, 20), ("Bram/initiative", True, False)]
    # Bram's weak hit does not take Asha's initiative: each tracks their own (L1480-1486).
    assert duo.char("Asha").initiative


def test_entering_the_fray_on_an_allys_fight_shares_its_track(duo: Game) -> None:
    """Each ally makes their own Enter the Fray, and allies fighting a common enemy share the
    track (L2085-2091): Bram entering Asha's fight then strikes it as his own (he was told he
    had no fight)."""
    duo.track("fight", "Wyvern", "formidable", characters=["Asha"])
    joined = duo.move("enter the fray", STRONG, character="Bram", stat="heart", track="fight-1")
    assert ("fight-1:shared_by", "Asha", "Asha, Bram") in fx(joined)
    assert duo.state.tracks["fight-1"].characters == ["Asha", "Bram"]
    struck = duo.move("strike", STRONG, character="Bram", stat="iron")
    assert fx(struck)[0] == ("fight-1:ticks", 0, 12)


@pytest.mark.parametrize("typed", ["Wyvern", "  wyvern "])
def test_naming_an_allys_foe_joins_that_fight(duo: Game, typed: str) -> None:
    """Bram names the foe Asha fights, with no fight of his own: he joins her fight, as when
    he picks it (L2085-2091); it began a second fight by the same name, which the fight's
    picker then offered twice ('Wyvern', 'Wyvern')."""
    duo.track("fight", "Wyvern", "formidable", characters=["Asha"])
    joined = duo.move("enter the fray", STRONG, character="Bram", stat="heart", foe=typed)
    assert ("fight-1:shared_by", "Asha", "Asha, Bram") in fx(joined)
    assert [t.id for t in duo.state.open_tracks("fight")] == ["fight-1"]
    assert duo.state.tracks["fight-1"].characters == ["Asha", "Bram"]


def test_a_rank_given_on_joining_an_allys_fight_is_said_to_be_left(duo: Game) -> None:
    """The shared fight keeps the rank it began with: a rank given with the joining is said to
    be left unread (it was ignored in silence), and the same rank says nothing."""
    duo.track("fight", "Wyvern", "formidable", characters=["Asha"])
    duo.track("fight", "Troll", "dangerous", characters=["Asha"])
    joined = duo.move(
        "enter the fray", STRONG, character="Bram", stat="heart", foe="Wyvern", rank="dangerous"
    )
    assert duo.state.tracks["fight-1"].rank == "formidable"
    assert (
        "Wyvern keeps its rank, formidable: the fight is under way (a rank given is for a new "
        "fight)"
    ) in joined.notes
    same = duo.move(
        "enter the fray", STRONG, character="Bram", stat="heart", foe="Troll", rank="dangerous"
    )
    assert not [n for n in same.notes if "keeps its rank" in n]


def test_naming_an_allys_destination_joins_that_journey(duo: Game) -> None:
    """Undertake a Journey naming the journey an ally is on joins it, as Enter the Fray does
    an ally's fight (a second journey 'To Mournwood' began)."""
    duo.track("journey", "To Mournwood", "dangerous", characters=["Asha"])
    joined = duo.move("undertake a journey", WEAK, character="Bram", destination="Mournwood")
    assert fx(joined)[0] == ("journey-1:shared_by", "Asha", "Asha, Bram")
    assert [t.id for t in duo.state.open_tracks("journey")] == ["journey-1"]


def test_undertaking_an_allys_journey_shares_its_track(duo: Game) -> None:
    """Allies travelling together share the journey (L1769-1784): Bram's Undertake a Journey
    on Asha's makes it his too, one track marked for both, and Reach Your Destination is then
    his to make (he was told he had no journey)."""
    duo.track("journey", "To Mournwood", "dangerous", characters=["Asha"])
    joined = duo.move("undertake a journey", WEAK, character="Bram", track="journey-1")
    assert fx(joined)[:2] == [
        ("journey-1:shared_by", "Asha", "Asha, Bram"),
        ("journey-1:ticks", 0, 8),
    ]
    assert duo.state.tracks["journey-1"].characters == ["Asha", "Bram"]
    reached = duo.move("reach your destination", (9, 1), character="Bram")
    assert ("journey-1:status", "active", "done") in fx(reached)


@pytest.mark.parametrize(
    ("dice", "effects", "pending", "answer", "then"),
    [
        (STRONG, [], ("momentum", "take_control"), ["momentum"], [("Bram/momentum", 2, 4)]),
        (WEAK, [("Bram/momentum", 2, 3)], None, None, []),
        (MISS, [], PRICE, ["obvious"], []),
    ],
    ids=["strong", "weak", "miss"],
)
def test_aid_your_ally_gives_the_benefit_to_the_ally(
    duo: Game,
    dice: tuple[int, ...],
    effects: list[tuple[str, int, int]],
    pending: tuple[str, ...] | None,
    answer: list[str] | None,
    then: list[tuple[str, int, int]],
) -> None:
    result = duo.move("aid your ally", dice, ally="Bram", stat="edge")
    assert fx(result) == effects
    assert keys(result) == pending
    if answer is not None:
        assert result.pending is not None
        # The ally makes the strong hit's choice; Asha pays the price of a miss.
        assert result.pending["character"] == ("Bram" if dice == STRONG else "Asha")
        assert fx(duo.choose(answer)) == then
    assert duo.char("Asha").momentum == 2


def test_aid_your_ally_take_control_adds_to_the_allys_next_move(duo: Game) -> None:
    duo.move("aid your ally", STRONG, ally="Bram", stat="edge", choose=["take_control"])
    result = duo.move("face danger", (1, 3, 10), character="Bram", stat="iron")  # 1 + 2 + 1
    assert result.moves[0].roll is not None and result.moves[0].roll["adds"] == 1
    assert result.moves[0].outcome == "weak_hit"
    duo.choose(["suffer_momentum"])
    mine = duo.move("face danger", MISS, stat="iron")
    assert mine.moves[0].roll is not None and mine.moves[0].roll["adds"] == 0


@pytest.mark.parametrize(
    ("dice", "asha", "bram"),
    [(STRONG, True, True), (WEAK, False, False), (MISS, False, False)],
    ids=["strong", "weak", "miss"],
)
def test_aid_your_ally_in_a_fight_sets_both_initiatives(
    duo: Game, dice: tuple[int, ...], asha: bool, bram: bool
) -> None:
    """In combat: "If you are in combat and score a strong hit, you and your ally have
    initiative"; on a weak hit or miss "you both lose initiative" (L2023-2024, L2014, L2017)."""
    duo.track("fight", "Raiders", "dangerous", characters=["Asha", "Bram"])
    duo.move("enter the fray", STRONG, stat="heart")  # Asha has initiative; Bram has not
    duo.move("aid your ally", dice, ally="Bram", stat="edge")
    assert (duo.char("Asha").initiative, duo.char("Bram").initiative) == (asha, bram)


@pytest.mark.parametrize(
    ("fighters", "dice", "asha", "bram"),
    [
        (["Asha"], STRONG, True, False),
        (["Bram"], STRONG, False, True),
        ([], STRONG, False, False),
        (["Asha"], WEAK, False, False),
        (["Bram"], MISS, False, False),
    ],
    ids=["aider-fights-strong", "ally-fights-strong", "no-fight", "aider-fights-weak", "ally-miss"],
)
def test_aid_your_ally_gives_initiative_only_to_one_in_a_fight(
    duo: Game, fighters: list[str], dice: tuple[int, ...], asha: bool, bram: bool
) -> None:
    """Initiative is held in a fight only (End the Fight takes it when the last one ends): an
    aid in combat (either of them holds a fight) gives it to whichever of the two fights, and
    the one without a fight is not left holding initiative."""
    for who in fighters:
        duo.track("fight", f"Raider of {who}", "dangerous", characters=[who])
        duo.move("enter the fray", WEAK if who == "Bram" else STRONG, character=who, stat="heart")
        if who == "Bram":
            duo.choose(["bolster_position"])  # Bram fights without initiative
    duo.move("aid your ally", dice, ally="Bram", stat="edge")
    assert (duo.char("Asha").initiative, duo.char("Bram").initiative) == (asha, bram)


def test_a_dead_ally_no_longer_shares_supply(duo: Game) -> None:
    duo.move("face death", MISS, character="Bram")
    result = duo.adjust("Asha", "supply", -1)
    assert fx(result) == [("supply", 5, 4)]


def test_out_of_supply_behind_another_decision_is_told_as_waiting(duo: Game) -> None:
    """Bram's supply lost to 0 while Asha's Pay the Price waits: Out of Supply waits for her
    answer, and says so (it said nothing: Bram was left to wonder where unprepared went)."""
    duo.move("face danger", MISS, character="Asha", stat="edge")
    assert duo.state.pending is not None and duo.state.pending["character"] == "Asha"
    result = duo.adjust("Bram", "supply", -5)
    assert not duo.char("Bram").has("unprepared")
    assert (
        "Out of Supply (Bram) waits for Asha's decision (Pay the Price): it follows once "
        "Asha answers it"
    ) in result.notes
    after = duo.choose(["obvious"])
    assert outcomes(after)[-1] == ("Out of Supply", None)
    assert duo.char("Bram").has("unprepared") and duo.char("Asha").has("unprepared")
    # Asha's answer is hers, and leads its line: it was Bram's (the first move it set off),
    # logged "Bram: Out of Supply; chose obvious".
    assert after.character == "Asha"
    operation = Operation(3, "choice", "", after.character, "", tuple(after.events), "live")
    assert Narrator().headline(operation).startswith("chose obvious; ")
    assert "; Bram: Out of Supply; Bram: unprepared marked; Asha: unprepared marked" in (
        Narrator().headline(operation)
    )
