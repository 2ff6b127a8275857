"""Refused operations: the same error (type and words) and nothing changed, however cheaply.

Issue 24 made a refusal cheaper (an error built with only what it carries, an operation that
takes back only what it changed and leaves the decisions set aside as the state's own). Each
row is a refusal a player meets often, with the exact error; each is checked to leave the
campaign as it was, and the engine's view of the decisions (the pending one, those set aside,
the steps after them) the state's, so the next operation starts where this one found it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from moves_support import BRAM_STATS, MISS, STRONG, Game

from ironsworn.errors import (
    DecisionPending,
    InvalidValue,
    IronswornError,
    OptionNeeded,
    RuleViolation,
)

VOWS = "Asha has several vow tracks: which one? (accepted: vow-1, vow-2)"
VOW_CHOICES = (
    ("vow-1", "Find the relic (dangerous vow, score 0)"),
    ("vow-2", "Avenge Elda (formidable vow, score 2)"),
)


def two_vows(game: Game) -> None:
    game.track("vow", "Find the relic", "dangerous")
    game.track("vow", "Avenge Elda", "formidable", ticks=9)


def a_fight(game: Game) -> None:
    game.track("fight", "Bandit", "dangerous")


def bram(game: Game) -> None:
    game.character("Bram", BRAM_STATS)


def nothing(game: Game) -> None:
    pass


# (set-up, the refused call, error type, message)
Row = tuple[Callable[[Game], None], Callable[[Game], object], type[IronswornError], str]

ROWS: dict[str, Row] = {
    # A move without a roll, refused by its before-roll check like any move: before its move
    # event (nothing is applied, nothing taken back).
    "reach_a_milestone": (
        two_vows,
        lambda g: g.engine.make_move("reach_a_milestone"),
        OptionNeeded,
        VOWS,
    ),
    "fulfill_your_vow": (
        two_vows,
        lambda g: g.engine.make_move("fulfill_your_vow"),
        OptionNeeded,
        VOWS,
    ),
    "swear_an_iron_vow": (
        two_vows,
        lambda g: g.engine.make_move("swear_an_iron_vow"),
        OptionNeeded,
        VOWS,
    ),
    "end_the_fight": (
        a_fight,
        lambda g: g.engine.make_move("end_the_fight"),
        RuleViolation,
        "End the Fight can only follow a strong hit in this fight (take decisive action first)",
    ),
    "strike": (
        a_fight,
        lambda g: g.engine.make_move("strike", stat="iron"),
        RuleViolation,
        "Asha does not have initiative: Strike is made with it (without: Clash)",
    ),
    "turn_the_tide": (
        nothing,
        lambda g: g.engine.make_move("turn_the_tide"),
        RuleViolation,
        "Turn the Tide is for a fight: there is no active fight",
    ),
    "turn_the_tide_twice": (
        lambda g: (a_fight(g), g.engine.make_move("turn_the_tide")),
        lambda g: g.engine.make_move("turn_the_tide"),
        RuleViolation,
        "Turn the Tide can be made only once per fight",
    ),
    "turn_the_tide_with_initiative": (
        lambda g: (a_fight(g), g.move("enter_the_fray", STRONG, stat="heart")),
        lambda g: g.engine.make_move("turn_the_tide"),
        RuleViolation,
        "Asha has initiative: Turn the Tide steals it from your foe when they have it",
    ),
    "companion_endure_harm": (
        bram,
        lambda g: g.engine.make_move("companion_endure_harm", "Bram", amount=1),
        InvalidValue,
        "Bram has no companion with a health meter",
    ),
    "aid_your_ally": (
        nothing,
        lambda g: g.engine.make_move("aid_your_ally", stat="iron"),
        OptionNeeded,
        "Asha — Aid Your Ally: which ally do you aid?",
    ),
    "reach_your_destination": (
        nothing,
        lambda g: g.engine.make_move("reach_your_destination"),
        InvalidValue,
        "Asha has no active journey track: create one first",
    ),
    # Typed dice that run out: the error is worded again with the move that needed them.
    "dice_run_out": (
        a_fight,
        lambda g: g.engine.make_move("clash", stat="iron"),
        InvalidValue,
        "not enough dice: none given; a d6 is needed (for Clash); nothing was changed",
    ),
}


def decisions_of(game: Game) -> tuple[object, object, object]:
    engine = game.engine
    return engine.pending, engine.parked, engine.agenda


def assert_refused(game: Game, call: Callable[[Game], object], kind: type, message: str) -> None:
    before = game.snapshot()
    with pytest.raises(IronswornError) as refused:
        call(game)
    assert type(refused.value) is kind
    assert str(refused.value) == message
    assert game.snapshot() == before
    state = game.state
    pending, parked, agenda = decisions_of(game)
    assert pending is state.pending
    assert parked == state.parked and agenda == state.agenda
    assert game.engine.events == [] and game.engine.records == [] and game.engine.notes == []


@pytest.mark.parametrize("name", ROWS)
def test_a_refusal_gives_its_error_and_changes_nothing(game: Game, name: str) -> None:
    setup, call, kind, message = ROWS[name]
    setup(game)
    assert_refused(game, call, kind, message)
    # Refused again the same way: the refusal left nothing behind for the next one.
    assert_refused(game, call, kind, message)


# The refusals of moves made without a roll (their checks are their before-roll checks).
NO_ROLL = [
    "reach_a_milestone",
    "turn_the_tide",
    "turn_the_tide_twice",
    "turn_the_tide_with_initiative",
]


@pytest.mark.parametrize("name", NO_ROLL)
def test_a_move_without_a_roll_is_refused_before_it_acts(
    game: Game, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its check comes before its move event: the refusal applies nothing to take back."""
    setup, call, kind, message = ROWS[name]
    setup(game)
    taken_back: list[object] = []
    revert = game.state.revert

    def spy(event: dict[str, object]) -> None:
        taken_back.append(event)
        revert(event)

    monkeypatch.setattr(game.state, "revert", spy)
    assert_refused(game, call, kind, message)
    assert taken_back == []


def test_a_question_still_carries_its_choices(game: Game) -> None:
    two_vows(game)
    with pytest.raises(OptionNeeded) as asked:
        game.engine.make_move("reach_a_milestone")
    error = asked.value
    assert error.choices == VOW_CHOICES and error.accepted == ("vow-1", "vow-2")
    assert error.option == error.input == "track"
    assert error.subject == "" and error.open is False
    assert error.data() == {"input": "track", "value": None, "accepted": ["vow-1", "vow-2"]}


def test_a_refusal_while_another_decision_waits_leaves_it_waiting(duo: Game) -> None:
    """Bram's move sets Asha's decision aside before it is refused: it comes back as it was,
    and the state's own decisions are what the engine tells (nothing set aside)."""
    duo.move("face_danger", MISS, "Asha", stat="edge")  # Pay the Price: Asha chooses
    waiting = duo.state.pending
    assert waiting is not None and waiting["character"] == "Asha"
    assert_refused(
        duo,
        lambda g: g.engine.make_move("strike", "Bram", stat="iron"),
        InvalidValue,
        "Bram has no active fight: Enter the Fray begins one",
    )
    assert duo.state.pending is waiting and duo.state.parked == {}
    assert duo.engine.waiting_on() == ["Asha"]


def test_an_answer_refused_leaves_the_decision_as_it_was(game: Game) -> None:
    game.move("face_danger", MISS, stat="edge")
    pending = game.state.pending
    assert pending is not None
    offered = ", ".join(o["key"] for o in pending["options"])
    assert_refused(
        game,
        lambda g: g.engine.choose(["nope"]),
        InvalidValue,
        f"option 'nope' is not offered (accepted: {offered})",
    )
    assert game.state.pending is pending


def test_a_set_aside_decision_taken_up_then_refused_stays_aside(duo: Game) -> None:
    """Asha's decision is set aside by Bram's move, which waits on his own; Asha's answer
    takes hers up (and sets his aside) and is refused: both are where they were."""
    duo.move("face_danger", MISS, "Asha", stat="edge")
    duo.move("face_danger", MISS, "Bram", stat="edge")
    assert duo.state.pending is not None and duo.state.pending["character"] == "Bram"
    assert list(duo.state.parked) == ["Asha"]
    parked = duo.state.parked
    before = duo.snapshot()
    with pytest.raises(InvalidValue):
        duo.engine.choose(["nope"], character="Asha")
    assert duo.snapshot() == before and duo.state.parked is parked
    assert duo.engine.parked is parked and duo.engine.pending is duo.state.pending
    assert duo.engine.waiting_on() == ["Bram", "Asha"]


def test_an_answer_refused_with_steps_after_it_leaves_them_as_they_were(duo: Game) -> None:
    """Make Camp for two: Bram's choice waits on the agenda after Asha's; her answer refused
    leaves his step queued as it was (the operation worked on its own copy of it)."""
    duo.set("Asha", health=3)
    duo.move("make camp", STRONG)
    assert duo.state.pending is not None and duo.state.pending["character"] == "Asha"
    queued = duo.state.agenda
    assert queued and queued[0]["who"] == "Bram"  # (Bram is asked next)
    kept = [dict(step) for step in queued]
    assert_refused(
        duo,
        lambda g: g.engine.choose(["recuperate", "recuperate"]),
        InvalidValue,
        "each option can be chosen only once: recuperate recuperate",
    )
    assert duo.state.agenda is queued and queued == kept
    assert duo.choose(["recuperate", "focus"]).pending["character"] == "Bram"


def test_a_move_while_a_decision_waits_names_the_move_that_asks_it(game: Game) -> None:
    # "a decision is pending (choose)" did not say which decision waits.
    game.move("secure_an_advantage", STRONG, stat="edge")
    assert_refused(
        game,
        lambda g: g.engine.make_move("gather_information", stat="wits"),
        DecisionPending,
        "a decision is pending (Secure an Advantage: choose one): answer it with choose, burn or "
        "decline first",
    )
    assert_refused(
        game,
        lambda g: g.engine.burn(),
        RuleViolation,
        "the pending decision is a choose, not a burn: Secure an Advantage: choose one",
    )
    game.choose(["prepare_to_act"])
    game.move("face_danger", MISS, stat="edge")  # its prompt names its move already
    assert_refused(
        game,
        lambda g: g.engine.make_move("gather_information", stat="wits"),
        DecisionPending,
        "a decision is pending (Pay the Price: the obvious outcome, ask the oracle, or roll the "
        "table): answer it with choose, burn or decline first",
    )


def test_refusals_of_a_thing_not_there_say_what_there_is(tmp_path: Path) -> None:
    """A refusal of a thing not there says what there is, where a name could not: a sheet with
    no cards ('Asha has no asset 'rope' (Asha holds no asset cards)'), a classic campaign's
    vehicle ('vehicles are Starforged's'), a journal number that is another change's, and
    two companions to choose from ('Bram has 0 companions with health' read as a count)."""
    from ironsworn.campaign.store import CampaignStore
    from ironsworn.table import Table, call

    with CampaignStore.open(tmp_path / "c.sqlite", create=True, name="c") as store:
        table = Table(store, "c")
        call(table, "character", {"name": "Asha", "stats": "3,2,2,1,1"})
        said = {}
        for name, args in (
            ("asset_mark", {"asset": "rope", "ability": 2}),
            ("vehicle_mark", {"name": "battered"}),
            ("journal_edit", {"entry": 1, "text": "the wolf"}),
        ):
            with pytest.raises(IronswornError) as refused:
                call(table, name, args)
            said[name] = str(refused.value)
        cards = ["hound:1=Brann", "raven:1=Hugin", "alchemist"]
        call(table, "character", {"name": "Bo", "stats": "3,2,2,1,1", "assets": cards})
        with pytest.raises(IronswornError) as refused:
            call(table, "move", {"move": "companion endure harm", "character": "Bo", "amount": 1})
        said["companion"] = str(refused.value)
    assert said == {
        "asset_mark": "Asha has no asset 'rope' (Asha holds no asset cards)",
        "vehicle_mark": "vehicles are Starforged's: a classic campaign has none",
        "journal_edit": (
            "#1 is not a journal entry but a character (the log numbers every change); "
            "the journal has no entries yet"
        ),
        "companion": "Bo has 2 companions with health (Brann, Hugin): name one (companion)",
    }
